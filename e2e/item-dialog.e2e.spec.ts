import type { Page } from 'playwright-core';
import { E2eApp } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.ITEM_SCREENSHOTS ?? '/tmp';

interface ItemJson {
  id: number;
  title: string;
  start: string;
  end: string | null;
  subgroup: string | null;
  rank: string | null;
  status: number;
  version: number;
  effort: number | null;
}

describe('the item dialog, the show/new actions and the command palette', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const suffix = Date.now().toString(36);
  const projectTitle = `Items ${suffix} Gemini`;
  let groupId: number;

  const login = (path: string): Promise<Page> =>
    app.login({ path, viewportHeight: 1000, ready: (page) => page.getByTestId('session-user') });
  const eventually = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      if (Date.now() > until) throw new Error(`condition not met in time: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const groupItems = async () =>
    ((await app.api(`/api/items?group=${groupId}`)) as unknown as { items: ItemJson[] }).items;

  beforeAll(async () => {
    const created = await app.api('/api/commands/SaveGroup', {
      json: { title: projectTitle, start: '2027-03-01', end: '2027-06-01' },
    });
    groupId = created.id as number;
    await eventually(
      () => app.api(`/api/groups/${groupId}`, { after: created.position as number }),
      (g) => g.id === groupId,
    );
  });

  it('creates a task from ?new-item=, ranks it, and removes the parameter on close', async () => {
    const page = await login('/projects');
    await page.goto(`${app.url}/projects?view=table&new-item=${groupId}&date=2027-03-10`);
    const dialog = page.getByRole('dialog', { name: 'new item' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Begin', { exact: true }).inputValue()).resolves.toBe('10.03.2027 00:00');
    await expect(dialog.getByLabel('End', { exact: true }).inputValue()).resolves.toBe('10.03.2027 00:00');
    await expect(dialog.getByLabel('Duration (working days)', { exact: true }).inputValue()).resolves.toBe(
      '1',
    );
    await dialog.getByLabel('Title', { exact: true }).fill('  Kick-off  ');
    await dialog.getByLabel('End', { exact: true }).fill('16.03.2027 00:00');
    await expect(dialog.getByLabel('Duration (working days)', { exact: true }).inputValue()).resolves.toBe(
      '5',
    );
    await dialog.getByLabel('Effort (person-days)', { exact: true }).fill('10');
    await expect(dialog.getByLabel('Workload', { exact: true }).inputValue()).resolves.toBe('2');
    // moving the begin keeps the five working days
    await dialog.getByLabel('Begin', { exact: true }).fill('15.03.2027 00:00');
    await expect(dialog.getByLabel('End', { exact: true }).inputValue()).resolves.toBe('19.03.2027 00:00');
    await page.screenshot({ path: `${SHOTS}/item-new.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('item created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('?view=table');

    const [item] = await eventually(groupItems, (items) => items.length === 1);
    expect(item).toMatchObject({
      title: 'Kick-off',
      start: '2027-03-15T00:00',
      end: '2027-03-20T00:00',
      subgroup: 'tasks',
      status: 0,
      effort: 10,
    });
    expect(item!.rank).not.toBeNull();
  });

  it('opens /task-details/<id> and by title, switches to a milestone, and saves with a comment', async () => {
    const [item] = await groupItems();
    const page = await login('/projects');
    await page.goto(`${app.url}/task-details/Kick-off`);
    const dialog = page.getByRole('dialog', { name: 'show item Kick-off' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Id', { exact: true }).inputValue()).resolves.toBe(String(item!.id));
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.screenshot({ path: `${SHOTS}/item-details.png` });
    await page.getByRole('tab', { name: 'Overview' }).click();
    await dialog.getByText('Milestone', { exact: true }).click();
    await expect(dialog.getByLabel('Date', { exact: true }).inputValue()).resolves.toBe('15.03.2027 00:00');
    await expect(dialog.getByLabel('Subgroup', { exact: true }).inputValue()).resolves.toBe('Milestones');
    await page.getByRole('tab', { name: 'Comments' }).click();
    await dialog.getByLabel('New comment', { exact: true }).fill('moved to a milestone');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('item saved').waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    const [saved] = await eventually(groupItems, (items) => items[0]?.end === null);
    expect(saved).toMatchObject({ subgroup: 'milestones', effort: null, version: item!.version + 1 });
    const { items: comments } = (await app.api(
      `/api/comments?refType=task&refId=${item!.id}`,
    )) as unknown as {
      items: { description: string }[];
    };
    expect(comments.map((c) => c.description)).toEqual(['moved to a milestone']);
  });

  it('shows a version conflict with a reload when someone else saved meanwhile', async () => {
    const [item] = await groupItems();
    const page = await login('/projects');
    await page.goto(`${app.url}/projects?show-item=${item!.id}`);
    const dialog = page.getByRole('dialog', { name: 'show milestone Kick-off' });
    await dialog.waitFor();
    const other = await app.api('/api/commands/SaveItem', {
      json: { id: item!.id, version: item!.version, subtitle: 'by someone else' },
    });
    // the other user's change has reached the read models, so Reload can show it
    await app.api(`/api/items/${item!.id}`, { after: other.position as number });
    await dialog.getByLabel('Title', { exact: true }).fill('Kick-off meeting');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Version conflict', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Reload' }).click();
    const subtitle = () => dialog.getByLabel('Subtitle', { exact: true }).inputValue();
    await expect(eventually(subtitle, (value) => value === 'by someone else')).resolves.toBe(
      'by someone else',
    );
    await expect(dialog.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('Kick-off');
    await dialog.getByLabel('Title', { exact: true }).fill('Kick-off meeting');
    // closing a changed dialog asks first
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('item saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await eventually(groupItems, (items) => items[0]?.title === 'Kick-off meeting');
  });

  it("fills the tenant's task attributes on the Details tab and stores them", async () => {
    const [item] = await groupItems();
    const page = await login('/projects');
    await page.goto(`${app.url}/projects?show-item=${item!.id}`);
    const dialog = page.getByRole('dialog', { name: /^show milestone Kick-off meeting/ });
    await dialog.waitFor();
    await page.getByRole('tab', { name: 'Details' }).click();
    await dialog.getByLabel('Cost centre', { exact: true }).fill(' CC-42 ');
    await dialog.getByLabel('Risk', { exact: true }).click();
    await page.getByRole('option', { name: 'high', exact: true }).click();
    await dialog.getByLabel('Billable', { exact: true }).check();
    await page.screenshot({ path: `${SHOTS}/item-attributes.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('item saved').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const saved = await eventually(
      () => app.api(`/api/items/${item!.id}`) as unknown as Promise<ItemJson & { attributes: unknown[] }>,
      (found) => found.version === item!.version + 1,
    );
    expect(saved.attributes).toEqual([
      { key: 'costCentre', value: 'CC-42' },
      { key: 'risk', value: 'high' },
      { key: 'billable', value: true },
    ]);
  });

  it('finds the project and the item in the command palette and opens their dialogs', async () => {
    const page = await login('/projects');
    await page.keyboard.press('Control+K');
    const search = page.getByLabel('command palette search');
    await search.waitFor();
    await search.fill(`Items ${suffix}`);
    await page.getByRole('button', { name: projectTitle, exact: true }).click();
    await page.getByRole('dialog', { name: `show group ${projectTitle}` }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Search' }).click();
    await search.fill('kick-off meet');
    await page.getByRole('button', { name: 'Kick-off meeting' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/item-palette.png` });
    await page.getByRole('button', { name: 'Kick-off meeting' }).click();
    const item = page.getByRole('dialog', { name: 'show milestone Kick-off meeting by someone else' });
    await item.waitFor();
    expect(new URL(page.url()).searchParams.has('show-item')).toBe(true);
    await item.getByRole('button', { name: 'Close', exact: true }).click();
    await item.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+K');
    await search.fill('New milestone');
    await page.getByRole('button', { name: 'New milestone' }).click();
    const milestone = page.getByRole('dialog', { name: 'new milestone' });
    await milestone.waitFor();
    await expect(milestone.getByLabel('Subgroup', { exact: true }).inputValue()).resolves.toBe('Milestones');
    await page.screenshot({ path: `${SHOTS}/item-palette-new-milestone.png` });
  });

  it('opens the project and application dialogs from ?show-project=, ?show-application= and ?new-project', async () => {
    const {
      items: [application],
    } = (await app.api('/api/applications')) as unknown as { items: { id: number; name: string }[] };
    const page = await login('/projects');
    await page.goto(`${app.url}/projects?view=table&show-project=${groupId}`);
    const project = page.getByRole('dialog', { name: `show group ${projectTitle}` });
    await project.waitFor();
    // the parameter stays while the dialog is open, and goes when it closes
    expect(new URL(page.url()).searchParams.get('show-project')).toBe(String(groupId));
    await project.getByRole('button', { name: 'Close', exact: true }).click();
    await project.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.search === '?view=table');

    await page.goto(`${app.url}/applications?show-application=${application!.id}`);
    const shown = page.getByRole('dialog', { name: new RegExp(`^show application ${application!.name}`) });
    await shown.waitFor();
    await shown.getByRole('button', { name: 'Close', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/applications' && url.search === '');

    await page.goto(`${app.url}/projects?new-project`);
    await page.getByRole('dialog', { name: 'new group' }).waitFor();
  });
});
