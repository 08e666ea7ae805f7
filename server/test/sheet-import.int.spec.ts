import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { importRowsMax, sheetColumns, sheetHeader } from '@fahrplan/contracts';
import type { ImportApplyProgress, ImportPreview, ImportRowPreview } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { storedSince, uniqueName } from '../src/testing/platform';
import type { Reply } from '../src/testing/platform';

/*
 * Issue 23, the import half of the Excel round trip, through real HTTP against the embedded platform:
 * a preview per row (create, update with its exact changes, unchanged, refused with row, column and
 * reason), every bad file refused with 400 and nothing stored, apply all or the valid rows, an apply
 * run again appending nothing, History naming the import, and a .xlsx built here to sheets.ts's format.
 */
const platform = platformForSuite();
const { run, read } = adminApi(() => platform);

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const upload = async (
  kind: string,
  file: Buffer | string,
  { name = 'plan.csv', type = 'text/csv', token = platform.admin } = {},
): Promise<Reply> => {
  const response = await fetch(`${platform.api.baseUrl}/api/imports?kind=${kind}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': type,
      'x-file-name': encodeURIComponent(name),
    },
    body: typeof file === 'string' ? file : new Uint8Array(file),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text,
  };
};

const previewOf = async (kind: string, file: Buffer | string, name?: string): Promise<ImportPreview> => {
  const reply = await upload(
    kind,
    file,
    name ? { name, type: name.endsWith('.csv') ? 'text/csv' : xlsxType } : {},
  );
  expect({ status: reply.status, detail: reply.body.detail }).toEqual({ status: 200, detail: undefined });
  return reply.body as ImportPreview;
};

const post = async (path: string): Promise<Reply> =>
  platform.api.send('POST', path, { token: platform.admin });

/** Applies and polls the progress until the apply is over. */
const applied = async (id: string, query = ''): Promise<ImportApplyProgress> => {
  const started = await post(`/api/imports/${id}/apply${query}`);
  expect(started.status).toBe(202);
  for (let i = 0; i < 200; i++) {
    const reply = await platform.api.get(`/api/imports/${id}/apply`, platform.admin);
    if (reply.body.status !== 'running') return reply.body as ImportApplyProgress;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the apply did not end');
};

const rowOf = (preview: ImportPreview, row: number): ImportRowPreview => {
  const found = preview.rows.find((r) => r.row === row);
  if (!found) throw new Error(`no row ${row} in ${JSON.stringify(preview.rows)}`);
  return found;
};

/** A 400 problem naming `detail`, and nothing stored. */
/** A bad file: 400 with the English detail and the code (and values) the console says in its language. */
const refusedFile = async (
  kind: string,
  file: Buffer | string,
  detail: RegExp,
  name = 'bad.xlsx',
  code: Record<string, unknown> = { code: 'not-a-spreadsheet' },
) => {
  const before = await platform.embedded.store.headPosition();
  const reply = await upload(kind, file, { name, type: name.endsWith('.csv') ? 'text/csv' : xlsxType });
  expect({ status: reply.status, type: reply.headers.get('content-type') }).toEqual({
    status: 400,
    type: expect.stringContaining('application/problem+json'),
  });
  expect(reply.body.detail).toMatch(detail);
  expect(reply.body).toMatchObject(code);
  expect(await storedSince(platform.embedded, before)).toEqual([]);
};

const csv = (lines: readonly (readonly string[])[]) => lines.map((cells) => cells.join(';')).join('\r\n');

describe('a CSV of applications', () => {
  it('previews creates, updates with their exact changes, unchanged rows and refusals, storing nothing', async () => {
    const kept = await run('SaveApplication', {
      name: uniqueName('Kept'),
      vendor: 'ACME',
      start: '2030-01-01',
    });
    const changed = await run('SaveApplication', { name: uniqueName('Changed'), vendor: 'ACME' });
    const keptName = (await read(`/api/applications/${kept.id}`, kept.position)).body.name as string;
    const changedName = (await read(`/api/applications/${changed.id}`, changed.position)).body.name as string;
    const fresh = uniqueName('Fresh');
    const child = uniqueName('Child');
    const before = await platform.embedded.store.headPosition();
    const preview = await previewOf(
      'applications',
      '\uFEFF' +
        csv([
          ['Id', 'Name', 'Hersteller', 'Beginn', 'Übergeordnet'],
          [String(kept.id), keptName, 'ACME', '01.01.2030', ''],
          ['', changedName, 'Globex', '2031-02-03', ''],
          ['', fresh, '', '', ''],
          ['', child, '', '', fresh],
          ['999999999', 'Ghost', '', '', ''],
          ['', uniqueName('Bad'), '', '31.02.2030', 'Nobody here'],
          ['', 'x'.repeat(300), '', '', ''],
          ['', fresh, '', '', ''],
        ]),
      'catalogue.csv',
    );
    expect(await storedSince(platform.embedded, before)).toEqual([]);
    expect(preview.totals).toEqual({ create: 2, update: 1, unchanged: 1, refuse: 4 });
    expect(rowOf(preview, 2)).toMatchObject({ action: 'unchanged', id: kept.id, changes: [] });
    expect(rowOf(preview, 3)).toMatchObject({
      action: 'update',
      id: changed.id,
      changes: [
        { field: 'Hersteller', before: 'ACME', after: 'Globex' },
        { field: 'Beginn', before: '', after: '03.02.2031' },
      ],
    });
    expect(rowOf(preview, 4)).toMatchObject({ action: 'create', id: null, name: fresh });
    expect(rowOf(preview, 5)).toMatchObject({
      action: 'create',
      changes: expect.arrayContaining([{ field: 'Übergeordnet', before: '', after: fresh }]),
    });
    expect(rowOf(preview, 6).refusals).toEqual([
      { column: 'Id', reason: expect.stringContaining('999999999'), code: 'unknown-id', value: '999999999' },
    ]);
    expect(rowOf(preview, 7).refusals).toEqual(
      expect.arrayContaining([
        {
          column: 'Beginn',
          reason: expect.stringContaining('not a date'),
          code: 'not-a-date',
          value: '31.02.2030',
        },
        {
          column: 'Übergeordnet',
          reason: expect.stringContaining('Nobody here'),
          code: 'unknown-ref',
          value: 'Nobody here',
        },
      ]),
    );
    expect(rowOf(preview, 8).refusals).toEqual([
      { column: 'Name', reason: expect.stringContaining('at most'), code: 'invalid' },
    ]);
    expect(rowOf(preview, 9).refusals).toEqual([
      expect.objectContaining({ column: 'Name', code: 'twice-in-file' }),
    ]);

    // the rows page, filtered by action
    const refusals = await platform.api.get(
      `/api/imports/${preview.id}?action=refuse&limit=3`,
      platform.admin,
    );
    expect(refusals.body.rows.map((r: ImportRowPreview) => r.row)).toEqual([6, 7, 8]);
    const next = await platform.api.get(
      `/api/imports/${preview.id}?action=refuse&limit=3&cursor=${refusals.body.nextCursor as string}`,
      platform.admin,
    );
    expect({ rows: next.body.rows.map((r: ImportRowPreview) => r.row), next: next.body.nextCursor }).toEqual({
      rows: [9],
      next: null,
    });

    // all or none: with refused rows nothing is applied unless the valid rows are asked for
    const all = await post(`/api/imports/${preview.id}/apply`);
    expect(all.status).toBe(409);
    expect(await storedSince(platform.embedded, before)).toEqual([]);

    const progress = await applied(preview.id, '?valid=true');
    expect(progress).toMatchObject({ status: 'done', total: 3, done: 3, failed: [] });
    const parentId = progress.applied.find((a) => a.row === 4)!.id;
    const childId = progress.applied.find((a) => a.row === 5)!.id;
    const childView = await read(`/api/applications/${childId}`, progress.position!);
    expect(childView.body).toMatchObject({ name: child, parent: parentId });
    const changedView = await read(`/api/applications/${changed.id}`, progress.position!);
    expect(changedView.body).toMatchObject({ vendor: 'Globex', start: '2031-02-03' });

    // History names the import
    const history = await read(`/api/history/application/${changed.id}`, progress.position!);
    expect(history.body.items[0]).toMatchObject({
      source: 'import catalogue.csv',
      command: 'SaveApplication',
    });

    // an apply run again appends nothing
    const afterApply = await platform.embedded.store.headPosition();
    const again = await applied(preview.id, '?valid=true');
    expect(again).toMatchObject({ status: 'done', done: 3, failed: [] });
    expect(again.applied.map((a) => a.id)).toEqual(progress.applied.map((a) => a.id));
    expect(await storedSince(platform.embedded, afterApply)).toEqual([]);
  });

  it('applies an update row whose record changed since the preview as a 409 named in the answer', async () => {
    const app = await run('SaveApplication', { name: uniqueName('Racing'), vendor: 'A' });
    const name = (await read(`/api/applications/${app.id}`, app.position)).body.name as string;
    const fresh = uniqueName('Beside');
    const preview = await previewOf(
      'applications',
      csv([
        ['Name', 'Vendor'],
        [name, 'B'],
        [fresh, 'C'],
      ]),
    );
    await run('SaveApplication', { id: app.id, version: app.version, vendor: 'Z' });
    const progress = await applied(preview.id);
    expect(progress.status).toBe('failed');
    expect(progress.failed).toEqual([{ row: 2, status: 409, reason: expect.any(String) }]);
    expect(progress.applied).toEqual([{ row: 3, id: expect.any(Number), action: 'create' }]);
  });

  it('is refused to a user who may not save applications, and a preview is its user’s only', async () => {
    const reply = await upload('applications', csv([['Name'], ['A']]), { token: platform.viewer });
    expect(reply.status).toBe(403);
    const preview = await previewOf('applications', csv([['Name'], [uniqueName('Mine')]]));
    const other = await platform.api.get(`/api/imports/${preview.id}`, platform.viewer);
    expect(other.status).toBe(404);
  });
});

describe('bad files answer 400 with what is wrong and store nothing', () => {
  it('not a spreadsheet', async () => {
    await refusedFile(
      'applications',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0xff, 0xfe]),
      /not a spreadsheet/,
      'x.png',
    );
    await refusedFile(
      'applications',
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 7)]),
      /not a spreadsheet/,
    );
  });

  it('a zip bomb', async () => {
    const zip = new JSZip();
    zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(16 * 1024 * 1024));
    const bomb = await zip.generateAsync({
      type: 'nodebuffer',
      compression: 'DEFLATE',
      compressionOptions: { level: 9 },
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refusedFile('applications', bomb, /zip bomb/, 'bomb.xlsx', {
      code: 'zip-bomb',
      params: { limit: 128, ratio: 200 },
    });
  }, 60_000);

  it('more rows than one import takes', async () => {
    const rows = Array.from({ length: importRowsMax + 1 }, (_, i) => [`App ${i}`]);
    await refusedFile('applications', csv([['Name'], ...rows]), /more than 10,000 rows/, 'big.csv', {
      code: 'too-many-rows',
      params: { limit: importRowsMax },
    });
  });

  it('formulas', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Applications');
    sheet.addRow(['Name', 'Vendor']);
    sheet.addRow(['Calc', { formula: 'CONCATENATE("A","B")', result: 'AB' }]);
    await refusedFile(
      'applications',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      /formulas.*B2/,
      'calc.xlsx',
      { code: 'formula-in-file', params: { cell: 'B2' } },
    );
  });

  it('a wrong sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Budget').addRow(['Account', 'Amount']);
    await refusedFile(
      'projects',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      /wrong sheet/,
      'budget.xlsx',
      {
        code: 'wrong-sheet',
        params: { column: 'Title' },
      },
    );
    await refusedFile('items', csv([['Name'], ['App']]), /wrong sheet/, 'apps.csv', {
      code: 'wrong-sheet',
      params: { column: 'Title' },
    });
  });

  it('a file over the size limit', async () => {
    await refusedFile(
      'applications',
      `Name\n${'x'.repeat(21 * 1024 * 1024)}`,
      /larger than 20 MB/,
      'huge.csv',
      { code: 'file-too-large', params: { limit: 20 } },
    );
  });
});

describe('a .xlsx to the format of sheets.ts (as the export writes it)', () => {
  it('round-trips projects with option labels, references by name and date cells, and items in a project', async () => {
    const app = await run('SaveApplication', { name: uniqueName('Portal') });
    const appName = (await read(`/api/applications/${app.id}`, app.position)).body.name as string;
    const existing = await run('SaveGroup', {
      title: uniqueName('Existing'),
      status: 3,
      start: '2031-01-01',
      end: '2031-07-01',
    });
    const existingTitle = (await read(`/api/groups/${existing.id}`, existing.position)).body.title as string;
    const programme = uniqueName('Programme');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Projets');
    // the columns of sheets.ts an edited export kept (columns left out are left alone)
    const keys = ['id', 'title', 'status', 'parent', 'start', 'end', 'applications', 'metric1', 'visible'];
    expect(keys.every((key) => sheetColumns.projects.some((column) => column.key === key))).toBe(true);
    sheet.addRow(keys.map((key) => sheetHeader(key, 'fr-CH')));
    sheet.getColumn(1).hidden = true;
    const row = (values: Record<string, unknown>) => keys.map((key) => values[key] ?? null);
    sheet.addRow(
      row({
        id: existing.id,
        title: existingTitle,
        status: 'En cours',
        start: new Date(Date.UTC(2031, 0, 1)),
        end: new Date(Date.UTC(2031, 5, 30)),
        metric1: 0,
        visible: true,
      }),
    );
    sheet.addRow(row({ title: programme, status: 'Planifié', visible: true }));
    sheet.addRow(
      row({
        title: uniqueName('Sub'),
        parent: programme,
        applications: appName,
        start: new Date(Date.UTC(2032, 2, 1)),
        metric1: 4,
        visible: false,
      }),
    );
    const preview = await previewOf(
      'projects',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      'projets.xlsx',
    );
    expect(preview.totals).toEqual({ create: 2, update: 1, unchanged: 0, refuse: 0 });
    // the only edit: the status, shown as the cells show it (dates equal as days, the end inclusive)
    expect(rowOf(preview, 2).changes).toEqual([{ field: 'Statut', before: 'Planifié', after: 'En cours' }]);
    const progress = await applied(preview.id);
    expect(progress.status).toBe('done');
    const programmeId = progress.applied.find((a) => a.row === 3)!.id;
    const subId = progress.applied.find((a) => a.row === 4)!.id;
    const sub = await read(`/api/groups/${subId}`, progress.position!);
    expect(sub.body).toMatchObject({
      parent: programmeId,
      applications: [app.id],
      metric1: 4,
      visible: false,
      start: '2032-03-01',
    });
    const updated = await read(`/api/groups/${existing.id}`, progress.position!);
    expect(updated.body).toMatchObject({ status: 4, end: '2031-07-01' });

    // items by title within their project: the second import of the same file changes nothing
    const items = new ExcelJS.Workbook();
    const itemSheet = items.addWorksheet('Items');
    itemSheet.addRow(['Title', 'Project', 'Start', 'End', 'Status']);
    itemSheet.addRow(['Kick-off', programme, new Date(Date.UTC(2032, 0, 5)), null, 'Open']);
    itemSheet.addRow(['Build', programme, '05.01.2032', '30.01.2032', 'In progress']);
    const file = Buffer.from(await items.xlsx.writeBuffer());
    const first = await previewOf('items', file, 'items.xlsx');
    expect(first.totals).toMatchObject({ create: 2, refuse: 0 });
    const done = await applied(first.id);
    expect(done.status).toBe('done');
    const build = await read(`/api/items/${done.applied.find((a) => a.row === 3)!.id}`, done.position!);
    expect(build.body).toMatchObject({
      group: programmeId,
      start: '2032-01-05T00:00',
      end: '2032-01-31T00:00',
      status: 2,
    });
    const second = await previewOf('items', file, 'items.xlsx');
    expect(second.totals).toEqual({ create: 0, update: 0, unchanged: 2, refuse: 0 });
  });
});
