import { z } from 'zod';

/**
 * Kafka topics (in embedded mode, in-process channels of the same names). The version suffix is
 * the topic's contract version: an incompatible change gets a new topic beside the old one.
 */
export const topics = {
  /** Every published planning event (see `eventCatalogue`); key = aggregate id. */
  planningEvents: 'fahrplan.planning-events.v1',
  /** Tracker projects (the repositories planning groups link as `jirarepo`); key = connection/project id. */
  trackerProjects: 'fahrplan.tracker.projects.v1',
  /** Agile boards; key = connection/board id. */
  trackerBoards: 'fahrplan.tracker.boards.v1',
  /** Versions (releases) of tracker projects; key = connection/version id. */
  trackerVersions: 'fahrplan.tracker.versions.v1',
  /** Issues linked from items and groups (`jiraid`); key = connection/issue id. */
  trackerIssues: 'fahrplan.tracker.issues.v1',
  /** One message per mirroring run of a connection; key = connection id. */
  trackerSyncRuns: 'fahrplan.tracker.sync-runs.v1',
} as const;
export type Topic = (typeof topics)[keyof typeof topics];

/** Kafka header names of planning-event messages; every value is a UTF-8 string. */
export const planningEventHeaders = {
  tenant: 'tenant',
  eventType: 'eventType',
  schemaVersion: 'schemaVersion',
  eventId: 'eventId',
  correlationId: 'correlationId',
  contentType: 'content-type',
} as const;

/** Kafka header names of tracker messages. */
export const trackerMessageHeaders = {
  tenant: 'tenant',
  messageType: 'messageType',
  schemaVersion: 'schemaVersion',
  messageId: 'messageId',
  contentType: 'content-type',
} as const;

/*
 * Tracker topics: the contract tracker-sync (issue 7) will produce and the projection service will
 * fold. Each message is a snapshot of one tracker object as last seen (state transfer, not a
 * change log), so a consumer keeps the newest per key and a compacted topic keeps each object's
 * latest state. Fields are the ones the console shows (§1, §3, §7); anything else stays in the tracker.
 */

const trackerObject = z.object({
  tenant: z.string().min(1),
  /** The tenant's tracker connection the object was read through. */
  connectionId: z.number().int().positive(),
  /** The tracker's own id of the object. */
  id: z.string().min(1),
  /** Link to the object in the tracker, built with the contracts' link builders. */
  url: z.url().nullable(),
  /** True when the object disappeared from the tracker (or from the connection's scope). */
  deleted: z.boolean(),
  /** When tracker-sync read this state. */
  syncedAt: z.iso.datetime({ offset: true }),
});

/** A tracker project: what a planning group's `jirarepo` points at. */
export const trackerProjectMessageSchema = trackerObject.extend({
  key: z.string().min(1),
  name: z.string(),
});
export type TrackerProjectMessage = z.output<typeof trackerProjectMessageSchema>;

/** An agile board (/rest/agile/1.0 boards). */
export const trackerBoardMessageSchema = trackerObject.extend({
  name: z.string(),
  type: z.string().nullable(),
  projectKey: z.string().nullable(),
});
export type TrackerBoardMessage = z.output<typeof trackerBoardMessageSchema>;

/** A version (release) of a tracker project. */
export const trackerVersionMessageSchema = trackerObject.extend({
  projectKey: z.string().min(1),
  name: z.string(),
  description: z.string().nullable(),
  startDate: z.iso.date().nullable(),
  releaseDate: z.iso.date().nullable(),
  released: z.boolean(),
  archived: z.boolean(),
});
export type TrackerVersionMessage = z.output<typeof trackerVersionMessageSchema>;

/** An issue as items and groups show it through `jiraid`. */
export const trackerIssueMessageSchema = trackerObject.extend({
  key: z.string().min(1),
  projectKey: z.string().min(1),
  summary: z.string(),
  status: z.string().nullable(),
  /** The status's category in the tracker: to do, in progress, done. */
  statusCategory: z.enum(['new', 'indeterminate', 'done']).nullable(),
  /** The assignee's display name. */
  assignee: z.string().nullable(),
  dueDate: z.iso.date().nullable(),
  issueType: z.string().nullable(),
  fixVersions: z.array(z.string()),
  /** The tracker's last-change time of the issue. */
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TrackerIssueMessage = z.output<typeof trackerIssueMessageSchema>;

const trackerFailureSchema = z.object({
  code: z.string().min(1),
  status: z.number().int().nullable(),
  statusText: z.string().nullable(),
  message: z.string(),
});

/**
 * The end of one mirroring run of a connection. A successful run lists the ids of every project,
 * board and version it read in full: a consumer marks the connection's others as deleted (whatever
 * disappeared from the tracker, also while tracker-sync was not running).
 */
export const trackerSyncRunMessageSchema = z.object({
  tenant: z.string().min(1),
  connectionId: z.number().int().positive(),
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }),
  /** The start of the last successful run (this one when it succeeded): the mirror's age. */
  lastSuccessAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why the run failed; null when it succeeded. */
  error: trackerFailureSchema.nullable(),
  /** Issues read only when updated since the previous run (false: every linked issue). */
  incremental: z.boolean(),
  counts: z.object({
    projects: z.number().int().min(0),
    boards: z.number().int().min(0),
    versions: z.number().int().min(0),
    issues: z.number().int().min(0),
  }),
  /** Tracker ids of everything the run read; null when it failed. */
  present: z
    .object({ projects: z.array(z.string()), boards: z.array(z.string()), versions: z.array(z.string()) })
    .nullable(),
});
export type TrackerSyncRunMessage = z.output<typeof trackerSyncRunMessageSchema>;

/** The tracker topics with their one message type each (schema version 1). */
export const trackerTopicCatalogue = {
  [topics.trackerProjects]: {
    messageType: 'TrackerProject',
    schemaVersion: 1,
    schema: trackerProjectMessageSchema,
  },
  [topics.trackerBoards]: {
    messageType: 'TrackerBoard',
    schemaVersion: 1,
    schema: trackerBoardMessageSchema,
  },
  [topics.trackerVersions]: {
    messageType: 'TrackerVersion',
    schemaVersion: 1,
    schema: trackerVersionMessageSchema,
  },
  [topics.trackerIssues]: {
    messageType: 'TrackerIssue',
    schemaVersion: 1,
    schema: trackerIssueMessageSchema,
  },
  [topics.trackerSyncRuns]: {
    messageType: 'TrackerSyncRun',
    schemaVersion: 1,
    schema: trackerSyncRunMessageSchema,
  },
} as const;

/** The message key of a tracker object (a run: its connection id alone): unique across a tenant's connections. */
export const trackerMessageKey = (message: { connectionId: number; id: string }): string =>
  `${message.connectionId}/${message.id}`;
