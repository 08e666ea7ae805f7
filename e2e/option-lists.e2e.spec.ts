import type { Page } from 'playwright-core';
import { E2eApp, eventually } from './support';

jest.setTimeout(240_000);

const SHOTS = process.env.OPTION_LISTS_SCREENSHOTS ?? '/tmp';

/**
 * Issue 19, values with meaning: an administrator names the codes in Administration → Option lists, and
 * the Projects table, its filter, the project and item dialogs and the history show the labels.
 */
describe('option lists: the codes by their names', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const title = `Labelled ${Date.now().toString(36)}`;
  let projectId = 0;
  let itemId = 0;

  const login = (path: string): Promise<Page> =>
    app.login({ path, viewportHeight: 1000, ready: (page) => page.getByTestId('session-user') });
  const me = async () =>
    (await app.api('/api/me')) as { optionLists: Record<string, { value: number; label: string }[]> };

  beforeAll(async () => {
    const project = await app.api('/api/commands/SaveGroup', { json: { title, status: 3 } });
    projectId = project.id as number;
    const item = await app.api('/api/commands/SaveItem', {
      json: {
        title: 'Labelled task',
        group: projectId,
        subgroup: 'tasks',
        start: '2027-03-15T00:00',
        end: '2027-03-20T00:00',
      },
    });
    itemId = item.id as number;
  });

  it('renames a project status, refuses a label listed twice until it is fixed, and saves', async () => {
    const page = await login('/admin/options');
    const list = page.getByRole('table', { name: 'Project status options' });
    await list.waitFor();
    await list.getByLabel('Label of Planned').fill('Scheduled');
    await list.getByRole('button', { name: 'Move Scheduled up' }).click();
    await page.getByRole('button', { name: 'Add option' }).click();
    await list.getByLabel('Label of option 12').fill('Idea');
    await page.getByRole('button', { name: 'Save option lists' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'the label "idea" is listed twice' });
    await alert.waitFor();
    // nothing was sent: the tenant still has the default list
    expect((await me()).optionLists.projectStatus!.map((o) => o.label)).toContain('Planned');

    await list.getByLabel('Label of Idea').last().fill('Parked');
    await alert.waitFor({ state: 'detached' });
    await list.getByLabel('Colour of Parked').click();
    await page.getByRole('option', { name: 'orange' }).click();
    await page.screenshot({ path: `${SHOTS}/option-lists-admin.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save option lists' }).click();
    await page.getByText('option lists saved: Project status').waitFor();
    await eventually(async () => {
      const labels = (await me()).optionLists.projectStatus!.map((o) => o.label);
      return labels[2] === 'Scheduled' && labels.at(-1) === 'Parked';
    }, 'the saved list in /api/me');

    // the item statuses: a list of its own
    await page
      .locator('label')
      .filter({ hasText: /^Item status$/ })
      .click();
    await page.getByRole('table', { name: 'Item status options' }).getByLabel('Label of Open').fill('To do');
    await page.getByRole('button', { name: 'Save option lists' }).click();
    await page.getByText('option lists saved: Item status').waitFor();
  });

  it('shows the labels in the Projects table and its filter, and the dialog saves a status by its label', async () => {
    const page = await login('/projects');
    await page.getByLabel('Search').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Scheduled', { exact: true }).waitFor();

    await page.getByRole('combobox', { name: 'Status filter' }).click();
    await page.getByRole('option', { name: 'Parked', exact: true }).waitFor();
    await page.getByRole('option', { name: 'Scheduled', exact: true }).click();
    await row.waitFor();
    await page.screenshot({ path: `${SHOTS}/option-lists-projects.png`, fullPage: true });

    await row.getByText(title).click();
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.waitFor();
    await expect(dialog.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).resolves.toBe(
      'Scheduled',
    );
    await dialog.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'In progress', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('project saved').waitFor();
    await eventually(
      async () => (await app.api(`/api/groups/${projectId}`)).status === 4,
      'the project in status 4',
    );

    // its history names the statuses, not the codes
    await page.goto(`${app.url}/project-details/${projectId}`);
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'History' }).click();
    const change = dialog.locator('li[data-field="status"]').first();
    await change.waitFor();
    await expect(change.textContent()).resolves.toMatch(/Scheduled.*→.*In progress/);
  });

  it("the item dialog offers the tenant's item statuses", async () => {
    const page = await login('/projects');
    await page.goto(`${app.url}/task-details/${itemId}`);
    const dialog = page.getByRole('dialog', { name: 'show item Labelled task' });
    await dialog.waitFor();
    await expect(dialog.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).resolves.toBe(
      'To do',
    );
    await dialog.getByRole('combobox', { name: 'Status', exact: true }).click();
    for (const label of ['To do', 'Ready', 'In progress', 'In review', 'Blocked', 'Done'])
      await page.getByRole('option', { name: label, exact: true }).waitFor();
    await page.getByRole('option', { name: 'Done', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('item saved').waitFor();

    // the timeline names the status, and a status that counts as done shows a check
    await page.goto(`${app.url}/?project=${projectId}&from=2027-03-01&to=2027-04-01`);
    const bar = page.locator(`[data-item-id="${itemId}"]`);
    await bar.waitFor();
    await expect(bar.getAttribute('aria-label')).resolves.toMatch(/, Done$/);
    await expect(bar.getAttribute('data-done')).resolves.toBe('true');
  });

  it("the project dialog generates a field per attribute of the tenant's project schema, and saves them", async () => {
    const page = await login('/projects');
    await page.goto(`${app.url}/project-details/${projectId}`);
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Details' }).click();
    // the demo tenant's project attributes (server/src/demo/tenant.json)
    await dialog.getByLabel('Sponsor').fill('Jane Roe');
    await dialog.getByLabel('Regulatory requirement').check();
    await dialog.getByRole('combobox', { name: 'Programme' }).click();
    await page.getByRole('option', { name: 'Security', exact: true }).click();
    await page.screenshot({ path: `${SHOTS}/option-lists-project-attributes.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('project saved').waitFor();
    await eventually(async () => {
      const { attributes } = (await app.api(`/api/groups/${projectId}`)) as { attributes: unknown[] };
      return (
        JSON.stringify(attributes) ===
        JSON.stringify([
          { key: 'sponsor', value: 'Jane Roe' },
          { key: 'regulatory', value: true },
          { key: 'programme', value: 'Security' },
        ])
      );
    }, 'the project attributes stored');
  });
});
