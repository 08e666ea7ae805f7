import type { TrackerAuthMode, TrackerDeployment, TrackerFailure } from './connection';

/*
 * What the console reads of the tracker: the mirror tracker-sync keeps through the tracker topics,
 * folded by the projection service. The console never calls the tracker itself.
 */

/**
 * The id of a tracker project as a planning group's `jirarepo.id` and an item's `jiragroup` hold it:
 * `<connection id>/<tracker project id>`, unique across the tenant's connections.
 */
export const trackerRepositoryId = (connectionId: number, projectId: string): string =>
  `${connectionId}/${projectId}`;

/** The parts of a repository id, or null when `id` is not one. */
export const parseTrackerRepositoryId = (
  id: string | number | null | undefined,
): { connectionId: number; projectId: string } | null => {
  const match = /^(\d{1,15})\/(.+)$/.exec(String(id ?? ''));
  return match ? { connectionId: Number(match[1]), projectId: match[2]! } : null;
};

/** How fresh a connection's mirror is. */
export interface TrackerSyncStatus {
  /** When the last run started, null before the first. */
  readonly lastAttemptAt: string | null;
  /** When the last successful run started: the mirror shows the tracker as of then. */
  readonly lastSuccessAt: string | null;
  /** Why the last run failed; null when it succeeded. */
  readonly error: TrackerFailure | null;
}

/** A tenant's tracker connection as administrators see it: never its secret. */
export interface TrackerConnectionView {
  readonly id: number;
  readonly name: string;
  readonly baseUrl: string;
  readonly deployment: TrackerDeployment;
  readonly authMode: TrackerAuthMode;
  readonly email: string | null;
  /** A secret is stored (always true: the secret itself is never returned). */
  readonly hasSecret: boolean;
  readonly version: number;
  readonly sync: TrackerSyncStatus;
}

/** An agile board of a tracker project, with its planning-view link (§1). */
export interface TrackerBoardView {
  readonly id: string;
  readonly name: string;
  readonly type: string | null;
  readonly url: string | null;
}

/** A tracker project as the repository chooser offers it (§2 project details). */
export interface TrackerRepositoryView {
  /** `trackerRepositoryId(connectionId, projectId)`: what `jirarepo.id` and `jiragroup` store. */
  readonly id: string;
  readonly connectionId: number;
  readonly connectionName: string;
  /** The connection's base URL: what `jirarepo.url` stores. */
  readonly baseUrl: string;
  readonly projectId: string;
  readonly key: string;
  readonly name: string;
  /** The project link (§1). */
  readonly url: string | null;
  readonly boards: readonly TrackerBoardView[];
}

export type TrackerStatusCategory = 'new' | 'indeterminate' | 'done';

/** A mirrored issue: what badges and dialogs show beside an issue id. */
export interface TrackerIssueView {
  readonly connectionId: number;
  readonly key: string;
  readonly projectKey: string;
  readonly summary: string;
  readonly status: string | null;
  readonly statusCategory: TrackerStatusCategory | null;
  readonly assignee: string | null;
  readonly dueDate: string | null;
  readonly issueType: string | null;
  /** The issue link (§1). */
  readonly url: string | null;
  /** When tracker-sync read this state. */
  readonly syncedAt: string;
}

/** A version of a linked repository, drawn as a milestone on the timeline. */
export interface TrackerReleaseView {
  /** `<connection id>/<version id>`. */
  readonly id: string;
  readonly repositoryId: string;
  readonly projectKey: string;
  readonly name: string;
  readonly description: string | null;
  readonly startDate: string | null;
  readonly releaseDate: string | null;
  readonly released: boolean;
  readonly archived: boolean;
  /** The release link (§1 suffix rule). */
  readonly url: string | null;
  /** The tenant's live projects that link the version's repository. */
  readonly groups: readonly number[];
}

/** The mirror's age per connection, for everyone who sees tracker data. */
export interface TrackerMirrorStatusView {
  readonly connections: readonly ({ readonly id: number; readonly name: string } & TrackerSyncStatus)[];
}
