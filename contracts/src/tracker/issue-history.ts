import equal from 'fast-deep-equal';
import type { z } from 'zod';
import type { DomainEvent } from '../events';
import { parseStreamName, streamName } from '../streams';
import { trackerIssueMessageSchema } from '../topics';
import type { TrackerIssueMessage } from '../topics';

/*
 * Issue 8: the history of a linked tracker issue. The tracker topics keep only each issue's latest
 * state, so tracker-sync also records every change it observes of an issue a project or an item
 * links in the event log, one stream per issue; the history of projects and items merges them.
 * These events are not in the published catalogue: they never go to the planning-events topic.
 */

/** The event type tracker-sync records when a linked issue's mirrored fields changed. */
export const trackerIssueChangedType = 'TrackerIssueChanged';

/**
 * What tracker-sync observed of a linked issue: the mirror's issue snapshot fields (same names as
 * `TrackerIssueMessage`), `deleted` once the issue vanished from the tracker.
 */
export const trackerIssueChangedDataSchema = trackerIssueMessageSchema.pick({
  connectionId: true,
  key: true,
  summary: true,
  status: true,
  statusCategory: true,
  assignee: true,
  dueDate: true,
  issueType: true,
  fixVersions: true,
  deleted: true,
});
export type TrackerIssueChangedData = z.output<typeof trackerIssueChangedDataSchema>;
export type TrackerIssueChanged = DomainEvent<typeof trackerIssueChangedType, TrackerIssueChangedData>;

/** The stream of a tracker issue's history: `trackerIssue-<connection id>.<ISSUE-KEY>` (key upper case). */
export const trackerIssueStream = (connectionId: number, key: string): string =>
  streamName('trackerIssue', `${connectionId}.${key.toUpperCase()}`);

/** The connection and issue key of a `trackerIssueStream` name, or null when it is not one. */
export const parseTrackerIssueStream = (stream: string): { connectionId: number; key: string } | null => {
  const { category, id } = parseStreamName(stream);
  const match = /^(\d{1,15})\.(.+)$/.exec(id);
  return category === 'trackerIssue' && match ? { connectionId: Number(match[1]), key: match[2]! } : null;
};

/** The `metadata.source` of events recorded by mirroring through a connection. */
export const trackerMirrorSource = (connectionName: string): string => `tracker:${connectionName}`;

/** The `metadata.user` of events recorded by tracker-sync. */
export const trackerSyncUser = 'tracker-sync';

/** The history fields of a mirrored issue (fix versions sorted: their order in the tracker is no change). */
export const trackerIssueObservation = (issue: TrackerIssueMessage): TrackerIssueChangedData => ({
  connectionId: issue.connectionId,
  key: issue.key.toUpperCase(),
  summary: issue.summary,
  status: issue.status,
  statusCategory: issue.statusCategory,
  assignee: issue.assignee,
  dueDate: issue.dueDate,
  issueType: issue.issueType,
  fixVersions: [...issue.fixVersions].sort(),
  deleted: issue.deleted,
});

/**
 * What to record after observing an issue, given the stream's last recorded data (null: none yet):
 * the observed data when it differs, `deleted: true` once when the issue vanished, else null.
 * An issue that vanished before it was ever recorded has no history to close.
 */
export const trackerIssueChange = (
  last: TrackerIssueChangedData | null,
  observed: TrackerIssueChangedData | 'vanished',
): TrackerIssueChangedData | null => {
  if (observed === 'vanished') return last && !last.deleted ? { ...last, deleted: true } : null;
  return last && equal(last, observed) ? null : observed;
};
