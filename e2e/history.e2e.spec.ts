import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { E2eApp, eventually } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.HISTORY_SCREENSHOTS ?? '/tmp';

/** Issue 8: a project changed twice in its dialog, then its History tab, its filters and its export. */
describe('the History tab, as an auditor reads what changed', () => {
  const app = E2eApp.forSuite({ signIn: true });
  // fresh titles per run, so the test does not depend on the demo data
  const suffix = Date.now().toString(36);
  const titles = [
    `History ${suffix} draft`,
    `History ${suffix} Apollo`,
    `History ${suffix} Artemis`,
  ] as const;
  let projectId: number;
  let page: Page;

  const login = (path: string): Promise<Page> =>
    app.login({ path, viewportHeight: 1000, ready: (p) => p.getByTestId('session-user') });

  const openProject = async (title: string): Promise<Locator> => {
    await page.goto(`${app.url}/project-details/${projectId}`);
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.waitFor();
    return dialog;
  };

  /** Changes the title in the dialog and saves (the dialog's save flow, step 1 of §4). */
  const renameInDialog = async (from: string, to: string) => {
    const dialog = await openProject(from);
    await dialog.getByLabel('Title', { exact: true }).fill(to);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('project saved').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
  };

  const historyRows = (dialog: Locator) => dialog.getByRole('table', { name: 'history' }).locator('tbody tr');
  /** The text of a row's change of `field`, e.g. "title: A → B". */
  const changeOf = (row: Locator, field: string) => row.locator(`li[data-field="${field}"]`).innerText();

  beforeAll(async () => {
    const created = await app.api('/api/commands/SaveGroup', {
      json: { title: titles[0], start: '2027-03-01', end: '2027-06-01' },
    });
    projectId = created.id as number;
    await app.api(`/api/groups/${projectId}`, { after: created.position as number });
    page = await login('/');
  });

  it('lists both title changes made in the dialog, newest first, with the flow step that made them', async () => {
    await renameInDialog(titles[0], titles[1]);
    await renameInDialog(titles[1], titles[2]);

    const dialog = await openProject(titles[2]);
    await dialog.getByRole('tab', { name: 'History' }).click();
    const rows = historyRows(dialog);
    // the creation (through the API) and the two saves of the dialog
    await eventually(async () => (await rows.count()) === 3, 'three history rows');
    await expect(changeOf(rows.nth(0), 'title')).resolves.toBe(`title: ${titles[1]} → ${titles[2]}`);
    await expect(changeOf(rows.nth(1), 'title')).resolves.toBe(`title: ${titles[0]} → ${titles[1]}`);
    await expect(changeOf(rows.nth(2), 'title')).resolves.toBe(`title: — → ${titles[0]}`);
    for (const i of [0, 1]) {
      await rows.nth(i).getByText('flow: save-project/step 1', { exact: true }).waitFor();
      await rows.nth(i).getByText('SaveGroup', { exact: true }).waitFor();
      await rows.nth(i).getByText('GroupUpdated', { exact: true }).waitFor();
      await rows.nth(i).getByText('admin', { exact: true }).waitFor();
    }
    // the creation came through the API, not a flow: no source badge
    await expect(
      rows
        .nth(2)
        .getByText(/^flow:/)
        .count(),
    ).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/history-project.png` });
  });

  it('filters by field and by user, each kept in the request', async () => {
    const dialog = await openProject(titles[2]);
    await dialog.getByRole('tab', { name: 'History' }).click();
    const rows = historyRows(dialog);
    await eventually(async () => (await rows.count()) === 3, 'three history rows');

    // the end date was set by the creation only
    const filtered = page.waitForResponse(
      (r) => r.url().includes(`/api/history/group/${projectId}`) && r.url().includes('field=end'),
    );
    await dialog.getByLabel('Field', { exact: true }).click();
    await page.getByRole('option', { name: 'end', exact: true }).click();
    expect((await filtered).status()).toBe(200);
    await eventually(async () => (await rows.count()) === 1, 'one row changing the end');
    await expect(changeOf(rows.nth(0), 'end')).resolves.toBe('end: — → 31.05.2027');
    await page.screenshot({ path: `${SHOTS}/history-filtered.png` });

    await dialog.getByLabel('Field', { exact: true }).click();
    await page.getByRole('option', { name: 'title', exact: true }).click();
    await eventually(async () => (await rows.count()) === 3, 'three rows changing the title');
    const byUser = page.waitForResponse(
      (r) => r.url().includes('field=title') && r.url().includes('user=admin'),
    );
    await dialog.getByLabel('User', { exact: true }).click();
    await page.getByRole('option', { name: 'admin', exact: true }).click();
    expect((await byUser).status()).toBe(200);
    await eventually(async () => (await rows.count()) === 3, 'three rows by admin');
  });

  it('exports the history as CSV naming both changes, and the event log as JSON', async () => {
    const dialog = await openProject(titles[2]);
    await dialog.getByRole('tab', { name: 'History' }).click();
    await historyRows(dialog).first().waitFor();

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`project-${projectId}-history.csv`);
    const lines = readFileSync((await csv.path())!, 'utf8').split(/\r?\n/);
    const titleLine = (before: string, after: string) =>
      lines.find((line) => line.includes(`,title,${before},${after}`));
    expect(titleLine(titles[0], titles[1])).toContain('flow:save-project/step-1');
    expect(titleLine(titles[1], titles[2])).toContain('flow:save-project/step-1');

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export event log (JSON)' }).click(),
    ]);
    expect(json.suggestedFilename()).toBe(`project-${projectId}-events.json`);
    const log = JSON.parse(readFileSync((await json.path())!, 'utf8')) as {
      stream: string;
      events: {
        type: string;
        data: { title?: string; changes?: { title?: string } };
        metadata: { source?: string };
      }[];
    };
    expect(log.stream).toBe(`group-${projectId}`);
    expect(log.events.map((e) => e.type)).toEqual(['GroupCreated', 'GroupUpdated', 'GroupUpdated']);
    expect(log.events.map((e) => e.data.title ?? e.data.changes?.title)).toEqual([...titles]);
    expect(log.events.map((e) => e.metadata.source ?? null)).toEqual([
      null,
      'flow:save-project/step-1',
      'flow:save-project/step-1',
    ]);
  });

  it('views the project as of before both changes (read-only, under the banner) and still lists both rows', async () => {
    const dialog = await openProject(titles[2]);
    await dialog.getByRole('tab', { name: 'History' }).click();
    const rows = historyRows(dialog);
    await eventually(async () => (await rows.count()) === 3, 'three history rows');
    const { rows: recorded } = (await app.api(`/api/history/group/${projectId}?field=title`)) as {
      rows: { at: string }[];
    };
    // the creation's row: the project as it was before the two changes
    const created = recorded[2]!.at;
    await rows.nth(2).getByRole('button', { name: 'View as of this change' }).click();
    await page.waitForURL((url) => url.searchParams.get('asOf') === created);

    const past = page.getByRole('dialog', { name: `show group ${titles[0]}` });
    await past.waitFor();
    await expect(past.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(titles[0]);
    await page
      .getByText(/^Viewing as of/)
      .first()
      .waitFor();
    await expect(past.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    await expect(past.getByLabel('Title', { exact: true }).isEditable()).resolves.toBe(false);

    // the history is the record's whole timeline, also when viewed as of a date
    await past.getByRole('tab', { name: 'History' }).click();
    const pastRows = historyRows(past);
    await eventually(async () => (await pastRows.count()) === 3, 'three history rows as of the creation');
    await expect(changeOf(pastRows.nth(0), 'title')).resolves.toBe(`title: ${titles[1]} → ${titles[2]}`);
    await expect(changeOf(pastRows.nth(1), 'title')).resolves.toBe(`title: ${titles[0]} → ${titles[1]}`);
    await page.screenshot({ path: `${SHOTS}/history-as-of.png` });

    // the dialog's own way back (the page's banner is behind the dialog's overlay)
    await past.getByRole('button', { name: 'Back to now' }).click();
    await page.waitForURL((url) => !url.searchParams.has('asOf'));
    const now = page.getByRole('dialog', { name: `show group ${titles[2]}` });
    await now.waitFor();
    await now.getByRole('button', { name: 'Save' }).waitFor();
  });

  it('shows the History tab in the application and item dialogs too', async () => {
    const application = await app.api('/api/commands/SaveApplication', {
      json: { name: `History ${suffix} ERP`, release: '1.0' },
    });
    const changed = await app.api('/api/commands/SaveApplication', {
      json: { id: application.id, version: application.version, release: '2.0' },
    });
    await app.api(`/api/applications/${application.id as number}`, { after: changed.position as number });
    await page.goto(`${app.url}/application-details/${application.id as number}`);
    const appDialog = page.getByRole('dialog', { name: /^show application History/ });
    await appDialog.getByRole('tab', { name: 'History' }).click();
    const appRows = historyRows(appDialog);
    await eventually(async () => (await appRows.count()) === 2, 'two application rows');
    await expect(changeOf(appRows.nth(0), 'release')).resolves.toBe('release: 1.0 → 2.0');
    // only a project's history exports
    await expect(appDialog.getByRole('button', { name: 'Export CSV' }).count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/history-application.png` });

    const item = await app.api('/api/commands/SaveItem', {
      json: {
        title: 'Kick-off',
        group: projectId,
        subgroup: 'tasks',
        start: '2027-03-01T00:00',
        end: '2027-03-05T00:00',
      },
    });
    await app.api(`/api/items/${item.id as number}`, { after: item.position as number });
    await page.goto(`${app.url}/task-details/${item.id as number}`);
    const itemDialog = page.getByRole('dialog', { name: /^show item Kick-off/ });
    await itemDialog.getByRole('tab', { name: 'History' }).click();
    const itemRows = historyRows(itemDialog);
    await eventually(async () => (await itemRows.count()) === 1, 'the item row');
    await expect(changeOf(itemRows.nth(0), 'title')).resolves.toBe('title: — → Kick-off');
    await page.screenshot({ path: `${SHOTS}/history-item.png` });
  });

  it('shows a failed load as a notice and loads again on request', async () => {
    const history = `**/api/history/group/${projectId}?**`;
    await page.route(history, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Unavailable',
          status: 503,
          detail: 'store offline',
        }),
      }),
    );
    const dialog = await openProject(titles[2]);
    await dialog.getByRole('tab', { name: 'History' }).click();
    const notice = dialog.getByRole('alert').filter({ hasText: 'History not available' });
    await notice.getByText('store offline').waitFor();
    await page.screenshot({ path: `${SHOTS}/history-error.png` });
    await page.unroute(history);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await eventually(async () => (await historyRows(dialog).count()) === 3, 'the rows after the retry');
    await expect(notice.count()).resolves.toBe(0);
  });

  it('hides the History tab from a user without history VIEW (the demo viewer)', async () => {
    const viewer = await app.login({
      path: `/project-details/${projectId}`,
      username: 'viewer',
      ready: (p) => p.getByRole('dialog', { name: `show group ${titles[2]}` }),
    });
    const dialog = viewer.getByRole('dialog', { name: `show group ${titles[2]}` });
    await dialog.getByRole('tab', { name: 'Comments' }).waitFor();
    await expect(dialog.getByRole('tab', { name: 'History' }).count()).resolves.toBe(0);
    await viewer.context().close();
  });

  it('hides the History tab from a new record', async () => {
    await page.goto(`${app.url}/projects?new-project`);
    const dialog = page.getByRole('dialog', { name: 'new group' });
    await dialog.getByRole('tab', { name: 'Comments' }).waitFor();
    await expect(dialog.getByRole('tab', { name: 'History' }).count()).resolves.toBe(0);
  });
});
