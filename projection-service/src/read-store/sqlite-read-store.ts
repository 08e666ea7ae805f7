import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import { createPrivateFile, writeTransaction } from '@fahrplan/platform';
import type { IndexKeys } from '../projections/projection';
import { compareIds, filterList } from './read-store';
import type {
  CheckpointWrite,
  CollectionSpec,
  Decided,
  DocumentWrite,
  FieldsOf,
  Filter,
  FindOptions,
  GroupStats,
  JsonRow,
  ReadDocument,
  ReadStore,
  ReadView,
} from './read-store';
import { KeyedWrites, sameKey } from './sqlite-keys';
import { jsonPath, quote, quoteName, sortTermsOf, storedValue, whereOf } from './sqlite-query';
import type { QueryTarget } from './sqlite-query';
import {
  ARCHIVE,
  DOCUMENTS,
  archiveFile,
  archiveRows,
  documentRows,
  documentsTable,
  ensureKeyColumns,
  historyTrigger,
  indexName,
  multikeyRows,
  multikeyTriggers,
  openReader,
  openWriter,
  sideTable,
  textTable,
  versionRows,
  versionsTable,
} from './sqlite-tables';
import type { Rows } from './sqlite-tables';
import { BackgroundThread } from './background-thread';
import { archiveJob, floorOf, lastVersion } from './version-archive';

/**
 * The file's format (`PRAGMA user_version`): a file of an older one starts empty, so the runner
 * rebuilds it from the log after the server listens, answering health and its progress meanwhile
 * (1: the versions and the time index, which a file without them lacks; 2: the key columns and
 * `live`, docs/design/key-columns.md: filling them in place in a file of a million items held the
 * event loop for 30–50 s before the read side answered, health included).
 */
const FORMAT = 2;
const STATEMENTS_KEPT = 256;
/**
 * With background checkpoints, the log's pages past which the writer checkpoints on its own (SQLite's
 * default is 1,000): about 100 MB, reached only when the checkpointer's thread falls behind or stops.
 */
const FALLBACK_CHECKPOINT_PAGES = 25_000;
const REGEXES_KEPT = 64;
/** The archived versions a write deletes from the file's table at most (a few milliseconds' work). */
const DROPPED_PER_WRITE = 5_000;
/** A write of the store's file that changes nothing: its write lock, and not the archive's. */
const WRITE_LOCK = 'DELETE FROM main.archive_floors WHERE 0';
/** Where the time index puts the events before the first readable timestamp: before every instant. */
const DAWN = Number.MIN_SAFE_INTEGER;

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

const documentOf = ({ id, position, body }: Row): ReadDocument => {
  if (body === null) return { _id: id, _position: position, _deleted: true };
  // the parsed object is this document's own: named in place, not copied
  const doc = JSON.parse(body) as Record<string, unknown>;
  doc._id = id;
  doc._position = position;
  return doc as ReadDocument;
};

/** The tables a read takes its rows from, each with its condition: the live documents, or two as of a position. */
interface Source {
  readonly table: string;
  readonly target: QueryTarget;
  /** Over the row `d`, with its parameters. */
  readonly where: string;
  readonly params: readonly SQLInputValue[];
}

interface Spec {
  readonly indexes: IndexKeys[];
  /** The indexes of its versions: the declarations' `asOfIndexes`, else their `indexes`. */
  readonly asOfIndexes: IndexKeys[];
  readonly multikey: Set<string>;
  /** Its fields declared scalar (`typedValue`). */
  readonly scalar: Set<string>;
  /** The collection is a projection's (declared with a version): it keeps the versions its writes replace. */
  history: boolean;
  /** The fields its indexes hold, once asked (`indexedFields`). */
  indexed?: ReadonlySet<string>;
  /** The fields its documents' and versions' indexes hold, each in a key column, once asked (`keysOf`). */
  keys?: readonly string[];
  keySet?: ReadonlySet<string>;
  /** The SQL of its writes, once written to. */
  writes?: KeyedWrites;
  /** The field its trigram index holds. */
  textIndex?: string;
}

/** A field read from a document as JSON text (`->`): its value, null where the document has none. */
const parsedField = (value: SQLOutputValue | undefined): unknown =>
  typeof value === 'string' ? JSON.parse(value) : null;

/**
 * The embedded read store: one SQLite file (`read.db` in the data folder, WAL) holding every
 * collection as a table of JSONB documents with their position, tombstones included, and the
 * checkpoints in the same file, so a page of documents and the checkpoint covering it commit together.
 * Filters become SQL (`sqlite-query.ts`), each declared index an expression index over the typed
 * values of its fields (partial: live documents only), each multikey field a side table kept by
 * triggers. Reads and writes run synchronously on the calling thread, each in one statement or
 * one transaction, so no other call interleaves with them.
 *
 * Time travel: a projection's collection also keeps, by trigger in the write's own transaction,
 * every version a write replaces (`ver:` tables, from its position until the replacing write's, with
 * the same indexes and side tables), and the checkpoint's writes index when the log's events were
 * decided (`instants`). The documents as of a position are the current ones written at or before it
 * and the versions valid then: the same queries, no fold (`at`, `positionAt`). In a file, the versions
 * of a collection without multikey fields are indexed in an archive beside it (`read.versions.db`,
 * docs/design/version-archive.md): the write's transaction inserts each version into a table without
 * indexes, from which the background thread moves them into the archive's indexed table.
 */
export class SqliteReadStore implements ReadStore {
  private readonly db: DatabaseSync;
  private readonly transaction: ReturnType<typeof writeTransaction>;
  private readonly statements = new Recent<StatementSync>(STATEMENTS_KEPT);
  /** The statement of a live document by id, per collection (`getAt` without a position). */
  private readonly liveGets = new Recent<StatementSync>(STATEMENTS_KEPT);
  private readonly regexes = new Recent<RegExp>(REGEXES_KEPT);
  /** The collections that have a table. */
  private readonly tables = new Set<string>();
  private readonly specs = new Map<string, Spec>();
  /** With `backgroundCheckpoints`: the thread that copies the log into the file and archives versions. */
  readonly background: BackgroundThread | undefined;
  /** The archive's file is attached (a store in a file). */
  private readonly archived: boolean;

  /**
   * Opens (or creates) `file`; `collections` declare the indexes and multikey fields of the queries.
   * `readOnly`: a reader beside the writer that made the file (a query thread's own connection; WAL
   * lets it read while the writer writes); it changes nothing, and learns of tables made after it opened.
   */
  constructor(
    file: string,
    collections: readonly CollectionSpec[] = [],
    private readonly options: { readonly readOnly?: boolean; readonly backgroundCheckpoints?: boolean } = {},
  ) {
    for (const spec of collections) this.declare(spec);
    this.db = options.readOnly ? openReader(file) : openWriter(file);
    const archive = archiveFile(file);
    this.archived = file !== ':memory:' && (!options.readOnly || existsSync(archive));
    if (this.archived) {
      if (!options.readOnly) createPrivateFile(archive);
      this.db.prepare(`ATTACH DATABASE ? AS ${ARCHIVE}`).run(archive);
      if (!options.readOnly)
        this.db.exec(`PRAGMA ${ARCHIVE}.journal_mode = WAL; PRAGMA ${ARCHIVE}.synchronous = NORMAL;`);
    }
    if (options.backgroundCheckpoints && !options.readOnly) {
      // the writer checkpoints only past this many pages of log: the background thread does it before
      this.db.exec(`PRAGMA wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
      this.background = new BackgroundThread(file, this.archived ? archive : undefined);
    }
    // the archive's lock is the background thread's: a write of the store locks the store's file alone
    const writeLock = this.archived ? WRITE_LOCK : undefined;
    this.transaction = writeTransaction(this.db, { writeLock });
    this.db.function('fahrplan_regexp', { deterministic: true }, (pattern, flags, value) => {
      if (typeof value !== 'string') return 0;
      const regex = this.regexes.get(
        `${String(flags)}/${String(pattern)}`,
        () => new RegExp(String(pattern), String(flags)),
      );
      return regex.test(value) ? 1 : 0;
    });
    if (options.readOnly) {
      this.readTables();
      return;
    }
    this.transaction(() => {
      this.upgrade();
      if (this.archived) this.matchArchive();
    });
    this.readTables();
    this.transaction(() => {
      for (const collection of new Set([...this.tables, ...this.specs.keys()])) this.ensureSchema(collection);
    });
    this.archiveInBackground();
  }

  /** Adds a declaration of a collection to its spec (several may declare indexes of one collection). */
  private declare({
    collection,
    indexes,
    asOfIndexes,
    multikey = [],
    scalarFields = [],
    version,
    textIndex,
  }: CollectionSpec): void {
    const spec = this.specs.get(collection) ?? this.emptySpec();
    spec.indexes.push(...indexes);
    spec.asOfIndexes.push(...(asOfIndexes ?? indexes));
    for (const field of multikey) spec.multikey.add(field);
    for (const field of scalarFields) spec.scalar.add(field);
    if (version !== undefined) spec.history = true;
    if (textIndex) spec.textIndex = textIndex;
    this.specs.set(collection, spec);
  }

  private emptySpec(): Spec {
    return { indexes: [], asOfIndexes: [], multikey: new Set(), scalar: new Set(), history: false };
  }

  private readTables(): void {
    const names = this.db
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'doc:%'`)
      .all() as { name: string }[];
    for (const { name } of names) this.tables.add(name.slice(DOCUMENTS.length));
  }

  /** Whether `collection` has a table: a reader asks the file again, since the writer may have made it since. */
  private hasTable(collection: string): boolean {
    if (!this.tables.has(collection) && this.options.readOnly) this.readTables();
    return this.tables.has(collection);
  }

  /** Empties a file of an older format (see FORMAT): its read models are rebuilt from the log. */
  private upgrade(): void {
    const { user_version: format } = this.db.prepare('PRAGMA user_version').get() as { user_version: number };
    if (format >= FORMAT) return;
    const tables = this.db
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'table' AND ` +
          `(name LIKE 'doc:%' OR name LIKE 'mk:%' OR name LIKE 'ver:%' OR name LIKE 'mkv:%')`,
      )
      .all() as { name: string }[];
    for (const { name } of tables) this.db.exec(`DROP TABLE ${quoteName(name)}`);
    this.db.exec(
      `DELETE FROM checkpoints; DELETE FROM versions; DELETE FROM instants; ` +
        `DELETE FROM archive_token; DELETE FROM archive_floors;`,
    );
    this.db.exec(`PRAGMA user_version = ${FORMAT}`);
  }

  /**
   * Pairs the archive with this file: each holds the same token, made with the file's versions. An
   * archive of another file (one `npm run replay` replaced, or of an older format) is emptied, and
   * fills again from this file's versions.
   */
  private matchArchive(): void {
    const token = (schema: string) =>
      (this.db.prepare(`SELECT token FROM ${schema}.archive_token`).get() as { token: string } | undefined)
        ?.token;
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${ARCHIVE}.archive_token (token TEXT NOT NULL)`);
    let mine = token('main');
    if (mine === undefined) {
      mine = randomUUID();
      this.db.prepare('INSERT INTO main.archive_token (token) VALUES (?)').run(mine);
    }
    if (token(ARCHIVE) === mine) return;
    const tables = this.db
      .prepare(`SELECT name FROM ${ARCHIVE}.sqlite_schema WHERE type = 'table' AND name LIKE 'ver:%'`)
      .all() as { name: string }[];
    for (const { name } of tables) this.db.exec(`DROP TABLE ${ARCHIVE}.${quoteName(name)}`);
    this.db.exec(`DELETE FROM ${ARCHIVE}.archive_token`);
    this.db.prepare(`INSERT INTO ${ARCHIVE}.archive_token (token) VALUES (?)`).run(mine);
  }

  /** Whether the collection's versions are indexed in the archive: a projection's, without multikey fields. */
  private inArchive(collection: string): boolean {
    const spec = this.spec(collection);
    return this.archived && spec.history && spec.multikey.size === 0;
  }

  /** The archive's work for each collection it holds, the files named as the connection running it has them (`names`). */
  private archiveJobs(names: { store: string; archive: string }, limit?: number) {
    return [...this.tables]
      .filter((collection) => this.inArchive(collection))
      .map((collection) => {
        const columns = this.db
          .prepare('SELECT name FROM pragma_table_info(?, ?)')
          .all(versionRows(collection).table, ARCHIVE) as { name: string }[];
        return archiveJob(
          collection,
          columns.map(({ name }) => name),
          names,
          limit,
        );
      });
  }

  private archiveInBackground(): void {
    this.background?.archive(this.archiveJobs({ store: 'store', archive: 'main' }, 20_000));
  }

  /**
   * Moves every version not yet archived into the archive, on this connection (the background thread
   * copies them for a server, and the next write drops them here; tests call it).
   */
  archiveNow(): void {
    if (!this.archived || this.options.readOnly) return;
    this.transaction(() => {
      for (const job of this.archiveJobs({ store: 'main', archive: ARCHIVE })) {
        this.db.exec(job.collect);
        this.db.exec(job.copy);
      }
      for (const collection of this.tables) if (this.inArchive(collection)) this.dropArchived(collection);
    });
  }

  private statement(sql: string): StatementSync {
    return this.statements.get(sql, () => this.db.prepare(sql));
  }

  /** A statement whose rows are arrays of its columns: no object per row, for reads of many rows. */
  private arrayStatement(sql: string): StatementSync {
    return this.statements.get(`[] ${sql}`, () => {
      const statement = this.db.prepare(sql);
      statement.setReturnArrays(true);
      return statement;
    });
  }

  private spec(collection: string): Spec {
    return this.specs.get(collection) ?? this.emptySpec();
  }

  /**
   * The fields of the collection's indexes (its documents' and its versions'), up to a multikey field,
   * which ends an index: each has a key column in both tables (docs/design/key-columns.md).
   */
  private keysOf(collection: string): {
    readonly keys: readonly string[];
    readonly keySet: ReadonlySet<string>;
  } {
    const spec = this.spec(collection);
    if (!spec.keys) {
      const fields = [...spec.indexes, ...spec.asOfIndexes].flatMap((keys) => {
        const named = Object.keys(keys).filter((field) => field !== '_id' && field !== '_position');
        const end = named.findIndex((field) => spec.multikey.has(field));
        return end === -1 ? named : named.slice(0, end);
      });
      spec.keys = [...new Set(fields)].sort();
      spec.keySet = new Set(spec.keys);
    }
    return { keys: spec.keys, keySet: spec.keySet! };
  }

  private target(collection: string, rows: Rows): QueryTarget {
    const { multikey, scalar, textIndex } = this.spec(collection);
    return {
      collection,
      sideTable: quoteName(sideTable(rows, collection)),
      rowKey: `d.${rows.key}`,
      multikey,
      scalar,
      keys: this.keysOf(collection).keySet,
      ...(textIndex && rows.updated
        ? { textIndex: { field: textIndex, table: quoteName(textTable(collection, textIndex)) } }
        : {}),
    };
  }

  /**
   * What a read of `collection` takes its rows from: its documents, or as of `position` those
   * written at or before it and the versions valid then (none for a collection without history).
   */
  private sources(collection: string, position?: number): Source[] {
    const documents = {
      table: documentsTable(collection),
      target: this.target(collection, documentRows(collection)),
    };
    if (position === undefined) return [{ ...documents, where: '1', params: [] }];
    if (!this.spec(collection).history) return [];
    const valid = { where: 'd.position <= ? AND d.until > ?', params: [position, position] };
    const versions = {
      table: versionsTable(collection),
      target: this.target(collection, versionRows(collection)),
    };
    if (!this.inArchive(collection))
      return [
        { ...documents, where: 'd.position <= ?', params: [position] },
        { ...versions, ...valid },
      ];
    // the archived versions up to the last this file's snapshot holds (the archive's may be newer), and
    // those after the archive's last (docs/design/version-archive.md: why the two snapshots agree)
    const floor = floorOf('main', collection);
    return [
      { ...documents, where: 'd.position <= ?', params: [position] },
      {
        ...versions,
        table: `${ARCHIVE}.${versions.table}`,
        where: `d.vid > ${floor} AND d.vid <= ${lastVersion('main', collection)} AND ${valid.where}`,
        params: valid.params,
      },
      {
        ...versions,
        table: `main.${versions.table}`,
        where: `d.vid > max(${floor}, ${lastVersion(ARCHIVE, collection)}) AND ${valid.where}`,
        params: valid.params,
      },
    ];
  }

  /**
   * Creates the collection's table, its declared indexes and multikey side table, and, for a
   * projection's collection, the table of its versions alike and the trigger that fills it; drops
   * what an earlier declaration made and this one does not (inside the caller's transaction).
   */
  private ensureSchema(collection: string): void {
    const spec = this.spec(collection);
    const { keys } = this.keysOf(collection);
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${documentsTable(collection)} (id TEXT PRIMARY KEY, position INTEGER NOT NULL, body BLOB)`,
    );
    // an older file's history trigger keeps a version of every update: filling the key columns would add one per row
    this.db.exec(`DROP TRIGGER IF EXISTS ${quoteName(historyTrigger(collection, keys)[0])}`);
    ensureKeyColumns(this.db, documentRows(collection).table, keys);
    const versions = versionRows(collection);
    if (spec.history) {
      // in a file, a collection without multikey fields indexes its versions in the archive alone
      const archived = this.inArchive(collection);
      for (const rows of archived ? [versions, archiveRows(collection)] : [versions]) {
        const schema = rows.schema ?? 'main';
        this.db.exec(
          `CREATE TABLE IF NOT EXISTS ${schema}.${versionsTable(collection)} ` +
            '(vid INTEGER PRIMARY KEY, id TEXT NOT NULL, position INTEGER NOT NULL, until INTEGER NOT NULL, body BLOB)',
        );
        ensureKeyColumns(this.db, rows.table, keys, schema);
        const indexed = !archived || rows.schema !== undefined;
        const byId = `${schema}.${quoteName(`${rows.table}:id`)}`;
        this.db.exec(
          indexed
            ? `CREATE INDEX IF NOT EXISTS ${byId} ON ${versionsTable(collection)} (id, until)`
            : `DROP INDEX IF EXISTS ${byId}`,
        );
        this.ensureRows(collection, rows, new Map(), indexed ? spec.asOfIndexes : []);
      }
    } else {
      this.db.exec(`DROP TABLE IF EXISTS main.${versionsTable(collection)}`);
      if (this.archived) this.db.exec(`DROP TABLE IF EXISTS ${ARCHIVE}.${versionsTable(collection)}`);
      this.db.exec(`DROP TABLE IF EXISTS ${quoteName(sideTable(versions, collection))}`);
    }
    const text = this.ensureTextIndex(collection);
    this.ensureRows(
      collection,
      documentRows(collection),
      new Map([...(spec.history ? [historyTrigger(collection, keys)] : []), ...text]),
      spec.indexes,
    );
    this.tables.add(collection);
  }

  /**
   * The trigram index of the collection's text field (an FTS5 table without content, filled from the
   * documents when made) and the triggers that keep it, by name; another field's index is dropped.
   */
  private ensureTextIndex(collection: string): Map<string, string> {
    const field = this.spec(collection).textIndex;
    const wanted = field ? textTable(collection, field) : null;
    const made = this.db
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`)
      .all() as { name: string }[];
    for (const { name } of made)
      if (name.startsWith(textTable(collection, '')) && name !== wanted)
        this.db.exec(`DROP TABLE ${quoteName(name)}`);
    if (!field || !wanted) return new Map();
    const fts = quoteName(wanted);
    // the text of the row `row` (a trigger's `new`, or the rows of `from`), where it has one
    const text = (row: string, from = '') =>
      `SELECT ${row}.rowid, ${row}.body ->> ${jsonPath(field)} ${from}` +
      `WHERE ${row}.body IS NOT NULL AND json_type(${row}.body, ${jsonPath(field)}) = 'text'`;
    if (!made.some(({ name }) => name === wanted)) {
      this.db.exec(
        `CREATE VIRTUAL TABLE ${fts} USING fts5(text, content='', contentless_delete=1, tokenize='trigram')`,
      );
      this.db.exec(
        `INSERT INTO ${fts} (rowid, text) ${text('d', `FROM ${documentsTable(collection)} AS d `)}`,
      );
    }
    const table = documentsTable(collection);
    const remove = `DELETE FROM ${fts} WHERE rowid = old.rowid;`;
    const insert = `INSERT INTO ${fts} (rowid, text) ${text('new')};`;
    const trigger = (event: string, when: string, body: string, condition?: string): [string, string] => {
      const name = `${wanted}:${event}`;
      const only = condition ? ` WHEN ${condition}` : '';
      return [name, `CREATE TRIGGER ${quoteName(name)} ${when} ON ${table}${only} BEGIN ${body} END`];
    };
    return new Map([
      trigger('insert', 'AFTER INSERT', insert),
      // only when the text changes: a write of other fields (a reschedule's dates) leaves the index be
      trigger(
        'retext',
        'AFTER UPDATE OF body',
        `${remove} ${insert}`,
        `old.body ->> ${jsonPath(field)} IS NOT new.body ->> ${jsonPath(field)}`,
      ),
      trigger('delete', 'AFTER DELETE', remove),
    ]);
  }

  /** The `indexes` and multikey side table of `rows`, and its `other` triggers (by name). */
  private ensureRows(
    collection: string,
    rows: Rows,
    other: ReadonlyMap<string, string>,
    indexes: readonly IndexKeys[],
  ): void {
    const table = quoteName(rows.table);
    const schema = rows.schema ?? 'main';
    const spec = this.spec(collection);
    const { keySet } = this.keysOf(collection);
    const wanted = new Map<string, string>();
    for (const keys of indexes) {
      // every index ends with the row's id, which is `_id`
      const entries = Object.entries(keys).filter(([field]) => field !== '_id');
      // an array field is served by the side table: the index ends before it
      const end = entries.findIndex(([field]) => spec.multikey.has(field));
      const indexed = end === -1 ? entries : entries.slice(0, end);
      if (indexed.length === 0) continue;
      const columns = indexed.map(
        ([field, order]) =>
          `${storedValue(field, '', { keys: keySet, scalar: spec.scalar })} ${order === 1 ? 'ASC' : 'DESC'}`,
      );
      // (partial over `live`, not `body`: SQLite rewrites every index whose condition reads a column a write sets)
      wanted.set(
        indexName(rows.indexPrefix, collection, indexed),
        `ON ${table} (${[...columns, 'id'].join(', ')}) WHERE live IS NOT NULL`,
      );
    }
    const fields = [...spec.multikey].sort();
    const side = quoteName(sideTable(rows, collection));
    const triggers =
      fields.length === 0 ? new Map<string, string>() : multikeyTriggers(rows, collection, fields);
    const existing = this.db
      .prepare(
        `SELECT type, name, sql FROM ${schema}.sqlite_schema WHERE tbl_name = ? AND type IN ('index', 'trigger')`,
      )
      .all(rows.table) as { type: string; name: string; sql: string | null }[];
    let triggersChanged = fields.length > 0 && !existing.some(({ name }) => triggers.has(name));
    for (const { type, name, sql } of existing) {
      // an index of the same keys whose expressions changed (a field declared scalar) is made again
      const definition = wanted.get(name);
      if (type === 'index' && name.startsWith(rows.indexPrefix) && !sql?.endsWith(` ${definition}`))
        this.db.exec(`DROP INDEX ${schema}.${quoteName(name)}`);
      // a trigger of another declaration, or whose SQL changed (the key columns the history copies)
      if (type === 'trigger' && !triggers.has(name) && (!other.has(name) || other.get(name) !== sql)) {
        this.db.exec(`DROP TRIGGER ${quoteName(name)}`);
        triggersChanged ||= name.startsWith(rows.sidePrefix);
      }
    }
    for (const [name, definition] of wanted)
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${schema}.${quoteName(name)} ${definition}`);
    for (const [name, definition] of other)
      if (!existing.some((trigger) => trigger.name === name && trigger.sql === definition))
        this.db.exec(definition);
    if (fields.length === 0) {
      this.db.exec(`DROP TABLE IF EXISTS ${side}`);
    } else if (triggersChanged) {
      this.db.exec(`DROP TABLE IF EXISTS ${side}`);
      this.db.exec(
        `CREATE TABLE ${side} (id ${rows.key === 'id' ? 'TEXT' : 'INTEGER'} NOT NULL, field TEXT NOT NULL, value ANY)`,
      );
      const sideName = sideTable(rows, collection);
      this.db.exec(`CREATE INDEX ${quoteName(`${sideName}:value`)} ON ${side} (field, value, id)`);
      this.db.exec(`CREATE INDEX ${quoteName(`${sideName}:id`)} ON ${side} (id)`);
      for (const [, definition] of triggers) this.db.exec(definition);
      for (const field of fields)
        this.db.exec(
          `INSERT INTO ${side} (id, field, value) ${multikeyRows(field, { id: `r.${rows.key}`, body: 'r.body', from: `${table} AS r` })}`,
        );
    }
  }

  async get(collection: string, id: string): Promise<ReadDocument | null> {
    return this.getAt(collection, id);
  }

  private getAt(collection: string, id: string, position?: number): ReadDocument | null {
    if (!this.hasTable(collection)) return null;
    if (position === undefined) {
      // the live document, by a statement kept per collection: the read of most small requests
      const row = this.liveGets
        .get(collection, () =>
          this.db.prepare(
            `SELECT id, position, json(body) AS body FROM ${documentsTable(collection)} WHERE id = ? AND body IS NOT NULL`,
          ),
        )
        .get(id) as Row | undefined;
      return row ? documentOf(row) : null;
    }
    const sources = this.sources(collection, position);
    if (sources.length === 0) return null;
    const row = this.statement(
      sources
        .map(
          ({ table, where }) =>
            `SELECT d.id, d.position, json(d.body) AS body FROM ${table} AS d WHERE d.id = ? AND d.body IS NOT NULL AND ${where}`,
        )
        .join(' UNION ALL '),
    ).get(...sources.flatMap(({ params }) => [id, ...params])) as Row | undefined;
    return row ? documentOf(row) : null;
  }

  async getMany(collection: string, ids: readonly string[]): Promise<Map<string, ReadDocument>> {
    return this.getManyAt(collection, ids);
  }

  private getManyAt(
    collection: string,
    ids: readonly string[],
    position?: number,
  ): Map<string, ReadDocument> {
    if (ids.length === 0 || !this.hasTable(collection)) return new Map();
    const sources = this.sources(collection, position);
    if (sources.length === 0) return new Map();
    const rows = this.statement(
      sources
        .map(
          ({ table, where }) =>
            `SELECT d.id, d.position, json(d.body) AS body FROM ${table} AS d ` +
            `WHERE d.id IN (SELECT value FROM json_each(?)) AND ${where}`,
        )
        .join(' UNION ALL '),
    ).all(...sources.flatMap(({ params }) => [JSON.stringify(ids), ...params])) as unknown as Row[];
    return new Map(rows.map((row) => [row.id, documentOf(row)]));
  }

  /**
   * The SELECT of `columns` over the live documents matching `filter`, with its parameters; as of
   * a position, over the documents and the versions valid then, merged in the order of the sort.
   */
  private select(
    collection: string,
    columns: string,
    filter: Readonly<Record<string, unknown>>,
    options: FindOptions = {},
    position?: number,
  ): { sql: string; params: SQLInputValue[] } {
    // like MongoDB, a limit of 0 means no limit
    const limit = options.limit && options.limit > 0 ? ` LIMIT ${Math.trunc(options.limit)}` : '';
    const arms = this.sources(collection, position).map((source) => {
      const where = whereOf(source.target, filter);
      return {
        from: `FROM ${source.table} AS d WHERE d.live IS NOT NULL AND ${source.where} AND (${where.sql})`,
        params: [...source.params, ...where.params],
        sort: sortTermsOf(source.target, options.sort),
      };
    });
    if (arms.length === 0) {
      // a collection without history has no past: nothing matches, the filter is still checked
      whereOf(this.target(collection, documentRows(collection)), filter);
      sortTermsOf(this.target(collection, documentRows(collection)), options.sort);
      return {
        sql: `SELECT ${columns} FROM (SELECT NULL AS id, NULL AS position, NULL AS body) AS d WHERE 0`,
        params: [],
      };
    }
    if (arms.length === 1) {
      const [{ from, params, sort }] = arms as [(typeof arms)[number]];
      const order = sort.map(({ value, order }) => `${value} ${order}`).join(', ');
      return { sql: `SELECT ${columns} ${from}${order ? ` ORDER BY ${order}` : ''}${limit}`, params };
    }
    // a compound SELECT orders by its result columns: the sort values become columns, each arm read in index order
    const keys = (sort: (typeof arms)[number]['sort']) =>
      sort.map(({ value }, i) => `, ${value} AS k${i}`).join('');
    const order = arms[0]!.sort.map(({ order }, i) => `k${i} ${order}`).join(', ');
    return {
      sql:
        arms.map(({ from, sort }) => `SELECT ${columns}${keys(sort)} ${from}`).join(' UNION ALL ') +
        (order ? ` ORDER BY ${order}` : '') +
        limit,
      params: arms.flatMap(({ params }) => params),
    };
  }

  async find(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options: FindOptions = {},
  ): Promise<ReadDocument[]> {
    return this.findAt(collection, filter, options);
  }

  private findAt(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options: FindOptions = {},
    position?: number,
  ): ReadDocument[] {
    const { sql, params } = this.select(
      collection,
      'd.id, d.position, json(d.body) AS body',
      filter,
      options,
      position,
    );
    if (!this.hasTable(collection)) return [];
    return (this.statement(sql).all(...params) as unknown as Row[]).map(documentOf);
  }

  async findFields<F extends string>(
    collection: string,
    filters: Filter | readonly Filter[],
    fields: readonly F[],
    options: FindOptions = {},
  ): Promise<FieldsOf<F>[]> {
    return this.findFieldsAt(collection, filters, fields, options);
  }

  /**
   * A field that a declared index holds is read as the index holds it (its typed value), so that an
   * index with every field asked for beside its keys answers alone; another field from the document.
   */
  private findFieldsAt<F extends string>(
    collection: string,
    filters: Filter | readonly Filter[],
    fields: readonly F[],
    options: FindOptions = {},
    position?: number,
  ): FieldsOf<F>[] {
    const indexed = this.indexedFields(collection);
    const target = this.target(collection, documentRows(collection));
    const typed = fields.map((field) => indexed.has(field));
    const columns = fields.map((field, i) =>
      typed[i] ? storedValue(field, 'd', target) : `d.body -> ${jsonPath(field)}`,
    );
    const rows = this.rowsOf(collection, filters, ['d.id', ...columns], options, position);
    return rows.map((row) => {
      const doc: Record<string, unknown> = { _id: row[0] };
      for (let i = 0; i < fields.length; i++) {
        const value = row[i + 1];
        doc[fields[i]!] = !typed[i]
          ? parsedField(value)
          : value instanceof Uint8Array
            ? this.typedField(collection, String(row[0]), fields[i]!, value, position)
            : (value ?? null);
      }
      return doc as FieldsOf<F>;
    });
  }

  /**
   * One statement's rows, as arrays of `columns`: each filter's SELECT (sorted and limited on its own)
   * after the other; none without a filter or a table (each filter checked all the same).
   */
  private rowsOf(
    collection: string,
    filters: Filter | readonly Filter[],
    columns: readonly string[],
    options: FindOptions = {},
    position?: number,
  ): SQLOutputValue[][] {
    const selects = filterList(filters).map((filter) =>
      this.select(collection, columns.join(', '), filter, options, position),
    );
    // (a SELECT that sorts or limits is one only as a subquery)
    const arm =
      options.sort || options.limit ? (one: string) => `SELECT * FROM (${one})` : (one: string) => one;
    const sql =
      selects.length === 1 ? selects[0]!.sql : selects.map((one) => arm(one.sql)).join(' UNION ALL ');
    const params = selects.flatMap((one) => one.params);
    if (selects.length === 0 || !this.hasTable(collection)) return [];
    return this.arrayStatement(sql).all(...params) as unknown as SQLOutputValue[][];
  }

  async findJson<B extends string>(
    collection: string,
    filters: readonly Filter[],
    fields: readonly string[],
    beside: readonly B[],
  ): Promise<JsonRow<B>[]> {
    return this.findJsonAt(collection, filters, fields, beside);
  }

  /**
   * SQLite writes each row's JSON (`json_object`): a field declared scalar (a text, a number or null) from
   * its typed value (its key column, which a covering index holds), any other from the document as JSON. One column per
   * row instead of one per field: extracting each value into JavaScript was most of a timeline page's CPU.
   */
  private findJsonAt<B extends string>(
    collection: string,
    filters: readonly Filter[],
    fields: readonly string[],
    beside: readonly B[],
    position?: number,
  ): JsonRow<B>[] {
    const { scalar } = this.spec(collection);
    const target = this.target(collection, documentRows(collection));
    const value = (field: string) =>
      scalar.has(field) ? storedValue(field, 'd', target) : `d.body -> ${jsonPath(field)}`;
    const json = `json_object(${fields.map((field) => `${quote(field)}, ${value(field)}`).join(', ')})`;
    const besideRows = this.rowsOf(collection, filters, [json, ...beside.map(value)], {}, position);
    return besideRows.map((row) => {
      const found: Record<string, unknown> = { json: row[0] };
      for (let i = 0; i < beside.length; i++)
        found[beside[i]!] = this.besideValue(row[i + 1], beside[i]!, scalar);
      return found as JsonRow<B>;
    });
  }

  /** A `beside` value as `findFields` answers it: a scalar field's as SQLite reads it, another's parsed from its JSON. */
  private besideValue(
    value: SQLOutputValue | undefined,
    field: string,
    scalar: ReadonlySet<string>,
  ): unknown {
    return scalar.has(field) ? (value ?? null) : parsedField(value);
  }

  /** The fields the declared indexes hold as typed values (up to a multikey field, which ends an index). */
  private indexedFields(collection: string): ReadonlySet<string> {
    const spec = this.spec(collection);
    spec.indexed ??= new Set(
      spec.indexes.flatMap((keys) => {
        const fields = Object.keys(keys).filter((field) => field !== '_id');
        const end = fields.findIndex((field) => spec.multikey.has(field));
        return end === -1 ? fields : fields.slice(0, end);
      }),
    );
    return spec.indexed;
  }

  /** A typed value's mark as JavaScript: a boolean's as the boolean; an object or array (never an index's key) from the document. */
  private typedField(
    collection: string,
    id: string,
    field: string,
    mark: Uint8Array,
    position?: number,
  ): unknown {
    if (mark[0] === 0x09) return true;
    if (mark[0] === 0x08) return false;
    return this.getAt(collection, id, position)?.[field] ?? null;
  }

  async groupStats(
    collection: string,
    filters: readonly Filter[],
    by: readonly string[],
    fields: readonly string[],
  ): Promise<GroupStats[]> {
    return this.groupStatsAt(collection, filters, by, fields);
  }

  /** One statement: each filter's rows (their typed values, from a covering index where one holds them) grouped. */
  private groupStatsAt(
    collection: string,
    filters: readonly Filter[],
    by: readonly string[],
    fields: readonly string[],
    position?: number,
  ): GroupStats[] {
    if (by.length === 0) throw new Error('groupStats groups by one field or more');
    const target = this.target(collection, documentRows(collection));
    const columns = [...by, ...fields]
      .map((field, i) => `${storedValue(field, 'd', target)} AS c${i}`)
      .join(', ');
    const selects = filters.map((filter) => this.select(collection, columns, filter, {}, position));
    if (selects.length === 0 || !this.hasTable(collection)) return [];
    const keys = by.map((_, i) => `c${i}`);
    const stats = fields.map((_, j) => `c${by.length + j}`).map((c) => `min(${c}), max(${c}), count(${c})`);
    const rows = this.arrayStatement(
      `SELECT ${[...keys, 'count(*)', ...stats].join(', ')} ` +
        // (LIMIT -1 keeps the rows a subquery of their own: flattened into the grouping, SQLite would
        // compute the typed values from the documents instead of reading them from a covering index)
        `FROM (${selects.map(({ sql }) => sql).join(' UNION ALL ')} LIMIT -1) GROUP BY ${keys.join(', ')}`,
    ).all(...selects.flatMap(({ params }) => params)) as unknown as SQLOutputValue[][];
    return rows.map((row) => ({
      keys: row.slice(0, by.length),
      count: Number(row[by.length]),
      fields: Object.fromEntries(
        fields.map((field, j) => {
          const [min, max, count] = row.slice(by.length + 1 + 3 * j);
          return [field, { min, max, count: Number(count) }];
        }),
      ),
    }));
  }

  async count(collection: string, filter: Readonly<Record<string, unknown>>): Promise<number> {
    return this.countAt(collection, filter);
  }

  private countAt(collection: string, filter: Readonly<Record<string, unknown>>, position?: number): number {
    const { sql, params } = this.select(collection, 'd.id', filter, {}, position);
    if (!this.hasTable(collection)) return 0;
    return (this.statement(`SELECT count(*) AS count FROM (${sql})`).get(...params) as { count: number })
      .count;
  }

  /** The SQL of a query, and SQLite's plan for it (`EXPLAIN QUERY PLAN`): for checking that an index serves it. */
  explain(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options: FindOptions = {},
    position?: number,
  ): string[] {
    const { sql, params } = this.select(collection, 'd.id', filter, options, position);
    return (this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map(
      (row) => row.detail,
    );
  }

  /** The read models as the writes up to `position` left them (see the class's comment). */
  at(position: number): ReadView {
    return {
      get: async (collection, id) => this.getAt(collection, id, position),
      getMany: async (collection, ids) => this.getManyAt(collection, ids, position),
      find: async (collection, filter, options) => this.findAt(collection, filter, options, position),
      findFields: async (collection, filters, fields, options) =>
        this.findFieldsAt(collection, filters, fields, options, position),
      groupStats: async (collection, filters, by, fields) =>
        this.groupStatsAt(collection, filters, by, fields, position),
      findJson: async (collection, filters, fields, beside) =>
        this.findJsonAt(collection, filters, fields, beside, position),
      count: async (collection, filter) => this.countAt(collection, filter, position),
      dump: async () => this.dumpAt(position),
    };
  }

  async positionAt(instant: Date): Promise<number> {
    const row = this.statement(
      'SELECT position FROM instants WHERE time <= ? ORDER BY time DESC LIMIT 1',
    ).get(instant.getTime()) as { position: number } | undefined;
    return row?.position ?? 0;
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
    if (missing.length > 0) {
      this.transaction(() => missing.forEach((collection) => this.ensureSchema(collection)));
      if (missing.some((collection) => this.inArchive(collection))) this.archiveInBackground();
    }
    this.transaction(() => {
      for (const write of writes) this.writeDocument(write);
      if (checkpoint) {
        this.saveCheckpointNow(checkpoint.name, checkpoint.position);
        if (checkpoint.decided) this.indexInstants(checkpoint.decided);
      }
      for (const collection of collections) if (this.inArchive(collection)) this.dropArchived(collection);
    });
  }

  /**
   * Deletes the versions the archive holds from the file's table, all but its last (so that no
   * number is given twice), at most `DROPPED_PER_WRITE` per write: after a file's first archiving,
   * each write drops a bounded part. A reader that began before still has them; one that begins
   * after sees the archive at least as far (docs/design/version-archive.md).
   */
  private dropArchived(collection: string): void {
    const table = `main.${versionsTable(collection)}`;
    this.statement(
      `DELETE FROM ${table} WHERE vid <= ${lastVersion(ARCHIVE, collection)} ` +
        `AND vid < ${lastVersion('main', collection)} ` +
        `AND vid < (SELECT min(vid) FROM ${table}) + ${DROPPED_PER_WRITE}`,
    ).run();
  }

  async writeTogether<T>(work: () => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work();
    this.db.exec(this.archived ? 'BEGIN' : 'BEGIN IMMEDIATE');
    if (this.archived)
      try {
        this.db.exec(WRITE_LOCK);
      } catch (error) {
        this.db.exec('ROLLBACK');
        throw error;
      }
    try {
      return await work();
    } finally {
      // (SQLite rolls a transaction back itself on some I/O errors: then there is nothing to commit)
      if (this.db.isTransaction) this.db.exec('COMMIT');
    }
  }

  /**
   * One document's write, applied only over an older position. It sets the key columns whose values
   * change and no other (nor `live` unless it changes), so that SQLite leaves alone every index whose
   * keys stay as they were: a reschedule's write moves the date indexes' entries alone.
   */
  private writeDocument({ collection, id, position, document }: DocumentWrite): void {
    // (an undeclared collection's spec is kept too, for its statements)
    const spec = this.specs.get(collection) ?? this.specs.set(collection, this.emptySpec()).get(collection)!;
    spec.writes ??= new KeyedWrites(documentsTable(collection), this.keysOf(collection).keys);
    const { writes } = spec;
    const values = writes.values(document);
    const body = document === null ? null : JSON.stringify(document);
    const old = this.arrayStatement(writes.select).get(id) as SQLOutputValue[] | undefined;
    if (!old) {
      this.statement(writes.insert).run(id, position, body, ...values);
      return;
    }
    if (Number(old[0]) >= position) return;
    const changed = values.flatMap((value, i) => (sameKey(old[i + 1], value) ? [] : [i]));
    this.statement(writes.update(changed)).run(position, body, ...changed.map((i) => values[i]!), id);
  }

  /**
   * The time index: for each run of events with the same running maximum of their timestamps (which
   * never decreases, even where the clocks of writers disagree), that maximum and the run's last position.
   */
  private indexInstants(decided: readonly Decided[]): void {
    const last = this.statement('SELECT max(time) AS time FROM instants').get() as { time: number | null };
    let time = last.time ?? DAWN;
    const runs = new Map<number, number>();
    for (const { position, timestamp } of decided) {
      const at = Date.parse(timestamp);
      if (Number.isFinite(at)) time = Math.max(time, at);
      runs.set(time, position);
    }
    for (const [at, position] of runs)
      this.statement(
        'INSERT INTO instants (time, position) VALUES (?, ?) ' +
          'ON CONFLICT (time) DO UPDATE SET position = max(position, excluded.position)',
      ).run(at, position);
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

  /** Removes the collection's documents and the versions they replaced: a projection is rebuilt into it. */
  async clear(collection: string): Promise<void> {
    if (!this.tables.has(collection)) return;
    this.transaction(() => {
      this.db.exec(`DELETE FROM ${documentsTable(collection)}`);
      if (!this.spec(collection).history) return;
      if (!this.inArchive(collection)) {
        this.db.exec(`DELETE FROM ${versionsTable(collection)}`);
        return;
      }
      // the versions up to the last are no longer its past, wherever they are; the last stays, so that
      // no number is given again (the background thread drops the archive's copies)
      const table = `main.${versionsTable(collection)}`;
      this.db
        .prepare(
          'INSERT INTO archive_floors (collection, floor) ' +
            `VALUES (?, ${lastVersion('main', collection)}) ` +
            'ON CONFLICT (collection) DO UPDATE SET floor = max(floor, excluded.floor)',
        )
        .run(collection);
      this.db.exec(`DELETE FROM ${table} WHERE vid < ${floorOf('main', collection)}`);
    });
  }

  async dump(): Promise<Record<string, ReadDocument[]>> {
    return this.dumpAt();
  }

  private dumpAt(position?: number): Record<string, ReadDocument[]> {
    const dump: Record<string, ReadDocument[]> = {};
    for (const collection of [...this.tables].sort()) {
      const docs = this.findAt(collection, {}, {}, position);
      if (docs.length > 0) dump[collection] = docs.sort((a, b) => compareIds(a._id, b._id));
    }
    return dump;
  }

  /**
   * Closes the store. With background work, its thread's connections close after this one (a message
   * away), and SQLite keeps the log of a connection that is not the last: after a full rebuild, 190 MB
   * of it, whose copy into the file the thread was still making when the process exited, and which the
   * next start opened beside the file. So the log is copied into the file and emptied here first.
   */
  close(): void {
    if (this.background) {
      this.background.close();
      this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    }
    this.db.close();
  }
}
