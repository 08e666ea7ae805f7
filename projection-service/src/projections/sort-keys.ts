import type { SortKey } from '../http/paging';
import { foldText } from './projection';
import type { Derived } from './projection';

/*
 * A list sorts by derived keys that are never null (stores compare values of one type only). A field
 * that may be empty gets two: `_<name>`, its folded text or its number ('' or 0 when empty), and
 * `_<name>Empty`, 1 when empty, which the list sorts by first, so that empty values come last in
 * either direction, as people expect of a table.
 */

const emptyFlag = (name: string) => `_${name}Empty`;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

const keysOf = <V>(values: Readonly<Record<string, V>>, key: (value: V) => string | number): Derived =>
  Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) => [
      [`_${name}`, key(value)],
      [emptyFlag(name), isEmpty(value) ? 1 : 0],
    ]),
  );

/** The sort keys of optional texts, by name (a date YYYY-MM-DD sorts as its text). */
export const optionalTexts = (values: Readonly<Record<string, string | null | undefined>>): Derived =>
  keysOf(values, foldText);

/** The sort keys of optional numbers, by name. */
export const optionalNumbers = (values: Readonly<Record<string, number | null | undefined>>): Derived =>
  keysOf(values, (value) => value ?? 0);

/** How a list sorts by the keys `optionalTexts` or `optionalNumbers` derived for `name`. */
export const byOptional = (name: string): SortKey => ({ fields: [`_${name}`], empty: emptyFlag(name) });

/** The index that serves a list sorted by an optional key, after the list's equality fields. */
export const optionalIndexKeys = (name: string) =>
  ({ [emptyFlag(name)]: 1, [`_${name}`]: 1, _id: 1 }) as const;
