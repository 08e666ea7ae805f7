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

/** What a record's read model adds to the data it was created with. */
export interface RecordDoc {
  readonly tenant: string;
  /** The stream revision of the last event applied: the version a command on the record expects. */
  readonly version: number;
  readonly deleted: boolean;
}

/**
 * The read model of a record with `<kind>Created`, `<kind>Updated` (`changes`) and `<kind>Deleted`
 * events (e.g. kind 'Item'): the created data with the tenant, the version and the deleted flag, plus
 * `extra` (the projection's own fields, at their starting values); a deletion keeps the document.
 */
export const recordProjection = <Doc extends RecordDoc>(options: {
  collection: string;
  kind: string;
  indexes: readonly IndexKeys[];
  extra?: Partial<Doc>;
}): Projection<Doc> => {
  const { collection, kind, indexes, extra = {} } = options;
  return {
    collection,
    handles: [`${kind}Created`, `${kind}Updated`, `${kind}Deleted`],
    documentId: (event) => String((event.data as { id: number }).id),
    indexes,
    evolve: (doc, event) => {
      switch (event.type) {
        case `${kind}Created`:
          return {
            ...(event.data as object),
            tenant: event.metadata.tenant,
            version: event.revision,
            deleted: false,
            ...extra,
          } as Doc;
        case `${kind}Updated`:
          return (
            doc && { ...doc, ...(event.data as { changes: Partial<Doc> }).changes, version: event.revision }
          );
        case `${kind}Deleted`:
          return doc && { ...doc, deleted: true, version: event.revision };
        default:
          return doc;
      }
    },
  };
};
