import { DatabaseSync } from 'node:sqlite';
import { openDurableSqlite } from '@fahrplan/platform';
import { jsonPath, keyColumn, quote, quoteName, typedElement, typedValue } from './sqlite-query';

/*
 * The SQL of the embedded read store's file: the tables a collection's documents and replaced versions
 * live in, the names of their indexes, side tables and triggers, and the connections that open it.
 */

/** Raised whenever the SQL of the tables, indexes or triggers changes: their names carry it, so a store recreates them. */
export const SCHEMA = 1;

export const DOCUMENTS = 'doc:';

/**
 * A table of rows `(…, id, position, body)` with the declared indexes and a multikey side table:
 * a collection's documents (one row per id), or the versions its writes replaced (`until` the
 * position of the write that replaced one, many rows per id, numbered by `vid`).
 */
export interface Rows {
  /** The table's name, unquoted. */
  readonly table: string;
  /** The column the side table's `id` names. */
  readonly key: 'id' | 'vid';
  /** Its indexes' names start with this. */
  readonly indexPrefix: string;
  /** Its side table's name and its triggers' names start with this. */
  readonly sidePrefix: string;
  /** Documents are updated in place; versions only inserted and deleted. */
  readonly updated: boolean;
  /** The attached file the table lives in (`ARCHIVE`), else the store's own. */
  readonly schema?: string;
}

export const documentRows = (collection: string): Rows => ({
  table: `${DOCUMENTS}${collection}`,
  key: 'id',
  indexPrefix: 'ix',
  sidePrefix: 'mk',
  updated: true,
});
export const versionRows = (collection: string): Rows => ({
  table: `ver:${collection}`,
  key: 'vid',
  indexPrefix: 'vx',
  sidePrefix: 'mkv',
  updated: false,
});

/**
 * The versions of a collection whose archive holds their indexes (docs/design/version-archive.md):
 * the table of the same name in the archive's file, attached to every connection under this name.
 */
export const ARCHIVE = 'archive';
export const archiveRows = (collection: string): Rows => ({ ...versionRows(collection), schema: ARCHIVE });

/** The archive's file beside the store's: `read.db` → `read.versions.db`. */
export const archiveFile = (file: string) => `${file.endsWith('.db') ? file.slice(0, -3) : file}.versions.db`;

export const sideTable = (rows: Rows, collection: string) => `${rows.sidePrefix}:${collection}`;
export const documentsTable = (collection: string) => quoteName(documentRows(collection).table);
export const versionsTable = (collection: string) => quoteName(versionRows(collection).table);

/** An index's name: the collection and its keys, so a changed declaration is a new index. */
export const indexName = (prefix: string, collection: string, keys: readonly (readonly [string, 1 | -1])[]) =>
  `${prefix}${SCHEMA}:${collection}:${keys.map(([field, order]) => (order === 1 ? field : `-${field}`)).join(',')}`;

/** The trigram index of a collection's text field: its name holds the field, so another field is another index. */
export const textTable = (collection: string, field: string) => `txt${SCHEMA}:${collection}:${field}`;

/** The trigger that keeps what an update of a document replaces as a version, with its key columns. */
export const historyTrigger = (collection: string, keys: readonly string[]): [string, string] => {
  const name = `ver${SCHEMA}:${collection}`;
  const columns = ['live', ...keys.map(keyColumn)];
  return [
    name,
    // (of the body: filling a key column added to the table keeps no version)
    `CREATE TRIGGER ${quoteName(name)} AFTER UPDATE OF body ON ${documentsTable(collection)} BEGIN ` +
      `INSERT INTO ${versionsTable(collection)} (id, position, until, body, ${columns.join(', ')}) ` +
      `VALUES (old.id, old.position, new.position, old.body, ${columns.map((c) => `old.${c}`).join(', ')}); END`,
  ];
};

/**
 * Adds to `table` the columns it lacks: `live` (1, NULL for a tombstone: the partial indexes' condition,
 * which a write that only moves a document leaves as it was) and a key column per field of `keys`,
 * filled from the stored bodies.
 */
export const ensureKeyColumns = (
  db: DatabaseSync,
  table: string,
  keys: readonly string[],
  schema = 'main',
): void => {
  const quoted = `${schema}.${quoteName(table)}`;
  const columns = db.prepare('SELECT name FROM pragma_table_info(?, ?)').all(table, schema) as {
    name: string;
  }[];
  const have = new Set(columns.map(({ name }) => name));
  if (!have.has('live')) {
    db.exec(`ALTER TABLE ${quoted} ADD COLUMN live INTEGER`);
    db.exec(`UPDATE ${quoted} SET live = 1 WHERE body IS NOT NULL`);
  }
  const missing = keys.filter((field) => !have.has(`k:${field}`));
  for (const field of missing) db.exec(`ALTER TABLE ${quoted} ADD COLUMN ${keyColumn(field)}`);
  if (missing.length > 0)
    db.exec(
      `UPDATE ${quoted} SET ${missing.map((field) => `${keyColumn(field)} = ${typedValue(field)}`).join(', ')} ` +
        'WHERE body IS NOT NULL',
    );
};

/** The rows of the side table for the multikey `field` of the row `{id, body}` read `from` (a table, or none in a trigger). */
export const multikeyRows = (field: string, row: { id: string; body: string; from?: string }): string => {
  const path = jsonPath(field);
  const from = row.from ? `${row.from}, ` : '';
  return (
    `SELECT ${row.id}, ${quote(field)}, ${typedElement} FROM ${from}json_each(${row.body}, ${path}) AS e ` +
    `WHERE json_type(${row.body}, ${path}) = 'array' ` +
    `UNION ALL SELECT ${row.id}, ${quote(field)}, ${typedValue(field, row.body)} ` +
    `${row.from ? `FROM ${row.from} ` : ''}WHERE json_type(${row.body}, ${path}) <> 'array'`
  );
};

/** The triggers that keep the side table of `rows` equal to its rows' `fields`, by name. */
export const multikeyTriggers = (
  rows: Rows,
  collection: string,
  fields: readonly string[],
): Map<string, string> => {
  const table = quoteName(rows.table);
  const side = quoteName(sideTable(rows, collection));
  const values = fields
    .map((field) => multikeyRows(field, { id: `new.${rows.key}`, body: 'new.body' }))
    .join(' UNION ALL ');
  const insert = `INSERT INTO ${side} (id, field, value) ${values};`;
  const remove = `DELETE FROM ${side} WHERE id = old.${rows.key};`;
  // the fields are part of the name, so another declaration replaces the triggers and refills the table
  const name = (event: string) => `${rows.sidePrefix}${SCHEMA}:${collection}:${event}:${fields.join(',')}`;
  const trigger = (event: string, when: string, body: string): [string, string] => [
    name(event),
    `CREATE TRIGGER ${quoteName(name(event))} ${when} ON ${table} BEGIN ${body} END`,
  ];
  return new Map([
    trigger('insert', 'AFTER INSERT', insert),
    ...(rows.updated ? [trigger('update', 'AFTER UPDATE OF body', `${remove} ${insert}`)] : []),
    trigger('delete', 'AFTER DELETE', remove),
  ]);
};

/** The writer's connection: it makes the file and its tables. */
export const openWriter = (file: string): DatabaseSync =>
  openDurableSqlite(file, {
    schema: `
      CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS versions (collection TEXT PRIMARY KEY, version INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS instants (time INTEGER PRIMARY KEY, position INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS archive_token (token TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS archive_floors (collection TEXT PRIMARY KEY, floor INTEGER NOT NULL);`,
    // read models are rebuilt from the log: a power cut may lose the last commits, never their order
    pragmas: 'PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32768;',
  });

/** A reader's connection to a file the writer made (in WAL mode, so that both work at once). */
export const openReader = (file: string): DatabaseSync => {
  const db = new DatabaseSync(file, { readOnly: true });
  // a small page cache: the file's pages stay in the system's cache, which RSS does not count
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA cache_size = -4096;');
  return db;
};
