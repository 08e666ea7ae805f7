import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { openDurableSqlite } from '@fahrplan/platform';
import type { IndexKeys } from '../projections/projection';
import { compareIds } from './read-store';
import type {
  CheckpointWrite,
  CollectionSpec,
  DocumentWrite,
  FindOptions,
  ReadDocument,
  ReadStore,
} from './read-store';
import { jsonPath, orderOf, quote, quoteName, typedElement, typedValue, whereOf } from './sqlite-query';
import type { QueryTarget } from './sqlite-query';

/** Raised whenever the SQL of the tables, indexes or triggers changes: their names carry it, so a store recreates them. */
const SCHEMA = 1;
const DOCUMENTS = 'doc:';
const STATEMENTS_KEPT = 256;
const REGEXES_KEPT = 64;

const documentsTable = (collection: string) => quoteName(`${DOCUMENTS}${collection}`);
const sideTable = (collection: string) => quoteName(`mk:${collection}`);

/** An index's name: the collection and its keys, so a changed declaration is a new index. */
const indexName = (collection: string, keys: readonly (readonly [string, 1 | -1])[]) =>
  `ix${SCHEMA}:${collection}:${keys.map(([field, order]) => (order === 1 ? field : `-${field}`)).join(',')}`;

/** The rows of the side table for the multikey `field` of the row `{id, body}` read `from` (a table, or none in a trigger). */
const multikeyRows = (field: string, row: { id: string; body: string; from?: string }): string => {
  const path = jsonPath(field);
  const from = row.from ? `${row.from}, ` : '';
  return (
    `SELECT ${row.id}, ${quote(field)}, ${typedElement} FROM ${from}json_each(${row.body}, ${path}) AS e ` +
    `WHERE json_type(${row.body}, ${path}) = 'array' ` +
    `UNION ALL SELECT ${row.id}, ${quote(field)}, ${typedValue(field, row.body)} ` +
    `${row.from ? `FROM ${row.from} ` : ''}WHERE json_type(${row.body}, ${path}) <> 'array'`
  );
};

/** A bounded map that forgets the least recently used entry. */
class Recent<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly size: number) {}

  get(key: string, make: () => V): V {
    let value = this.entries.get(key);
    if (value === undefined) value = make();
    else this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

interface Row {
  readonly id: string;
  readonly position: number;
  readonly body: string | null;
}

const documentOf = ({ id, position, body }: Row): ReadDocument =>
  body === null
    ? { _id: id, _position: position, _deleted: true }
    : { ...(JSON.parse(body) as object), _id: id, _position: position };

/**
 * The embedded read store: one SQLite file (`read.db` in the data folder, WAL) holding every
 * collection as a table of JSONB documents with their position, tombstones included, and the
 * checkpoints in the same file, so a page of documents and the checkpoint covering it commit together.
 * Filters become SQL (`sqlite-query.ts`), each declared index an expression index over the typed
 * values of its fields (partial: live documents only), each multikey field a side table kept by
 * triggers. Reads and writes run synchronously on the calling thread, each in one statement or
 * one transaction, so no other call interleaves with them.
 */
export class SqliteReadStore implements ReadStore {
  private readonly db: DatabaseSync;
  private readonly statements = new Recent<StatementSync>(STATEMENTS_KEPT);
  private readonly regexes = new Recent<RegExp>(REGEXES_KEPT);
  /** The collections that have a table. */
  private readonly tables = new Set<string>();
  private readonly specs = new Map<string, { indexes: IndexKeys[]; multikey: Set<string> }>();

  /** Opens (or creates) `file`; `collections` declare the indexes and multikey fields of the queries. */
  constructor(file: string, collections: readonly CollectionSpec[] = []) {
    for (const { collection, indexes, multikey = [] } of collections) {
      const spec = this.specs.get(collection) ?? { indexes: [], multikey: new Set<string>() };
      spec.indexes.push(...indexes);
      for (const field of multikey) spec.multikey.add(field);
      this.specs.set(collection, spec);
    }
    this.db = openDurableSqlite(file, {
      schema: `
        CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS versions (collection TEXT PRIMARY KEY, version INTEGER NOT NULL);`,
      // read models are rebuilt from the log: a power cut may lose the last commits, never their order
      pragmas: 'PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32768;',
    });
    this.db.function('fahrplan_regexp', { deterministic: true }, (pattern, flags, value) => {
      if (typeof value !== 'string') return 0;
      const regex = this.regexes.get(
        `${String(flags)}/${String(pattern)}`,
        () => new RegExp(String(pattern), String(flags)),
      );
      return regex.test(value) ? 1 : 0;
    });
    const names = this.db
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'doc:%'`)
      .all() as { name: string }[];
    for (const { name } of names) this.tables.add(name.slice(DOCUMENTS.length));
    this.transaction(() => {
      for (const collection of new Set([...this.tables, ...this.specs.keys()])) this.ensureSchema(collection);
    });
  }

  private statement(sql: string): StatementSync {
    return this.statements.get(sql, () => this.db.prepare(sql));
  }

  private transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  private target(collection: string): QueryTarget {
    return {
      collection,
      sideTable: sideTable(collection),
      multikey: this.specs.get(collection)?.multikey ?? new Set(),
    };
  }

  /**
   * Creates the collection's table, its declared indexes and multikey side table, and drops the
   * indexes and triggers of an earlier declaration (inside the caller's transaction).
   */
  private ensureSchema(collection: string): void {
    const table = documentsTable(collection);
    const spec = this.specs.get(collection) ?? { indexes: [], multikey: new Set<string>() };
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, position INTEGER NOT NULL, body BLOB)`,
    );
    const wanted = new Map<string, string>();
    for (const keys of spec.indexes) {
      // every index ends with the row's id, which is `_id`
      const entries = Object.entries(keys).filter(([field]) => field !== '_id');
      // an array field is served by the side table: the index ends before it
      const end = entries.findIndex(([field]) => spec.multikey.has(field));
      const indexed = end === -1 ? entries : entries.slice(0, end);
      if (indexed.length === 0) continue;
      const columns = indexed.map(([field, order]) => `${typedValue(field)} ${order === 1 ? 'ASC' : 'DESC'}`);
      wanted.set(
        indexName(collection, indexed),
        `ON ${table} (${[...columns, 'id'].join(', ')}) WHERE body IS NOT NULL`,
      );
    }
    const fields = [...spec.multikey].sort();
    const side = sideTable(collection);
    const triggers = fields.length === 0 ? new Map<string, string>() : multikeyTriggers(collection, fields);
    const existing = this.db
      .prepare(`SELECT type, name FROM sqlite_schema WHERE tbl_name = ? AND type IN ('index', 'trigger')`)
      .all(`${DOCUMENTS}${collection}`) as { type: string; name: string }[];
    let triggersChanged = fields.length > 0 && !existing.some(({ name }) => triggers.has(name));
    for (const { type, name } of existing) {
      if (type === 'index' && name.startsWith('ix') && !wanted.has(name))
        this.db.exec(`DROP INDEX ${quoteName(name)}`);
      if (type === 'trigger' && !triggers.has(name)) {
        this.db.exec(`DROP TRIGGER ${quoteName(name)}`);
        triggersChanged = true;
      }
    }
    for (const [name, definition] of wanted)
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${quoteName(name)} ${definition}`);
    if (fields.length === 0) {
      this.db.exec(`DROP TABLE IF EXISTS ${side}`);
    } else if (triggersChanged) {
      this.db.exec(`DROP TABLE IF EXISTS ${side}`);
      this.db.exec(`CREATE TABLE ${side} (id TEXT NOT NULL, field TEXT NOT NULL, value ANY)`);
      this.db.exec(`CREATE INDEX ${quoteName(`mk:${collection}:value`)} ON ${side} (field, value, id)`);
      this.db.exec(`CREATE INDEX ${quoteName(`mk:${collection}:id`)} ON ${side} (id)`);
      for (const [, definition] of triggers) this.db.exec(definition);
      for (const field of fields)
        this.db.exec(
          `INSERT INTO ${side} (id, field, value) ${multikeyRows(field, { id: 'r.id', body: 'r.body', from: `${table} AS r` })}`,
        );
    }
    this.tables.add(collection);
  }

  async get(collection: string, id: string): Promise<ReadDocument | null> {
    if (!this.tables.has(collection)) return null;
    const row = this.statement(
      `SELECT id, position, json(body) AS body FROM ${documentsTable(collection)} WHERE id = ? AND body IS NOT NULL`,
    ).get(id) as Row | undefined;
    return row ? documentOf(row) : null;
  }

  async getMany(collection: string, ids: readonly string[]): Promise<Map<string, ReadDocument>> {
    if (ids.length === 0 || !this.tables.has(collection)) return new Map();
    const rows = this.statement(
      `SELECT id, position, json(body) AS body FROM ${documentsTable(collection)} WHERE id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(ids)) as unknown as Row[];
    return new Map(rows.map((row) => [row.id, documentOf(row)]));
  }

  /** The SELECT of `columns` over the live documents matching `filter`, with its parameters. */
  private select(
    collection: string,
    columns: string,
    filter: Readonly<Record<string, unknown>>,
    options: FindOptions = {},
  ): { sql: string; params: SQLInputValue[] } {
    const target = this.target(collection);
    const where = whereOf(target, filter);
    const order = orderOf(target, options.sort);
    // like MongoDB, a limit of 0 means no limit
    const limit = options.limit && options.limit > 0 ? Math.trunc(options.limit) : 0;
    return {
      sql:
        `SELECT ${columns} FROM ${documentsTable(collection)} AS d WHERE d.body IS NOT NULL AND (${where.sql})` +
        (order ? ` ORDER BY ${order}` : '') +
        (limit ? ` LIMIT ${limit}` : ''),
      params: [...where.params],
    };
  }

  async find(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options: FindOptions = {},
  ): Promise<ReadDocument[]> {
    const { sql, params } = this.select(
      collection,
      'd.id, d.position, json(d.body) AS body',
      filter,
      options,
    );
    if (!this.tables.has(collection)) return [];
    return (this.statement(sql).all(...params) as unknown as Row[]).map(documentOf);
  }

  async count(collection: string, filter: Readonly<Record<string, unknown>>): Promise<number> {
    const { sql, params } = this.select(collection, 'count(*) AS count', filter);
    if (!this.tables.has(collection)) return 0;
    return (this.statement(sql).get(...params) as { count: number }).count;
  }

  /** The SQL of a query, and SQLite's plan for it (`EXPLAIN QUERY PLAN`): for checking that an index serves it. */
  explain(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options: FindOptions = {},
  ): string[] {
    const { sql, params } = this.select(collection, 'd.id', filter, options);
    return (this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map(
      (row) => row.detail,
    );
  }

  async put(collection: string, { _id, _position, ...document }: ReadDocument): Promise<void> {
    await this.write([{ collection, id: _id, position: _position, document }]);
  }

  async delete(collection: string, id: string, position: number): Promise<void> {
    await this.write([{ collection, id, position, document: null }]);
  }

  async write(writes: readonly DocumentWrite[], checkpoint?: CheckpointWrite): Promise<void> {
    const collections = new Set(writes.map((write) => write.collection));
    const missing = [...collections].filter((collection) => !this.tables.has(collection));
    if (missing.length > 0)
      this.transaction(() => missing.forEach((collection) => this.ensureSchema(collection)));
    this.transaction(() => {
      for (const write of writes)
        this.statement(
          `INSERT INTO ${documentsTable(write.collection)} AS d (id, position, body) VALUES (?, ?, jsonb(?)) ` +
            'ON CONFLICT (id) DO UPDATE SET position = excluded.position, body = excluded.body ' +
            'WHERE excluded.position > d.position',
        ).run(write.id, write.position, write.document === null ? null : JSON.stringify(write.document));
      if (checkpoint) this.saveCheckpointNow(checkpoint.name, checkpoint.position);
    });
  }

  async checkpoint(name: string): Promise<number> {
    const row = this.statement('SELECT position FROM checkpoints WHERE name = ?').get(name) as
      { position: number } | undefined;
    return row?.position ?? 0;
  }

  async saveCheckpoint(name: string, position: number): Promise<void> {
    this.saveCheckpointNow(name, position);
  }

  private saveCheckpointNow(name: string, position: number): void {
    this.statement(
      'INSERT INTO checkpoints (name, position) VALUES (?, ?) ' +
        'ON CONFLICT (name) DO UPDATE SET position = max(position, excluded.position)',
    ).run(name, position);
  }

  async versions(): Promise<Readonly<Record<string, number>>> {
    const rows = this.statement('SELECT collection, version FROM versions').all() as {
      collection: string;
      version: number;
    }[];
    return Object.fromEntries(rows.map((row) => [row.collection, row.version]));
  }

  async saveVersions(versions: Readonly<Record<string, number>>): Promise<void> {
    this.transaction(() => {
      for (const [collection, version] of Object.entries(versions))
        this.statement(
          'INSERT INTO versions (collection, version) VALUES (?, ?) ' +
            'ON CONFLICT (collection) DO UPDATE SET version = excluded.version',
        ).run(collection, version);
    });
  }

  async clear(collection: string): Promise<void> {
    if (this.tables.has(collection)) this.db.exec(`DELETE FROM ${documentsTable(collection)}`);
  }

  async dump(): Promise<Record<string, ReadDocument[]>> {
    const dump: Record<string, ReadDocument[]> = {};
    for (const collection of [...this.tables].sort()) {
      const docs = await this.find(collection, {});
      if (docs.length > 0) dump[collection] = docs.sort((a, b) => compareIds(a._id, b._id));
    }
    return dump;
  }

  close(): void {
    this.db.close();
  }
}

/** The triggers that keep the side table of `collection` equal to its documents' `fields`, by name. */
const multikeyTriggers = (collection: string, fields: readonly string[]): Map<string, string> => {
  const table = documentsTable(collection);
  const side = sideTable(collection);
  const rows = fields
    .map((field) => multikeyRows(field, { id: 'new.id', body: 'new.body' }))
    .join(' UNION ALL ');
  const insert = `INSERT INTO ${side} (id, field, value) ${rows};`;
  const remove = `DELETE FROM ${side} WHERE id = old.id;`;
  // the fields are part of the name, so another declaration replaces the triggers and refills the table
  const name = (event: string) => `mk${SCHEMA}:${collection}:${event}:${fields.join(',')}`;
  return new Map([
    [
      name('insert'),
      `CREATE TRIGGER ${quoteName(name('insert'))} AFTER INSERT ON ${table} BEGIN ${insert} END`,
    ],
    [
      name('update'),
      `CREATE TRIGGER ${quoteName(name('update'))} AFTER UPDATE OF body ON ${table} BEGIN ${remove} ${insert} END`,
    ],
    [
      name('delete'),
      `CREATE TRIGGER ${quoteName(name('delete'))} AFTER DELETE ON ${table} BEGIN ${remove} END`,
    ],
  ]);
};
