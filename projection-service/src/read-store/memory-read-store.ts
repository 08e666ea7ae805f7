import { compareIds, filterList, isTombstone, pickFields, storedForm } from './read-store';
import type {
  CheckpointWrite,
  DocumentWrite,
  FieldsOf,
  Filter,
  FindOptions,
  ReadDocument,
  ReadStore,
} from './read-store';
import { mingo } from './mingo-library';

/**
 * Documents in memory, filtered by mingo: the test double of the read store, and the store of what
 * only ever lives in memory (the read models as of an instant, folded for time travel).
 */
export class MemoryReadStore implements ReadStore {
  private readonly collections = new Map<string, Map<string, ReadDocument>>();
  private readonly checkpoints = new Map<string, number>();
  private readonly projectionVersions = new Map<string, number>();

  /** Only writes create a collection, so a rebuild and the live store list the same ones. */
  private collection(name: string): Map<string, ReadDocument> {
    let collection = this.collections.get(name);
    if (!collection) this.collections.set(name, (collection = new Map()));
    return collection;
  }

  private visible(collection: string): ReadDocument[] {
    return [...(this.collections.get(collection)?.values() ?? [])].filter((doc) => !isTombstone(doc));
  }

  async get(collection: string, id: string): Promise<ReadDocument | null> {
    const doc = this.collections.get(collection)?.get(id);
    return doc && !isTombstone(doc) ? doc : null;
  }

  async getMany(collection: string, ids: readonly string[]): Promise<Map<string, ReadDocument>> {
    const stored = this.collections.get(collection);
    const found = new Map<string, ReadDocument>();
    for (const id of ids) {
      const doc = stored?.get(id);
      if (doc) found.set(id, doc);
    }
    return found;
  }

  async find(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options: FindOptions = {},
  ): Promise<ReadDocument[]> {
    let cursor = new (mingo().Query)<ReadDocument>(filter as never, {}).find<ReadDocument>(
      this.visible(collection),
    );
    if (options.sort) cursor = cursor.sort(options.sort);
    // like MongoDB, a limit of 0 means no limit
    if (options.limit) cursor = cursor.limit(options.limit);
    return cursor.all();
  }

  async findFields<F extends string>(
    collection: string,
    filters: Filter | readonly Filter[],
    fields: readonly F[],
    options?: FindOptions,
  ): Promise<FieldsOf<F>[]> {
    const found = await Promise.all(
      filterList(filters).map((filter) => this.find(collection, filter, options)),
    );
    return found.flat().map((doc) => pickFields(doc, fields));
  }

  async count(collection: string, filter: Readonly<Record<string, unknown>>): Promise<number> {
    return new (mingo().Query)<ReadDocument>(filter as never, {})
      .find<ReadDocument>(this.visible(collection))
      .all().length;
  }

  async put(collection: string, { _id, _position, ...document }: ReadDocument): Promise<void> {
    await this.write([{ collection, id: _id, position: _position, document }]);
  }

  async delete(collection: string, id: string, position: number): Promise<void> {
    await this.write([{ collection, id, position, document: null }]);
  }

  async write(writes: readonly DocumentWrite[], checkpoint?: CheckpointWrite): Promise<void> {
    for (const write of writes) {
      const documents = this.collection(write.collection);
      const stored = documents.get(write.id);
      if (stored && stored._position >= write.position) continue;
      documents.set(write.id, structuredClone(storedForm(write)));
    }
    if (checkpoint) this.moveCheckpoint(checkpoint.name, checkpoint.position);
  }

  /**
   * A store with the same documents that changes on its own from now on (time travel folds on from a
   * copy); cheap, since a write replaces a document and never changes a stored one.
   */
  clone(): MemoryReadStore {
    const copy = new MemoryReadStore();
    for (const [name, documents] of this.collections) copy.collections.set(name, new Map(documents));
    for (const [name, position] of this.checkpoints) copy.checkpoints.set(name, position);
    for (const [name, version] of this.projectionVersions) copy.projectionVersions.set(name, version);
    return copy;
  }

  /** How many documents it holds, tombstones included: what a cache of such stores weighs. */
  get size(): number {
    let count = 0;
    for (const documents of this.collections.values()) count += documents.size;
    return count;
  }

  async checkpoint(name: string): Promise<number> {
    return this.checkpoints.get(name) ?? 0;
  }

  async saveCheckpoint(name: string, position: number): Promise<void> {
    this.moveCheckpoint(name, position);
  }

  private moveCheckpoint(name: string, position: number): void {
    this.checkpoints.set(name, Math.max(position, this.checkpoints.get(name) ?? 0));
  }

  async versions(): Promise<Readonly<Record<string, number>>> {
    return Object.fromEntries(this.projectionVersions);
  }

  async saveVersions(versions: Readonly<Record<string, number>>): Promise<void> {
    for (const [collection, version] of Object.entries(versions))
      this.projectionVersions.set(collection, version);
  }

  async clear(collection: string): Promise<void> {
    this.collections.delete(collection);
  }

  async dump(): Promise<Record<string, ReadDocument[]>> {
    return Object.fromEntries(
      [...this.collections.keys()]
        .map((name) => [name, this.visible(name).sort((a, b) => compareIds(a._id, b._id))] as const)
        .filter(([, docs]) => docs.length > 0),
    );
  }
}
