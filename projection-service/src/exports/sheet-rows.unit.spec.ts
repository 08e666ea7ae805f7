import { defaultOptionLists, exportColumns, sheetHeader } from '@fahrplan/contracts';
import type { AttributeDefinition, SheetRefKind } from '@fahrplan/contracts';
import { csvCell, dateCell, rowContext, sheetLayout, sheetRow } from './sheet-rows';

const names: Partial<Record<SheetRefKind, Record<number, string>>> = {
  project: { 7: 'Programme' },
  resource: { 3: 'Team Bern' },
  application: { 11: 'SAP', 12: 'Jira' },
  account: {},
};
const context = (language: 'de-CH' | 'fr-CH' | 'en' = 'de-CH') =>
  rowContext(defaultOptionLists, language, (kind, id) => names[kind]?.[id]);

/** A project as the portfolio answers it, with overridable fields (STYLE 17). */
const aProject = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 42,
  title: 'Cloud move',
  shortname: null,
  projectNr: 'P-9',
  status: 3,
  phase: 0,
  healthStatus: 3,
  art: 0,
  klasse: 0,
  parent: 7,
  start: '2031-01-15',
  end: null,
  resource: 3,
  applications: [11, 12],
  metric1: 2,
  metric2: null,
  metric3: null,
  metric4: 0.5,
  contact: '',
  iamId: null,
  cockpitid: null,
  docUrl: null,
  account: 99,
  visible: false,
  description: 'Move to the cloud',
  attributes: [
    { key: 'budgetCode', value: 'BC-1' },
    { key: 'goLive', value: '2031-06-30' },
    { key: 'risk', value: 4 },
  ],
  ...overrides,
});

const attributes: AttributeDefinition[] = [
  { key: 'budgetCode', label: 'Budgetcode', type: 'text' },
  { key: 'goLive', label: 'Go-live', type: 'date' },
  { key: 'risk', label: 'Risiko', type: 'number' },
  { key: 'unset', label: 'Leer', type: 'boolean' },
];

const cellOf = (row: unknown[], kind: 'projects' | 'items' | 'applications', key: string) =>
  row[exportColumns(kind).findIndex((c) => c.key === key)];

describe('sheetLayout', () => {
  it("heads the kind's columns in the language, then the custom attributes by their label", () => {
    const layout = sheetLayout('projects', attributes, 'fr-CH');

    expect(layout.headers.slice(0, 3)).toEqual(['Id', 'Titre', 'Nom court']);
    expect(layout.headers.slice(-4)).toEqual(['Budgetcode', 'Go-live', 'Risiko', 'Leer']);
    expect(layout.columns.slice(-4)).toEqual([
      { key: 'attr:budgetCode', cell: 'text' },
      { key: 'attr:goLive', cell: 'date' },
      { key: 'attr:risk', cell: 'number' },
      { key: 'attr:unset', cell: 'boolean' },
    ]);
    expect(layout.headers).toHaveLength(exportColumns('projects').length + attributes.length);
  });

  it('heads the export-only kinds from the same header table, and adds no attributes to them', () => {
    const layout = sheetLayout('accounts', [], 'de-CH');
    expect(layout.headers).toEqual(exportColumns('accounts').map((c) => sheetHeader(c.key, 'de-CH')));
    expect(layout.headers).toContain('Betrag');
  });
});

describe('sheetRow', () => {
  const { columns } = sheetLayout('projects', attributes, 'de-CH');

  it('labels options in the language of the export', () => {
    expect(cellOf(sheetRow(columns, aProject(), context('de-CH')), 'projects', 'status')).toBe('Geplant');
    expect(cellOf(sheetRow(columns, aProject(), context('fr-CH')), 'projects', 'status')).toBe('Planifié');
    expect(cellOf(sheetRow(columns, aProject(), context('en')), 'projects', 'healthStatus')).toBe('Critical');
  });

  it('writes a value no option lists as its code, so nothing is lost', () => {
    expect(cellOf(sheetRow(columns, aProject({ status: 77 }), context()), 'projects', 'status')).toBe('77');
  });

  it("names references, several joined by '; ', and one it cannot name as #id", () => {
    const row = sheetRow(columns, aProject(), context());

    expect(cellOf(row, 'projects', 'parent')).toBe('Programme');
    expect(cellOf(row, 'projects', 'resource')).toBe('Team Bern');
    expect(cellOf(row, 'projects', 'applications')).toBe('SAP; Jira');
    expect(cellOf(row, 'projects', 'account')).toBe('#99');
    expect(
      cellOf(sheetRow(columns, aProject({ applications: [] }), context()), 'projects', 'applications'),
    ).toBeNull();
  });

  it('makes dates date cells at UTC midnight, a date-time by its date part', () => {
    const row = sheetRow(columns, aProject(), context());
    expect(cellOf(row, 'projects', 'start')).toEqual(new Date(Date.UTC(2031, 0, 15)));
    expect(cellOf(row, 'projects', 'end')).toBeNull();
    expect(dateCell('2031-03-04T13:30')).toEqual(new Date(Date.UTC(2031, 2, 4)));
  });

  it('keeps numbers, booleans and ids as such, and empty text as nothing', () => {
    const row = sheetRow(columns, aProject(), context());
    expect(row[0]).toBe(42);
    expect(cellOf(row, 'projects', 'metric4')).toBe(0.5);
    expect(cellOf(row, 'projects', 'metric2')).toBeNull();
    expect(cellOf(row, 'projects', 'visible')).toBe(false);
    expect(cellOf(row, 'projects', 'contact')).toBeNull();
  });

  it("fills the attribute columns from the record's values by key, by the attribute's type", () => {
    const row = sheetRow(columns, aProject(), context());
    expect(row.slice(-4)).toEqual(['BC-1', new Date(Date.UTC(2031, 5, 30)), 4, null]);
    expect(sheetRow(columns, aProject({ attributes: undefined }), context()).slice(-4)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('csvCell', () => {
  it('writes dates dd.mm.yyyy, numbers with a decimal point, booleans as true/false, nothing as empty', () => {
    expect(csvCell(new Date(Date.UTC(2031, 0, 5)))).toBe('05.01.2031');
    expect(csvCell(1234.5)).toBe('1234.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Planifié')).toBe('Planifié');
  });
});
