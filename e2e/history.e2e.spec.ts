import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { E2eApp, eventually, failRequests } from './support';

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
  /** The DOM an evaluated function uses (the specs are compiled without the DOM library). */
  interface PageNode {
    cloneNode(deep: boolean): PageNode;
    querySelectorAll(selector: string): { forEach(each: (node: { remove(): void }) => void): void };
    textContent: string | null;
  }
  /** An element's text without its descendants matching `skip`, spaces collapsed. */
  const textWithout = (row: Locator, field: string, skip: string) =>
    row.locator(`li[data-field="${field}"]`).evaluate((element, selector) => {
      const copy = (element as unknown as PageNode).cloneNode(true);
      copy.querySelectorAll(selector).forEach((node) => node.remove());
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    }, skip);
  /** The text of a row's change of `field` as it shows, e.g. "Title: A → B" (without the screen-reader words). */
  const changeOf = (row: Locator, field: string) => textWithout(row, field, '[data-sr-only]');
  /** What a screen reader hears of it, e.g. "Title: before: A after: B". */
  const spokenChangeOf = (row: Locator, field: string) => textWithout(row, field, '[aria-hidden="true"]');

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
    await expect(changeOf(rows.nth(0), 'title')).resolves.toBe(`Title: ${titles[1]} → ${titles[2]}`);
    await expect(changeOf(rows.nth(1), 'title')).resolves.toBe(`Title: ${titles[0]} → ${titles[1]}`);
    await expect(changeOf(rows.nth(2), 'title')).resolves.toBe(`Title: — → ${titles[0]}`);
    // the arrow is only for the eye: a screen reader hears "before:" and "after:" instead
    await expect(spokenChangeOf(rows.nth(0), 'title')).resolves.toMatch(
      new RegExp(`^Title: before: ${titles[1]}\\s*after: ${titles[2]}$`),
    );
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
    await page.getByRole('option', { name: 'End', exact: true }).click();
    expect((await filtered).status()).toBe(200);
    await eventually(async () => (await rows.count()) === 1, 'one row changing the end');
    await expect(changeOf(rows.nth(0), 'end')).resolves.toBe('End: — → 31.05.2027');
    await page.screenshot({ path: `${SHOTS}/history-filtered.png` });

    await dialog.getByLabel('Field', { exact: true }).click();
    await page.getByRole('option', { name: 'Title', exact: true }).click();
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
    const { items: recorded } = (await app.api(`/api/history/group/${projectId}?field=title`)) as {
      items: { at: string }[];
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
    await expect(changeOf(pastRows.nth(0), 'title')).resolves.toBe(`Title: ${titles[1]} → ${titles[2]}`);
    await expect(changeOf(pastRows.nth(1), 'title')).resolves.toBe(`Title: ${titles[0]} → ${titles[1]}`);
    await page.screenshot({ path: `${SHOTS}/history-as-of.png` });

    // the dialog's own way back (the page's banner is behind the dialog's overlay)
    await past.getByRole('button', { name: 'Back to now' }).click();
    await page.waitForURL((url) => !url.searchParams.has('asOf'));
    const now = page.getByRole('dialog', { name: `show group ${titles[2]}` });
    await now.waitFor();
    await now.getByRole('button', { name: 'Save' }).waitFor();
  });

  it('keeps unsaved edits: View as of this change asks first, and the As of control waits meanwhile', async () => {
    await openProject(titles[2]);
    // the dialog's name follows the title typed
    const dialog = page.getByRole('dialog', { name: new RegExp(`^show group ${titles[2]}`) });
    const asOfControl = page.getByRole('button', { name: 'As of…' });
    await expect(asOfControl.isEnabled()).resolves.toBe(true);
    await dialog.getByLabel('Title', { exact: true }).fill(`${titles[2]} unsaved`);
    await eventually(() => asOfControl.isDisabled(), 'the As of control disabled while the form is dirty');
    await dialog.getByRole('tab', { name: 'History' }).click();
    const rows = historyRows(dialog);
    await eventually(async () => (await rows.count()) === 3, 'three history rows');

    await rows.nth(2).getByRole('button', { name: 'View as of this change' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard changes?' });
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('asOf')).toBe(false);
    // the edit is still there (the first tab holds the title)
    await dialog.getByRole('tab').first().click();
    await expect(dialog.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(
      `${titles[2]} unsaved`,
    );

    await dialog.getByRole('tab', { name: 'History' }).click();
    await rows.nth(2).getByRole('button', { name: 'View as of this change' }).click();
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL((url) => url.searchParams.has('asOf'));
    const past = page.getByRole('dialog', { name: `show group ${titles[0]}` });
    await past.waitFor();
    await past.getByRole('button', { name: 'Back to now' }).click();
    await page.waitForURL((url) => !url.searchParams.has('asOf'));
    await page.getByRole('dialog', { name: `show group ${titles[2]}` }).waitFor();
    await eventually(() => asOfControl.isEnabled(), 'the As of control enabled again');
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
    await expect(changeOf(appRows.nth(0), 'release')).resolves.toBe('Release: 1.0 → 2.0');
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
    await expect(changeOf(itemRows.nth(0), 'title')).resolves.toBe('Title: — → Kick-off');
    await page.screenshot({ path: `${SHOTS}/history-item.png` });
  });

  it('filters by user: a change by a second editor hides under the admin and shows alone under its user', async () => {
    const roles = (await app.api('/api/admin/roles')) as unknown as { id: number; name: string }[];
    const administrator = roles.find((role) => role.name === 'Administrator')!;
    const password = 'second-editor-password';
    await app.api('/api/commands/CreateUser', {
      json: { username: 'editor2', displayName: 'Second Editor', password, roles: [administrator.id] },
    });
    const { accessToken } = await app.api('/api/auth/login', {
      token: '',
      json: { tenant: 'demo', username: 'editor2', password },
    });
    const application = await app.api('/api/commands/SaveApplication', {
      json: { name: `History ${suffix} CRM`, release: '1.0' },
    });
    const changed = await app.api('/api/commands/SaveApplication', {
      token: accessToken as string,
      json: { id: application.id, version: application.version, release: '1.1' },
    });
    await app.api(`/api/applications/${application.id as number}`, { after: changed.position as number });

    await page.goto(`${app.url}/application-details/${application.id as number}`);
    const dialog = page.getByRole('dialog', { name: /^show application History .* CRM/ });
    await dialog.getByRole('tab', { name: 'History' }).click();
    const rows = historyRows(dialog);
    await eventually(async () => (await rows.count()) === 2, 'the creation and the second editor’s change');
    await rows.nth(0).getByText('editor2', { exact: true }).waitFor();

    await dialog.getByLabel('User', { exact: true }).click();
    await page.getByRole('option', { name: 'admin', exact: true }).click();
    await eventually(async () => (await rows.count()) === 1, 'only the admin’s row');
    await expect(rows.nth(0).getByText('editor2', { exact: true }).count()).resolves.toBe(0);
    await expect(changeOf(rows.nth(0), 'release')).resolves.toBe('Release: — → 1.0');

    await dialog.getByLabel('User', { exact: true }).click();
    await page.getByRole('option', { name: 'editor2', exact: true }).click();
    // one row before and after the switch: wait for the row itself to change
    await rows.getByText('editor2', { exact: true }).waitFor();
    await expect(rows.count()).resolves.toBe(1);
    await expect(changeOf(rows.nth(0), 'release')).resolves.toBe('Release: 1.0 → 1.1');
  });

  it('shows the demo auditor the History tab and the As of control, and no Save or New buttons', async () => {
    const auditor = await app.login({
      path: `/project-details/${projectId}`,
      username: 'auditor',
      ready: (p) => p.getByRole('dialog', { name: `show group ${titles[2]}` }),
    });
    const dialog = auditor.getByRole('dialog', { name: `show group ${titles[2]}` });
    await dialog.getByRole('tab', { name: 'History' }).click();
    await eventually(async () => (await historyRows(dialog).count()) === 3, 'the auditor sees three rows');
    await expect(dialog.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    await auditor.screenshot({ path: `${SHOTS}/history-auditor.png` });
    await auditor.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await auditor.goto(`${app.url}/projects`);
    await auditor.getByRole('button', { name: 'As of…' }).waitFor();
    await expect(auditor.getByRole('button', { name: /^New/ }).count()).resolves.toBe(0);
    await auditor.context().close();
  });

  it('shows a failed load as a notice and loads again on request', async () => {
    const history = `**/api/history/group/${projectId}?**`;
    await failRequests(page, history, 'store offline');
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
