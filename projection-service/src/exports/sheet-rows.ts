import {
  attributeColumnPrefix,
  dateFieldOf,
  exportColumns,
  importableSheetKinds,
  localisedOptionLists,
  readDate,
  sheetDateText,
  sheetHeader,
} from '@fahrplan/contracts';
import type {
  AttributeDefinition,
  ConsoleLanguage,
  ImportableSheetKind,
  OptionLists,
  SheetCellKind,
  SheetColumn,
  SheetKind,
  SheetRefKind,
} from '@fahrplan/contracts';

/** One cell as the writers take it: a date is a `Date` at UTC midnight, empty is null. */
export type SheetCell = string | number | boolean | Date | null;

/** The columns of one export and their headers in its language. */
export interface SheetLayout {
  readonly columns: readonly SheetColumn[];
  readonly headers: readonly string[];
}

const attributeCell: Readonly<Record<AttributeDefinition['type'], SheetCellKind>> = {
  text: 'text',
  number: 'number',
  boolean: 'boolean',
  date: 'date',
  select: 'text',
};

/** The kind's fixed columns, then its custom attributes (`attr:<key>`, headed by their label). */
export const sheetLayout = (
  kind: SheetKind,
  attributes: readonly AttributeDefinition[],
  language: ConsoleLanguage,
): SheetLayout => {
  const fixed = exportColumns(kind);
  const custom = attributes.map((a) => ({
    key: `${attributeColumnPrefix}${a.key}`,
    cell: attributeCell[a.type],
  }));
  return {
    columns: [...fixed, ...custom],
    headers: [...fixed.map((c) => sheetHeader(c.key, language)), ...attributes.map((a) => a.label)],
  };
};

/** What a row needs besides its record: the option lists in the export's language, and the names of references. */
export interface RowContext {
  readonly lists: OptionLists;
  /** The name (title) of a referenced record the caller sees; undefined for one it does not. */
  readonly name: (kind: SheetRefKind, id: number) => string | undefined;
  /** The kind exported, when an import reads it back: its start and end show as the dialogs show them. */
  readonly importable?: ImportableSheetKind;
}

/** The context of an export in `language`, the references named by `name`. */
export const rowContext = (
  lists: OptionLists,
  language: ConsoleLanguage,
  name: RowContext['name'],
  kind?: SheetKind,
): RowContext => ({
  lists: localisedOptionLists(lists, language),
  name,
  importable: importableSheetKinds.find((k) => k === kind),
});

/** A stored date (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`) as a date cell: its date part at UTC midnight. */
export const dateCell = (stored: string): Date =>
  new Date(Date.UTC(Number(stored.slice(0, 4)), Number(stored.slice(5, 7)) - 1, Number(stored.slice(8, 10))));

/**
 * A record's start or end as the import reads it back (an end stored exclusive shows its last day,
 * as the dialogs do), so that an exported file imported again changes nothing.
 */
const shownDate = (kind: ImportableSheetKind, key: string, stored: string): Date | null => {
  const shown = dateFieldOf(kind, key).show(stored);
  return shown === '' ? null : dateCell(readDate(shown));
};

/** A reference as its name, or `#<id>` (as an import reads it) when the caller sees no name for it. */
const refText = (context: RowContext, kind: SheetRefKind, id: number) => context.name(kind, id) ?? `#${id}`;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

const cellOf = (column: SheetColumn, value: unknown, context: RowContext): SheetCell => {
  if (isEmpty(value)) return null;
  switch (column.cell) {
    case 'id':
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    case 'boolean':
      return Boolean(value);
    case 'date':
      if (typeof value !== 'string') return null;
      return context.importable && (column.key === 'start' || column.key === 'end')
        ? shownDate(context.importable, column.key, value)
        : dateCell(value);
    case 'option': {
      const kind = column.list!;
      const option = context.lists[kind].find((o) => o.value === value);
      return option?.label ?? String(value);
    }
    case 'ref':
      return refText(context, column.ref!, value as number);
    case 'refs': {
      const ids = value as readonly number[];
      return ids.length === 0 ? null : ids.map((id) => refText(context, column.ref!, id)).join('; ');
    }
    case 'text':
      return typeof value === 'string' ? value : String(value);
  }
};

/** A record's custom attribute values by key. */
const attributeValues = (record: Readonly<Record<string, unknown>>): Map<string, unknown> =>
  new Map(
    ((record.attributes as readonly { key: string; value: unknown }[] | undefined) ?? []).map((a) => [
      a.key,
      a.value,
    ]),
  );

/** A record as one row of `columns`: labels for options, names for references, date cells for dates. */
export const sheetRow = (
  columns: readonly SheetColumn[],
  record: Readonly<Record<string, unknown>>,
  context: RowContext,
): SheetCell[] => {
  const attributes = columns.some((c) => c.key.startsWith(attributeColumnPrefix))
    ? attributeValues(record)
    : null;
  return columns.map((column) =>
    cellOf(
      column,
      column.key.startsWith(attributeColumnPrefix)
        ? attributes!.get(column.key.slice(attributeColumnPrefix.length))
        : record[column.key],
      context,
    ),
  );
};

/** A cell as CSV text: dd.mm.yyyy dates, `.` decimals, `true`/`false`, empty for nothing. */
export const csvCell = (cell: SheetCell): string => {
  if (cell === null) return '';
  if (cell instanceof Date) return sheetDateText(cell.toISOString());
  return String(cell);
};
