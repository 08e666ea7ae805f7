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
] as const;
export type Category = (typeof categories)[number];

export const streamName = (category: Category, id: number | string): string => `${category}-${id}`;

export const parseStreamName = (stream: string): { category: string; id: string } => {
  const dash = stream.indexOf('-');
  return dash < 0
    ? { category: stream, id: '' }
    : { category: stream.slice(0, dash), id: stream.slice(dash + 1) };
};
