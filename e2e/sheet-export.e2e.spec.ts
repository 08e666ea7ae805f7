import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { E2eApp, expectNoSeriousViolations } from './support';

jest.setTimeout(180_000);

/** Issue 23: the projects list exported as it is filtered on screen, from the keyboard and by mouse. */
describe('exporting the projects list', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const prefix = `Export ${Date.now().toString(36)}`;
  const titles = [`${prefix} Apollo`, `${prefix} Artemis`, `${prefix} Zephyr`] as const;

  beforeAll(async () => {
    const save = (data: Record<string, unknown>) => app.api('/api/commands/SaveGroup', { json: data });
    await save({ title: titles[0], status: 5, start: '2027-01-04' });
    await save({ title: titles[1], status: 5 });
    const last = await save({ title: titles[2], status: 7 });
    await app.api(`/api/groups?q=${encodeURIComponent(prefix)}`, { after: last.position as number });
  });

  const filteredPage = async (): Promise<Page> => {
    const page = await app.login({
      path: `/projects?q=${encodeURIComponent(prefix)}&status=5`,
      ready: 'Projects',
    });
    await page.getByRole('row').filter({ hasText: titles[0] }).waitFor();
    await page.getByRole('row').filter({ hasText: titles[2] }).waitFor({ state: 'detached' });
    return page;
  };

  it('downloads the filtered rows as CSV from the keyboard; the open menu passes axe', async () => {
    const page = await filteredPage();
    const button = page.getByRole('button', { name: 'Export' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).waitFor();
    await expectNoSeriousViolations(page, 'the projects page with the export menu open');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        const csv = page.locator('[role="menuitem"]:focus', { hasText: 'CSV (.csv)' });
        for (let presses = 0; presses < 4 && (await csv.count()) === 0; presses++)
          await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^projects-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
      delimiter: ';',
      skipEmptyLines: true,
    }).data;
    expect(header!.slice(0, 2)).toEqual(['Id', 'Title']);
    expect(rows.map((row) => row[1]).sort()).toEqual([titles[0], titles[1]]);
  });

  it('downloads the same rows as Excel, the id column hidden, dates as dates', async () => {
    const page = await filteredPage();
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^projects-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getColumn(1).hidden).toBe(true);
    const titleOf = (n: number) => sheet.getRow(n).getCell(2).value;
    expect([titleOf(2), titleOf(3)].sort()).toEqual([titles[0], titles[1]]);
    expect(sheet.actualRowCount).toBe(3);
    const apollo = [2, 3].find((n) => titleOf(n) === titles[0])!;
    expect(sheet.getRow(apollo).getCell(11).value).toEqual(new Date(Date.UTC(2027, 0, 4)));
    // the button is usable again once the download is done
    await page.getByRole('button', { name: 'Export' }).and(page.locator(':not([data-loading])')).waitFor();
  });
});
