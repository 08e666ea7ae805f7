export * from './projection-service.module';
export * from './read-store/read-store';
export * from './read-store/memory-read-store';
export * from './projections/projection';
export * from './projections/projection-runner';
export * from './projections/catch-up-progress';
export * from './projections/all-projections';
export * from './as-of/as-of-stores';
export { asOfRoutes } from './as-of/as-of.interceptor';
export { scenarioRoutes } from './scenarios/scenario.interceptor';
export { comparisonPage } from './baselines/baseline-comparison';
export * from './read-store/mongo-read-store';
export * from './read-store/sqlite-read-store';
export { archiveFile } from './read-store/sqlite-tables';
export { QueryThreads } from './query-threads/query-threads';
export { LookupLane } from './http/lookup-lane';
export type { FrontLane } from './http/lookup-lane';
export { threadQueries } from './query-threads/thread-queries';
export * from './lease/lease';
export * from './lease/memory-lease';
export * from './lease/mongo-lease';
export * from './projections/leased-runner';
export * from './tracker/tracker-connections.projection';
export * from './tracker/tracker-folding';
export * from './tracker/tracker-mirror';
export * from './tracker/tracker-queries.controller';
// the lists' sort keys, which the OpenAPI document names
export { applicationSorts } from './applications/applications.controller';
export { groupSorts } from './groups/groups.controller';
export { itemSorts } from './items/items.controller';
export { defaultAsOfPerMinute } from './as-of/as-of-limit';
export { exportRowsMax } from './exports/exports.controller';
export { defaultHistoryMaxEvents } from './history/history.service';
export * from './webhooks/webhook-deliverer';
export { webhookDeliveriesCollection, webhooksProjection } from './webhooks/webhooks.projection';
// issue 24: the calendars read model, which cal-engine's CalendarBook reads
export * from './calendars/calendars.projection';
// issue 23: what a calendar feed reads and writes, which bench:feeds measures
export { feedEvents, feedWindow } from './calendar-feeds/feed-events';
export { feedCalendar } from './calendar-feeds/feed-calendar';
// the timeline's printouts, which bench:printouts renders on their own (issue 23)
export { timelinePdf, timelinePng } from './printouts/timeline-render';
export { printTexts } from './printouts/print-texts';
export type { TimelineContent } from './printouts/timeline-layout';
export { maxPrintRows, maxImageHeight } from './printouts/timeline-printout';
