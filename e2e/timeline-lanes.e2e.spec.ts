import type { Page } from 'playwright-core';
import { E2eApp, eventually, isFocused } from './support';

jest.setTimeout(120_000);

interface TimelineAnswer {
  groups: { id: number; subgroups: { id: string; name: string; type: string }[] }[];
  items: { id: number; title: string; group: number; subgroup: string | null; start: string }[];
}

/**
 * Issue 5: a project's lanes managed from the timeline against a real server. A lane is added and
 * renamed through the project and lane menus, a duplicate name is refused inline, and an item created
 * by double-click in the new lane is stored in it.
 */
describe('lanes on the timeline', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  const title = `Lanes e2e ${stamp}`;
  const window = 'from=2027-01-04&to=2027-02-01';
  let project: number;
  let page: Page;

  const timeline = async () =>
    (await app.api(`/api/timeline?${window}&group=${project}`)) as unknown as TimelineAnswer;

  beforeAll(async () => {
    const { id, position } = await app.api('/api/commands/SaveGroup', {
      json: { title, start: '2027-01-04', end: '2027-03-01' },
    });
    project = id as number;
    await app.api(`/api/groups/${project}`, { after: position as number });
    page = await app.login({
      path: `/?project=${project}&${window}`,
      ready: (p) => p.getByTestId('timeline'),
    });
  });

  const laneDialog = (name: RegExp) => page.getByRole('dialog', { name });

  it('adds a lane through the project menu: its row shows, and a duplicate name is refused inline', async () => {
    await page.getByRole('button', { name: `Project actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Add lane…' }).click();
    const dialog = laneDialog(/add a lane/i);
    await dialog.getByLabel('Lane name').fill('Backend');
    await dialog.getByLabel('Lane name').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator(`[data-row="${project}|lane-1"]`);
    await row.getByText('Backend', { exact: true }).waitFor();
    expect((await timeline()).groups[0]!.subgroups).toContainEqual({
      id: 'lane-1',
      name: 'Backend',
      type: 'INDIVIDUAL',
    });

    // the same name again: the server's refusal shows under the field, the dialog stays open
    await page.getByRole('button', { name: `Project actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Add lane…' }).click();
    await dialog.getByLabel('Lane name').fill('backend');
    await dialog.getByLabel('Lane name').press('Enter');
    await dialog.getByText(/has a lane named 'backend' already/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await timeline()).groups[0]!.subgroups.map((s) => s.id)).toEqual([
      'tasks',
      'milestones',
      'lane-1',
    ]);
  });

  it('renames the lane through its own menu, by keyboard; the default lanes have none', async () => {
    await expect(page.getByRole('button', { name: 'Lane actions for Tasks' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Lane actions for Backend' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Rename lane…' }).waitFor();
    // the menu answers arrow keys once its focus trap has moved focus into it, which follows the first
    // paint of its items (later on a loaded machine): press the arrow key only then
    await page.locator('[role="menu"]:focus-within').waitFor();
    await page.keyboard.press('ArrowDown');
    // the arrow key focused the menu's item: Enter chooses it
    await page.locator('[role="menuitem"]:focus', { hasText: 'Rename lane…' }).waitFor();
    await page.keyboard.press('Enter');
    const dialog = laneDialog(/rename lane/i);
    await dialog.getByLabel('Lane name').fill('Frontend');
    await dialog.getByLabel('Lane name').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.locator(`[data-row="${project}|lane-1"]`).getByText('Frontend', { exact: true }).waitFor();
    // the focus is back on the lane's menu button (issue 20)
    await eventually(
      () => page.getByRole('button', { name: 'Lane actions for Frontend' }).evaluate(isFocused),
      'the focus back on the lane menu',
    );
    // and from the removal's confirmation, cancelled with Esc
    await page.keyboard.press('Enter');
    await page.locator('[role="menu"]:focus-within').waitFor();
    while (!(await page.locator('[role="menuitem"]:focus', { hasText: 'Remove lane…' }).count()))
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Remove lane?' });
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await eventually(
      () => page.getByRole('button', { name: 'Lane actions for Frontend' }).evaluate(isFocused),
      'the focus back on the lane menu after the confirmation',
    );
    expect((await timeline()).groups[0]!.subgroups).toContainEqual({
      id: 'lane-1',
      name: 'Frontend',
      type: 'INDIVIDUAL',
    });
  });

  it('creates an item in the new lane by double-clicking it', async () => {
    const lane = (await page.locator(`[data-row="${project}|lane-1"]`).boundingBox())!;
    // the window is 4 weeks; the lanes start after the 240 px project column: the middle of 2027-01-14
    const perDay = (lane.width - 240) / 28;
    await page.mouse.dblclick(lane.x + 240 + perDay * 10.5, lane.y + lane.height / 2);
    const dialog = page.getByRole('dialog', { name: /new item/i });
    await dialog.waitFor();
    await dialog.getByLabel('Title', { exact: true }).fill(`In lane ${stamp}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const created = (await timeline()).items.find((i) => i.title === `In lane ${stamp}`);
    expect(created).toMatchObject({ group: project, subgroup: 'lane-1' });
    expect(created!.start.slice(0, 10)).toBe('2027-01-14');
    await page.locator(`[data-row="${project}|lane-1"] [data-item-id="${created!.id}"]`).waitFor();
  });
});
