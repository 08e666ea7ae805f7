import type { StoredEvent } from '@fahrplan/contracts';

/** The keys of one index, in order (MongoDB's `{ field: 1 | -1 }`). */
export type IndexKeys = Readonly<Record<string, 1 | -1>>;

/** One projection per query shape (STYLE 9): which events it reads and how a document evolves. */
export interface Projection<Doc extends object = object> {
  readonly collection: string;
  /**
   * Raised whenever `evolve` or the declared indexes change what the stored documents hold: a store
   * that persists its read models rebuilds a projection whose stored version differs.
   */
  readonly version: number;
  readonly handles: readonly string[];
  /** The document an event belongs to. */
  readonly documentId: (event: StoredEvent) => string;
  /**
   * The documents an event of several records changes at once (a reschedule's items), each evolved
   * with it in the same write; when absent, `documentId`'s one.
   */
  readonly documentIds?: (event: StoredEvent) => readonly string[] | null;
  /**
   * Pure: the next document, or null to remove it; `doc` itself when the event leaves it as it is
   * (then nothing is written). Never throws on a recorded fact.
   */
  readonly evolve: (doc: Doc | null, event: StoredEvent) => Doc | null;
  /** An index for every query on the collection beyond lookups by id (tenant first). */
  readonly indexes: readonly IndexKeys[];
  /**
   * The indexes the queries as of a position need (a store that keeps replaced versions indexes them
   * with these), when fewer than `indexes`: every write of a document adds a version, and each index
   * of the versions costs that write as much as one of the documents' (docs/design/as-of-indexes.md).
   */
  readonly asOfIndexes?: readonly IndexKeys[];
  /**
   * Fields that never hold a boolean, an object or an array (their schemas say so): a store may compare
   * them more cheaply (SQLite: `->>` alone, docs/design/scalar-fields.md). Never one of `multikey`.
   */
  readonly scalarFields?: readonly string[];
  /** Indexed fields whose values are arrays: a query's equality matches any element (MongoDB's multikey). */
  readonly multikey?: readonly string[];
  /**
   * A text field whose substrings a `$regex` searches (`_search`): a store that can index substrings
   * keeps an index of it (SQLite: an FTS5 trigram index) instead of reading every document's text.
   */
  readonly textIndex?: `_${string}`;
  /**
   * Folds the events of scenario streams (`isScenarioStream`), and only those: every other projection
   * folds the live plan and never meets a scenario's event (docs/design/scenarios.md).
   */
  readonly scenarioStreams?: boolean;
  /**
   * A summary of other read models' documents (running totals) instead of a fold of events: the
   * runner keeps it in the same write as the documents it covers (`Summary`). Such a projection
   * handles no event.
   */
  readonly summary?: Summary;
  /** Derived keys that depend on a document of another read model (a project's duration on its calendar). */
  readonly join?: Join;
}

/**
 * Keys of a document derived with another read model's document (`collection`, id `idOf(doc)`), which
 * the runner hands `derive` as the batch has it at each event. When one of `handles` (an event of the
 * joined collection) changes it, the runner derives again every document that `referring(event)`
 * matches (an equality filter, served by an index ending in `id`, or by one whose equality prefix bounds
 * the matches, such as a project's items), reading their ids in pages.
 */
export interface Join<Doc = Fields> {
  readonly collection: string;
  readonly idOf: (doc: Doc) => string;
  readonly derive: (doc: Doc, joined: Fields | null) => Derived;
  readonly handles: readonly string[];
  /** null: no document's keys change with this event (a project's update that leaves its calendar). */
  readonly referring: (event: StoredEvent) => Readonly<Record<string, string | number | boolean>> | null;
}

/** A document of a read model before or after an event of a batch changed it. */
export type Fields = Readonly<Record<string, unknown>>;

/** One covered document going from `before` to `after` (null: absent or removed). */
export interface Transition {
  readonly collection: string;
  readonly id: string;
  readonly before: Fields | null;
  readonly after: Fields | null;
}

/** What one transition adds to one summary document. */
export interface SummaryDelta<Delta = unknown> {
  readonly id: string;
  readonly delta: Delta;
}

/**
 * Running totals of the documents of other collections (`covers`), kept by the projection runner in
 * the same write as those documents: a transition's delta is counted once, when the event that made
 * it is past the summary document's own position (so a replay counts nothing twice). Rebuilt
 * together with the collections it covers.
 */
export interface Summary<Doc = object, Delta = unknown> {
  readonly covers: readonly string[];
  /** Other documents a transition's delta depends on (a project's account budget), loaded with the batch. */
  readonly reads: (transition: Transition) => readonly { readonly collection: string; readonly id: string }[];
  /**
   * Pure: what `transition` adds to the summary documents, `read` answering the other documents as
   * the batch has them at that event.
   */
  readonly deltas: (
    transition: Transition,
    read: (collection: string, id: string) => Fields | null,
  ) => readonly SummaryDelta<Delta>[];
  /** Pure: the summary document `id` with `delta` added. */
  readonly add: (doc: Doc | null, delta: Delta, id: string) => Doc;
}

/** The document of a record's event: the record's id, which each of its events carries. */
export const byRecordId = (event: StoredEvent): string => String((event.data as { id: number }).id);

/** The documents `event` changes in `projection`. */
export const documentIdsOf = (projection: Projection, event: StoredEvent): readonly string[] =>
  projection.documentIds?.(event) ?? [projection.documentId(event)];

/**
 * Fields a query sorts, searches or ranges on that are computed from a document (a sort key folded
 * to lower case, a text to search, a day number). Their names start with `_`: the store keeps and
 * indexes them, answers strip them (`strip`), and history never shows them.
 */
export type Derived = Readonly<Record<`_${string}`, unknown>>;

/** `projection` whose every document also carries `derive(document)`, recomputed at each event. */
export const withDerived = <Doc extends object>(
  projection: Projection<Doc>,
  derive: (doc: Doc) => Derived,
): Projection<Doc> => ({
  ...projection,
  evolve: (doc, event) => {
    const next = projection.evolve(doc, event);
    // the document itself means unchanged (its derived fields are too)
    return next === doc ? doc : next && { ...next, ...derive(next) };
  },
});

/** A text as sort keys and searches compare it: without accents, in lower case (`Ä` sorts and matches as `a`). */
export const foldText = (text: string | null | undefined): string =>
  (text ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** What a record's read model adds to the data it was created with. */
export interface RecordDoc {
  readonly tenant: string;
  /** The stream revision of the last event applied: the version a command on the record expects. */
  readonly version: number;
  readonly deleted: boolean;
}

/** A record's document as its creation leaves it: the created data with the tenant, the version and the live flag. */
export const createdRecord = <Doc extends RecordDoc>(event: StoredEvent, extra: Partial<Doc> = {}): Doc =>
  ({
    ...(event.data as object),
    tenant: event.metadata.tenant,
    version: event.revision,
    deleted: false,
    ...extra,
  }) as Doc;

/** Who created a record and when, for the records whose lists show it (baselines, scenarios). */
export const creation = (event: StoredEvent) => ({
  createdBy: event.metadata.user,
  createdAt: event.metadata.timestamp,
});

/** A record's document once deleted: kept and flagged, so that its history still names it. */
export const deletedRecord = <Doc extends RecordDoc>(doc: Doc | null, event: StoredEvent): Doc | null =>
  doc && { ...doc, deleted: true, version: event.revision };

/**
 * Whether `doc` shows an update already: its values and version (a reschedule's commit sets both
 * before each item's own `ItemUpdated` follows, docs/design/scheduling.md). Then the update answers
 * the document itself, which the runner does not write again.
 */
const shows = <Doc extends RecordDoc>(doc: Doc, changes: Partial<Doc>, revision: number): boolean =>
  doc.version === revision &&
  Object.entries(changes).every(([field, value]) => Object.is(doc[field as keyof Doc], value));

/**
 * The read model of a record with `<kind>Created`, `<kind>Updated` (`changes`) and `<kind>Deleted`
 * events (e.g. kind 'Item'): the created data with the tenant, the version and the deleted flag, plus
 * `extra` (the projection's own fields, at their starting values); a deletion keeps the document.
 */
export const recordProjection = <Doc extends RecordDoc>(options: {
  collection: string;
  kind: string;
  version: number;
  indexes: readonly IndexKeys[];
  asOfIndexes?: readonly IndexKeys[];
  scalarFields?: readonly string[];
  extra?: Partial<Doc>;
}): Projection<Doc> => {
  const { collection, kind, version, indexes, asOfIndexes, scalarFields, extra = {} } = options;
  return {
    collection,
    version,
    handles: [`${kind}Created`, `${kind}Updated`, `${kind}Deleted`, `${kind}Restored`],
    documentId: byRecordId,
    indexes,
    ...(asOfIndexes ? { asOfIndexes } : {}),
    ...(scalarFields ? { scalarFields } : {}),
    evolve: (doc, event) => {
      switch (event.type) {
        case `${kind}Created`:
          return createdRecord(event, extra);
        case `${kind}Updated`: {
          const { changes } = event.data as { changes: Partial<Doc> };
          return (
            doc &&
            (shows(doc, changes, event.revision) ? doc : { ...doc, ...changes, version: event.revision })
          );
        }
        case `${kind}Deleted`:
          return deletedRecord(doc, event);
        case `${kind}Restored`:
          return doc && { ...doc, deleted: false, version: event.revision };
        default:
          return doc;
      }
    },
  };
};
