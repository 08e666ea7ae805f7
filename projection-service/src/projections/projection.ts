import type { StoredEvent } from '@fahrplan/contracts';

/** One projection per query shape (STYLE 9): which events it reads and how a document evolves. */
export interface Projection<Doc extends object = object> {
  readonly collection: string;
  readonly handles: readonly string[];
  /** The document an event belongs to. */
  readonly documentId: (event: StoredEvent) => string;
  /** Pure: the next document, or null to remove it. Never throws on a recorded fact. */
  readonly evolve: (doc: Doc | null, event: StoredEvent) => Doc | null;
}
