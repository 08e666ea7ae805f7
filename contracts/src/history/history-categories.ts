/** The categories whose records have a history (GET /api/history/<category>/<id>). */
export const historyCategories = [
  'application',
  'group',
  'item',
  'goal',
  'resource',
  /** Issue 24: a calendar's names and versions. */
  'calendar',
  'comment',
  'account',
  /** Issue 22: a scenario's lifecycle (its own changes to the plan are not part of it). */
  'scenario',
  'trackerConnection',
  'tenant',
  'user',
] as const;
export type HistoryCategory = (typeof historyCategories)[number];
