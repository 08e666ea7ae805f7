import Papa from 'papaparse';
import type { TFunction } from 'i18next';
import { accountEntrySchema } from '@fahrplan/contracts';
import type { AccountEntry } from '@fahrplan/contracts';

/** The columns an entries file may have; `sicht` is the only one every row needs (accountEntrySchema). */
export const entryColumns = ['sicht', 'periode', 'amount', 'projekt', 'typ', 'gruppe'] as const;
type EntryColumn = (typeof entryColumns)[number];

export interface RowIssue {
  field: string;
  message: string;
}

export interface RejectedRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  issues: RowIssue[];
}

export interface EntriesCsv {
  entries: AccountEntry[];
  /** The spreadsheet row of each entry, in the same order. */
  rows: number[];
  rejected: RejectedRow[];
  /** Why nothing in the file can be imported (no header, no `sicht` column, no data rows). */
  problems: string[];
  /** Things the import ignores or resolves, worth a look (unknown columns, repeated keys). */
  notes: string[];
  delimiter: ';' | ',';
  /** The decimal separator amounts are read with: `,` in `;` files (German), `.` in `,` files. */
  decimal: ',' | '.';
}

export type AmountResult = { ok: true; value: number | null } | { ok: false; message: string };

const example = { ',': '1.234,56', '.': '1,234.56' } as const;

/**
 * An amount as a spreadsheet writes it. Spaces and apostrophes group thousands in any format; the
 * other separator groups thousands only in threes, so `1.234` in a German file is 1234, and a value
 * that fits neither reading is rejected rather than guessed.
 */
export const parseAmount = (text: string, decimal: ',' | '.', t: TFunction): AmountResult => {
  const compact = text.replace(/[\s\u00a0\u202f'’]/g, '');
  if (compact === '') return { ok: true, value: null };
  const dec = decimal === ',' ? ',' : '\\.';
  const thousands = decimal === ',' ? '\\.' : ',';
  const format = new RegExp(`^([+-]?)(\\d{1,3}(?:${thousands}\\d{3})+|\\d+)(?:${dec}(\\d+))?$`);
  const match = format.exec(compact);
  if (!match)
    return {
      ok: false,
      message: t('accounts:csv.notANumber', { text: text.trim(), example: example[decimal] }),
    };
  const [, sign, whole = '', fraction] = match;
  const value = Number(`${sign}${whole.replace(/[.,]/g, '')}${fraction ? `.${fraction}` : ''}`);
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
};

/** From the header row alone, whose names hold neither separator; papaparse cannot guess a header-only file. */
const delimiterOf = (text: string): ';' | ',' => {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > 0 && count(';') >= count(',') ? ';' : ',';
};

const keyOf = (e: AccountEntry) => JSON.stringify([e.sicht, e.periode]);

const isBlank = (row: Record<string, unknown>) =>
  Object.values(row).every((v) => v === undefined || v === null || String(v).trim() === '');

/**
 * Reads an entries CSV (header row; `;` or `,` delimited) into the entries accountEntrySchema accepts
 * and the rejected rows with each field's reason. Pure, so the preview and the tests see the same.
 */
export const parseEntriesCsv = (text: string, t: TFunction): EntriesCsv => {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(body);
  const parsed = Papa.parse<Record<string, string | undefined>>(body, {
    header: true,
    delimiter,
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const decimal = delimiter === ';' ? ',' : '.';
  const result: EntriesCsv = {
    entries: [],
    rows: [],
    rejected: [],
    problems: [],
    notes: [],
    delimiter,
    decimal,
  };

  const fields = (parsed.meta.fields ?? []).filter((f) => f !== '');
  if (fields.length === 0) {
    result.problems.push(t('accounts:csv.empty'));
    return result;
  }
  if (!fields.includes('sicht')) {
    result.problems.push(
      t('accounts:csv.noSicht', { found: fields.join(', '), expected: entryColumns.join(', ') }),
    );
    return result;
  }
  const unknown = fields.filter((f) => !(entryColumns as readonly string[]).includes(f));
  if (unknown.length > 0)
    result.notes.push(t('accounts:csv.ignoredColumns', { columns: unknown.join(', ') }));

  const rowErrors = new Map<number, string[]>();
  for (const error of parsed.errors) {
    if (error.row === undefined) continue;
    rowErrors.set(error.row, [...(rowErrors.get(error.row) ?? []), error.message]);
  }

  const seen = new Map<string, number>();
  parsed.data.forEach((row, index) => {
    const rowNumber = index + 2;
    if (isBlank(row)) return;
    const issues: RowIssue[] = (rowErrors.get(index) ?? []).map((message) => ({ field: 'row', message }));
    const value = (column: EntryColumn) => row[column] ?? '';
    const amount = parseAmount(value('amount'), decimal, t);
    if (!amount.ok) issues.push({ field: 'amount', message: amount.message });
    const checked = accountEntrySchema.safeParse({
      sicht: value('sicht'),
      periode: value('periode'),
      amount: amount.ok ? amount.value : null,
      projekt: value('projekt'),
      typ: value('typ'),
      gruppe: value('gruppe'),
    });
    if (!checked.success) {
      for (const issue of checked.error.issues)
        issues.push({ field: String(issue.path[0] ?? 'row'), message: issue.message });
    }
    if (issues.length > 0 || !checked.success) {
      result.rejected.push({ row: rowNumber, issues });
      return;
    }
    const earlier = seen.get(keyOf(checked.data));
    if (earlier !== undefined) result.notes.push(t('accounts:csv.repeatedKey', { row: rowNumber, earlier }));
    seen.set(keyOf(checked.data), rowNumber);
    result.entries.push(checked.data);
    result.rows.push(rowNumber);
  });

  if (result.entries.length === 0 && result.rejected.length === 0)
    result.problems.push(t('accounts:csv.noDataRows'));
  return result;
};

/** Splits entries into commands of at most `size` (the server's limit per AddAccountEntries). */
export const chunksOf = <T>(items: readonly T[], size: number): T[][] => {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer`);
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
};
