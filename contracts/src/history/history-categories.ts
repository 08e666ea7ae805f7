/** The categories whose records have a history (GET /api/history/<category>/<id>). */
export const historyCategories = [
  'application',
  'group',
  'item',
  'goal',
  'resource',
  'comment',
  'account',
  /** Issue 22: a scenario's lifecycle (its own changes to the plan are not part of it). */
  'scenario',
  'trackerConnection',
  'tenant',
  'user',
] as const;
export type HistoryCategory = (typeof historyCategories)[number];
