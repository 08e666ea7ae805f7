import type { Page } from 'playwright-core';
import { E2eApp, eventually } from './support';

jest.setTimeout(120_000);

const SHOTS = process.env.DELETE_SCREENSHOTS ?? '/tmp';

/**
 * Issue 19 "Mistakes can be undone", in Chromium against a real server: a delete from the item and
 * project dialogs and the lane menu, each confirmed with what goes with it (or why it is refused), and
 * Undo right after, which restores through a new command.
 */
describe('deleting with a confirmation, and undo', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  const window = 'from=2027-01-04&to=2027-02-01';
  let page: Page;

  const command = async (type: string, json: Record<string, unknown>) => {
    const { id, position } = await app.api(`/api/commands/${type}`, { json });
    return { id: id as number, position: position as number };
  };
  const aProject = async (title: string, extra: Record<string, unknown> = {}) => {
    const { id, position } = await command('SaveGroup', {
      title,
      start: '2027-01-04',
      end: '2027-03-01',
      ...extra,
    });
    await app.api(`/api/groups/${id}`, { after: position });
    return id;
  };
  const aTask = async (group: number, title: string, subgroup = 'tasks') => {
    const { id, position } = await command('SaveItem', {
      title,
      group,
      subgroup,
      start: '2027-01-11T00:00',
      end: '2027-01-15T00:00',
    });
    await app.api(`/api/items/${id}`, { after: position });
    return id;
  };
  /** Whether GET `path` answers (true) or not (false: 404 after a delete). */
  const found = (path: string) =>
    app.api(path).then(
      () => true,
      () => false,
    );

  /** A screenshot once the modal's and the notice's transitions are over (for the picture only). */
  const shoot = async (name: string) => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${name}` });
  };

  beforeAll(async () => {
    page = await app.login({ path: '/projects', ready: 'Projects' });
  });

  it('deletes an item from its dialog: it leaves the timeline, and Undo brings it back', async () => {
    const project = await aProject(`Delete item ${stamp}`);
    const title = `Doomed task ${stamp}`;
    const item = await aTask(project, title);
    await page.goto(`${app.url}/?project=${project}&${window}&show-item=${item}`);
    const dialog = page.getByRole('dialog', { name: `show item ${title}` });
    await dialog.waitFor();
    await page.locator(`[data-item-id="${item}"]`).waitFor();

    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete task?' });
    await confirm.getByText(`Deletes the task '${title}'`).waitFor();
    // Cancel has the focus: Enter right away deletes nothing
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    expect(await found(`/api/items/${item}`)).toBe(true);

    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete task?' })
      .getByRole('button', { name: 'Delete task' })
      .click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator(`[data-item-id="${item}"]`).waitFor({ state: 'detached' });
    await page.getByText(`Deleted: ${title}`).waitFor();
    expect(await found(`/api/items/${item}`)).toBe(false);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText(`Undone: ${title}`).waitFor();
    await page.locator(`[data-item-id="${item}"]`).waitFor();
    await eventually(() => found(`/api/items/${item}`), 'the item restored');
    const history = (await app.api(`/api/history/item/${item}`)) as { items: { event: string }[] };
    expect(history.items.map((row) => row.event)).toEqual(['ItemRestored', 'ItemDeleted', 'ItemCreated']);
  });

  it('deletes a project with its items and lanes: the confirmation names how many, and Undo restores them', async () => {
    const title = `Delete project ${stamp}`;
    const project = await aProject(title);
    await command('AddSubgroup', { id: project, name: 'Design' });
    const tasks: number[] = [];
    for (const n of [1, 2, 3]) tasks.push(await aTask(project, `Task ${n} ${stamp}`));
    await page.goto(`${app.url}/project-details/${project}`);
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete project?' });
    await confirm
      .getByText(`Deletes the project '${title}', its 3 items and 1 lane; restoring it brings them back.`)
      .waitFor();
    await shoot('i19-delete-project-confirm.png');
    await confirm.getByRole('button', { name: 'Delete project' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Deleted: ${title}`).waitFor();
    await shoot('i19-delete-undo-notice.png');
    expect(await found(`/api/groups/${project}`)).toBe(false);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText(`Undone: ${title}`).waitFor();
    await eventually(() => found(`/api/groups/${project}`), 'the project restored');
    const timeline = (await app.api(`/api/timeline?${window}&group=${project}&detail=items`)) as {
      items: unknown[];
    };
    expect(timeline.items).toHaveLength(3);

    // an item's History says why it vanished and came back: with its project, named, with its link
    await page.goto(`${app.url}/?project=${project}&${window}&show-item=${tasks[0]}`);
    const item = page.getByRole('dialog', { name: `show item Task 1 ${stamp}` });
    await item.getByRole('tab', { name: 'History' }).click();
    const rows = item.getByRole('table', { name: 'history' }).locator('tbody tr');
    await eventually(async () => (await rows.count()) === 3, 'three history rows');
    const via = async (n: number) =>
      ((await rows.nth(n).locator('[data-via="group"]').innerText()) ?? '').replace(/\s+/g, ' ').trim();
    await expect(via(0)).resolves.toBe(`restored with project ${title}`);
    await expect(via(1)).resolves.toBe(`deleted with project ${title}`);
    await rows.nth(1).getByRole('link', { name: title }).waitFor();
    await shoot('i19-item-deleted-with-project.png');
  });

  it('refuses to delete a project that has a subproject, and says why', async () => {
    const title = `Parent ${stamp}`;
    const parent = await aProject(title);
    await aProject(`Child ${stamp}`, { parent });
    await page.goto(`${app.url}/project-details/${parent}`);
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete project?' });
    await confirm
      .getByRole('alert')
      .getByText(`the project has a subproject ('Child ${stamp}'): delete it or give it another parent first`)
      .waitFor();
    await shoot('i19-delete-project-refused.png');
    await expect(confirm.getByRole('button', { name: 'Delete project' }).count()).resolves.toBe(0);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await found(`/api/groups/${parent}`)).toBe(true);
  });

  it('removes an empty lane from its menu, and Undo brings it back', async () => {
    const project = await aProject(`Lanes ${stamp}`);
    await command('AddSubgroup', { id: project, name: 'Spare' });
    await page.goto(`${app.url}/?project=${project}&${window}`);
    await page.getByRole('button', { name: 'Lane actions for Spare' }).click();
    await page.getByRole('menuitem', { name: 'Remove lane…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove lane?' });
    await confirm.getByRole('button', { name: 'Remove lane' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.locator(`[data-row="${project}|lane-1"]`).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.locator(`[data-row="${project}|lane-1"]`).waitFor();
  });

  it('deletes an account entry from the Finance tab, and Undo records it again', async () => {
    await page.goto(`${app.url}/application-details/${encodeURIComponent('ERP Core')}`);
    const dialog = page.getByRole('dialog', { name: /^show application ERP Core/ });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Finance' }).click();
    const deleteButtons = dialog.getByRole('button', { name: /^Delete entry / });
    await deleteButtons.first().waitFor();
    const label = (await deleteButtons.first().getAttribute('aria-label'))!;
    const entry = dialog.getByRole('button', { name: label, exact: true });
    await entry.click();
    const confirm = page.getByRole('dialog', { name: 'Delete account entry?' });
    await confirm.getByRole('button', { name: 'Delete entry', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await entry.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await entry.waitFor();
  });

  it('offers no delete without EDIT, nor while viewing the past', async () => {
    const title = `Kept ${stamp}`;
    const project = await aProject(title);
    const item = await aTask(project, `Kept task ${stamp}`);
    const viewer = await app.login({ path: '/projects', username: 'viewer', ready: 'Projects' });
    await viewer.goto(`${app.url}/project-details/${project}`);
    const dialog = viewer.getByRole('dialog', { name: `show group ${title}` });
    await dialog.getByRole('button', { name: 'Close', exact: true }).waitFor();
    await expect(dialog.getByRole('button', { name: 'Delete', exact: true }).count()).resolves.toBe(0);

    const now = encodeURIComponent(new Date().toISOString());
    await page.goto(`${app.url}/?project=${project}&${window}&asOf=${now}&show-item=${item}`);
    const past = page.getByRole('dialog', { name: `show item Kept task ${stamp}` });
    await past.getByRole('button', { name: 'Close', exact: true }).waitFor();
    await expect(past.getByRole('button', { name: 'Delete', exact: true }).count()).resolves.toBe(0);
  });
});
