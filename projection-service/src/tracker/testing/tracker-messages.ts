import { topics, trackerMessageHeaders, trackerMessageKey, trackerTopicCatalogue } from '@fahrplan/contracts';
import type {
  TrackerBoardMessage,
  TrackerIssueMessage,
  TrackerProjectMessage,
  TrackerSyncRunMessage,
  TrackerVersionMessage,
} from '@fahrplan/contracts';
import type { Bus, BusMessage } from '@fahrplan/platform';

/** Test fixtures: tracker messages as tracker-sync publishes them, with only what a test is about to set. */

type Base = { tenant: string; connectionId: number; id: string; syncedAt: string };

const object = <B extends Base>(base: B) => ({
  url: `https://tracker.example/${base.id}`,
  deleted: false,
  ...base,
});

export const projectMessage = (
  base: Base,
  overrides: Partial<TrackerProjectMessage> = {},
): TrackerProjectMessage => ({
  ...object(base),
  key: `P${base.id}`,
  name: `Project ${base.id}`,
  ...overrides,
});

export const boardMessage = (
  base: Base,
  overrides: Partial<TrackerBoardMessage> = {},
): TrackerBoardMessage => ({
  ...object(base),
  name: `Board ${base.id}`,
  type: 'scrum',
  projectKey: null,
  ...overrides,
});

export const versionMessage = (
  base: Base & { projectKey: string },
  overrides: Partial<TrackerVersionMessage> = {},
): TrackerVersionMessage => ({
  ...object(base),
  name: `Version ${base.id}`,
  description: null,
  startDate: null,
  releaseDate: null,
  released: false,
  archived: false,
  ...overrides,
});

export const issueMessage = (
  base: Base & { key: string },
  overrides: Partial<TrackerIssueMessage> = {},
): TrackerIssueMessage => ({
  ...object(base),
  projectKey: base.key.split('-')[0]!,
  summary: `Summary of ${base.key}`,
  status: 'To Do',
  statusCategory: 'new',
  assignee: null,
  dueDate: null,
  issueType: 'Task',
  fixVersions: [],
  updatedAt: base.syncedAt,
  ...overrides,
});

export const syncRunMessage = (
  run: Pick<TrackerSyncRunMessage, 'tenant' | 'connectionId' | 'startedAt' | 'finishedAt'>,
  overrides: Partial<TrackerSyncRunMessage> = {},
): TrackerSyncRunMessage => ({
  lastSuccessAt: run.startedAt,
  error: null,
  incremental: false,
  counts: { projects: 0, boards: 0, versions: 0, issues: 0 },
  present: null,
  ...run,
  ...overrides,
});

type TrackerTopic = keyof typeof trackerTopicCatalogue;

/** A message of `topic` with the headers tracker-sync sets; `headers` overrides them (undefined removes one). */
export const busMessage = (
  topic: TrackerTopic,
  value: { tenant: string; connectionId: number; id?: string },
  headers: Record<string, string | undefined> = {},
): BusMessage => {
  const entry = trackerTopicCatalogue[topic];
  const all: Record<string, string | undefined> = {
    [trackerMessageHeaders.tenant]: value.tenant,
    [trackerMessageHeaders.messageType]: entry.messageType,
    [trackerMessageHeaders.schemaVersion]: String(entry.schemaVersion),
    [trackerMessageHeaders.messageId]: `m-${Math.random().toString(36).slice(2)}`,
    [trackerMessageHeaders.contentType]: 'application/json',
    ...headers,
  };
  return {
    key: value.id === undefined ? String(value.connectionId) : trackerMessageKey({ ...value, id: value.id }),
    value: JSON.stringify(value),
    headers: Object.fromEntries(
      Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  };
};

/** The topic each fixture's messages go to. */
export const publishTracker = {
  projects: (bus: Bus, ...messages: TrackerProjectMessage[]) =>
    bus.publish(
      topics.trackerProjects,
      messages.map((m) => busMessage(topics.trackerProjects, m)),
    ),
  boards: (bus: Bus, ...messages: TrackerBoardMessage[]) =>
    bus.publish(
      topics.trackerBoards,
      messages.map((m) => busMessage(topics.trackerBoards, m)),
    ),
  versions: (bus: Bus, ...messages: TrackerVersionMessage[]) =>
    bus.publish(
      topics.trackerVersions,
      messages.map((m) => busMessage(topics.trackerVersions, m)),
    ),
  issues: (bus: Bus, ...messages: TrackerIssueMessage[]) =>
    bus.publish(
      topics.trackerIssues,
      messages.map((m) => busMessage(topics.trackerIssues, m)),
    ),
  runs: (bus: Bus, ...messages: TrackerSyncRunMessage[]) =>
    bus.publish(
      topics.trackerSyncRuns,
      messages.map((m) => busMessage(topics.trackerSyncRuns, m)),
    ),
};
