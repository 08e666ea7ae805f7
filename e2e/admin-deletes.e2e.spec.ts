import { E2eApp } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.ADMIN_SCREENSHOT_DIR ?? '/tmp';

/** The administration lists' delete confirmations (ConfirmRecordDelete): sent, said, closed; or refused and kept. */
describe("deleting from the administration's lists", () => {
  const app = E2eApp.forSuite({ signIn: true });
  const suffix = Date.now().toString(36);

  it('deletes a resource after its confirmation, says so and lists it no more', async () => {
    const name = `Resource ${suffix}`;
    await app.api('/api/commands/SaveResource', { json: { name } });
    const page = await app.adminTab('Resources');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirmation = page.getByRole('dialog', { name: 'Delete resource?' });
    await confirmation.getByText(`${name} can no longer be assigned.`, { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-delete-resource.png` });
    await confirmation.getByRole('button', { name: 'Delete resource' }).click();
    await confirmation.waitFor({ state: 'detached' });
    await page.getByText(`resource ${name} deleted`).waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('keeps a refused goal delete in its confirmation, then deletes the child goal that held it', async () => {
    const parent = `Goal ${suffix}`;
    const child = `Child goal ${suffix}`;
    const created = await app.api('/api/commands/CreateGoal', { json: { name: parent, rank: -1 } });
    await app.api('/api/commands/CreateGoal', { json: { name: child, parent: created.id, rank: -1 } });
    const page = await app.adminTab('Goals');

    await page.getByRole('button', { name: `Delete ${parent}` }).click();
    const confirmation = page.getByRole('dialog', { name: 'Delete goal?' });
    await confirmation.getByRole('button', { name: 'Delete goal' }).click();
    const refusal = confirmation.getByRole('alert').filter({ hasText: `${parent} has child goals.` });
    await refusal.waitFor();
    await confirmation.getByText('Cannot delete').waitFor();
    expect(await confirmation.getByRole('button', { name: 'Delete goal' }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/admin-delete-goal-refused.png` });
    await confirmation.getByRole('button', { name: 'Close', exact: true }).click();
    await confirmation.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: parent }).first().waitFor();

    await page.getByRole('button', { name: `Delete ${child}` }).click();
    await confirmation.getByRole('button', { name: 'Delete goal' }).click();
    await confirmation.waitFor({ state: 'detached' });
    await page.getByText(`goal ${child} deleted`).waitFor();
    await page.getByRole('row').filter({ hasText: child }).waitFor({ state: 'detached' });
  });
});
