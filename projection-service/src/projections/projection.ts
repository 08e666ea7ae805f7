import type { StoredEvent } from '@fahrplan/contracts';

/** The keys of one index, in order (MongoDB's `{ field: 1 | -1 }`). */
export type IndexKeys = Readonly<Record<string, 1 | -1>>;

/** One projection per query shape (STYLE 9): which events it reads and how a document evolves. */
export interface Projection<Doc extends object = object> {
  readonly collection: string;
  readonly handles: readonly string[];
  /** The document an event belongs to. */
  readonly documentId: (event: StoredEvent) => string;
  /** Pure: the next document, or null to remove it. Never throws on a recorded fact. */
  readonly evolve: (doc: Doc | null, event: StoredEvent) => Doc | null;
  /** An index for every query on the collection beyond lookups by id (tenant first). */
  readonly indexes: readonly IndexKeys[];
}
