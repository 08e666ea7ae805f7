import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { sheetHeader, exportColumns } from '@fahrplan/contracts';
import type { ConsoleLanguage, ImportPreview, SheetKind } from '@fahrplan/contracts';
import { Writable } from 'node:stream';
import type { Response } from 'express';
import { ExportsController } from '@fahrplan/projection-service/testing';
import { aTask, anApplication, uniqueName } from '../src/testing/platform';
import { adminApi } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';

/** Issue 23: every list exported as .xlsx and CSV over real HTTP, read back and compared with the list. */
const platform = platformForSuite();
const { run, read, userWith } = adminApi(() => platform);

interface Download {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Buffer;
}

const download = async (path: string, token = platform.admin): Promise<Download> => {
  const response = await fetch(`${platform.api.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
};

type Cell = string | number | boolean | Date | null;

/** The first sheet of an .xlsx: its header row, its rows, and which columns are hidden. */
const readXlsx = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  const sheet = workbook.worksheets[0]!;
  const width = sheet.getRow(1).cellCount;
  const rowValues = (n: number): Cell[] =>
    Array.from({ length: width }, (_, i) => (sheet.getRow(n).getCell(i + 1).value ?? null) as Cell);
  return {
    headers: rowValues(1),
    rows: Array.from({ length: sheet.actualRowCount - 1 }, (_, i) => rowValues(i + 2)),
    hidden: Array.from({ length: width }, (_, i) => sheet.getColumn(i + 1).hidden),
  };
};

/** A CSV as Fahrplan writes it: a byte order mark, `;`, CRLF. */
const readCsv = (bytes: Buffer) => {
  const text = bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(text).toContain('\r\n');
  const [headers, ...rows] = parsed.data;
  return { headers: headers!, rows };
};

const attributeLabels = async (key: 'applicationAttributes' | 'projectAttributes' | 'taskAttributes') =>
  ((await platform.api.get('/api/me', platform.admin)).body[key] as { label: string }[]).map((a) => a.label);

const expectedHeaders = (kind: SheetKind, language: ConsoleLanguage, attributes: readonly string[]) => [
  ...exportColumns(kind).map((c) => sheetHeader(c.key, language)),
  ...attributes,
];

const column = (kind: SheetKind, key: string) => exportColumns(kind).findIndex((c) => c.key === key);

describe('GET /api/exports/<kind>.<xlsx|csv>', () => {
  const tag = uniqueName('Export').replace(/\W/g, '');
  let parentApp: { id: number; position: number };
  let apps: { id: number; position: number }[];
  let resource: { id: number };
  let parent: { id: number };
  let projects: { id: number; position: number }[];
  let items: { id: number; position: number }[];

  beforeAll(async () => {
    parentApp = await run('SaveApplication', anApplication({ name: `${tag} base` }));
    apps = [
      await run('SaveApplication', anApplication({ name: `${tag} alpha`, parent: parentApp.id })),
      await run('SaveApplication', anApplication({ name: `${tag} beta`, start: '2027-02-03' })),
    ];
    resource = await run('SaveResource', { name: `${tag} team` });
    parent = await run('SaveGroup', { title: `${tag} programme`, status: 4 });
    projects = [
      await run('SaveGroup', {
        title: `${tag} one`,
        status: 3,
        phase: 3,
        parent: parent.id,
        resource: resource.id,
        applications: apps.map((a) => a.id),
        start: '2031-01-15',
        end: '2031-12-31',
        metric1: 2,
      }),
      await run('SaveGroup', { title: `${tag} two`, status: 3 }),
    ];
    items = [
      await run(
        'SaveItem',
        aTask(projects[0]!.id, { title: `${tag} task`, resource: resource.id, effort: 3 }),
      ),
      await run(
        'SaveItem',
        aTask(projects[0]!.id, {
          title: `${tag} milestone`,
          subgroup: 'milestones',
          end: null,
          start: '2031-03-04T00:00',
        }),
      ),
      await run(
        'SaveItem',
        aTask(projects[1]!.id, { title: `${tag} later`, start: '2035-01-01T00:00', end: '2035-01-05T00:00' }),
      ),
    ];
  }, 60_000);

  it('exports the applications as filtered on screen to .xlsx: de-CH headers, the id column hidden, rows as the list', async () => {
    const position = items.at(-1)!.position;
    const list = await read(`/api/applications?q=${tag}&sort=-name`, position);
    const file = await download(`/api/exports/applications.xlsx?q=${tag}&sort=-name&lang=de-CH`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const sheet = await readXlsx(file.bytes);

    expect(sheet.headers).toEqual(
      expectedHeaders('applications', 'de-CH', await attributeLabels('applicationAttributes')),
    );
    expect(sheet.hidden[0]).toBe(true);
    expect(sheet.hidden.slice(1).some(Boolean)).toBe(false);
    const ids = list.body.items.map((a: { id: number }) => a.id);
    expect(ids).toHaveLength(3);
    expect(sheet.rows.map((row) => row[0])).toEqual(ids);
    const alpha = sheet.rows.find((row) => row[1] === `${tag} alpha`)!;
    expect(alpha[column('applications', 'parent')]).toBe(`${tag} base`);
    const beta = sheet.rows.find((row) => row[1] === `${tag} beta`)!;
    expect(beta[column('applications', 'start')]).toEqual(new Date(Date.UTC(2027, 1, 3)));
  }, 30_000);

  it('exports the projects filtered by status to CSV in fr-CH: labels, names of references, dd.mm.yyyy', async () => {
    const list = await read(`/api/groups?q=${tag}&status=3`, items.at(-1)!.position);
    const file = await download(`/api/exports/projects.csv?q=${tag}&status=3&lang=fr-CH`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    const csv = readCsv(file.bytes);

    expect(csv.headers).toEqual(
      expectedHeaders('projects', 'fr-CH', await attributeLabels('projectAttributes')),
    );
    expect(csv.rows.map((row) => Number(row[0]))).toEqual(list.body.items.map((p: { id: number }) => p.id));
    expect(csv.rows.map((row) => row[1])).toEqual([`${tag} one`, `${tag} two`]);
    const one = csv.rows[0]!;
    expect(one[column('projects', 'status')]).toBe('Planifié');
    expect(one[column('projects', 'phase')]).toBe('Déploiement');
    expect(one[column('projects', 'parent')]).toBe(`${tag} programme`);
    expect(one[column('projects', 'resource')]).toBe(`${tag} team`);
    expect(one[column('projects', 'applications')]).toBe(`${tag} alpha; ${tag} beta`);
    expect(one[column('projects', 'start')]).toBe('15.01.2031');
    expect(one[column('projects', 'metric1')]).toBe('2');
    expect(one[column('projects', 'visible')]).toBe('true');
  }, 30_000);

  /** The file as an import reads it back: `POST /api/imports`, the preview's answer. */
  const previewOf = async (
    kind: 'projects' | 'items',
    file: Download,
    name: string,
  ): Promise<ImportPreview> => {
    const response = await fetch(`${platform.api.baseUrl}/api/imports?kind=${kind}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${platform.admin}`,
        'content-type': file.headers.get('content-type')!,
        'x-file-name': name,
      },
      body: new Uint8Array(file.bytes),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as ImportPreview;
  };

  it('round-trips: an exported file imported again changes nothing, in .xlsx and CSV, projects and items', async () => {
    await read(`/api/groups?q=${tag}`, items.at(-1)!.position);
    const window = `from=2031-01-01&to=2036-01-01&group=${projects[0]!.id},${projects[1]!.id}`;
    for (const [kind, query, rows] of [
      ['projects', `q=${tag}&lang=fr-CH`, 3],
      ['items', `${window}&lang=en`, 3],
    ] as const)
      for (const format of ['xlsx', 'csv'] as const) {
        const file = await download(`/api/exports/${kind}.${format}?${query}`);
        const preview = await previewOf(kind, file, `${kind}.${format}`);
        expect({ kind, format, totals: preview.totals }).toEqual({
          kind,
          format,
          totals: { create: 0, update: 0, unchanged: rows, refuse: 0 },
        });
      }
  }, 60_000);

  it("round-trips a project's account by its name, even where an application's account has that name too", async () => {
    // accounts are named after their owner (§3): the project's and the application's are both `name`
    // (not named after `tag`, which the other tests' lists filter on)
    const name = uniqueName('Twin').replace(/\W/g, '');
    const twin = await run('SaveGroup', { title: name, status: 3, projectNr: 'P-TWIN' });
    const app = await run('SaveApplication', anApplication({ name, assetNr: 'A-TWIN' }));
    const accounts = [
      await run('CreateAccount', { refType: 'group', refId: twin.id }),
      await run('CreateAccount', { refType: 'application', refId: app.id }),
    ];
    const fields = { title: name, status: 3, projectNr: 'P-TWIN', account: accounts[0]!.id };
    const linked = await run('SaveGroup', { id: twin.id, version: 0, ...fields });
    await read(`/api/groups?q=${name}`, linked.position);
    for (const format of ['xlsx', 'csv'] as const) {
      const file = await download(`/api/exports/projects.${format}?q=${name}&lang=en`);
      const preview = await previewOf('projects', file, `twin.${format}`);
      expect({
        format,
        totals: preview.totals,
        refusals: preview.rows.flatMap((row) => row.refusals),
      }).toEqual({
        format,
        totals: { create: 0, update: 0, unchanged: 1, refuse: 0 },
        refusals: [],
      });
    }
  }, 60_000);

  it('round-trips the edits: two cells changed in an exported CSV are the only changes the import previews', async () => {
    const file = await download(`/api/exports/projects.csv?q=${tag}&lang=en`);
    const csv = readCsv(file.bytes);
    csv.rows[0]![column('projects', 'shortname')] = 'EDITED';
    csv.rows[1]![column('projects', 'end')] = '31.12.2033';
    const edited = Papa.unparse([csv.headers, ...csv.rows], { delimiter: ';' });
    const preview = await previewOf(
      'projects',
      { ...file, bytes: Buffer.from(`\uFEFF${edited}`, 'utf8') },
      'projects-edited.csv',
    );
    expect(preview.totals).toEqual({ create: 0, update: 2, unchanged: 1, refuse: 0 });
    expect(
      preview.rows
        .filter((row) => row.action !== 'unchanged')
        .map((row) => row.changes.map((change) => [change.field, change.after])),
    ).toEqual([[['Short name', 'EDITED']], [['End', '31.12.2033']]]);
  }, 30_000);

  it('labels options in de-CH when the user asks for German, in .xlsx as in CSV', async () => {
    const xlsx = await readXlsx(
      (await download(`/api/exports/projects.xlsx?q=${tag}&status=3&lang=de-CH`)).bytes,
    );
    const csv = readCsv((await download(`/api/exports/projects.csv?q=${tag}&status=3&lang=de-CH`)).bytes);

    expect(xlsx.rows[0]![column('projects', 'status')]).toBe('Geplant');
    expect(csv.rows[0]![column('projects', 'status')]).toBe('Geplant');
    expect(xlsx.rows[0]![column('projects', 'start')]).toEqual(new Date(Date.UTC(2031, 0, 15)));
    expect(xlsx.rows.map((row) => row[0])).toEqual(csv.rows.map((row) => Number(row[0])));
  }, 30_000);

  it("exports the items of the timeline's window and filters, as the timeline lists them", async () => {
    const window = `from=2031-01-01&to=2032-01-01&group=${projects[0]!.id},${projects[1]!.id}`;
    const timeline = await read(`/api/timeline?${window}&detail=items`, items.at(-1)!.position);
    const xlsx = await readXlsx((await download(`/api/exports/items.xlsx?${window}&lang=en`)).bytes);
    const csv = readCsv((await download(`/api/exports/items.csv?${window}&lang=en`)).bytes);

    const ids = timeline.body.items.map((i: { id: number }) => i.id);
    expect(ids.sort()).toEqual([items[0]!.id, items[1]!.id].sort());
    expect(xlsx.rows.map((row) => row[0])).toEqual(timeline.body.items.map((i: { id: number }) => i.id));
    expect(csv.rows.map((row) => Number(row[0]))).toEqual(xlsx.rows.map((row) => row[0]));
    const task = xlsx.rows.find((row) => row[1] === `${tag} task`)!;
    expect(task[column('items', 'group')]).toBe(`${tag} one`);
    expect(task[column('items', 'resource')]).toBe(`${tag} team`);
    expect(task[column('items', 'effort')]).toBe(3);
    expect(task[column('items', 'start')]).toEqual(new Date(Date.UTC(2031, 2, 3)));
    const milestone = csv.rows.find((row) => row[1] === `${tag} milestone`)!;
    expect(milestone[column('items', 'start')]).toBe('04.03.2031');
    expect(milestone[column('items', 'end')]).toBe('');
  }, 30_000);

  it('exports the goals and an account with its entries', async () => {
    const goal = await run('CreateGoal', { name: `${tag} goal`, type: 'STRATEGY', rank: 7 });
    const child = await run('CreateGoal', { name: `${tag} subgoal`, parent: goal.id, rank: 8 });
    const goals = await read('/api/goals?limit=1000', child.position);
    const goalCsv = readCsv((await download('/api/exports/goals.csv?lang=en')).bytes);
    expect(goalCsv.headers).toEqual(expectedHeaders('goals', 'en', []));
    expect(goalCsv.rows.map((row) => Number(row[0]))).toEqual(
      goals.body.items.map((g: { id: number }) => g.id),
    );
    expect(goalCsv.rows.find((row) => Number(row[0]) === child.id)![column('goals', 'parent')]).toBe(
      `${tag} goal`,
    );

    const account = await run('CreateAccount', { refType: 'application', refId: apps[0]!.id });
    const entries = [
      { sicht: 'Budget', periode: '2031', amount: 1234.5 },
      { sicht: 'Ist', periode: '2031', amount: -20 },
    ];
    const added = await run('AddAccountEntries', { accountId: account.id, entries });
    await read(`/api/accounts/${account.id}`, added.position);
    const sheet = await readXlsx(
      (await download(`/api/exports/accounts.xlsx?account=${account.id}&lang=de-CH`)).bytes,
    );
    expect(sheet.headers).toEqual(expectedHeaders('accounts', 'de-CH', []));
    expect(sheet.hidden[0]).toBe(true);
    expect(sheet.rows.map((row) => [row[0], row[3], row[5]])).toEqual([
      [account.id, 'Budget', 1234.5],
      [account.id, 'Ist', -20],
    ]);
  }, 30_000);

  it('answers as of an instant (asOf) as the list does: before the records existed, none of them', async () => {
    const now = await download(`/api/exports/projects.csv?q=${tag}`);
    const then = await download(`/api/exports/projects.csv?q=${tag}&asOf=2001-01-01T00:00:00Z`);
    expect(readCsv(now.bytes).rows).toHaveLength(3);
    expect(then.status).toBe(200);
    expect(then.headers.get('x-fahrplan-as-of-position')).not.toBeNull();
    expect(readCsv(then.bytes).rows).toEqual([]);
  }, 30_000);

  it.each([
    ['an unknown sort', '/api/exports/projects.csv?sort=bogus', 'sort'],
    ['a status that is no number', '/api/exports/projects.xlsx?status=planned', 'status'],
    ['an items export without a window', '/api/exports/items.xlsx', 'from'],
    ['an account export without an account', '/api/exports/accounts.csv', 'account'],
    ['an unknown language', '/api/exports/applications.csv?lang=es-ES', 'lang'],
    [
      'a window end that is no date, where the kind ignores it',
      '/api/exports/applications.xlsx?to=null',
      'to',
    ],
    [
      'an account that is no number, where the kind ignores it',
      '/api/exports/applications.xlsx?account=null',
      'account',
    ],
    [
      'a search given twice, where the kind ignores it',
      '/api/exports/items.csv?from=2031-01-01&to=2031-02-01&q=a&q=b',
      'q',
    ],
    ['a window end given twice', '/api/exports/items.csv?from=2031-01-01&to=2031-02-01&to=2031-03-01', 'to'],
  ])('refuses %s with a 400 naming the parameter', async (_, path, field) => {
    const reply = await platform.api.get(path, platform.admin);
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toContain('application/problem+json');
    expect(JSON.stringify(reply.body)).toContain(field);
  });

  it.each(['/api/exports/users.csv', '/api/exports/projects.pdf', '/api/exports/projects.csv.xlsx'])(
    'answers 404 for %s',
    async (path) => {
      expect((await platform.api.get(path, platform.admin)).status).toBe(404);
    },
  );

  it('forbids an export to a user who may not view the list, and answers 401 without a token', async () => {
    const itemsOnly = await userWith({ items: ['VIEW'] });
    expect((await platform.api.get('/api/exports/applications.xlsx', itemsOnly)).status).toBe(403);
    expect((await platform.api.get('/api/exports/projects.csv', itemsOnly)).status).toBe(403);
    expect(
      (await platform.api.get('/api/exports/items.csv?from=2031-01-01&to=2031-02-01', itemsOnly)).status,
    ).toBe(200);
    expect((await platform.api.get('/api/exports/projects.csv')).status).toBe(401);
  }, 30_000);

  it("never exports another tenant's records", async () => {
    const theirs = readCsv((await download('/api/exports/applications.csv', platform.otherAdmin)).bytes);
    expect(theirs.rows.map((row) => row[1])).toEqual(['Other Secret App']);
    const ours = readCsv((await download('/api/exports/applications.csv?limit=5')).bytes);
    expect(ours.rows.map((row) => row[1])).not.toContain('Other Secret App');
    expect(ours.rows.length).toBeGreaterThan(3);
    const account = await download(`/api/exports/accounts.csv?account=${platform.other.account}`);
    expect(account.status).toBe(404);
    const projects = readCsv(
      (await download(`/api/exports/projects.csv?q=${tag}`, platform.otherAdmin)).bytes,
    );
    expect(projects.rows).toEqual([]);
  }, 30_000);

  it("answers 429 to a user's second export while the first is still sending, and takes one again once it ended", async () => {
    // the first export's client takes nothing: it waits on the full response, as a slow download does
    const stalled = Object.assign(new Writable({ highWaterMark: 1, write: () => undefined }), {
      status: () => stalled,
      setHeader: () => stalled,
    });
    const admin = platform.embedded.directory.user('demo', 'admin')!;
    const principal = { userId: admin.id, tenant: 'demo', username: 'admin' };
    const controller = platform.embedded.app.get(ExportsController, { strict: false });
    // it holds the user's turn from its first step: the second request comes while it waits on the client
    const first = controller.export(principal, 'applications.csv', {}, stalled as unknown as Response);
    const second = await platform.api.get('/api/exports/projects.csv', platform.admin);
    expect({ status: second.status, retryAfter: second.headers.get('retry-after') }).toEqual({
      status: 429,
      retryAfter: expect.stringMatching(/^\d+$/),
    });
    const viewer = await platform.api.get('/api/exports/applications.csv', platform.viewer);
    expect(viewer.status).toBe(200);
    stalled.destroy();
    await first;
    expect((await download('/api/exports/applications.csv')).status).toBe(200);
  });
});
