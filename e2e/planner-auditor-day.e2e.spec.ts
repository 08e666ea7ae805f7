import type { Page } from 'playwright-core';
import { E2eApp, eventually } from './support';

jest.setTimeout(240_000);

const SHOTS = process.env.DAY_SCREENSHOTS ?? '/tmp';

/**
 * Issue 19's day, end to end in Chromium: a planner works with labelled options and takes a delete back
 * with Undo, with no failed request in the browser; then an auditor reads what happened by labels and
 * names, and compares the past with now.
 */
describe("a planner's and an auditor's day with labelled options", () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  const title = `Day ${stamp} Rollout`;
  const taskTitle = `Day ${stamp} task`;
  const window = 'from=2027-01-04&to=2027-02-01';
  let project = 0;
  let task = 0;
  /** An instant after the project was planned and before the planner changed it. */
  let before = '';

  /** Every answer of 400 or more the page receives while `work` runs. */
  const failedResponses = async (page: Page, work: () => Promise<void>) => {
    const failed: string[] = [];
    const listen = (response: { status(): number; url(): string }) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    };
    page.on('response', listen);
    try {
      await work();
    } finally {
      page.off('response', listen);
    }
    return failed;
  };

  beforeAll(async () => {
    const created = await app.api('/api/commands/SaveGroup', {
      json: { title, status: 3, start: '2027-01-04', end: '2027-03-01' },
    });
    project = created.id as number;
    const item = await app.api('/api/commands/SaveItem', {
      json: {
        title: taskTitle,
        group: project,
        subgroup: 'tasks',
        start: '2027-01-11T00:00',
        end: '2027-01-15T00:00',
      },
    });
    task = item.id as number;
    await app.api(`/api/items/${task}`, { after: item.position as number });
    // the next changes fall in a later second than `before`
    await new Promise((resolve) => setTimeout(resolve, 1100));
    before = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });

  it('the planner names a status, sets it by its label, deletes a task and takes it back, with no failed request', async () => {
    const page = await app.login({ path: '/admin/options', ready: 'Administration' });
    const statuses = page.getByRole('table', { name: 'Project status options' });
    await statuses.getByLabel('Label of In progress').fill('Running');
    await page.getByRole('button', { name: 'Save option lists' }).click();
    await page.getByText('option lists saved: Project status').waitFor();

    // the project by its status label, then a new status chosen by label
    await page.getByRole('link', { name: 'Projects' }).click();
    await page.getByLabel('Search').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Planned', { exact: true }).waitFor();
    await row.getByText(title).click();
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Running', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('project saved').waitFor();
    await row.getByText('Running', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/day-projects-table.png`, fullPage: true });

    // a task deleted from its dialog on the timeline, and Undo right after
    await page.goto(`${app.url}/?project=${project}&${window}&show-item=${task}`);
    const itemDialog = page.getByRole('dialog', { name: `show item ${taskTitle}` });
    await itemDialog.waitFor();
    const bar = page.locator(`[data-item-id="${task}"]`);
    await bar.waitFor();
    const failed = await failedResponses(page, async () => {
      await itemDialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Delete task?' })
        .getByRole('button', { name: 'Delete task' })
        .click();
      await bar.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await page.getByText(`Undone: ${taskTitle}`).waitFor();
      await bar.waitFor();
    });
    expect(failed).toEqual([]);
    await eventually(async () => {
      const history = (await app.api(`/api/history/item/${task}`)) as { items: { event: string }[] };
      return history.items[0]?.event === 'ItemRestored';
    }, 'the restore in the task history');
  });

  it('the auditor reads the change by labels, and compares the past with now', async () => {
    const page = await app.login({ path: '/projects', username: 'auditor', ready: 'Projects' });
    await page.goto(`${app.url}/project-details/${project}`);
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await dialog.getByRole('tab', { name: 'History' }).click();
    const change = dialog.locator('li[data-field="status"]').first();
    await change.waitFor();
    await expect(change.textContent()).resolves.toMatch(/Status.*Planned.*→.*Running/);
    await page.screenshot({ path: `${SHOTS}/day-history.png` });

    // the project as it was before the planner's change, compared with now
    await page.goto(`${app.url}/project-details/${project}?asOf=${encodeURIComponent(before)}`);
    await dialog.waitFor();
    await expect(dialog.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).resolves.toBe(
      'Planned',
    );
    await dialog.getByRole('switch', { name: 'Compare with now' }).click();
    await dialog
      .getByRole('list', { name: 'fields that differ from now' })
      .getByRole('listitem')
      .filter({ hasText: /^Status: Planned → now Running$/ })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/day-compare.png` });
  });
});
