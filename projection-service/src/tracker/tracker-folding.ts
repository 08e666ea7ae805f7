import { topics } from '@fahrplan/contracts';
import type {
  TrackerBoardMessage,
  TrackerIssueMessage,
  TrackerProjectMessage,
  TrackerSyncRunMessage,
  TrackerVersionMessage,
} from '@fahrplan/contracts';
import type { IndexKeys } from '../projections/projection';
import type { ReadDocument } from '../read-store/read-store';

/*
 * The tracker mirror's read models, folded from the tracker topics. Each message is a snapshot, so
 * a document is the newest snapshot of its object: its `_position` is the snapshot's `syncedAt` in
 * milliseconds, and the stores' conditional writes keep an older snapshot from replacing it.
 */

/** The read-model collections the mirror writes, by the topic they fold. */
export const trackerCollections = {
  [topics.trackerProjects]: 'trackerProjects',
  [topics.trackerBoards]: 'trackerBoards',
  [topics.trackerVersions]: 'trackerVersions',
  [topics.trackerIssues]: 'trackerIssues',
  [topics.trackerSyncRuns]: 'trackerSyncRuns',
} as const;
export type TrackerObjectTopic =
  | typeof topics.trackerProjects
  | typeof topics.trackerBoards
  | typeof topics.trackerVersions
  | typeof topics.trackerIssues;
export type TrackerObjectMessage =
  TrackerProjectMessage | TrackerBoardMessage | TrackerVersionMessage | TrackerIssueMessage;

/**
 * The indexes the tracker queries need beyond those of `allProjections` (tenant first), for
 * `MongoReadStore.ensureIndexes`: the mirror's collections (sync runs are read by id only) and the
 * projects by linked repository, which only the releases query asks for.
 */
export const trackerQueryIndexes: readonly {
  readonly collection: string;
  readonly indexes: readonly IndexKeys[];
}[] = [
  // the connections' live projects, boards and versions; a run's vanished objects
  { collection: 'trackerProjects', indexes: [{ tenant: 1, deleted: 1, connectionId: 1 }] },
  { collection: 'trackerBoards', indexes: [{ tenant: 1, deleted: 1, connectionId: 1 }] },
  { collection: 'trackerVersions', indexes: [{ tenant: 1, deleted: 1, connectionId: 1 }] },
  // issues by key (the badges of items and projects)
  { collection: 'trackerIssues', indexes: [{ tenant: 1, deleted: 1, key: 1 }] },
  // the releases of linked repositories: the tenant's live projects linking them
  { collection: 'groups', indexes: [{ tenant: 1, deleted: 1, 'jirarepo.id': 1 }] },
];

/** Every collection the mirror writes: none of them comes from the event log, so a rebuild leaves them out. */
export const trackerMirrorCollections: readonly string[] = Object.values(trackerCollections);

/** A tracker object's document id: unique across tenants and their connections. */
export const trackerDocumentId = (message: { tenant: string; connectionId: number; id: string }): string =>
  `${message.tenant}:${message.connectionId}/${message.id}`;

/** A connection's sync-run document id. */
export const trackerSyncRunId = (run: { tenant: string; connectionId: number }): string =>
  `${run.tenant}:${run.connectionId}`;

/** A stored tracker object: the snapshot's fields. */
export type TrackerObjectDoc<M extends TrackerObjectMessage = TrackerObjectMessage> = ReadDocument & M;

/** A stored sync run: the message without the (long) lists of present ids. */
export type TrackerSyncRunDoc = ReadDocument & Omit<TrackerSyncRunMessage, 'present'>;

/**
 * The document a snapshot makes, or null when `current` already reflects this snapshot or a newer
 * one (a redelivered or late message).
 */
export const foldSnapshot = <M extends TrackerObjectMessage>(
  current: ReadDocument | null,
  message: M,
): TrackerObjectDoc<M> | null => {
  const position = Date.parse(message.syncedAt);
  if (current && current._position >= position) return null;
  return { ...message, _id: trackerDocumentId(message), _position: position } as TrackerObjectDoc<M>;
};

/** The connection's sync-run document a run message makes, or null when `current` is as new or newer. */
export const foldSyncRun = (
  current: ReadDocument | null,
  run: TrackerSyncRunMessage,
): TrackerSyncRunDoc | null => {
  const position = Date.parse(run.finishedAt);
  if (current && current._position >= position) return null;
  const { present: _present, ...rest } = run;
  // a failing run of a freshly started tracker-sync does not know the last success: keep the stored one
  const stored = (current?.lastSuccessAt as string | null | undefined) ?? null;
  const lastSuccessAt =
    stored !== null && (run.lastSuccessAt === null || Date.parse(stored) > Date.parse(run.lastSuccessAt))
      ? stored
      : run.lastSuccessAt;
  return { ...rest, lastSuccessAt, _id: trackerSyncRunId(run), _position: position };
};

/**
 * What a successful run removes of one collection: the connection's live objects it did not read
 * (`presentIds`) and that were last seen before it started (so a snapshot the same run, or a later
 * one, published is kept). Each comes back deleted as of the run's start.
 */
export const vanishedIn = (
  run: TrackerSyncRunMessage,
  presentIds: readonly string[],
  docs: readonly ReadDocument[],
): ReadDocument[] => {
  const present = new Set(presentIds);
  const startedAt = Date.parse(run.startedAt);
  return docs
    .filter(
      (doc) =>
        doc.tenant === run.tenant &&
        doc.connectionId === run.connectionId &&
        doc.deleted === false &&
        !present.has(doc.id as string) &&
        doc._position < startedAt,
    )
    .map((doc) => ({ ...doc, deleted: true, syncedAt: run.startedAt, _position: startedAt }));
};
