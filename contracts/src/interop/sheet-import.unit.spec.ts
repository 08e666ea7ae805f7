import { defaultOptionLists } from '../options/option-lists';
import { importColumnsOf, isSheetOf, readBoolean, readDate, readNumber } from './sheet-cells';
import { importWants, planImport, refWants, resolvePending } from './sheet-import';
import type { ImportFacts, ImportRecord, ImportTable } from './sheet-import';

/** Facts with overridable defaults (STYLE 17): no records, German labels, no attributes. */
const facts = (overrides: Partial<ImportFacts> = {}): ImportFacts => ({
  language: 'de-CH',
  options: defaultOptionLists,
  attributes: [],
  records: [],
  refs: {},
  ...overrides,
});

const table = (headers: string[], ...rows: string[][]): ImportTable => ({ headers, rows, firstRow: 2 });

const project = (id: number, fields: Record<string, unknown>, version = 3): ImportRecord => ({
  id,
  version,
  deleted: false,
  fields: { title: `P${id}`, status: 3, start: null, end: null, applications: [], parent: null, ...fields },
});

describe('reading cells', () => {
  it('reads dates as dd.mm.yyyy or ISO, refusing impossible ones', () => {
    expect(readDate('03.02.2031')).toBe('2031-02-03');
    expect(readDate('3.2.2031')).toBe('2031-02-03');
    expect(readDate('2031-02-03')).toBe('2031-02-03');
    expect(() => readDate('31.02.2031')).toThrow('not a date');
    expect(() => readDate('soon')).toThrow('not a date');
  });

  it('reads numbers with a point or a comma and Swiss grouping, booleans in four languages', () => {
    expect(readNumber("1'250.5")).toBe(1250.5);
    expect(readNumber('2,5')).toBe(2.5);
    expect(() => readNumber('12abc')).toThrow('not a number');
    expect([readBoolean('Ja'), readBoolean('oui'), readBoolean('FALSE'), readBoolean('no')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(() => readBoolean('maybe')).toThrow('not yes or no');
  });

  it('maps headers of any language and attribute labels to columns, the first of a repeated one', () => {
    const columns = importColumnsOf(
      'projects',
      ['Titre', 'Status', 'Risiko', 'title', 'Unknown'],
      [{ key: 'risk', label: 'Risiko', type: 'number' }],
    );
    expect(columns.map((c) => [c.index, c.column.key])).toEqual([
      [0, 'title'],
      [1, 'status'],
      [2, 'attr:risk'],
    ]);
    expect(isSheetOf('projects', ['Titolo'])).toBe(true);
    expect(isSheetOf('applications', ['Titolo'])).toBe(false);
  });
});

describe('planning an import of projects', () => {
  it('matches by id, else by title, and shows each change as the cells show it', () => {
    const sheet = table(
      ['Id', 'Titel', 'Status', 'Beginn', 'Ende'],
      ['7', 'P7', 'In Arbeit', '01.01.2031', '30.06.2031'],
      ['', 'P8', 'Geplant', '', ''],
      ['', 'New one', 'Idee', '', ''],
    );
    const records = [project(7, { start: '2031-01-01', end: '2031-07-01' }), project(8, { title: 'P8' }, 0)];
    expect(importWants('projects', sheet, [])).toEqual({ ids: [7], names: ['P7', 'P8', 'New one'] });
    const plan = planImport('projects', sheet, facts({ records }));
    expect(plan.totals).toEqual({ create: 1, update: 1, unchanged: 1, refuse: 0 });
    expect(plan.rows[0]).toMatchObject({
      action: 'update',
      id: 7,
      changes: [{ field: 'Status', before: 'Geplant', after: 'In Arbeit' }],
      command: { data: { id: 7, version: 3, status: 4 }, pending: [], wave: 0 },
    });
    expect(plan.rows[1]).toMatchObject({ action: 'unchanged', id: 8 });
    expect(plan.rows[2]).toMatchObject({
      action: 'create',
      command: { data: { title: 'New one', status: 0 } },
    });
  });

  it('refuses a row per cell with its column and reason, and with the save command’s schema', () => {
    const sheet = table(
      ['Titel', 'Status', 'Kennzahl 1', 'Ressource'],
      ['A', 'Unbekannt', '', ''],
      ['B', '', 'viel', ''],
      ['C', '', '99', ''],
      ['D', '', '', 'Nobody'],
    );
    const plan = planImport('projects', sheet, facts({ refs: { resource: [] } }));
    expect(plan.rows.map((row) => row.refusals)).toEqual([
      [
        {
          column: 'Status',
          reason: expect.stringContaining('not one of the listed'),
          code: 'not-listed',
          value: 'Unbekannt',
        },
      ],
      [{ column: 'Kennzahl 1', reason: "'viel' is not a number", code: 'not-a-number', value: 'viel' }],
      [{ column: 'Kennzahl 1', reason: expect.any(String), code: 'invalid' }],
      [{ column: 'Ressource', reason: "no resource named 'Nobody'", code: 'unknown-ref', value: 'Nobody' }],
    ]);
    expect(plan.rows.every((row) => row.command === undefined)).toBe(true);
  });

  it('refuses an unknown id, a name that matches several records, and the same record twice', () => {
    const sheet = table(['Id', 'Titel'], ['404', 'Gone'], ['', 'Twin'], ['5', 'P5'], ['5', 'P5']);
    const records = [project(1, { title: 'Twin' }), project(2, { title: 'Twin' }), project(5, {})];
    const plan = planImport('projects', sheet, facts({ records }));
    expect(plan.rows.map((row) => row.refusals.map((r) => r.code))).toEqual([
      ['unknown-id'],
      ['ambiguous-name'],
      [],
      ['twice-in-file'],
    ]);
  });

  it('orders a parent created in the file before its children, and refuses a cycle', () => {
    const sheet = table(
      ['Titel', 'Übergeordnet'],
      ['Child', 'Parent'],
      ['Parent', ''],
      ['Loop A', 'Loop B'],
      ['Loop B', 'Loop A'],
    );
    const plan = planImport('projects', sheet, facts({ refs: { project: [] } }));
    expect(plan.rows.map((row) => [row.action, row.command?.wave])).toEqual([
      ['create', 1],
      ['create', 0],
      ['refuse', undefined],
      ['refuse', undefined],
    ]);
    expect(resolvePending(plan.rows[0]!.command!, new Map([[3, 42]]))).toMatchObject({
      title: 'Child',
      parent: 42,
    });
    expect(resolvePending(plan.rows[0]!.command!, new Map())).toBeNull();
  });

  it('looks up the names and ids the cells and the matched records refer to', () => {
    const sheet = table(['Titel', 'Applikationen', 'Übergeordnet'], ['P1', 'CRM; #12', ''], ['P2', '', 'P1']);
    const wants = refWants('projects', sheet, [], [project(1, { applications: [30], parent: 9 })]);
    expect(wants).toEqual({
      application: { ids: [12, 30], names: ['CRM'] },
      project: { ids: [9], names: ['P1'] },
    });
  });

  it('sets applications by name or #id and custom attributes beside the other values', () => {
    const sheet = table(['Id', 'Titel', 'Applikationen', 'Risiko'], ['1', 'P1', 'CRM; #12', '3']);
    const plan = planImport(
      'projects',
      sheet,
      facts({
        attributes: [{ key: 'risk', label: 'Risiko', type: 'number' }],
        records: [
          project(1, { title: 'P1', applications: [12], attributes: [{ key: 'other', value: 'x' }] }),
        ],
        refs: {
          application: [
            { id: 12, name: 'ERP' },
            { id: 13, name: 'CRM' },
          ],
        },
      }),
    );
    expect(plan.rows[0]).toMatchObject({
      action: 'update',
      changes: [
        { field: 'Applikationen', before: 'ERP', after: 'CRM; ERP' },
        { field: 'Risiko', before: '', after: '3' },
      ],
      command: {
        data: {
          applications: [13, 12],
          attributes: [
            { key: 'other', value: 'x' },
            { key: 'risk', value: 3 },
          ],
        },
      },
    });
  });
});

describe('planning an import of items', () => {
  it('matches an item by title within its project and keeps the time of an unchanged day', () => {
    const sheet = table(['Titel', 'Projekt', 'Beginn', 'Ende'], ['Build', 'CRM', '05.01.2032', '30.01.2032']);
    const item: ImportRecord = {
      id: 50,
      version: 1,
      deleted: false,
      fields: { title: 'Build', group: 2, start: '2032-01-05T08:00', end: '2032-01-31T00:00', status: 0 },
    };
    const other: ImportRecord = { ...item, id: 51, fields: { ...item.fields, group: 3 } };
    const plan = planImport(
      'items',
      sheet,
      facts({ records: [item, other], refs: { project: [{ id: 2, name: 'CRM' }] } }),
    );
    expect(plan.rows[0]).toMatchObject({ action: 'unchanged', id: 50 });
    const moved = planImport(
      'items',
      table(['Titel', 'Projekt', 'Ende'], ['Build', 'CRM', '31.01.2032']),
      facts({ records: [item], refs: { project: [{ id: 2, name: 'CRM' }] } }),
    );
    expect(moved.rows[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'Ende', before: '30.01.2032', after: '31.01.2032' }],
      command: { data: { end: '2032-02-01T00:00' } },
    });
  });

  it('refuses an end before the start', () => {
    const plan = planImport(
      'items',
      table(['Titel', 'Projekt', 'Beginn', 'Ende'], ['Late', 'CRM', '10.01.2032', '01.01.2032']),
      facts({ refs: { project: [{ id: 2, name: 'CRM' }] } }),
    );
    expect(plan.rows[0]!.refusals).toEqual([
      { column: 'Ende', reason: expect.stringContaining('end'), code: 'invalid' },
    ]);
  });
});
