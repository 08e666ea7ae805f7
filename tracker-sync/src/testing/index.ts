/** tracker-sync's testing entry (`@fahrplan/tracker-sync/testing`): for specs, testing helpers and bench only. */
export * from './openapi-validator';
