import type { StoredEvent } from '@fahrplan/contracts';
import { isTombstone } from '../read-store/read-store';
import type { ReadDocument, ReadStore } from '../read-store/read-store';
import type { Fields, Join, Projection } from './projection';

/** A document as the events of a batch leave it. */
export interface Folded {
  readonly collection: string;
  readonly id: string;
  position: number;
  document: object | null;
  changed: boolean;
}

export const foldedKey = (collection: string, id: string): string => `${collection}\u0000${id}`;

export const fieldsOf = ({ _id, _position, ...fields }: ReadDocument): object => fields;

/** A stored document (or its absence) as the fold starts from it. */
export const foldedOf = (collection: string, id: string, current: ReadDocument | undefined): Folded => ({
  collection,
  id,
  position: current?._position ?? 0,
  document: current && !isTombstone(current) ? fieldsOf(current) : null,
  changed: false,
});

/** The ids of the documents that refer to a changed one, read a page at a time. */
const referringPage = 1000;

/**
 * The joins of one fold (`Projection.join`): each joined document as the batch has it (folded in it, or
 * read once), and the documents that refer to a changed one, found by their index a page of ids at a
 * time and added to the batch's documents.
 */
export class Joins {
  private readonly read = new Map<string, Fields | null>();

  constructor(
    private readonly store: ReadStore,
    private readonly folded: Map<string, Folded>,
  ) {}

  /** `doc` with the keys its join derives from the joined document as the batch has it now. */
  async derive(join: Join, doc: object): Promise<object> {
    const fields = doc as Fields;
    return { ...fields, ...join.derive(fields, await this.joined(join.collection, join.idOf(fields))) };
  }

  private async joined(collection: string, id: string): Promise<Fields | null> {
    const key = foldedKey(collection, id);
    const inBatch = this.folded.get(key);
    if (inBatch) return inBatch.document as Fields | null;
    if (!this.read.has(key)) {
      const stored = await this.store.get(collection, id);
      this.read.set(key, stored && !isTombstone(stored) ? (fieldsOf(stored) as Fields) : null);
    }
    return this.read.get(key)!;
  }

  /** The documents of `projection` that refer to what `event` changed, as the batch has them. */
  async referring(projection: Projection, event: StoredEvent): Promise<Folded[]> {
    const filter = projection.join!.referring(event);
    if (filter === null) return [];
    const { collection } = projection;
    for (let after: number | undefined; ;) {
      const page = await this.store.findFields(
        collection,
        after === undefined ? filter : { ...filter, id: { $gt: after } },
        ['id'],
        { sort: { id: 1 }, limit: referringPage },
      );
      const missing = page.map((doc) => doc._id).filter((id) => !this.folded.has(foldedKey(collection, id)));
      const stored = missing.length > 0 ? await this.store.getMany(collection, missing) : new Map();
      for (const id of missing)
        this.folded.set(foldedKey(collection, id), foldedOf(collection, id, stored.get(id)));
      if (page.length < referringPage) break;
      after = page.at(-1)!.id as number;
    }
    // the batch's own documents as it has them: one that left the filter in the batch is not stored so yet
    return [...this.folded.values()].filter(
      (doc) =>
        doc.collection === collection &&
        doc.document !== null &&
        Object.entries(filter).every(([field, value]) => (doc.document as Fields)[field] === value),
    );
  }
}
