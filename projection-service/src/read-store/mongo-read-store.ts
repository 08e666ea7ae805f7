import type * as MongoDb from 'mongodb';
import type { AnyBulkWriteOperation, Collection, Db, MongoClient, Filter as MongoFilter } from 'mongodb';
import { onFirstUse } from '@fahrplan/platform';
import { compareIds, filterList, pickFields, storedForm } from './read-store';
import type {
  CheckpointWrite,
  CollectionSpec,
  DocumentWrite,
  FieldsOf,
  Filter,
  FindOptions,
  ReadDocument,
  ReadStore,
} from './read-store';

type StoredDocument = ReadDocument & { _id: string };

/** Collections of the store itself, not read models. */
export const internalCollections: readonly string[] = ['checkpoints', 'leases', 'projectionVersions'];

const DUPLICATE_KEY = 11000;

/** The MongoDB driver, loaded once a MongoDB store is used: the embedded shape never loads it. */
const mongodb = onFirstUse<typeof MongoDb>(require, 'mongodb');

export const isDuplicateKey = (error: unknown): boolean =>
  error instanceof mongodb().MongoServerError && error.code === DUPLICATE_KEY;

const visible = { _deleted: { $exists: false } };
const MAX_BULK_ROUNDS = 5;

const onlyDuplicateKeys = (error: unknown): boolean =>
  error instanceof mongodb().MongoBulkWriteError &&
  !error.result.getWriteConcernError() &&
  error.result.getWriteErrors().length > 0 &&
  error.result.getWriteErrors().every((failure) => failure.code === DUPLICATE_KEY);

/**
 * A replace that only takes effect over an older document. When the stored one is as new or newer
 * the filter matches nothing and an upsert collides with its `_id`: E11000, which means "already
 * newer". It can also mean that another writer inserted the document in between, so a single write
 * retries a collision once; by then the document exists and the answer is final.
 */
const conditionalReplace = (write: DocumentWrite) => ({
  filter: { _id: write.id, _position: { $lt: write.position } } as MongoFilter<StoredDocument>,
  replacement: storedForm(write) as StoredDocument,
  upsert: true,
});

/**
 * The distributed read store on MongoDB (or a MongoDB-wire server). Each document carries the
 * position it reflects and every write is conditional on it, so catch-ups, redeliveries and two
 * runners overlapping during a lease handover leave the same documents, without transactions.
 */
export class MongoReadStore implements ReadStore {
  constructor(
    private readonly db: Db,
    private readonly client?: MongoClient,
  ) {}

  /** Connects to `url` and uses `database` (by default the one named in the URL); `close()` disconnects. */
  static async connect(url: string, database?: string): Promise<MongoReadStore> {
    const client = await new (mongodb().MongoClient)(url, { ignoreUndefined: true }).connect();
    return new MongoReadStore(client.db(database), client);
  }

  get database(): Db {
    return this.db;
  }

  private collection(name: string): Collection<StoredDocument> {
    return this.db.collection<StoredDocument>(name);
  }

  async get(collection: string, id: string): Promise<ReadDocument | null> {
    return this.collection(collection).findOne({ _id: id, ...visible } as MongoFilter<StoredDocument>);
  }

  async getMany(collection: string, ids: readonly string[]): Promise<Map<string, ReadDocument>> {
    if (ids.length === 0) return new Map();
    const docs = await this.collection(collection)
      .find({ _id: { $in: [...ids] } } as MongoFilter<StoredDocument>)
      .toArray();
    return new Map(docs.map((doc) => [doc._id, doc]));
  }

  async find(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options: FindOptions = {},
  ): Promise<ReadDocument[]> {
    return this.collection(collection)
      .find({ ...filter, ...visible } as MongoFilter<StoredDocument>, {
        ...(options.sort ? { sort: { ...options.sort } } : {}),
        ...(options.limit ? { limit: options.limit } : {}),
      })
      .toArray();
  }

  /** With a projection: MongoDB answers a covered query from an index holding the fields. */
  async findFields<F extends string>(
    collection: string,
    filters: Filter | readonly Filter[],
    fields: readonly F[],
    options: FindOptions = {},
  ): Promise<FieldsOf<F>[]> {
    const found = await Promise.all(
      filterList(filters).map((filter) =>
        this.collection(collection)
          .find({ ...filter, ...visible } as MongoFilter<StoredDocument>, {
            projection: Object.fromEntries(fields.map((field) => [field, 1])),
            ...(options.sort ? { sort: { ...options.sort } } : {}),
            ...(options.limit ? { limit: options.limit } : {}),
          })
          .toArray(),
      ),
    );
    return found.flat().map((doc) => pickFields(doc, fields));
  }

  async count(collection: string, filter: Readonly<Record<string, unknown>>): Promise<number> {
    return this.collection(collection).countDocuments({
      ...filter,
      ...visible,
    } as MongoFilter<StoredDocument>);
  }

  async put(collection: string, { _id, _position, ...document }: ReadDocument): Promise<void> {
    await this.writeOne({ collection, id: _id, position: _position, document });
  }

  async delete(collection: string, id: string, position: number): Promise<void> {
    await this.writeOne({ collection, id, position, document: null });
  }

  /**
   * One unordered bulk per collection, a single write alone (the live path); the checkpoint after
   * them, since MongoDB has no transaction to hold both (a crash in between repeats writes that the
   * positions make harmless).
   */
  async write(writes: readonly DocumentWrite[], checkpoint?: CheckpointWrite): Promise<void> {
    // no transaction across collections: running totals first (DocumentWrite.leads)
    const leading = writes.filter((write) => write.leads);
    if (leading.length > 0) await this.writeAll(leading);
    await this.writeAll(leading.length > 0 ? writes.filter((write) => !write.leads) : writes);
    if (checkpoint) await this.saveCheckpoint(checkpoint.name, checkpoint.position);
  }

  private async writeAll(writes: readonly DocumentWrite[]): Promise<void> {
    if (writes.length === 0) return;
    if (writes.length === 1) return this.writeOne(writes[0]!);
    const byCollection = new Map<string, DocumentWrite[]>();
    for (const write of writes) {
      const group = byCollection.get(write.collection);
      // pushed, not spread: a catch-up page holds thousands of writes per collection
      if (group) group.push(write);
      else byCollection.set(write.collection, [write]);
    }
    await Promise.all([...byCollection].map(([collection, group]) => this.bulk(collection, group)));
  }

  private async writeOne(write: DocumentWrite): Promise<void> {
    const { filter, replacement, upsert } = conditionalReplace(write);
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.collection(write.collection).replaceOne(filter, replacement, { upsert });
        return;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        if (attempt === 2) return;
      }
    }
  }

  /**
   * Looks at the stored positions first: what is already as new is left alone, a missing document
   * is inserted and an older one replaced under the position condition (no upsert: documents,
   * tombstones included, are never removed, so one seen once stays), so a bulk
   * collides only when another writer creates one of its documents at the same time. Then every
   * write is checked against the stored positions again: MongoDB-wire servers differ in which
   * write errors of an unordered bulk they report, and in whether they carry on after one.
   */
  private async bulk(collection: string, writes: readonly DocumentWrite[]): Promise<void> {
    for (let round = 1; ; round += 1) {
      const stored = await this.positions(collection, writes);
      const due = writes.filter((write) => (stored.get(write.id) ?? 0) < write.position);
      if (due.length === 0) return;
      if (round > MAX_BULK_ROUNDS)
        throw new Error(`${due.length} writes to ${collection} kept colliding with other writers`);
      const operations: AnyBulkWriteOperation<StoredDocument>[] = due.map((write) =>
        stored.has(write.id)
          ? { replaceOne: { ...conditionalReplace(write), upsert: false } }
          : { insertOne: { document: storedForm(write) as StoredDocument } },
      );
      try {
        await this.collection(collection).bulkWrite(operations, { ordered: false });
        return;
      } catch (error) {
        if (!onlyDuplicateKeys(error)) throw error;
      }
    }
  }

  private async positions(
    collection: string,
    writes: readonly DocumentWrite[],
  ): Promise<Map<string, number>> {
    const docs = await this.collection(collection)
      .find({ _id: { $in: [...new Set(writes.map((write) => write.id))] } } as MongoFilter<StoredDocument>, {
        projection: { _position: 1 },
      })
      .toArray();
    return new Map(docs.map((doc) => [doc._id, doc._position]));
  }

  async checkpoint(name: string): Promise<number> {
    const doc = await this.db
      .collection<{ _id: string; position: number }>('checkpoints')
      .findOne({ _id: name });
    return doc?.position ?? 0;
  }

  async saveCheckpoint(name: string, position: number): Promise<void> {
    const checkpoints = this.db.collection<{ _id: string; position: number }>('checkpoints');
    for (let attempt = 1; ; attempt += 1) {
      try {
        await checkpoints.updateOne({ _id: name }, { $max: { position } }, { upsert: true });
        return;
      } catch (error) {
        // two first saves raced to insert the document: the second try updates it
        if (!isDuplicateKey(error) || attempt === 2) throw error;
      }
    }
  }

  async versions(): Promise<Readonly<Record<string, number>>> {
    const docs = await this.db
      .collection<{ _id: string; version: number }>('projectionVersions')
      .find({})
      .toArray();
    return Object.fromEntries(docs.map((doc) => [doc._id, doc.version]));
  }

  async saveVersions(versions: Readonly<Record<string, number>>): Promise<void> {
    const collection = this.db.collection<{ _id: string; version: number }>('projectionVersions');
    for (const [name, version] of Object.entries(versions))
      await collection.replaceOne({ _id: name }, { version }, { upsert: true });
  }

  /** Keeps the collection and its indexes. */
  async clear(collection: string): Promise<void> {
    await this.collection(collection).deleteMany({});
  }

  async dump(): Promise<Record<string, ReadDocument[]>> {
    const names = (await this.db.listCollections({}, { nameOnly: true }).toArray())
      .map(({ name }) => name)
      .filter((name) => !internalCollections.includes(name) && !name.startsWith('system.'))
      .sort();
    const dump: Record<string, ReadDocument[]> = {};
    for (const name of names) {
      const docs = await this.collection(name).find(visible).toArray();
      if (docs.length > 0) dump[name] = docs.sort((a, b) => compareIds(a._id, b._id));
    }
    return dump;
  }

  /** Creates the indexes every projection declares for its queries (idempotent). */
  async ensureIndexes(projections: readonly CollectionSpec[]): Promise<void> {
    for (const projection of projections)
      for (const keys of projection.indexes)
        await this.collection(projection.collection).createIndex({ ...keys });
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}
