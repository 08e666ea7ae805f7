import type { Locator, Page } from 'playwright-core';
import type {
  GroupView,
  Page as ListPage,
  RoleView,
  ShareView,
  TenantAdminView,
  UserAdminView,
} from '@fahrplan/contracts';
import { E2E_PASSWORD, E2eApp, eventually, sessionTenant, switchTenant } from './support';

// scrypt logins (~0.5 s each) and three browser contexts on a slow machine
jest.setTimeout(240_000);

const SHOTS = process.env.TENANTS_SCREENSHOTS ?? '/tmp/tenants-journey';

/**
 * Issue 6's "Done when", in the console: the demo admin creates tenants north and south and administers
 * them, shares a project from north with south; south's administrator accepts it while the admin's
 * browser stays open beside; north's viewer sees only what a Viewer may; the revoked share is gone for
 * south at its next query. Everything happens through the UI; the API only reads back what was stored.
 */
describe('two tenants administered, sharing a project, side by side in the console', () => {
  const app = E2eApp.forSuite();
  const project = 'North Roadmap';
  const nora = { tenant: 'north', username: 'nora', password: 'nora-password-2026' };
  const sam = { tenant: 'south', username: 'sam', password: 'sam-password-2026' };
  let projectId = 0;
  // browser contexts: A the demo admin, B sam in south, C nora in north
  let adminA: Page;
  let samB: Page;
  let noraC: Page;

  // the steps build on each other: after a failed one the rest fail at once instead of timing out
  let failedStep: string | null = null;
  const step = (name: string, run: () => Promise<void>) =>
    it(name, async () => {
      if (failedStep) throw new Error(`not run: the step before failed (${failedStep})`);
      try {
        await run();
      } catch (error) {
        failedStep = name;
        // what each open browser showed when it failed
        const open = { A: adminA, B: samB, C: noraC };
        for (const [context, page] of Object.entries(open))
          if (page && !page.isClosed()) await page.screenshot({ path: `${SHOTS}-failed-${context}.png` });
        throw error;
      }
    });

  afterAll(async () => {
    for (const page of [noraC, samB, adminA]) if (page) await page.context().close();
  });

  /** An API token of a user in a tenant: signed in at home, then switched when `tenant` differs. */
  const token = async (home: string, username: string, password: string, tenant = home) => {
    const { accessToken } = await app.api('/api/auth/login', { json: { tenant: home, username, password } });
    if (tenant === home) return accessToken as string;
    const switched = await app.api('/api/auth/switch', { token: accessToken as string, json: { tenant } });
    return switched.accessToken as string;
  };
  const adminIn = (tenant: string) => token('demo', 'admin', E2E_PASSWORD, tenant);
  const read = async <T>(path: string, as: string): Promise<T> =>
    (await app.api(path, { token: as })) as unknown as T;

  const navigation = (page: Page) => page.getByRole('navigation', { name: 'main navigation' });
  const shareRow = (page: Page, table: string, title: string) =>
    page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: title });
  const enabledSave = (dialog: Locator) => dialog.getByRole('button', { name: 'Save', disabled: false });

  const createTenant = async (page: Page, name: string, flags: string[]) => {
    await page.getByRole('button', { name: 'New tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'New tenant' });
    await dialog.getByLabel('Name').fill(name);
    for (const flag of flags) await dialog.getByLabel(flag).check();
    await dialog.getByRole('button', { name: 'Create tenant' }).click();
    // it offers the switch; the header's tenant menu is used instead
    const created = page.getByRole('dialog', { name: 'Tenant created' });
    await created.getByRole('button', { name: `Switch to ${name}` }).waitFor();
    await created.getByRole('button', { name: 'Close', exact: true }).click();
    await created.waitFor({ state: 'detached' });
    await page.getByTestId(`tenant-row-${name}`).waitFor();
  };

  const createUser = async (
    page: Page,
    user: { username: string; password: string },
    displayName: string,
    role: string,
  ) => {
    await navigation(page).getByRole('link', { name: 'Administration' }).click();
    await page.getByRole('heading', { name: 'Administration' }).waitFor();
    await page.getByRole('tab', { name: 'Users', exact: true }).click();
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByLabel('User name').fill(user.username);
    await dialog.getByLabel('Display name').fill(displayName);
    await dialog.getByRole('textbox', { name: 'Password' }).fill(user.password);
    await dialog.getByLabel('Roles').click();
    await page.getByRole('option', { name: role, exact: true }).click();
    // the roles' dropdown stays open over the buttons: Enter in a field submits the form
    await dialog.getByLabel('Display name').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: user.username }).getByText(role, { exact: true }).waitFor();
  };

  /** The user's roles in the tenant by name, as the server stored them. */
  const rolesOf = async (as: string, username: string) => {
    const [users, roles] = await Promise.all([
      read<ListPage<UserAdminView>>(`/api/admin/users?q=${encodeURIComponent(username)}`, as).then(
        (page) => page.items,
      ),
      read<RoleView[]>('/api/admin/roles', as),
    ]);
    const user = users.find((u) => u.username === username);
    return user?.roles.map((id) => roles.find((r) => r.id === id)?.name) ?? null;
  };

  step(
    'A: the demo admin creates north and south, a viewer in north, and shares a north project with south',
    async () => {
      adminA = await app.login({ path: '/admin', ready: 'Administration' });
      await adminA.getByRole('tab', { name: 'Tenants', exact: true }).click();
      await createTenant(adminA, 'north', ['Jira', 'Financial planning']);
      await createTenant(adminA, 'south', ['ALM']);
      await adminA.screenshot({ path: `${SHOTS}-tenants.png`, fullPage: true });

      await switchTenant(adminA, 'north');
      await createUser(adminA, nora, 'Nora Viewer', 'Viewer');

      // the project, shared with south in its dialog's tenant chips
      await navigation(adminA).getByRole('link', { name: 'Projects' }).click();
      await adminA.getByRole('button', { name: 'New project' }).click();
      let dialog = adminA.getByRole('dialog', { name: 'new group' });
      await dialog.getByLabel('Title').fill(project);
      await dialog.getByLabel('Begin').fill('01.03.2027');
      await dialog.getByLabel('End').fill('30.06.2027');
      await dialog.getByRole('tab', { name: 'Details' }).click();
      const chips = dialog.getByLabel('Shared with tenants');
      await chips.fill('south');
      await chips.press('Enter');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await adminA.getByText('project created').waitFor();
      await dialog.waitFor({ state: 'detached' });

      // what the server stored: north's flags, nora a Viewer, the project with its pending share
      const north = await adminIn('north');
      const tenant = await read<TenantAdminView>('/api/admin/tenant', north);
      expect(tenant.features).toMatchObject({
        jira: true,
        financialPlanning: true,
        alm: false,
        hermes: false,
      });
      await eventually(async () => (await rolesOf(north, 'nora'))?.join() === 'Viewer', 'nora is a Viewer');
      let stored: GroupView | undefined;
      await eventually(async () => {
        const { items: groups } = await read<ListPage<GroupView>>(
          `/api/groups?q=${encodeURIComponent(project)}`,
          north,
        );
        stored = groups.find((g) => g.title === project);
        return stored?.shares.some((s) => s.tenant === 'south') ?? false;
      }, 'the project shared with south');
      expect(stored).toMatchObject({
        tenant: 'north',
        shared: false,
        shares: [{ tenant: 'south', status: 'PENDING' }],
      });
      projectId = stored!.id;

      // a share with a tenant that does not exist is a 'tenant not found' notice, and nothing is shared
      await adminA.getByTestId(`project-row-${projectId}`).click();
      dialog = adminA.getByRole('dialog', { name: `show group ${project}` });
      await dialog.getByRole('tab', { name: 'Details' }).click();
      await dialog.getByLabel('share status').getByText('south: pending').waitFor();
      const tenantChips = dialog.getByLabel('Shared with tenants');
      await tenantChips.fill('atlantis');
      await tenantChips.press('Enter');
      await dialog.getByRole('button', { name: 'Save' }).click();
      const notice = adminA.locator('.mantine-Notifications-root').getByText(/tenant not found/);
      await notice.waitFor();
      await dialog.getByRole('alert').getByText('sharing with atlantis failed: tenant not found').waitFor();
      await adminA.screenshot({ path: `${SHOTS}-tenant-not-found.png`, fullPage: true });
      // the §8 notice goes by itself (5 s, paused while the pointer rests on it); it covers the dialog's Close button
      await adminA.mouse.move(0, 0);
      await notice.waitFor({ state: 'detached', timeout: 15_000 });
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await adminA
        .getByRole('dialog', { name: 'Discard changes?' })
        .getByRole('button', { name: 'Discard changes' })
        .click();
      await dialog.waitFor({ state: 'detached' });
      const again = await read<GroupView>(`/api/groups/${projectId}`, north);
      expect(again.sharedWith).toEqual(['south']);
    },
  );

  step("A: switches to south and adds sam as south's administrator", async () => {
    await switchTenant(adminA, 'south');
    await createUser(adminA, sam, 'Sam South', 'Administrator');
    await adminA.screenshot({ path: `${SHOTS}-south-users.png`, fullPage: true });
    const south = await adminIn('south');
    await eventually(
      async () => (await rolesOf(south, 'sam'))?.join() === 'Administrator',
      'sam administers south',
    );
    expect((await read<TenantAdminView>('/api/admin/tenant', south)).features).toMatchObject({
      alm: true,
      jira: false,
    });
  });

  step(
    'B: sam, beside A, accepts the pending share and sees the project read-only with its owner',
    async () => {
      samB = await app.login({ path: '/shares', ...sam, ready: 'Sharing' });
      expect(await sessionTenant(samB).textContent()).toBe('south');
      // south's administrator: Administration is offered
      await navigation(samB).getByRole('link', { name: 'Administration' }).waitFor();
      await navigation(samB).getByLabel('1 pending shares').waitFor();
      const incoming = shareRow(samB, 'incoming shares', project);
      await incoming.getByText('PENDING').waitFor();
      await samB.screenshot({ path: `${SHOTS}-south-pending.png`, fullPage: true });
      await incoming.getByRole('button', { name: 'Accept' }).click();
      await incoming.getByText('ACCEPTED').waitFor();
      await navigation(samB)
        .getByLabel(/pending shares/)
        .waitFor({ state: 'detached' });

      const samToken = await token('south', sam.username, sam.password);
      await eventually(async () => {
        const incoming = await read<ListPage<ShareView>>('/api/shares?direction=incoming', samToken);
        return incoming.items.some((s) => s.project === projectId && s.status === 'ACCEPTED');
      }, 'the share accepted');

      // south's list: only the shared project, with the link icon and the owning tenant
      await navigation(samB).getByRole('link', { name: 'Projects' }).click();
      const row = samB.getByTestId(`project-row-${projectId}`);
      await row.getByLabel('shared by north').waitFor();
      await row.getByText('north', { exact: true }).waitFor();
      await samB.screenshot({ path: `${SHOTS}-south-projects.png` });
      expect(await samB.getByRole('table', { name: 'projects' }).locator('tbody tr').count()).toBe(1);
      const groups = await read<ListPage<GroupView>>('/api/groups', samToken);
      expect(groups.items.map((g) => [g.id, g.tenant, g.shared])).toEqual([[projectId, 'north', true]]);

      // its dialog is read-only
      await row.click();
      const dialog = samB.getByRole('dialog', { name: `show group ${project}` });
      await dialog.getByLabel('shared by north').first().waitFor();
      expect(await dialog.getByLabel('Title').isEditable()).toBe(false);
      expect(await enabledSave(dialog).count()).toBe(0);
      await dialog.getByRole('tab', { name: 'Details' }).click();
      expect(await dialog.getByLabel('Shared with tenants').isEditable()).toBe(false);
      await samB.screenshot({ path: `${SHOTS}-south-readonly.png`, fullPage: true });
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    },
  );

  step("C: nora, north's viewer, sees the project read-only and no administration", async () => {
    noraC = await app.login({ path: '/projects', ...nora, ready: 'Projects' });
    expect(await sessionTenant(noraC).textContent()).toBe('north');
    const row = noraC.getByTestId(`project-row-${projectId}`);
    await row.waitFor();
    // north owns it: no link icon
    expect(await row.getByLabel(/shared by/).count()).toBe(0);
    expect(await noraC.getByRole('button', { name: 'New project' }).count()).toBe(0);
    expect(await navigation(noraC).getByRole('link', { name: 'Administration' }).count()).toBe(0);
    await row.click();
    const dialog = noraC.getByRole('dialog', { name: `show group ${project}` });
    await dialog.getByLabel('Title').waitFor();
    expect(await dialog.getByLabel('Title').isEditable()).toBe(false);
    expect(await enabledSave(dialog).count()).toBe(0);
    await noraC.screenshot({ path: `${SHOTS}-north-viewer.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await noraC.goto(`${app.url}/admin`);
    await noraC.getByText('not permitted').waitFor();
    // the server agrees: a viewer's command is refused
    const noraToken = await token('north', nora.username, nora.password);
    await expect(
      app.api('/api/commands/SaveGroup', { token: noraToken, json: { title: 'Nora was here' } }),
    ).rejects.toThrow(/: 403 /);
    await expect(app.api('/api/admin/users', { token: noraToken })).rejects.toThrow(/: 403 /);
  });

  step(
    "A: back in north, revokes the share; B loses the project at its next query and keeps the share's history",
    async () => {
      await switchTenant(adminA, 'north');
      await navigation(adminA).getByRole('link', { name: 'Sharing' }).click();
      const outgoing = shareRow(adminA, 'outgoing shares', project);
      await outgoing.getByText('ACCEPTED').waitFor();
      await outgoing.getByRole('button', { name: 'Revoke' }).click();
      const confirm = adminA.getByRole('dialog', { name: 'Revoke the share?' });
      await confirm.getByText(`south will no longer see ${project}`).waitFor();
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await outgoing.getByText('REVOKED').waitFor();
      await adminA.screenshot({ path: `${SHOTS}-revoked.png`, fullPage: true });

      // B, open all along: the project is gone from south's list after a reload
      const samToken = await token('south', sam.username, sam.password);
      await eventually(
        async () => (await read<ListPage<GroupView>>('/api/groups', samToken)).items.length === 0,
        "the project gone from south's read side",
      );
      await expect(read<GroupView>(`/api/groups/${projectId}`, samToken)).rejects.toThrow(/: 404 /);
      await samB.reload();
      await samB.getByText('No projects yet').waitFor();
      expect(await samB.getByTestId(`project-row-${projectId}`).count()).toBe(0);

      // B's Sharing page: the share is revoked, its history has the request, the decision and the revocation
      await navigation(samB).getByRole('link', { name: 'Sharing' }).click();
      const revoked = samB.getByTestId(`share-row-${projectId}:south`);
      await revoked.getByText('REVOKED').waitFor();
      await revoked.getByText('north', { exact: true }).click();
      const history = samB.getByLabel(/^history of /);
      await history.getByText('admin (north) shared').waitFor();
      await history.getByText('sam (south) accepted').waitFor();
      await history.getByText('admin (north) revoked').waitFor();
      await samB.screenshot({ path: `${SHOTS}-south-history.png`, fullPage: true });
      const incoming = await read<ListPage<ShareView>>('/api/shares?direction=incoming', samToken);
      expect(incoming.items.find((s) => s.project === projectId)?.history.map((h) => h.action)).toEqual([
        'REQUESTED',
        'ACCEPTED',
        'REVOKED',
      ]);
    },
  );
});
