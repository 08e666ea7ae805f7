import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2eApp, expectNoSeriousViolations } from './support';

jest.setTimeout(180_000);

/**
 * Issue 23: the Import button beside the application catalogue: a CSV uploaded, the server's preview
 * (totals, rows with their action, a refusal with its column and reason), the valid rows applied with
 * their progress, the summary, and the new records in the list. The dialog is checked with axe-core.
 */
describe('importing applications from a sheet', () => {
  const app = E2eApp.forSuite();

  it('previews the file, applies the valid rows and shows the new applications', async () => {
    const stamp = Date.now();
    const first = `Imported CRM ${stamp}`;
    const second = `Imported HR ${stamp}`;
    const file = join(app.dataDir, 'applications.csv');
    writeFileSync(
      file,
      [
        'Name;Vendor;Start',
        `${first};ACME;01.02.2030`,
        `${second};Globex;2030-03-01`,
        `Broken ${stamp};;31.02.2030`,
      ].join('\r\n'),
      'utf8',
    );
    const page = await app.login({ path: '/applications', username: 'admin', ready: 'Applications' });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Import applications' });
    await modal.waitFor();
    await modal.locator('input[type="file"]').setInputFiles(file);

    const rows = modal.getByRole('table', { name: 'Rows of the file' });
    await rows.getByRole('row').filter({ hasText: first }).waitFor();
    await modal.getByText('2 new').waitFor();
    await modal.getByText('1 refused').waitFor();
    await expect(rows.getByRole('row').filter({ hasText: first }).innerText()).resolves.toContain(
      'Vendor: — → ACME',
    );
    await expect(
      rows
        .getByRole('row')
        .filter({ hasText: `Broken ${stamp}` })
        .innerText(),
    ).resolves.toContain("Start: '31.02.2030' is not a date");
    await expectNoSeriousViolations(page, 'the import preview', { include: '[role="dialog"]' });

    // only the refused rows
    await modal.getByText('Refused', { exact: true }).click();
    await rows.getByRole('row').filter({ hasText: first }).waitFor({ state: 'detached' });
    await expect(rows.locator('tbody tr').count()).resolves.toBe(1);

    await modal.getByRole('button', { name: 'Apply the 2 valid rows' }).click();
    await modal.getByText('Import applied').waitFor();
    await modal.getByText('2 created, 0 updated.').waitFor();
    await expectNoSeriousViolations(page, 'the import summary', { include: '[role="dialog"]' });
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await modal.waitFor({ state: 'detached' });

    await page.getByLabel('Search').fill(`Imported`);
    await page.getByRole('row').filter({ hasText: first }).waitFor();
    await page.getByRole('row').filter({ hasText: second }).waitFor();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `Broken ${stamp}` })
        .count(),
    ).resolves.toBe(0);
  });
});
