import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { E2eApp, expectNoSeriousViolations } from './support';

jest.setTimeout(240_000);

/**
 * Issue 23's "Done when": the projects list exported as filtered on screen, two cells edited in the
 * file, the file imported again with a preview of exactly those two changes, applied, and the
 * timeline downloaded as a PDF for the steering committee.
 */
describe('a planner round-trips the projects list through a spreadsheet and prints the timeline', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const prefix = `Roundtrip ${Date.now().toString(36)}`;
  const titles = [`${prefix} Atlas`, `${prefix} Boreas`] as const;
  const ids: number[] = [];

  beforeAll(async () => {
    const save = (data: Record<string, unknown>) => app.api('/api/commands/SaveGroup', { json: data });
    const atlas = await save({ title: titles[0], shortname: 'ATL', start: '2031-03-02', end: '2031-09-30' });
    // an end is stored exclusive (§5): 01.01.2032 is shown as the last day 31.12.2031
    const boreas = await save({ title: titles[1], start: '2031-04-01', end: '2032-01-01' });
    ids.push(atlas.id as number, boreas.id as number);
    const milestone = await app.api('/api/commands/SaveItem', {
      json: {
        title: `${prefix} go-live`,
        group: ids[0],
        subgroup: 'milestones',
        start: '2031-06-16T00:00',
        end: null,
      },
    });
    await app.api(`/api/groups?q=${encodeURIComponent(prefix)}`, { after: milestone.position as number });
  });

  it('exports, edits two cells, sees exactly those two changes, applies them and downloads the timeline PDF', async () => {
    const page = await app.login({ path: `/projects?q=${encodeURIComponent(prefix)}`, ready: 'Projects' });
    await page.getByRole('row').filter({ hasText: titles[1] }).waitFor();

    // 1. export the list as the screen filters it
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV (.csv)' }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = Papa.parse<string[]>(text, { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows.map((row) => row[1]).sort()).toEqual([...titles]);

    // 2. edit two cells: Atlas's short name, Boreas's end
    const shortname = header!.indexOf('Short name');
    const end = header!.indexOf('End');
    const atlas = rows.find((row) => row[1] === titles[0])!;
    const boreas = rows.find((row) => row[1] === titles[1])!;
    expect([atlas[shortname], boreas[end]]).toEqual(['ATL', '31.12.2031']);
    atlas[shortname] = 'ATLAS';
    boreas[end] = '31.03.2032';
    const file = join(app.dataDir, 'projects-edited.csv');
    writeFileSync(file, `\uFEFF${Papa.unparse([header!, ...rows], { delimiter: ';' })}`, 'utf8');

    // 3. import it: the preview names exactly the two edits
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Import projects' });
    await modal.waitFor();
    await modal.locator('input[type="file"]').setInputFiles(file);
    await modal.getByText('2 changed').waitFor();
    for (const none of ['0 new', '0 refused', '0 unchanged'])
      await modal.getByText(none, { exact: true }).waitFor();
    const previewRows = modal.getByRole('table', { name: 'Rows of the file' });
    await expect(previewRows.getByRole('row').filter({ hasText: titles[0] }).innerText()).resolves.toContain(
      'Short name: ATL → ATLAS',
    );
    await expect(previewRows.getByRole('row').filter({ hasText: titles[1] }).innerText()).resolves.toContain(
      'End: 31.12.2031 → 31.03.2032',
    );
    await expect(previewRows.getByText('→').count()).resolves.toBe(2);
    await expectNoSeriousViolations(page, 'the preview of the edited projects', {
      include: '[role="dialog"]',
    });

    // 4. apply, and find the edits stored
    await modal.getByRole('button', { name: 'Apply 2 rows' }).click();
    await modal.getByText('0 created, 2 updated.').waitFor();
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await modal.waitFor({ state: 'detached' });
    const stored = await app.api(`/api/groups?q=${encodeURIComponent(prefix)}`);
    const byTitle = new Map(
      (stored.items as { title: string; shortname: string | null; end: string | null }[]).map((p) => [
        p.title,
        p,
      ]),
    );
    expect(byTitle.get(titles[0])!.shortname).toBe('ATLAS');
    expect(byTitle.get(titles[1])!.end).toBe('2032-04-01');

    // 5. the timeline of the project as a PDF
    await page.goto(`${app.url}/?from=2031-06-01&to=2031-07-01&project=${ids[0]}`);
    await page.getByText(titles[0]).first().waitFor();
    await page.getByTestId('timeline-export').click();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'PDF (A4)' }).click(),
    ]);
    const bytes = readFileSync((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
