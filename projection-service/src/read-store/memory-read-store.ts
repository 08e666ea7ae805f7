import { Query } from 'mingo';
import type { FindOptions, ReadDocument, ReadStore } from './read-store';

/**
 * The embedded read store: documents in memory, rebuilt from the event log at start (the SQLite
 * event store replays 1M events in about 3 s, so persisting read models would buy little).
 */
export class MemoryReadStore implements ReadStore {
  private readonly collections = new Map<string, Map<string, ReadDocument>>();
  private readonly checkpoints = new Map<string, number>();

  /** Only writes create a collection, so a rebuild and the live store list the same ones. */
  private collection(name: string): Map<string, ReadDocument> {
    let collection = this.collections.get(name);
    if (!collection) this.collections.set(name, (collection = new Map()));
    return collection;
  }

  async get(collection: string, id: string): Promise<ReadDocument | null> {
    return this.collections.get(collection)?.get(id) ?? null;
  }

  async find(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options: FindOptions = {},
  ): Promise<ReadDocument[]> {
    let cursor = new Query<ReadDocument>(filter as never, {}).find<ReadDocument>([
      ...(this.collections.get(collection)?.values() ?? []),
    ]);
    if (options.sort) cursor = cursor.sort(options.sort);
    // like MongoDB, a limit of 0 means no limit
    if (options.limit) cursor = cursor.limit(options.limit);
    return cursor.all();
  }

  async put(collection: string, document: ReadDocument): Promise<void> {
    this.collection(collection).set(document._id, structuredClone(document));
  }

  async delete(collection: string, id: string): Promise<void> {
    this.collections.get(collection)?.delete(id);
  }

  async checkpoint(name: string): Promise<number> {
    return this.checkpoints.get(name) ?? 0;
  }

  async saveCheckpoint(name: string, position: number): Promise<void> {
    this.checkpoints.set(name, position);
  }

  async dump(): Promise<Record<string, ReadDocument[]>> {
    return Object.fromEntries(
      [...this.collections].map(([name, docs]) => [
        name,
        [...docs.values()].sort((a, b) => a._id.localeCompare(b._id)),
      ]),
    );
  }
}
