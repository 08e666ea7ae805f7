import type { Projection } from '../projections/projection';

/** A stored read-model document: `_id` and the global `_position` of the last event it reflects. */
export interface ReadDocument {
  readonly _id: string;
  readonly _position: number;
  readonly [field: string]: unknown;
}

/**
 * What a removed document leaves behind: its position, so that a redelivered older event cannot
 * bring it back. `get`, `find` and `dump` never show one; `getMany` does.
 */
export interface Tombstone extends ReadDocument {
  readonly _deleted: true;
}

export const isTombstone = (doc: ReadDocument): doc is Tombstone => doc._deleted === true;

/**
 * One document as of the event at `position`: its fields, or null to remove it. Stores apply a write
 * only over a document that reflects an older position, so replays and redeliveries change nothing
 * (idempotent per document, without multi-document transactions).
 */
export interface DocumentWrite {
  readonly collection: string;
  readonly id: string;
  readonly position: number;
  readonly document: Readonly<Record<string, unknown>> | null;
  /**
   * A summary of the other writes (running totals): a store without transactions writes it before
   * them, since a replay after a crash between the two counts only what the summary has not.
   */
  readonly leads?: boolean;
}

/**
 * What a store may need to know of a collection before it is queried: the indexes its queries use
 * and the fields whose values are arrays (a projection, or the tracker mirror's indexes).
 */
export type CollectionSpec = Pick<Projection, 'collection' | 'indexes'> &
  Pick<Partial<Projection>, 'asOfIndexes' | 'multikey' | 'scalarFields' | 'version' | 'textIndex'>;

/** Every field of a spec, named so that a field added to `CollectionSpec` must be added here too. */
const specFields: { readonly [K in keyof Required<CollectionSpec>]: true } = {
  collection: true,
  indexes: true,
  asOfIndexes: true,
  multikey: true,
  scalarFields: true,
  version: true,
  textIndex: true,
};

/**
 * A collection's spec as data alone (a projection without its functions): what a query thread is sent
 * to open the file as its writer did, so that it asks the same indexes with the same expressions.
 */
export const specData = (spec: CollectionSpec): CollectionSpec =>
  Object.fromEntries(
    Object.keys(specFields).flatMap((key) => {
      const value = spec[key as keyof CollectionSpec];
      return value === undefined ? [] : [[key, value]];
    }),
  ) as unknown as CollectionSpec;

/** An event of the log as a time index knows it: its position and when it was decided. */
export interface Decided {
  readonly position: number;
  readonly timestamp: string;
}

/** The checkpoint a write moves together with the documents it covers. */
export interface CheckpointWrite {
  readonly name: string;
  readonly position: number;
  /** The log's events the checkpoint moves past, in order: a store with `positionAt` indexes their times. */
  readonly decided?: readonly Decided[];
}

export interface FindOptions {
  readonly sort?: Readonly<Record<string, 1 | -1>>;
  readonly limit?: number;
}

/** The order of `dump()`: by UTF-16 code unit, which matches MongoDB's binary order for the ids we use. */
export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The stored form of a write. */
export const storedForm = (write: DocumentWrite): ReadDocument =>
  write.document === null
    ? { _id: write.id, _position: write.position, _deleted: true }
    : { ...write.document, _id: write.id, _position: write.position };

/** A MongoDB-style filter of the supported subset (see `ReadStore`). */
export type Filter = Readonly<Record<string, unknown>>;

/** `filters` as a list. */
export const filterList = (filters: Filter | readonly Filter[]): readonly Filter[] =>
  Array.isArray(filters) ? filters : [filters as Filter];

/** What `findFields` answers: `_id` and the fields asked for, null where a document has none. */
export type FieldsOf<F extends string> = { readonly _id: string } & { readonly [K in F]: unknown };

/** `doc`'s `fields` (null where it has none) and its `_id`: what `findFields` answers, for stores that read whole documents. */
export const pickFields = <F extends string>(doc: ReadDocument, fields: readonly F[]): FieldsOf<F> => {
  const picked: Record<string, unknown> = { _id: doc._id };
  for (const field of fields) picked[field] = doc[field] ?? null;
  return picked as FieldsOf<F>;
};

/** The least and greatest value of a field among a group's documents that have one, and how many have one. */
export interface FieldStats {
  readonly min: unknown;
  readonly max: unknown;
  readonly count: number;
}

/** What `groupStats` answers per group: the values of its keys, how many documents, and each field's stats. */
export interface GroupStats {
  readonly keys: readonly unknown[];
  readonly count: number;
  readonly fields: Readonly<Record<string, FieldStats>>;
}

const keyOf = (keys: readonly unknown[]) => JSON.stringify(keys);

/**
 * `groupStats` of documents already read (`findFields` of the keys and the fields, null where a
 * document has none): what a view that cannot group where it reads answers, and the contract of one
 * that can. Values of a field are compared as JavaScript compares them (numbers or strings, one type).
 */
export const groupStatsOf = (
  docs: readonly Readonly<Record<string, unknown>>[],
  by: readonly string[],
  fields: readonly string[],
): GroupStats[] => {
  const groups = new Map<string, { keys: unknown[]; count: number; fields: Record<string, FieldStats> }>();
  for (const doc of docs) {
    const keys = by.map((key) => doc[key] ?? null);
    const group = groups.get(keyOf(keys)) ?? { keys, count: 0, fields: {} };
    groups.set(keyOf(keys), group);
    group.count += 1;
    for (const field of fields) {
      const value = doc[field] ?? null;
      const stats = group.fields[field] ?? { min: null, max: null, count: 0 };
      group.fields[field] =
        value === null
          ? stats
          : {
              min: stats.count === 0 || (value as number) < (stats.min as number) ? value : stats.min,
              max: stats.count === 0 || (value as number) > (stats.max as number) ? value : stats.max,
              count: stats.count + 1,
            };
    }
  }
  for (const group of groups.values())
    for (const field of fields) group.fields[field] ??= { min: null, max: null, count: 0 };
  return [...groups.values()];
};

/**
 * The documents matching `filters` (disjoint, as `findFields` takes them), grouped by the values of
 * `by`, with the stats of `fields`: by the store where it can group where it reads, else from its rows.
 */
export const groupStats = async (
  store: ReadView,
  collection: string,
  filters: readonly Filter[],
  by: readonly string[],
  fields: readonly string[],
): Promise<GroupStats[]> =>
  store.groupStats
    ? store.groupStats(collection, filters, by, fields)
    : groupStatsOf(await store.findFields(collection, filters, [...by, ...fields]), by, fields);

/** What `findJson` answers per document: the JSON object of the fields asked for, and the values of `beside`. */
export type JsonRow<B extends string> = { readonly json: string } & { readonly [K in B]: unknown };

/** `doc`'s `fields` as a JSON object in their order (null where it has none), with its `beside` values. */
export const jsonRowOf = <B extends string>(
  doc: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  beside: readonly B[],
): JsonRow<B> => {
  const shown: Record<string, unknown> = {};
  for (const field of fields) shown[field] = doc[field] ?? null;
  const row: Record<string, unknown> = { json: JSON.stringify(shown) };
  for (const field of beside) row[field] = doc[field] ?? null;
  return row as JsonRow<B>;
};

/**
 * What `findFields` finds for `filters`, each document as the JSON text of its `fields` (`jsonRowOf`)
 * with the values of `beside`: by the store where it writes JSON where it reads, else from its rows.
 */
export const findJson = async <B extends string>(
  store: ReadView,
  collection: string,
  filters: readonly Filter[],
  fields: readonly string[],
  beside: readonly B[],
): Promise<JsonRow<B>[]> =>
  store.findJson
    ? store.findJson(collection, filters, fields, beside)
    : (await store.findFields(collection, filters, [...new Set([...fields, ...beside])])).map((doc) =>
        jsonRowOf(doc, fields, beside),
      );

/** What a query reads: the live read models, or those as of a position (`ReadStore.at`). */
export type ReadView = Pick<
  ReadStore,
  'get' | 'getMany' | 'find' | 'findFields' | 'count' | 'dump' | 'groupStats' | 'findJson'
>;

/**
 * The read store port. Queries are MongoDB-style filters written once, which every adapter executes
 * exactly as MongoDB does for the subset the queries use: equality on a field or dotted path (`null`
 * also matches a missing field; a field a projection declares `multikey` matches any element of its
 * array), `$in`, `$ne`, `$gt`/`$gte`/`$lt`/`$lte` (numbers or strings, each matching values of its
 * own type only), `$exists`, `$and`, `$or`, `$regex` with an optional `$options: 'i'`. An adapter
 * may refuse anything else, with an error naming it. Every adapter passes the contract suite in
 * `testing/read-store.contract.ts`.
 */
export interface ReadStore {
  /** The document, or null when there is none or it was removed. */
  get(collection: string, id: string): Promise<ReadDocument | null>;
  /** What is stored under each of `ids` that has ever been written, tombstones included: one round trip. */
  getMany(collection: string, ids: readonly string[]): Promise<Map<string, ReadDocument>>;
  find(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options?: FindOptions,
  ): Promise<ReadDocument[]>;
  /**
   * What `find` finds for each of `filters` (one, or a list of disjoint ones: their answers one after
   * the other, each sorted and limited by `options`), only `_id` and `fields` (top-level fields; null
   * where a document has none): for a list that shows a few fields of many documents, in one round
   * trip. A store may answer from an index that holds those fields beside its keys (a covering
   * index), without reading the documents.
   */
  findFields<F extends string>(
    collection: string,
    filters: Filter | readonly Filter[],
    fields: readonly F[],
    options?: FindOptions,
  ): Promise<FieldsOf<F>[]>;
  /**
   * Optional (`groupStats` reads the rows where a store has none): the documents matching `filters`
   * grouped by the values of `by` (top-level fields holding numbers or strings), how many in each group,
   * and the least and greatest value of each of `fields` (numbers or strings, one type per field) among
   * the group's documents that have one, as `groupStatsOf` answers; in no order.
   */
  groupStats?(
    collection: string,
    filters: readonly Filter[],
    by: readonly string[],
    fields: readonly string[],
  ): Promise<GroupStats[]>;
  /**
   * Optional (`findJson` reads the rows where a store has none): what `findFields` finds for `filters`,
   * each document as the JSON text of its `fields` in their order (null where it has none; the text
   * `JSON.stringify` writes, byte for byte, as `jsonRowOf` makes it) and the values of `beside`, so
   * that an answer made of many documents is written where they are read.
   */
  findJson?<B extends string>(
    collection: string,
    filters: readonly Filter[],
    fields: readonly string[],
    beside: readonly B[],
  ): Promise<JsonRow<B>[]>;
  /** How many documents `find` would return without a limit. */
  count(collection: string, filter: Readonly<Record<string, unknown>>): Promise<number>;
  /** Stores `document` unless the stored one reflects `document._position` or a later one. */
  put(collection: string, document: ReadDocument): Promise<void>;
  /** Removes the document as of `position` (leaving a tombstone), unless it reflects a later one. */
  delete(collection: string, id: string, position: number): Promise<void>;
  /**
   * Applies every write under the same condition as `put` and `delete`, in one bulk, and then moves
   * `checkpoint` as `saveCheckpoint` does: together with the writes where the store has transactions
   * (a reader never sees the one without the other), else after them (the conditional writes make a
   * repeat after a crash harmless).
   */
  write(writes: readonly DocumentWrite[], checkpoint?: CheckpointWrite): Promise<void>;
  /**
   * Optional, where one transaction can span several calls (SQLite): runs `work`, whose writes (each
   * still all or nothing, with its checkpoint) are committed together once it settles, whether it
   * resolves or rejects. A catch-up's pages written so cost one commit per group instead of one per page:
   * the B-tree pages a page changes go to the log once per group (docs/design/catch-up-groups.md).
   * Other connections see none of them before that commit.
   */
  writeTogether?<T>(work: () => Promise<T>): Promise<T>;
  checkpoint(name: string): Promise<number>;
  /** Moves the checkpoint forward; a lower position than the stored one changes nothing. */
  saveCheckpoint(name: string, position: number): Promise<void>;
  /** The version of the projection whose documents each collection holds, as `saveVersions` recorded it. */
  versions(): Promise<Readonly<Record<string, number>>>;
  /** Records the version of the projections whose documents the collections now hold, by collection. */
  saveVersions(versions: Readonly<Record<string, number>>): Promise<void>;
  /** Removes every document of `collection`, tombstones included: a projection is rebuilt into it. */
  clear(collection: string): Promise<void>;
  /**
   * Every collection that holds documents, each sorted by id (`compareIds`), without tombstones:
   * for comparing a rebuild with the live store.
   */
  dump(): Promise<Record<string, ReadDocument[]>>;
  /**
   * Time travel without a fold (optional, with `positionAt`): the documents of the projections'
   * collections (those declared with a `version`) as the writes up to `position` left them. Such a
   * store keeps every state a write replaces, so a writer hands it every state a document passes
   * through (`keepsHistory`), not only the last of a bulk.
   */
  at?(position: number): ReadView;
  /**
   * The position of the last event of the longest prefix of the log decided at or before `instant`
   * (0 when the log starts later), among the events the checkpoints' `decided` indexed so far.
   */
  positionAt?(instant: Date): Promise<number>;
}

/** A store that answers as of any position of the log, and of any instant. */
export type HistoryReadStore = ReadStore & Required<Pick<ReadStore, 'at' | 'positionAt'>>;

export const keepsHistory = (store: ReadStore): store is HistoryReadStore =>
  typeof store.at === 'function' && typeof store.positionAt === 'function';
