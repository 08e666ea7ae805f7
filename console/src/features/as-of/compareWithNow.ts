import { sameValues } from '../common/formChanges';
import { NO_VALUE, summariseValue } from '../common/summariseValue';

/** A form field whose value as of the date differs from its value now. */
export interface FieldDifference {
  readonly field: string;
  readonly asOf: unknown;
  readonly now: unknown;
}

/**
 * The fields of two form states of one record (as of a date, and now) that differ, in the order of the
 * as-of form. `ignore` names fields that are the dialog's own input rather than the record's (a new
 * comment, 'add account'). Empty text and null count as the same (an unset field).
 */
export const diffFormValues = <V extends object>(
  asOf: V,
  now: V,
  ignore: readonly string[] = [],
): FieldDifference[] => {
  const before = asOf as Record<string, unknown>;
  const after = now as Record<string, unknown>;
  const skipped = new Set(ignore);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => !skipped.has(field))
    .filter((field) => !sameValues(unset(before[field]), unset(after[field])))
    .map((field) => ({ field, asOf: before[field], now: after[field] }));
};

const unset = (value: unknown) => (value === undefined || value === '' ? null : value);

/**
 * A form value in one short line, as the History tab shows values (summariseValue: lists by their
 * elements' names, yes/no, objects as pairs); an unset field (nothing, empty text or list) as an em dash.
 */
export const formatFormValue = (value: unknown): string =>
  value === '' || (Array.isArray(value) && value.length === 0) ? NO_VALUE : summariseValue(value);

/** How a listed record as of a date stands now. */
export type RowChange = 'changed' | 'deleted';

/**
 * The listed records (as of a date) that changed since or no longer exist, by id. The version is the
 * record's stream revision: any change since moves it.
 */
export const rowChangesSince = (
  asOf: readonly { readonly id: number; readonly version: number }[],
  now: readonly { readonly id: number; readonly version: number }[],
): ReadonlyMap<number, RowChange> => {
  const current = new Map(now.map((row) => [row.id, row.version]));
  const changes = new Map<number, RowChange>();
  for (const row of asOf) {
    const version = current.get(row.id);
    if (version === undefined) changes.set(row.id, 'deleted');
    else if (version !== row.version) changes.set(row.id, 'changed');
  }
  return changes;
};
