import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import { keyColumn } from './sqlite-query';

/*
 * The key columns of the SQLite read store (docs/design/key-columns.md): each indexed field's typed
 * value (`typedValue` in sqlite-query.ts) kept in a column of its own, written from the document, so
 * that a write which leaves a key as it was names no index over it and SQLite leaves that index alone.
 */

/** The marks of the typed values SQLite has no type for (sqlite-query.ts orders them as MongoDB does). */
const OBJECT = Uint8Array.of(0x03);
const ARRAY = Uint8Array.of(0x04);
const FALSE = Uint8Array.of(0x08);
const TRUE = Uint8Array.of(0x09);

/** The value at a dotted path, as JSON's `->>` finds it: none through an array or a scalar. */
const valueAt = (document: Readonly<Record<string, unknown>>, field: string): unknown => {
  let value: unknown = document;
  for (const segment of field.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
};

/**
 * The typed value of `field` in `document` as SQL computes it from the stored JSON: texts and
 * numbers as themselves (an integer as SQLite's INTEGER, as `->>` answers it), booleans, objects and
 * arrays as their marks, null or missing as NULL.
 */
export const typedKey = (document: Readonly<Record<string, unknown>>, field: string): SQLInputValue => {
  let value = valueAt(document, field);
  // what JSON.stringify stores of it (a Date as its text)
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    value = (value as { toJSON: () => unknown }).toJSON();
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      if (!Number.isFinite(value)) return null;
      return Number.isSafeInteger(value) ? BigInt(value) : value;
    case 'boolean':
      return value ? TRUE : FALSE;
    case 'object':
      if (value === null) return null;
      return Array.isArray(value) ? ARRAY : OBJECT;
    default:
      return null;
  }
};

/** Whether a key column's stored value equals the one a write would give it. */
export const sameKey = (stored: SQLOutputValue | undefined, next: SQLInputValue): boolean => {
  if (stored instanceof Uint8Array || next instanceof Uint8Array)
    return (
      stored instanceof Uint8Array &&
      next instanceof Uint8Array &&
      stored.length === next.length &&
      stored.every((byte, i) => byte === next[i])
    );
  if (typeof next === 'bigint')
    return typeof stored === 'number' && Number.isInteger(stored) && BigInt(stored) === next;
  if (typeof next === 'number') return typeof stored === 'number' && stored === next;
  return (stored ?? null) === (next ?? null);
};

/** The SQL that writes the documents of one table with their key columns, made once per table. */
export class KeyedWrites {
  /** `live` and the key columns, in the order of `values`. */
  readonly columns: readonly string[];
  /** The row's position and its columns, by id. */
  readonly select: string;
  readonly insert: string;
  private readonly updates = new Map<string, string>();

  constructor(
    private readonly table: string,
    private readonly keys: readonly string[],
  ) {
    this.columns = ['live', ...keys.map(keyColumn)];
    const list = this.columns.join(', ');
    this.select = `SELECT position, ${list} FROM ${table} WHERE id = ?`;
    this.insert =
      `INSERT INTO ${table} (id, position, body, ${list}) ` +
      `VALUES (?, ?, jsonb(?), ${this.columns.map(() => '?').join(', ')})`;
  }

  /** The columns' values for `document` (all NULL for a tombstone). */
  values(document: Readonly<Record<string, unknown>> | null): SQLInputValue[] {
    return [
      document === null ? null : 1,
      ...this.keys.map((field) => (document ? typedKey(document, field) : null)),
    ];
  }

  /** The UPDATE that sets the position, the body and the columns numbered `changed`. */
  update(changed: readonly number[]): string {
    const key = changed.join();
    let sql = this.updates.get(key);
    if (sql === undefined) {
      const set = changed.map((i) => `, ${this.columns[i]} = ?`).join('');
      sql = `UPDATE ${this.table} SET position = ?, body = jsonb(?)${set} WHERE id = ?`;
      this.updates.set(key, sql);
    }
    return sql;
  }
}
