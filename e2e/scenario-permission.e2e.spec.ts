import { E2eApp } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.SCENARIO_SCREENSHOT_DIR ?? '/tmp';

/** Issue 22: the role editor lists the scenarios resource, granted as the built-in roles grant it. */
describe('the scenarios permission in Administration', () => {
  const app = E2eApp.forSuite();

  it('shows the Administrator with every scenarios action and the Viewer with VIEW only', async () => {
    const page = await app.login({ path: '/admin', ready: 'Administration' });
    await page.getByRole('tab', { name: 'Roles', exact: true }).click();

    await page.getByRole('row').filter({ hasText: 'Administrator' }).click();
    const administrator = page.getByRole('dialog', { name: 'Role Administrator' });
    await administrator.getByText('Scenarios', { exact: true }).waitFor();
    await administrator.getByText('VIEW lists the what-if scenarios', { exact: false }).waitFor();
    expect(await administrator.getByRole('checkbox', { name: 'Scenarios: all' }).isChecked()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/scenarios-role-administrator.png` });
    await page.keyboard.press('Escape');
    await administrator.waitFor({ state: 'detached' });

    await page.getByRole('row').filter({ hasText: 'Viewer' }).click();
    const viewer = page.getByRole('dialog', { name: 'Role Viewer' });
    const cell = (action: string) => viewer.getByRole('checkbox', { name: `Scenarios: ${action}` });
    expect(await cell('View').isChecked()).toBe(true);
    expect(await cell('Create').isChecked()).toBe(false);
    expect(await cell('Edit').isChecked()).toBe(false);
  });

  it('names the resource in Swiss German', async () => {
    const page = await app.login({ path: '/admin', ready: 'Administration' });
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByRole('tab', { name: 'Rollen', exact: true }).click();
    await page.getByRole('row').filter({ hasText: 'Administrator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rolle Administrator' });
    expect(await dialog.getByRole('checkbox', { name: 'Szenarien: alle' }).isChecked()).toBe(true);
    await dialog.getByText('VIEW listet die Was-wäre-wenn-Szenarien auf', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/scenarios-role-administrator-de-CH.png` });
  });
});
