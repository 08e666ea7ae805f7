import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { E2eApp } from './support';

jest.setTimeout(180_000);

/** A demo application seeded with an account (server/src/demo/applications.json). */
const APPLICATION = 'ERP Core';
const SCREENSHOT = process.env.IMPORT_SCREENSHOT ?? '/tmp/import.png';

/** A German export: `;` delimited, decimal commas, thousands dots; row 5 has an amount that is no number. */
const CSV = [
  'Sicht;Periode;Amount;Projekt;Typ;Gruppe',
  'Prognose;2026;1.310.000,50;ERP Betrieb;Opex;Betrieb',
  'Prognose;2027;1.275.000;ERP Betrieb;Opex;Betrieb',
  'Forecast Q;2028;;ERP Betrieb;Capex;Betrieb',
  'Ist;2027;zwölf;ERP Betrieb;Opex;Betrieb',
].join('\r\n');

describe('importing account entries from a CSV file', () => {
  const app = E2eApp.forSuite();
  const login = (username: string): Promise<Page> =>
    app.login({ path: '/applications', username, ready: 'Applications' });

  const openFinance = async (page: Page, name = APPLICATION) => {
    await page.getByLabel('Search').fill(name);
    await page.getByRole('row').filter({ hasText: name }).first().click();
    const dialog = page.getByRole('dialog', { name: `show application ${name}` });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Finance' }).click();
    await dialog.getByRole('table', { name: 'account entries' }).waitFor();
    return dialog;
  };

  it('previews the valid rows, reports the rejected one, imports the rest and shows them in the table', async () => {
    const file = join(app.dataDir, 'entries.csv');
    writeFileSync(file, CSV, 'utf8');
    const page = await login('admin');
    const dialog = await openFinance(page);
    const table = dialog.getByRole('table', { name: 'account entries' });
    await expect(table.getByRole('row').filter({ hasText: 'Prognose' }).count()).resolves.toBe(0);

    await dialog.getByRole('button', { name: 'Import entries from CSV' }).click();
    const modal = page.getByRole('dialog', { name: 'Import account entries' });
    await modal.waitFor();
    await expect(modal.getByRole('button', { name: /^Import \d+ entr/ }).isDisabled()).resolves.toBe(true);
    await modal.locator('input[type="file"]').setInputFiles(file);

    const preview = modal.getByRole('table', { name: 'import preview' });
    await preview.waitFor();
    await expect(preview.locator('tbody tr').count()).resolves.toBe(3);
    await preview.getByRole('row').filter({ hasText: "1'310'000.5" }).waitFor();
    await modal.getByText('3 valid rows').waitFor();
    await modal.getByText('1 rejected').waitFor();

    const rejected = modal.getByRole('table', { name: 'rejected rows' });
    const report = rejected.locator('tbody tr');
    await expect(report.count()).resolves.toBe(1);
    await expect(report.locator('td').allInnerTexts()).resolves.toEqual([
      '5',
      'amount',
      '"zwölf" is not a number like 1.234,56',
    ]);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    await expect(dialog.getAttribute('data-hidden')).resolves.toBe('true');

    await modal.getByRole('button', { name: 'Import 3 entries' }).click();
    await page.getByText('3 account entries imported').waitFor();
    await modal.waitFor({ state: 'detached' });
    // The import leaves the modal stack: the application dialog is shown (not just present) again.
    await expect(dialog.getAttribute('data-hidden')).resolves.toBeNull();
    await table.getByRole('row').filter({ hasText: 'Forecast Q' }).waitFor();
    await expect(
      table.getByRole('row').filter({ hasText: 'Prognose' }).filter({ hasText: '2027' }).innerText(),
    ).resolves.toContain("1'275'000");
    await expect(table.getByRole('row').filter({ hasText: 'zwölf' }).count()).resolves.toBe(0);
    await expect(table.locator('tbody tr').count()).resolves.toBe(6);
    await page.screenshot({ path: SCREENSHOT.replace(/\.png$/, '-done.png'), fullPage: true });
  });

  it('explains why a file without valid rows cannot be imported', async () => {
    const file = join(app.dataDir, 'bad.csv');
    writeFileSync(file, 'sicht,amount\n,5\nBudget,"12,5"\n', 'utf8');
    const page = await login('admin');
    const dialog = await openFinance(page);
    await dialog.getByRole('button', { name: 'Import entries from CSV' }).click();
    const modal = page.getByRole('dialog', { name: 'Import account entries' });
    await modal.locator('input[type="file"]').setInputFiles(file);
    await modal.getByText('No row of this file can be imported').waitFor();
    await expect(
      modal.getByRole('table', { name: 'rejected rows' }).locator('tbody tr').count(),
    ).resolves.toBe(2);
    await expect(modal.getByRole('button', { name: 'Import 0 entries' }).isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await expect(dialog.getAttribute('data-hidden')).resolves.toBeNull();
    await dialog.getByRole('button', { name: 'Import entries from CSV' }).click();
    await modal.getByText('Choose CSV file').waitFor();
    await expect(modal.getByRole('table', { name: 'rejected rows' }).count()).resolves.toBe(0);
  });

  it("shows the server's message when a chunk fails and retries it with the same Idempotency-Key", async () => {
    const file = join(app.dataDir, 'retry.csv');
    writeFileSync(file, 'sicht,periode,amount\nRetry,2030,42.5\n', 'utf8');
    const page = await login('admin');
    const keys: string[] = [];
    await page.route('**/api/commands/AddAccountEntries', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.continue();
      return route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          title: 'Service Unavailable',
          status: 503,
          detail: 'the event store is not reachable',
        }),
      });
    });
    const dialog = await openFinance(page, 'Data Warehouse');
    await dialog.getByRole('button', { name: 'Import entries from CSV' }).click();
    const modal = page.getByRole('dialog', { name: 'Import account entries' });
    await modal.locator('input[type="file"]').setInputFiles(file);
    await modal.getByRole('button', { name: 'Import 1 entry' }).click();
    await modal.getByRole('alert').filter({ hasText: 'the event store is not reachable' }).waitFor();
    await modal.getByRole('button', { name: 'Retry import' }).click();
    await page.getByText('1 account entry imported').waitFor();
    await dialog
      .getByRole('table', { name: 'account entries' })
      .getByRole('row')
      .filter({ hasText: 'Retry' })
      .waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('offers no import to the viewer', async () => {
    const page = await login('viewer');
    const dialog = await openFinance(page);
    await expect(dialog.getByRole('button', { name: 'Import entries from CSV' }).count()).resolves.toBe(0);
  });
});
