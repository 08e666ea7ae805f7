import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { ServiceProcess } from '@fahrplan/server/testing';
import { startFakeTracker } from '@fahrplan/tracker-sync';
import type { FakeTracker } from '@fahrplan/tracker-sync';
import { E2E_PASSWORD, api, eventually, freePort, launchChromium } from './support';

jest.setTimeout(240_000);

const SHOTS = process.env.TRACKER_SCREENSHOTS ?? '/tmp';
const EMAIL = 'planner@fahrplan.example';
const TOKEN = 'e2e-api-token';

/**
 * Issue 7 "Done when", in the browser against `npm start` and a fake Jira the test starts: a new user
 * switches the jira feature on, adds and tests a tracker connection, links a project and an item, sees
 * their issue data, and sees the releases of the linked repository on the timeline. The demo's own
 * fake tracker is off, so the only tracker is the test's.
 */
describe('the issue tracker, from connection to timeline', () => {
  const stamp = Date.now().toString(36);
  let dataDir = '';
  let server: ServiceProcess;
  let browser: Browser;
  let fake: FakeTracker;
  let token = '';
  let linkedProject = 0;
  let plainProject = 0;
  let task = 0;
  let linkedTask = 0;

  const call = (path: string, json?: unknown) =>
    api(server.url, path, { token, ...(json === undefined ? {} : { json }) });

  beforeAll(async () => {
    fake = await startFakeTracker({
      flavour: 'cloud',
      credentials: { basic: { email: EMAIL, apiToken: TOKEN } },
    });
    dataDir = mkdtempSync(join(tmpdir(), 'fahrplan-e2e-tracker-'));
    server = new ServiceProcess({
      entry: 'server/dist/main.js',
      port: await freePort(),
      env: {
        DATA_DIR: dataDir,
        FAHRPLAN_DEMO_PASSWORD: E2E_PASSWORD,
        FAHRPLAN_DEMO_TRACKER: 'false',
        // the test's fake tracker listens on loopback, which an operator must allow
        FAHRPLAN_TRACKER_PRIVATE_HOSTS: '127.0.0.1',
      },
    });
    await server.start();
    browser = await launchChromium();
    ({ accessToken: token } = (await api(server.url, '/api/auth/login', {
      json: { tenant: 'demo', username: 'admin', password: E2E_PASSWORD },
    })) as { accessToken: string });
    // two projects of this test: one to link a repository, one without (its task uses an issue group)
    const year = new Date().getFullYear();
    const linked = await call('/api/commands/SaveGroup', {
      title: `Chatbot ${stamp}`,
      start: `${year}-01-01`,
      end: `${year + 1}-01-01`,
    });
    const plain = await call('/api/commands/SaveGroup', {
      title: `Portal ${stamp}`,
      start: `${year}-01-01`,
      end: `${year + 1}-01-01`,
    });
    linkedProject = linked.id as number;
    plainProject = plain.id as number;
    const item = await call('/api/commands/SaveItem', {
      title: `Screen reader ${stamp}`,
      group: plainProject,
      subgroup: 'tasks',
      start: `${year}-06-01T00:00`,
      end: `${year}-06-15T00:00`,
    });
    task = item.id as number;
    // a task of the linked project: its issue group is the project's repository (§4)
    const linkedItem = await call('/api/commands/SaveItem', {
      title: `Intent model ${stamp}`,
      group: linkedProject,
      subgroup: 'tasks',
      start: `${year}-03-01T00:00`,
      end: `${year}-03-15T00:00`,
    });
    linkedTask = linkedItem.id as number;
    await api(server.url, `/api/items/${task}`, { token, after: item.position as number });
    await api(server.url, `/api/items/${linkedTask}`, { token, after: linkedItem.position as number });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const login = async (path: string, username = 'admin'): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await page.getByLabel('Tenant').fill('demo');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByTestId('session-user').waitFor();
    return page;
  };

  /** The jira feature on, as a new user switches it: Administration → Tenant → Feature flags. */
  const jiraOn = async (page: Page) => {
    await page.goto(`${server.url}/admin/tenant`);
    const jira = page.getByLabel('Jira');
    await jira.waitFor();
    if (await jira.isChecked()) return;
    await jira.click();
    await page.getByRole('button', { name: 'Save feature flags' }).click();
    await page.getByText('feature flags saved').waitFor();
    expect(await jira.isChecked()).toBe(true);
  };

  /** Fills the new-connection dialog; `secret` is the API token. */
  const fillConnection = async (dialog: Locator, name: string, secret: string) => {
    await dialog.getByLabel('Name').fill(name);
    // §8: a host without a scheme is refused inline, before anything is sent
    await dialog.getByLabel('Base URL').fill(fake.url.replace(/^https?:\/\//, ''));
    await dialog.getByLabel('E-mail').click();
    await dialog.getByText("Couldn't parse the host URL").waitFor();
    await dialog.getByLabel('Base URL').fill(fake.url);
    await dialog.getByLabel('E-mail').fill(EMAIL);
    await dialog.getByLabel('API token').fill(secret);
  };

  /** Sync now on the summary under an issue id, until the mirror shows `text`. */
  const mirrored = async (dialog: Locator, text: string) => {
    const summary = dialog.getByTestId('tracker-issue');
    await summary.waitFor();
    let asked = 0;
    await eventually(
      async () => {
        if ((await summary.textContent())?.includes(text)) return true;
        // a run takes a moment: ask again only after a while
        const sync = summary.getByRole('button', { name: 'Sync now' });
        if (Date.now() - asked > 5000 && (await sync.isEnabled().catch(() => false))) {
          asked = Date.now();
          await sync.click();
        }
        return false;
      },
      `the mirror shows '${text}'`,
      60_000,
    );
  };

  it('connects the tracker, links a project and an item, and shows issues and releases', async () => {
    const page = await login('/');
    await jiraOn(page);

    // Administration → Issue tracker: a new connection, tested with what the dialog holds, then saved
    await page.goto(`${server.url}/admin/tracker`);
    await page.getByRole('button', { name: 'New connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'New tracker connection' });
    await fillConnection(dialog, 'Acme Jira', TOKEN);
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    const result = dialog.getByTestId('tracker-test-result');
    await result.waitFor({ timeout: 30_000 });
    const tested = (await result.textContent()) ?? '';
    expect(tested).toContain('Connection works');
    expect(tested).toContain(`${fake.data.projects.length} projects visible`);
    await page.screenshot({ path: `${SHOTS}/tracker-test-ok.png` });
    await dialog.getByRole('button', { name: 'Create connection' }).click();
    await page.getByText('tracker connection Acme Jira saved').waitFor();
    const row = page.getByRole('row', { name: /Acme Jira/ });
    await row.waitFor();
    // the first run mirrors the projects; Sync now asks for it at once
    await row.getByRole('button', { name: 'Sync Acme Jira now' }).click();
    await eventually(
      async () => /^synced/.test((await row.getByTestId('mirror-status').textContent()) ?? ''),
      'the connection synced',
      60_000,
    );
    await page.screenshot({ path: `${SHOTS}/tracker-connections.png` });

    // the project: repository SDESK and its epic
    await page.goto(`${server.url}/project-details/${linkedProject}`);
    const project = page.getByRole('dialog');
    await project.getByRole('tab', { name: 'Details' }).click();
    await project.getByRole('combobox', { name: 'Tracker repository' }).click();
    await page.getByRole('option', { name: 'SDESK — Service Desk Chatbot' }).click();
    expect(await project.getByRole('link', { name: 'open repository' }).getAttribute('href')).toBe(
      `${fake.url}/browse/SDESK`,
    );
    await project.getByLabel('Issue id').fill('SDESK-1');
    expect(await project.getByRole('link', { name: 'open issue' }).getAttribute('href')).toBe(
      `${fake.url}/browse/SDESK-1`,
    );
    await project.getByRole('button', { name: 'Save' }).click();
    await page.getByText('project saved').waitFor();
    await page.goto(`${server.url}/project-details/${linkedProject}`);
    await page.getByRole('dialog').getByRole('tab', { name: 'Details' }).click();
    await mirrored(page.getByRole('dialog'), 'Chatbot answers password-reset questions');
    const projectDialog = page.getByRole('dialog');
    const projectStatus = projectDialog.getByTestId('tracker-issue').getByTestId('issue-status');
    expect(await projectStatus.textContent()).toBe('Done');
    await page.screenshot({ path: `${SHOTS}/tracker-project.png` });
    // keys match case-insensitively: a lower-case key still shows the mirrored issue
    await projectDialog.getByLabel('Issue id').fill('sdesk-1');
    await projectDialog.getByText('Chatbot answers password-reset questions').waitFor();
    expect(await projectStatus.textContent()).toBe('Done');
    // §4: clearing the repository (choosing the chosen one again deselects it) empties the issue id
    await projectDialog.getByRole('combobox', { name: 'Tracker repository' }).click();
    await page.getByRole('option', { name: 'SDESK — Service Desk Chatbot' }).click();
    expect(await projectDialog.getByRole('combobox', { name: 'Tracker repository' }).inputValue()).toBe('');
    expect(await projectDialog.getByLabel('Issue id').inputValue()).toBe('');

    // a task of the linked project names no issue group of its own (§4)
    await page.goto(`${server.url}/task-details/${linkedTask}`);
    await page.getByRole('dialog').getByRole('tab', { name: 'Details' }).click();
    const linkedGroup = page.getByRole('dialog').getByRole('combobox', { name: 'Issue group' });
    await linkedGroup.waitFor();
    expect(await linkedGroup.isDisabled()).toBe(true);

    // the task of a project without repository: issue group PORTAL, issue PORTAL-3
    await page.goto(`${server.url}/task-details/${task}`);
    const item = page.getByRole('dialog');
    await item.getByRole('tab', { name: 'Details' }).click();
    await item.getByRole('combobox', { name: 'Issue group' }).click();
    await page.getByRole('option', { name: 'PORTAL — Customer Portal' }).click();
    await item.getByLabel('External issue id').fill('PORTAL-3');
    expect(await item.getByRole('link', { name: 'open issue' }).getAttribute('href')).toBe(
      `${fake.url}/browse/PORTAL-3`,
    );
    await item.getByRole('button', { name: 'Save' }).click();
    await page.getByText('item saved').waitFor();
    await page.goto(`${server.url}/task-details/${task}`);
    await page.getByRole('dialog').getByRole('tab', { name: 'Details' }).click();
    await mirrored(page.getByRole('dialog'), 'Screen-reader support for the request form');
    expect(
      await page.getByRole('dialog').getByTestId('tracker-issue').getByTestId('issue-status').textContent(),
    ).toBe('In Progress');
    await page.screenshot({ path: `${SHOTS}/tracker-item.png` });

    // the timeline: the SDESK releases of this year in the linked project's releases row
    const year = new Date().getFullYear();
    await page.goto(`${server.url}/?project=${linkedProject}&from=${year}-01-01&to=${year + 1}-01-01`);
    const releases = page.getByTestId('timeline-release');
    await releases.first().waitFor({ timeout: 30_000 });
    const labels = await releases.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
    expect(labels).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Release Bot 1\.0 of SDESK/),
        expect.stringMatching(/^Release Bot 1\.1 of SDESK/),
      ]),
    );
    const bot10 = page.getByRole('link', { name: /^Release Bot 1\.0 of SDESK/ });
    expect(await bot10.getAttribute('href')).toBe(
      `${fake.url}/projects/SDESK/versions/10100/tab/release-report-all-issues`,
    );
    expect(await bot10.getAttribute('target')).toBe('_blank');
    await page.screenshot({ path: `${SHOTS}/tracker-timeline.png` });

    // the switch hides them, and the URL keeps it
    // the switch's state is the URL's, one render after the click: click, then wait for the effect
    await page.getByLabel('Show releases').click();
    await releases.first().waitFor({ state: 'detached' });
    expect(await page.getByLabel('Show releases').isChecked()).toBe(false);
    expect(new URL(page.url()).searchParams.get('releases')).toBe('off');
    await page.context().close();

    // a viewer sees the status, but cannot ask for a sync (it needs group-details EDIT)
    const viewer = await login(`/project-details/${linkedProject}`, 'viewer');
    const shown = viewer.getByRole('dialog');
    await shown.getByRole('tab', { name: 'Details' }).click();
    const viewerSummary = shown.getByTestId('tracker-issue');
    await viewerSummary.getByTestId('issue-status').waitFor();
    expect(await viewerSummary.getByTestId('issue-status').textContent()).toBe('Done');
    await viewerSummary.getByTestId('mirror-age').waitFor();
    expect(await viewerSummary.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    await viewer.screenshot({ path: `${SHOTS}/tracker-viewer.png` });
    await viewer.context().close();
  });

  it('says precisely what failed for a wrong secret', async () => {
    const page = await login('/');
    await jiraOn(page);
    await page.goto(`${server.url}/admin/tracker`);
    await page.getByRole('button', { name: 'New connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'New tracker connection' });
    await fillConnection(dialog, 'Wrong secret', 'not-the-token');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    const result = dialog.getByTestId('tracker-test-result');
    await result.waitFor({ timeout: 30_000 });
    const text = (await result.textContent()) ?? '';
    expect(text).toContain('Signing in failed');
    expect(text).toContain('HTTP 401');
    expect(await result.getAttribute('role')).toBe('alert');
    await page.screenshot({ path: `${SHOTS}/tracker-test-failed.png` });
    await page.context().close();
  });
});
