import { optionListSchema } from '@fahrplan/contracts';
import { consoleLanguages } from '@fahrplan/contracts';
import type { ConsoleLanguage, OptionColour, OptionDefinition, OptionListKind } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';
import { newRowKey } from '../common/rowKey';

/** One option as the editor holds it: the value as typed (a number once valid), and a key for React. */
export interface OptionRow {
  readonly key: string;
  value: number | string;
  label: string;
  /** The label per language as typed; an empty one shows `label` (issue 20). */
  labels: Record<ConsoleLanguage, string>;
  colour: OptionColour;
  done: boolean;
  sharedParent: boolean;
}

const labelsOf = (option?: Pick<OptionDefinition, 'labels'>): Record<ConsoleLanguage, string> =>
  Object.fromEntries(consoleLanguages.map((l) => [l, option?.labels?.[l] ?? ''])) as Record<
    ConsoleLanguage,
    string
  >;

export const rowsOfOptions = (options: readonly OptionDefinition[]): OptionRow[] =>
  options.map((o) => ({
    key: newRowKey('option'),
    value: o.value,
    label: o.label,
    labels: labelsOf(o),
    colour: o.colour,
    done: o.done,
    sharedParent: o.sharedParent === true,
  }));

/** A new row: the next free value after the highest, grey, not done. */
export const newOptionRow = (rows: readonly OptionRow[]): OptionRow => {
  const values = rows.map((r) => r.value).filter((v): v is number => typeof v === 'number');
  return {
    key: newRowKey('option'),
    value: values.length === 0 ? 0 : Math.min(Math.max(...values) + 1, 99),
    label: '',
    labels: labelsOf(),
    colour: 'gray',
    done: false,
    sharedParent: false,
  };
};

/** The labels a row gives per language: only those typed. */
const labelsOfRow = (row: OptionRow): Pick<OptionDefinition, 'labels'> => {
  const given = consoleLanguages.flatMap((l) =>
    row.labels[l].trim() ? [[l, row.labels[l].trim()] as const] : [],
  );
  return given.length > 0 ? { labels: Object.fromEntries(given) } : {};
};

/** What ChangeOptionLists receives for a list; `sharedParent` only for project statuses. */
export const optionsOfRows = (kind: OptionListKind, rows: readonly OptionRow[]): OptionDefinition[] =>
  rows.map((r) => ({
    value: typeof r.value === 'number' ? r.value : Number.NaN,
    label: r.label.trim(),
    ...labelsOfRow(r),
    colour: r.colour,
    done: r.done,
    ...(kind === 'projectStatus' ? { sharedParent: r.sharedParent } : {}),
  }));

/** A row moved one place up (-1) or down (+1); the list as it was at either end. */
export const moveRow = <T>(rows: readonly T[], index: number, by: -1 | 1): T[] => {
  const to = index + by;
  if (to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
};

/**
 * The form errors of a list, checked by the schema the server checks with: a field's under
 * `<path>.<row>.<field>` ("between 0 and 99", "required"), the list's own (a value or label listed
 * twice, no option) under `<path>`.
 */
export const optionRowErrors = (
  kind: OptionListKind,
  rows: readonly OptionRow[],
  path: string,
  t: TFunction<'admin'>,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  rows.forEach((row, i) => {
    if (typeof row.value !== 'number') errors[`${path}.${i}.value`] = t('optionLists.wholeNumber');
  });
  const result = optionListSchema.safeParse(optionsOfRows(kind, rows));
  for (const issue of result.error?.issues ?? []) {
    const [row, field] = issue.path;
    const key = typeof row === 'number' && typeof field === 'string' ? `${path}.${row}.${field}` : path;
    errors[key] ??= issue.message;
  }
  return errors;
};
