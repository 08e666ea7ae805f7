/** Stream categories (§3); one typed helper per stream name, never built by hand (STYLE 7). */
export const categories = [
  'application',
  'group',
  'item',
  /** One stream per tenant: its dependency graph (docs/design/dependencies.md). */
  'dependencies',
  /** One stream per reschedule (issue 21): its one event is the commit point (docs/design/scheduling.md). */
  'schedule',
  'goal',
  'resource',
  'baseline',
  /** One stream per scenario (issue 22): its name, branch instant and lifecycle (docs/design/scenarios.md). */
  'scenario',
  /**
   * A scenario's own changes, one stream per scenario and record (`scenarioStreamName`): a category no live
   * projection, lookup or publisher reads (docs/design/scenarios.md).
   */
  'scenarioPlan',
  /**
   * One stream per scenario: the live stream of each record it changed, noted with the record's first
   * change in it, so that a publish or a lookup reads the scenario's records without scanning every
   * scenario's (`scenarioRecordsStream`).
   */
  'scenarioRecords',
  /** One stream per calendar feed (issue 23): a user's secret iCalendar address. */
  'calendarFeed',
  'comment',
  'account',
  'tenant',
  'user',
  'session',
  'idblock',
  'idempotency',
  'trackerConnection',
  'trackerSync',
  'trackerIssue',
  /** Issue 23: one stream per webhook, its address, events, sealed secret and pauses (docs/design/webhooks.md). */
  'webhook',
  /**
   * Issue 24: one stream per calendar (`calendarStream`); the tenant's default calendar has one per tenant
   * (docs/design/calendars.md).
   */
  'calendar',
] as const;
export type Category = (typeof categories)[number];

export const streamName = (category: Category, id: number | string): string => `${category}-${id}`;

/** The stream of scenario `scenario`'s own changes to the record whose live stream is `live`. */
export const scenarioStreamName = (scenario: number, live: string): string =>
  streamName('scenarioPlan', `${scenario}-${live}`);

/** The stream that names every record scenario `scenario` changed (`ScenarioRecordNoted {stream}`). */
export const scenarioRecordsStream = (scenario: number): string => streamName('scenarioRecords', scenario);

/**
 * Whether `stream` holds a scenario's own changes: ordinary event types that no live read model, view
 * or topic may take for the live plan's.
 */
export const isScenarioStream = (stream: string): boolean => stream.startsWith('scenarioPlan-');

/** The scenario and the live record's stream that `scenarioStreamName` named; null for any other stream. */
export const parseScenarioStream = (stream: string): { scenario: number; live: string } | null => {
  const parsed = /^scenarioPlan-(\d+)-(.+)$/.exec(stream);
  return parsed ? { scenario: Number(parsed[1]), live: parsed[2]! } : null;
};

export const parseStreamName = (stream: string): { category: string; id: string } => {
  const dash = stream.indexOf('-');
  return dash < 0
    ? { category: stream, id: '' }
    : { category: stream.slice(0, dash), id: stream.slice(dash + 1) };
};
