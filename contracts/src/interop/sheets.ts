import type { OptionListKind } from '../options/option-lists';
import type { ConsoleLanguage } from '../preferences/preferences';

/**
 * Issue 23: the spreadsheet format Fahrplan exports and imports (.xlsx and CSV). One sheet per file,
 * one row per record, the header row in the user's language. The `id` column is hidden in .xlsx (and
 * present in CSV); an import matches a header in any of the four languages or the column's key, so
 * a file exported in French imports in a German console.
 */
export const sheetKinds = ['applications', 'projects', 'items', 'accounts', 'goals'] as const;
export type SheetKind = (typeof sheetKinds)[number];

/** The kinds an import creates and updates; accounts and goals are export only. */
export const importableSheetKinds = ['applications', 'projects', 'items'] as const;
export type ImportableSheetKind = (typeof importableSheetKinds)[number];

export const sheetFormats = ['xlsx', 'csv'] as const;
export type SheetFormat = (typeof sheetFormats)[number];

/** Rows one import may hold; a larger file is refused whole (400) before anything is read further. */
export const importRowsMax = 10_000;
/** Bytes of one uploaded file (a 10,000-row .xlsx of every column is about 2 MB). */
export const importBytesMax = 20 * 1024 * 1024;

/**
 * How a cell is written and read:
 * - `id`: the record's number, hidden; empty for a new row.
 * - `text`, `number`, `boolean`, `date` (dd.mm.yyyy in CSV, a date cell in .xlsx).
 * - `option`: the label of the tenant's option list in the user's language; an import also takes
 *   the stored code or the label in any language.
 * - `ref`: another record by name (its title); an import also takes `#<id>`.
 * - `refs`: several, separated by `; `.
 */
export type SheetCellKind = 'id' | 'text' | 'number' | 'boolean' | 'date' | 'option' | 'ref' | 'refs';
export type SheetRefKind = 'application' | 'project' | 'resource' | 'account' | 'item' | 'goal';

export interface SheetColumn {
  /** The field of the record (the save command's field name, or `attr:<key>` for a custom attribute). */
  readonly key: string;
  readonly cell: SheetCellKind;
  readonly list?: OptionListKind;
  readonly ref?: SheetRefKind;
  /** Shown on export, ignored on import (e.g. a computed total). */
  readonly readOnly?: boolean;
}

const id: SheetColumn = { key: 'id', cell: 'id' };
const text = (key: string): SheetColumn => ({ key, cell: 'text' });
const date = (key: string): SheetColumn => ({ key, cell: 'date' });
const ref = (key: string, to: SheetRefKind): SheetColumn => ({ key, cell: 'ref', ref: to });

/**
 * The fixed columns per kind, in order; the tenant's custom attributes follow as `attr:<key>`
 * columns headed by their label. Accounts and goals are defined by their export.
 */
export const sheetColumns: Readonly<Record<ImportableSheetKind, readonly SheetColumn[]>> = {
  applications: [
    id,
    text('name'),
    text('shortname'),
    text('release'),
    { key: 'status', cell: 'text' },
    ref('parent', 'application'),
    date('start'),
    date('end'),
    text('contact'),
    text('provider'),
    text('vendor'),
    text('assetNr'),
    text('cockpitid'),
    text('docUrl'),
    ref('account', 'account'),
    text('description'),
  ],
  projects: [
    id,
    text('title'),
    text('shortname'),
    text('projectNr'),
    { key: 'status', cell: 'option', list: 'projectStatus' },
    { key: 'phase', cell: 'option', list: 'projectPhase' },
    { key: 'healthStatus', cell: 'option', list: 'projectHealth' },
    { key: 'art', cell: 'option', list: 'projectArt' },
    { key: 'klasse', cell: 'option', list: 'projectKlasse' },
    ref('parent', 'project'),
    date('start'),
    date('end'),
    ref('resource', 'resource'),
    { key: 'applications', cell: 'refs', ref: 'application' },
    { key: 'metric1', cell: 'number' },
    { key: 'metric2', cell: 'number' },
    { key: 'metric3', cell: 'number' },
    { key: 'metric4', cell: 'number' },
    text('contact'),
    text('iamId'),
    text('cockpitid'),
    text('docUrl'),
    ref('account', 'account'),
    { key: 'visible', cell: 'boolean' },
    text('description'),
  ],
  items: [
    id,
    text('title'),
    text('subtitle'),
    text('shortname'),
    ref('group', 'project'),
    { key: 'start', cell: 'date' },
    { key: 'end', cell: 'date' },
    { key: 'effort', cell: 'number' },
    ref('resource', 'resource'),
    { key: 'status', cell: 'option', list: 'itemStatus' },
    text('jiraid'),
    text('docUrl'),
    text('description'),
  ],
};

/**
 * The columns of the kinds exported only: an account one row per entry (the account's number and name
 * repeated, its id hidden), the goals one row each. Import refuses these kinds.
 */
export const exportOnlyColumns: Readonly<
  Record<Exclude<SheetKind, ImportableSheetKind>, readonly SheetColumn[]>
> = {
  accounts: [
    id,
    text('accountNumber'),
    text('name'),
    text('sicht'),
    text('periode'),
    { key: 'amount', cell: 'number' },
    text('projekt'),
    text('typ'),
    text('gruppe'),
  ],
  goals: [
    id,
    text('name'),
    ref('parent', 'goal'),
    text('type'),
    { key: 'rank', cell: 'number' },
    { key: 'assignable', cell: 'boolean' },
    text('description'),
  ],
};

/** The fixed columns an export of `kind` writes (custom attributes follow for the importable kinds). */
export const exportColumns = (kind: SheetKind): readonly SheetColumn[] =>
  kind === 'accounts' || kind === 'goals' ? exportOnlyColumns[kind] : sheetColumns[kind];

/**
 * CSV as Fahrplan writes it: UTF-8 with a byte order mark, `;` between cells (what Excel set to Swiss
 * German, French or Italian expects), CRLF lines, dates as dd.mm.yyyy, numbers with a `.` decimal
 * point and no grouping, booleans as `true`/`false`. An import also takes `,` and no byte order mark.
 */
export const sheetCsvSeparator = ';';

/** A stored date (`YYYY-MM-DD`, or a date-time whose date part is taken) as a CSV cell: dd.mm.yyyy. */
export const sheetDateText = (stored: string): string =>
  `${stored.slice(8, 10)}.${stored.slice(5, 7)}.${stored.slice(0, 4)}`;

/** The prefix of a custom attribute's column key. */
export const attributeColumnPrefix = 'attr:';

/** Column headers per language; a key missing in a language falls back to English. */
export const sheetHeaders: Readonly<Record<ConsoleLanguage, Readonly<Record<string, string>>>> = {
  en: {
    id: 'Id',
    name: 'Name',
    title: 'Title',
    subtitle: 'Subtitle',
    shortname: 'Short name',
    release: 'Release',
    status: 'Status',
    phase: 'Phase',
    healthStatus: 'Health',
    art: 'Type',
    klasse: 'Class',
    parent: 'Parent',
    group: 'Project',
    start: 'Start',
    end: 'End',
    effort: 'Effort (PD)',
    resource: 'Resource',
    applications: 'Applications',
    metric1: 'Key figure 1',
    metric2: 'Key figure 2',
    metric3: 'Key figure 3',
    metric4: 'Key figure 4',
    contact: 'Contact',
    provider: 'Provider',
    vendor: 'Vendor',
    assetNr: 'Asset no.',
    projectNr: 'Project no.',
    iamId: 'IAM id',
    cockpitid: 'Cockpit id',
    jiraid: 'Issue',
    docUrl: 'Documentation',
    account: 'Account',
    visible: 'Visible',
    description: 'Description',
    accountNumber: 'Account no.',
    sicht: 'View',
    periode: 'Period',
    amount: 'Amount',
    projekt: 'Project code',
    typ: 'Entry type',
    gruppe: 'Group',
    type: 'Type',
    rank: 'Rank',
    assignable: 'Assignable',
  },
  'de-CH': {
    id: 'Id',
    name: 'Name',
    title: 'Titel',
    subtitle: 'Untertitel',
    shortname: 'Kurzname',
    release: 'Release',
    status: 'Status',
    phase: 'Phase',
    healthStatus: 'Zustand',
    art: 'Art',
    klasse: 'Klasse',
    parent: 'Übergeordnet',
    group: 'Projekt',
    start: 'Beginn',
    end: 'Ende',
    effort: 'Aufwand (PT)',
    resource: 'Ressource',
    applications: 'Applikationen',
    metric1: 'Kennzahl 1',
    metric2: 'Kennzahl 2',
    metric3: 'Kennzahl 3',
    metric4: 'Kennzahl 4',
    contact: 'Kontakt',
    provider: 'Betreiber',
    vendor: 'Hersteller',
    assetNr: 'Asset-Nr.',
    projectNr: 'Projekt-Nr.',
    iamId: 'IAM-Id',
    cockpitid: 'Cockpit-Id',
    jiraid: 'Vorgang',
    docUrl: 'Dokumentation',
    account: 'Konto',
    visible: 'Sichtbar',
    description: 'Beschreibung',
    accountNumber: 'Konto-Nr.',
    sicht: 'Sicht',
    periode: 'Periode',
    amount: 'Betrag',
    projekt: 'Projektcode',
    typ: 'Buchungstyp',
    gruppe: 'Gruppe',
    type: 'Typ',
    rank: 'Rang',
    assignable: 'Zuweisbar',
  },
  'fr-CH': {
    id: 'Id',
    name: 'Nom',
    title: 'Titre',
    subtitle: 'Sous-titre',
    shortname: 'Nom court',
    release: 'Version',
    status: 'Statut',
    phase: 'Phase',
    healthStatus: 'État',
    art: 'Type',
    klasse: 'Classe',
    parent: 'Parent',
    group: 'Projet',
    start: 'Début',
    end: 'Fin',
    effort: 'Charge (JH)',
    resource: 'Ressource',
    applications: 'Applications',
    metric1: 'Indicateur 1',
    metric2: 'Indicateur 2',
    metric3: 'Indicateur 3',
    metric4: 'Indicateur 4',
    contact: 'Contact',
    provider: 'Exploitant',
    vendor: 'Fournisseur',
    assetNr: 'N° d’actif',
    projectNr: 'N° de projet',
    iamId: 'Id IAM',
    cockpitid: 'Id cockpit',
    jiraid: 'Ticket',
    docUrl: 'Documentation',
    account: 'Compte',
    visible: 'Visible',
    description: 'Description',
    accountNumber: 'N° de compte',
    sicht: 'Vue',
    periode: 'Période',
    amount: 'Montant',
    projekt: 'Code projet',
    typ: 'Type d’écriture',
    gruppe: 'Groupe',
    type: 'Type',
    rank: 'Rang',
    assignable: 'Attribuable',
  },
  'it-CH': {
    id: 'Id',
    name: 'Nome',
    title: 'Titolo',
    subtitle: 'Sottotitolo',
    shortname: 'Nome breve',
    release: 'Versione',
    status: 'Stato',
    phase: 'Fase',
    healthStatus: 'Salute',
    art: 'Tipo',
    klasse: 'Classe',
    parent: 'Superiore',
    group: 'Progetto',
    start: 'Inizio',
    end: 'Fine',
    effort: 'Impegno (GU)',
    resource: 'Risorsa',
    applications: 'Applicazioni',
    metric1: 'Indicatore 1',
    metric2: 'Indicatore 2',
    metric3: 'Indicatore 3',
    metric4: 'Indicatore 4',
    contact: 'Contatto',
    provider: 'Gestore',
    vendor: 'Fornitore',
    assetNr: 'N. cespite',
    projectNr: 'N. progetto',
    iamId: 'Id IAM',
    cockpitid: 'Id cockpit',
    jiraid: 'Ticket',
    docUrl: 'Documentazione',
    account: 'Conto',
    visible: 'Visibile',
    description: 'Descrizione',
    accountNumber: 'N. conto',
    sicht: 'Vista',
    periode: 'Periodo',
    amount: 'Importo',
    projekt: 'Codice progetto',
    typ: 'Tipo di registrazione',
    gruppe: 'Gruppo',
    type: 'Tipo',
    rank: 'Rango',
    assignable: 'Assegnabile',
  },
};

export const sheetHeader = (key: string, language: ConsoleLanguage): string =>
  sheetHeaders[language][key] ?? sheetHeaders.en[key] ?? key;

const normalised = (header: string): string => header.trim().toLocaleLowerCase('de-CH');

/**
 * The column key a header names: a key itself, or its header in any language. Custom attributes are
 * matched by the caller against the tenant's attribute labels. Undefined when nothing matches.
 */
export const sheetColumnOf = (kind: ImportableSheetKind, header: string): SheetColumn | undefined => {
  const wanted = normalised(header);
  return sheetColumns[kind].find(
    (column) =>
      normalised(column.key) === wanted ||
      Object.values(sheetHeaders).some(
        (headers) => headers[column.key] !== undefined && normalised(headers[column.key]!) === wanted,
      ),
  );
};

/** One field's change an import would make, as shown in the preview (old → new). */
export interface ImportFieldChange {
  readonly field: string;
  /** As the cell shows it (labels, names, dd.mm.yyyy), so the preview reads like the file. */
  readonly before: string;
  readonly after: string;
}

/** Why a row or one of its cells is refused; `column` is the header as the file has it. */
export interface ImportRefusal {
  readonly column: string | null;
  readonly reason: string;
  /** What the reason means whatever the language (`ImportRefusalCode`), for the console's own text. */
  readonly code?: string;
  /** The cell's text the refusal is about, where there is one. */
  readonly value?: string;
}

export type ImportRowAction = 'create' | 'update' | 'unchanged' | 'refuse';

export interface ImportRowPreview {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  readonly row: number;
  readonly action: ImportRowAction;
  /** The record updated, null for a create or a refused row without a match. */
  readonly id: number | null;
  readonly name: string;
  readonly changes: readonly ImportFieldChange[];
  readonly refusals: readonly ImportRefusal[];
}

/** `POST /api/imports?kind=` answers this: nothing is stored until `POST /api/imports/<id>/apply`. */
export interface ImportPreview {
  readonly id: string;
  readonly kind: ImportableSheetKind;
  readonly fileName: string;
  readonly totals: Readonly<Record<ImportRowAction, number>>;
  /** Rows in file order; a page of them (`?limit=&cursor=` on `GET /api/imports/<id>`). */
  readonly rows: readonly ImportRowPreview[];
  readonly nextCursor: string | null;
}

/** Where an apply stands (`POST /api/imports/<id>/apply` answers 202 with it; `GET …/apply` polls it). */
export interface ImportApplyProgress {
  readonly id: string;
  readonly status: 'running' | 'done' | 'failed';
  /** Rows to apply (creates and updates) and rows applied so far. */
  readonly total: number;
  readonly done: number;
  /** The records created or updated, in file order (the console links them). */
  readonly applied: readonly {
    readonly row: number;
    readonly id: number;
    readonly action: 'create' | 'update';
  }[];
  /** Rows that failed when applied (a record changed since the preview: 409), with the reason. */
  readonly failed: readonly { readonly row: number; readonly status: number; readonly reason: string }[];
  /** The global position of the last event the apply appended: what the console waits for (read your writes). */
  readonly position?: number;
}
