import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { E2eApp } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.PROJECT_SCREENSHOTS ?? '/tmp';

describe('the project dialog, as a planner works with it', () => {
  const app = E2eApp.forSuite({ signIn: true });
  // a fresh title per run, so the test does not depend on the demo projects
  const title = `Dialog ${Date.now().toString(36)} Apollo`;
  let projectId: number;

  const login = (path: string): Promise<Page> =>
    app.login({ path, viewportHeight: 1000, ready: (page) => page.getByTestId('session-user') });

  /** The project as the server has it now (polled: the read model follows the commands). */
  const project = async () => (await app.api(`/api/groups/${projectId}`)) as Record<string, unknown>;
  const eventually = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const openByRoute = async (page: Page, idOrTitle: string | number): Promise<Locator> => {
    await page.goto(`${app.url}/project-details/${encodeURIComponent(String(idOrTitle))}`);
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.waitFor();
    return dialog;
  };

  it('creates a project from the Projects page, showing the duration, and reopens it by id and by title', async () => {
    const page = await login('/projects');
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'new group' });
    await dialog.waitFor();
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Title').fill(title);
    // Enter in a text input does not save
    await dialog.getByLabel('Title').press('Enter');
    await dialog.getByLabel('Begin').fill('04.01.2027');
    await dialog.getByLabel('End').fill('15.01.2027');
    await dialog.getByLabel('Project number').fill('P-4711');
    // 10 working days in 04.01.–15.01.2027
    await expect(dialog.getByLabel('Duration (working days)').inputValue()).resolves.toBe('10');
    // moving the start keeps the working days and moves the end
    await dialog.getByLabel('Begin').fill('11.01.2027');
    await expect(dialog.getByLabel('End').inputValue()).resolves.toBe('22.01.2027');
    await expect(dialog.getByLabel('Duration (working days)').inputValue()).resolves.toBe('10');
    await page.screenshot({ path: `${SHOTS}/project-new.png` });
    await save.click();
    await page.getByText('project created').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const {
      items: [created],
    } = (await app.api(`/api/groups?q=${encodeURIComponent(title)}`)) as unknown as {
      items: { id: number; start: string; end: string; status: number; projectNr: string }[];
    };
    expect(created).toMatchObject({ start: '2027-01-11', end: '2027-01-23', status: 3, projectNr: 'P-4711' });
    projectId = created!.id;

    const byId = await openByRoute(page, projectId);
    await expect(byId.getByLabel('Duration (working days)').inputValue()).resolves.toBe('10');
    await byId.getByRole('button', { name: 'Close', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/'); // home: the timeline adds its window to the query
    await openByRoute(page, title);
    for (const tab of ['Overview', 'Details', 'Key figures', 'Strategy', 'Finance', 'Comments']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.screenshot({ path: `${SHOTS}/project-${tab.toLowerCase().replace(' ', '-')}.png` });
    }
  });

  it("opens a new project for an application from the application's Projects tab, and the project itself", async () => {
    const page = await login('/');
    await page.goto(`${app.url}/application-details/ERP%20Core`);
    const application = page.getByRole('dialog', { name: /^show application ERP Core/ });
    await application.waitFor();
    await application.getByRole('tab', { name: 'Projects' }).click();
    await application.getByRole('button', { name: 'new project' }).click();
    const dialog = page.getByRole('dialog', { name: 'new group' });
    await dialog.getByRole('tab', { name: 'Details' }).click();
    // the application is preselected in the applications multi-select (ALM)
    await dialog.getByText('ERP Core 2025.2', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/project-from-application.png` });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // a project linked with the application opens from its title
    const linked = `${title} linked`;
    const erp = (await app.api('/api/applications/ERP%20Core')) as { id: number };
    const saved = await app.api('/api/commands/SaveGroup', {
      json: { title: linked, applications: [erp.id] },
    });
    await app.api(`/api/groups/${saved.id as number}`, { after: saved.position as number });
    await page.goto(`${app.url}/application-details/ERP%20Core`);
    await application.getByRole('tab', { name: 'Projects' }).click();
    await application.getByRole('button', { name: linked }).click();
    await page.getByRole('dialog', { name: `show group ${linked}` }).waitFor();
  });

  it('names the failed sharing step while the project itself stays saved; closing asks first', async () => {
    const page = await login('/');
    const dialog = await openByRoute(page, projectId);
    await dialog.getByLabel('Contact').fill('Ada Lovelace');
    await dialog.getByRole('tab', { name: 'Details' }).click();
    const tenants = dialog.getByLabel('Shared with tenants');
    await tenants.fill('nowhere');
    await tenants.press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText('sharing with nowhere failed: tenant not found').waitFor();
    await alert.getByText('Already done: project saved.').waitFor();
    await page.screenshot({ path: `${SHOTS}/project-share-error.png` });
    await eventually(async () => (await project()).contact === 'Ada Lovelace');
    expect((await project()).sharedWith).toEqual([]);
    // the alert goes once its field is fixed (issue 19); the share is pending again after
    await tenants.press('Backspace');
    await alert.filter({ hasText: 'tenant not found' }).waitFor({ state: 'detached' });
    await tenants.fill('nowhere');
    await tenants.press('Enter');

    // the share is still pending: closing asks before discarding it
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard changes?' });
    await confirm.getByText('The project has unsaved changes.').waitFor();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL((url) => url.pathname === '/'); // home: the timeline adds its window to the query
  });

  it('shows an end before the begin inline and keeps save disabled', async () => {
    const page = await login('/');
    const dialog = await openByRoute(page, projectId);
    await dialog.getByLabel('End').fill('05.01.2027');
    await dialog.getByText('the end cannot precede the begin').waitFor();
    await expect(dialog.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await expect(dialog.getByLabel('Duration (working days)').inputValue()).resolves.toBe('');
    await page.screenshot({ path: `${SHOTS}/project-end-error.png` });
  });

  it('aligns the project with goals: creates a new goal and rates an existing one in one save', async () => {
    const goalName = `${title} goal`;
    const page = await login('/');
    const dialog = await openByRoute(page, projectId);
    await dialog.getByRole('tab', { name: 'Strategy' }).click();
    await dialog.getByRole('button', { name: 'Add goal' }).click();
    const chooser = page.getByRole('dialog', { name: 'Add goal' });
    await chooser.getByLabel('Search goals').fill('Betriebskosten');
    await chooser.getByRole('button', { name: 'assign Betriebskosten senken' }).click();
    await chooser.getByLabel('Name').fill(goalName);
    await chooser.getByRole('button', { name: 'Create and assign' }).click();
    await chooser.getByRole('button', { name: 'Done' }).click();
    await chooser.waitFor({ state: 'hidden' });
    const slider = dialog.getByRole('slider', { name: 'Betriebskosten senken' });
    await slider.focus();
    for (let i = 0; i < 3; i++) await slider.press('ArrowRight');
    await page.screenshot({ path: `${SHOTS}/project-goals.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('project saved').waitFor();
    const goals = async () =>
      (
        (await app.api(`/api/groups/${projectId}/goals`)) as unknown as {
          value: number;
          goal: { name: string };
        }[]
      )
        .map((g) => [g.goal?.name, g.value])
        .sort();
    await eventually(async () => (await goals()).length === 2);
    await expect(goals()).resolves.toEqual(
      [
        ['Betriebskosten senken', 3],
        [goalName, 0],
      ].sort(),
    );
  });

  it('adds an account, imports entries from CSV and writes a comment', async () => {
    const file = join(app.dataDir, 'entries.csv');
    writeFileSync(
      file,
      'sicht,periode,amount,projekt,typ,gruppe\nBudget,2027,1200.5,Apollo,Capex,IT\n',
      'utf8',
    );
    const page = await login('/');
    let dialog = await openByRoute(page, projectId);
    await dialog.getByRole('tab', { name: 'Finance' }).click();
    await dialog.getByText('no project account').waitFor();
    await dialog.getByRole('button', { name: 'add project account' }).click();
    await dialog.getByText('account pending').waitFor();
    await dialog.getByRole('tab', { name: 'Comments' }).click();
    await dialog.getByText('no comments').waitFor();
    await dialog.getByLabel('New comment').fill('Kick-off on Monday.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('project saved').waitFor();
    await page.waitForURL((url) => url.pathname === '/'); // home: the timeline adds its window to the query
    await eventually(async () => typeof (await project()).account === 'number');
    // the reload below starts a new session without the positions seen: wait for the account's read model
    const account = (await project()).account as number;
    await eventually(() =>
      app.api(`/api/accounts/${account}`).then(
        () => true,
        () => false,
      ),
    );

    dialog = await openByRoute(page, projectId);
    await dialog.getByRole('tab', { name: 'Comments' }).click();
    await dialog.getByText('Kick-off on Monday.').waitFor();
    await dialog.getByRole('tab', { name: 'Finance' }).click();
    await dialog.getByText('Account P-4711').waitFor();
    await dialog.getByRole('button', { name: 'Import entries from CSV' }).click();
    const modal = page.getByRole('dialog', { name: 'Import account entries' });
    await modal.locator('input[type="file"]').setInputFiles(file);
    await modal.getByRole('button', { name: 'Import 1 entry' }).click();
    await modal.waitFor({ state: 'detached' });
    const table = dialog.getByRole('table', { name: 'account entries' });
    await table.getByRole('row').filter({ hasText: 'Budget' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/project-finance-entries.png` });
  });
});
