import type { AttributeDefinition } from '../identity/tenant.commands';
import type { OptionLists } from '../options/option-lists';
import { consoleLanguages } from '../preferences/preferences';
import type { ConsoleLanguage } from '../preferences/preferences';
import {
  addDays,
  endFromServer,
  endToServer,
  isServerDate,
  isUiDate,
  serverToUiDate,
  uiToServerDate,
} from '../rules/dates';
import { attributeColumnPrefix, sheetColumnOf, sheetColumns, sheetHeader } from './sheets';
import type { ImportableSheetKind, SheetColumn } from './sheets';

/**
 * Issue 23: reading one cell of an imported sheet (a text, as the file reader hands every cell over:
 * a .xlsx date cell as dd.mm.yyyy) into the value a save command takes, and a stored value back into
 * the text a cell shows, so that the preview compares and shows both as the file does.
 */

/** A column of an imported file: a fixed column of the kind, or one of the tenant's custom attributes. */
export type ImportColumn =
  | { readonly header: string; readonly index: number; readonly column: SheetColumn }
  | {
      readonly header: string;
      readonly index: number;
      readonly column: SheetColumn;
      readonly attribute: AttributeDefinition;
    };

/** What an import refusal means whatever its language (the console says it in the user's). */
export type ImportRefusalCode =
  | 'invalid'
  | 'unknown-id'
  | 'deleted'
  | 'ambiguous-name'
  | 'twice-in-file'
  | 'unknown-ref'
  | 'not-listed'
  | 'not-a-number'
  | 'not-a-date'
  | 'not-a-boolean'
  | 'parent-cycle';

/** A cell that cannot be read: the refusal's code and its English text. */
export class CellError extends Error {
  constructor(
    readonly code: ImportRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The columns of `headers` for `kind`: each header a fixed column's (any language or its key) or a
 * custom attribute's (its label or `attr:<key>`); headers that name nothing are ignored, a repeated
 * column counts once (the first).
 */
export const importColumnsOf = (
  kind: ImportableSheetKind,
  headers: readonly string[],
  attributes: readonly AttributeDefinition[],
): ImportColumn[] => {
  const columns: ImportColumn[] = [];
  const seen = new Set<string>();
  headers.forEach((raw, index) => {
    const header = raw.trim();
    if (header === '') return;
    const fixed = sheetColumnOf(kind, header);
    if (fixed) {
      if (fixed.readOnly || seen.has(fixed.key)) return;
      seen.add(fixed.key);
      columns.push({ header, index, column: fixed });
      return;
    }
    const wanted = header.toLocaleLowerCase('de-CH');
    const attribute = attributes.find(
      (a) =>
        a.label.trim().toLocaleLowerCase('de-CH') === wanted ||
        `${attributeColumnPrefix}${a.key}`.toLocaleLowerCase('de-CH') === wanted,
    );
    if (!attribute) return;
    const key = `${attributeColumnPrefix}${attribute.key}`;
    if (seen.has(key)) return;
    seen.add(key);
    const cell = attribute.type === 'select' ? 'text' : attribute.type;
    columns.push({ header, index, column: { key, cell }, attribute });
  });
  return columns;
};

/** The column that names a record of `kind`: the name of an application, the title of a project or item. */
export const nameKeyOf = (kind: ImportableSheetKind): 'name' | 'title' =>
  kind === 'applications' ? 'name' : 'title';

/** Whether the headers are a sheet of `kind`: they name its name (or title) column. */
export const isSheetOf = (kind: ImportableSheetKind, headers: readonly string[]): boolean =>
  headers.some((header) => sheetColumnOf(kind, header.trim())?.key === nameKeyOf(kind));

/** The fixed columns of each kind, by key. */
export const sheetColumnByKey = (kind: ImportableSheetKind, key: string): SheetColumn | undefined =>
  sheetColumns[kind].find((column) => column.key === key);

const isoDate = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]00:00(?::00(?:\.000)?)?Z?)?$/;

/** A date cell as YYYY-MM-DD: dd.mm.yyyy (d.m.yyyy too) or ISO yyyy-mm-dd. */
export const readDate = (text: string): string => {
  const iso = isoDate.exec(text);
  if (iso && isServerDate(`${iso[1]}-${iso[2]}-${iso[3]}`)) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const ui = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (ui) {
    const padded = `${ui[1]!.padStart(2, '0')}.${ui[2]!.padStart(2, '0')}.${ui[3]}`;
    if (isUiDate(padded)) return uiToServerDate(padded);
  }
  throw new CellError('not-a-date', `'${text}' is not a date (dd.mm.yyyy or yyyy-mm-dd)`);
};

/** A number cell: digits with a point or a comma as the decimal mark, apostrophes or spaces grouping. */
export const readNumber = (text: string): number => {
  const plain = text.replace(/['’\s]/g, '');
  const normalised = /^-?\d+,\d+$/.test(plain) ? plain.replace(',', '.') : plain;
  const value = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(normalised) ? Number(normalised) : Number.NaN;
  if (!Number.isFinite(value)) throw new CellError('not-a-number', `'${text}' is not a number`);
  return value;
};

const yes = new Set(['true', 'yes', 'ja', 'oui', 'sì', 'si', 'wahr', 'vrai', 'vero', '1', 'x', '✓']);
const no = new Set(['false', 'no', 'nein', 'non', 'falsch', 'faux', 'falso', '0']);

export const readBoolean = (text: string): boolean => {
  const word = text.toLocaleLowerCase('de-CH');
  if (yes.has(word)) return true;
  if (no.has(word)) return false;
  throw new CellError('not-a-boolean', `'${text}' is not yes or no`);
};

/** An option cell: its label in any language, or its stored code. */
export const readOption = (lists: OptionLists, column: SheetColumn, text: string): number => {
  const options = lists[column.list!];
  const wanted = text.toLocaleLowerCase('de-CH');
  const byLabel = options.find(
    (o) =>
      o.label.toLocaleLowerCase('de-CH') === wanted ||
      Object.values(o.labels ?? {}).some((label) => label.toLocaleLowerCase('de-CH') === wanted),
  );
  if (byLabel) return byLabel.value;
  if (/^-?\d+$/.test(text) && options.some((o) => o.value === Number(text))) return Number(text);
  throw new CellError(
    'not-listed',
    `'${text}' is not one of the listed values (${options.map((o) => o.label).join(', ')})`,
  );
};

/** The label a cell shows for a stored option value, in the user's language. */
export const optionText = (
  lists: OptionLists,
  column: SheetColumn,
  value: unknown,
  language: ConsoleLanguage,
): string => {
  if (typeof value !== 'number') return '';
  const option = lists[column.list!].find((o) => o.value === value);
  return option ? (option.labels?.[language] ?? option.label) : String(value);
};

/** Dates as a kind stores them: applications and projects by day, items with a time. */
export interface DateField {
  /** The stored value a cell's date (YYYY-MM-DD) means; `current` keeps its time when the day is the same. */
  read(day: string, current: unknown): string;
  /** The day (dd.mm.yyyy) a cell shows for a stored value. */
  show(stored: unknown): string;
}

const dayOf = (stored: unknown): string | null =>
  typeof stored === 'string' && stored.length >= 10 ? stored.slice(0, 10) : null;

/** A start: the day itself (an item's at 00:00, or at the time it had when the day is unchanged). */
const startField = (withTime: boolean): DateField => ({
  read: (day, current) => {
    if (!withTime) return day;
    return dayOf(current) === day ? (current as string) : `${day}T00:00`;
  },
  show: (stored) => {
    const day = dayOf(stored);
    return day && isServerDate(day) ? serverToUiDate(day) : '';
  },
});

/** An end, stored exclusive (§5): the cell shows the last day, as the dialogs do. */
const endField = (withTime: boolean): DateField => ({
  read: (day, current) => {
    if (!withTime) return endToServer(serverToUiDate(day))!;
    const stored = `${addDays(day, 1)}T00:00`;
    // an end at another time than midnight shows as its own day
    if (typeof current === 'string' && !current.endsWith('T00:00') && dayOf(current) === day) return current;
    return stored;
  },
  show: (stored) => {
    const day = dayOf(stored);
    if (!day || !isServerDate(day)) return '';
    if (!withTime) return endFromServer(day) ?? '';
    return (stored as string).endsWith('T00:00') ? serverToUiDate(addDays(day, -1)) : serverToUiDate(day);
  },
});

export const dateFieldOf = (kind: ImportableSheetKind, key: string): DateField =>
  key === 'end' ? endField(kind === 'items') : startField(kind === 'items');

/**
 * The language a sheet's header row is written in: the one whose headers it holds most of, `fallback`
 * (the user's) on a tie. The preview shows option labels in it, as the file's cells do.
 */
export const sheetLanguageOf = (
  kind: ImportableSheetKind,
  headers: readonly string[],
  fallback: ConsoleLanguage,
): ConsoleLanguage => {
  const written = new Set(headers.map((header) => header.trim().toLocaleLowerCase('de-CH')));
  let best = fallback;
  let bestCount = -1;
  for (const language of [fallback, ...consoleLanguages.filter((l) => l !== fallback)]) {
    const count = sheetColumns[kind].filter((column) =>
      written.has(sheetHeader(column.key, language).toLocaleLowerCase('de-CH')),
    ).length;
    if (count > bestCount) {
      best = language;
      bestCount = count;
    }
  }
  return best;
};
