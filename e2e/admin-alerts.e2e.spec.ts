import { E2eApp } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.ADMIN_SCREENSHOT_DIR ?? '/tmp';

/** Issue 19: an administration dialog's error alert goes once the user fixed what it refused, before Save. */
describe('administration dialogs drop an answered alert', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const suffix = Date.now().toString(36);

  it('shows a taken role name on its field and drops the alert once the name is changed', async () => {
    const page = await app.adminTab('Roles');
    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.getByRole('dialog', { name: 'New role' });
    const name = dialog.getByLabel('Name');
    await name.fill('Viewer');
    await name.press('Enter');
    const alert = dialog.getByRole('alert').filter({ hasText: 'a role with this name exists already' });
    await alert.waitFor();
    await dialog.getByText('exists already', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-alert-role.png` });

    await name.fill(`Viewer ${suffix}`);
    await alert.waitFor({ state: 'detached' });
    expect(await dialog.getByText('exists already', { exact: true }).count()).toBe(0);
    // nothing was saved meanwhile: the dialog is still open with its Create button
    await dialog.getByRole('button', { name: 'Create role' }).waitFor();
  });

  it('shows a taken user name on its field and drops the alert once the name is changed', async () => {
    const page = await app.adminTab('Users');
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    const username = dialog.getByLabel('User name');
    await username.fill('viewer');
    await dialog.getByLabel('Display name').fill('Second Viewer');
    await dialog.getByRole('textbox', { name: 'Password' }).fill('second-viewer-2026');
    await dialog.getByLabel('Display name').press('Enter');
    const alert = dialog.getByRole('alert').filter({ hasText: 'user name taken' });
    await alert.waitFor();
    await dialog.getByText('taken', { exact: true }).waitFor();

    // another field does not answer it
    await dialog.getByLabel('Display name').fill('Still the second viewer');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await alert.count()).toBe(1);

    await username.fill(`viewer-${suffix}`);
    await alert.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('row')
      .filter({ hasText: `viewer-${suffix}` })
      .waitFor();
  });

  it('drops an alert that marked no field once the refused input is edited', async () => {
    const page = await app.adminTab('Tenants');
    const tenant = `alerts-${suffix}`;
    const dialog = page.getByRole('dialog', { name: /tenant/i });
    const name = dialog.getByLabel('Name');
    const createTenant = async () => {
      await page.getByRole('button', { name: 'New tenant' }).click();
      await name.fill(tenant);
      await name.press('Enter');
    };
    await createTenant();
    await dialog.getByText('Tenant created').waitFor();
    await dialog.getByRole('button', { name: 'close dialog' }).click();
    await dialog.waitFor({ state: 'detached' });

    await createTenant();
    const alert = dialog.getByRole('alert').filter({ hasText: 'tenant exists already' });
    await alert.waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-alert-tenant.png` });

    await name.fill(`${tenant}-2`);
    await alert.waitFor({ state: 'detached' });
    // typing the refused name again brings the alert back: the form holds what was refused
    await name.fill(tenant);
    await alert.waitFor();
  });

  it('keeps a version conflict in a goal dialog however the form changes: only a reload answers it', async () => {
    const page = await app.adminTab('Goals');
    const name = `Goal ${suffix}`;
    await page.getByRole('button', { name: 'New goal' }).click();
    const created = page.getByRole('dialog', { name: 'New goal' });
    await created.getByLabel('Name').fill(name);
    await created.getByLabel('Name').press('Enter');
    await created.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name, exact: true }).waitFor();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit goal ${name}` });
    const description = dialog.getByLabel('Description');
    // someone else changes the goal meanwhile
    const goals = (await app.api('/api/goals')) as { items: { id: number; name: string }[] };
    const goal = goals.items.find((g) => g.name === name)!;
    await app.api('/api/commands/UpdateGoal', { json: { id: goal.id, version: 0, type: 'OTHER' } });

    await description.fill('Mine');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: /version/ });
    await alert.waitFor();
    await description.fill('Mine, edited');
    await page.waitForTimeout(300);
    expect(await alert.count()).toBe(1);
  });
});
