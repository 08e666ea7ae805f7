import { E2E_PASSWORD, E2eApp, sessionTenant, switchTenant } from './support';

jest.setTimeout(240_000);

const SCREENSHOT_DIR = process.env.ADMIN_SCREENSHOT_DIR ?? '/tmp';

describe('tenant administration in the console', () => {
  const app = E2eApp.forSuite();
  // fresh names per run, so reruns against a kept data dir cannot collide
  const suffix = Date.now().toString(36);
  const tenant = `acme-${suffix}`;
  const username = `vera-${suffix}`;
  const password = 'vera-password-2026';

  it('creates a tenant, switches to it, adds a viewer who sees it read-only, and a member who joins', async () => {
    const admin = await app.login({ path: '/admin', ready: 'Administration' });

    // a new tenant from the Tenants tab, then switch to it as the dialog offers
    await admin.getByRole('tab', { name: 'Tenants', exact: true }).click();
    await admin.getByRole('button', { name: 'New tenant' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Name').fill(tenant);
    await dialog.getByLabel('Jira').check();
    await dialog.getByLabel('Name').press('Enter');
    await dialog.getByRole('button', { name: `Switch to ${tenant}` }).click();
    await sessionTenant(admin).filter({ hasText: tenant }).waitFor();
    expect(await sessionTenant(admin).textContent()).toBe(tenant);

    // the new tenant's administration: its feature flag, its built-in roles, the creator as member
    await admin.getByRole('link', { name: 'Administration' }).click();
    await admin.getByRole('tab', { name: 'Tenant', exact: true }).click();
    await admin.getByRole('heading', { name: `Tenant ${tenant}` }).waitFor();
    expect(await admin.getByLabel('Jira').isChecked()).toBe(true);
    expect(await admin.getByLabel('HERMES').isChecked()).toBe(false);

    // a user with the Viewer role, created in the dialog (Enter submits)
    await admin.getByRole('tab', { name: 'Users', exact: true }).click();
    await admin.getByRole('button', { name: 'New user' }).click();
    await dialog.getByLabel('User name').fill(username);
    await dialog.getByLabel('Display name').fill('Vera Viewer');
    await dialog.getByRole('textbox', { name: 'Password' }).fill(password);
    await dialog.getByLabel('Roles').click();
    await admin.getByRole('option', { name: 'Viewer' }).click();
    await dialog.getByLabel('Display name').press('Enter');
    const row = admin.getByRole('row').filter({ hasText: username });
    await row.getByText('Viewer', { exact: true }).waitFor();

    // invite the demo viewer into the new tenant
    await admin.getByRole('button', { name: 'Invite member' }).click();
    await dialog.getByLabel('Their home tenant').fill('demo');
    await dialog.getByLabel('Their user name').fill('viewer');
    await dialog.getByLabel('Roles').click();
    await admin.getByRole('option', { name: 'Viewer' }).click();
    await dialog.getByLabel('Their user name').press('Enter');
    await admin
      .getByRole('table', { name: 'pending invitations' })
      .getByRole('cell', { name: 'viewer', exact: true })
      .waitFor();
    await admin.screenshot({ path: `${SCREENSHOT_DIR}/admin-users.png`, fullPage: true });

    // the new user, side by side: signs in to the new tenant and can look but not change
    const vera = await app.login({
      path: '/',
      tenant,
      username,
      password,
      ready: (page) => page.getByTestId('session-user'),
    });
    expect(await sessionTenant(vera).textContent()).toBe(tenant);
    await vera.getByRole('link', { name: 'Projects' }).waitFor();
    expect(await vera.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    await vera.getByRole('link', { name: 'Projects' }).click();
    await vera.getByRole('heading', { name: 'Projects' }).waitFor();
    expect(await vera.getByRole('button', { name: 'New project' }).count()).toBe(0);
    await vera.getByRole('link', { name: 'Applications' }).click();
    await vera.getByRole('heading', { name: 'Applications' }).waitFor();
    expect(await vera.getByRole('button', { name: 'New application' }).count()).toBe(0);
    await vera.goto(`${app.url}/admin/users`);
    await vera.getByText('not permitted').waitFor();
    await vera.screenshot({ path: `${SCREENSHOT_DIR}/admin-viewer-readonly.png`, fullPage: true });

    // the invited demo viewer accepts in the header and switches to the new tenant
    const viewer = await app.login({
      path: '/',
      username: 'viewer',
      ready: (page) => page.getByTestId('session-user'),
    });
    await viewer.getByRole('button', { name: /invitation\(s\) waiting/ }).click();
    await viewer.screenshot({ path: `${SCREENSHOT_DIR}/admin-invitation.png` });
    await viewer.getByRole('button', { name: `accept invitation of ${tenant}` }).click();
    await switchTenant(viewer, tenant);
    expect(await viewer.getByRole('button', { name: /invitation\(s\) waiting/ }).count()).toBe(0);

    // the administrator sees the member joined, and the invitation gone
    await admin.reload();
    await admin.getByRole('row').filter({ hasText: 'viewer' }).getByText('joined').waitFor();
    await admin.getByText('No invitation waits for an answer').waitFor();
  });

  it('keeps the administration read-only without admin EDIT', async () => {
    const { accessToken } = await app.api('/api/auth/login', {
      json: { tenant: 'demo', username: 'admin', password: E2E_PASSWORD },
    });
    // a role with admin VIEW only, given to the demo viewer through the API
    const saved = await app.api('/api/commands/SaveRole', {
      token: accessToken as string,
      json: { name: `Auditor ${suffix}`, permissions: { admin: ['VIEW'], 'group-details': ['VIEW'] } },
    });
    const { items: users } = (await app.api('/api/admin/users?q=viewer', {
      token: accessToken as string,
      after: saved.position as number,
    })) as unknown as { items: { id: number; username: string }[] };
    const viewerId = users.find((u) => u.username === 'viewer')?.id;
    const changed = await app.api('/api/commands/ChangeMemberRoles', {
      token: accessToken as string,
      json: { user: viewerId, roles: [saved.id] },
    });
    await app.api('/api/admin/roles', { token: accessToken as string, after: changed.position as number });

    const auditor = await app.login({ path: '/admin/roles', username: 'viewer', ready: 'Administration' });
    await auditor.getByText('You can look, not change').waitFor();
    await auditor.getByRole('cell', { name: `Auditor ${suffix}` }).waitFor();
    expect(await auditor.getByRole('button', { name: 'New role' }).count()).toBe(0);
    expect(await auditor.getByRole('tab', { name: 'Tenants', exact: true }).count()).toBe(0);
    await auditor.getByRole('cell', { name: `Auditor ${suffix}` }).click();
    const dialog = auditor.getByRole('dialog');
    expect(await dialog.getByLabel('Administration: View').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await auditor.getByRole('tab', { name: 'Tenant', exact: true }).click();
    expect(await auditor.getByLabel('Jira').isDisabled()).toBe(true);
    expect(await auditor.getByRole('button', { name: 'Save feature flags' }).count()).toBe(0);
  });
});
