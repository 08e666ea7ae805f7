/**
 * projection-service's testing entry (`@fahrplan/projection-service/testing`): for specs, testing
 * helpers and bench only. Besides its helpers it opens to specs what the package keeps to itself.
 */
export { describeWithMongo } from '../read-store/testing/mongo-server';
export { AS_OF_STORES } from '../http/tokens';
export { groupsProjection } from '../groups/groups.projection';
export type { GroupDoc } from '../groups/groups.projection';
export { threadQueries } from '../query-threads/thread-queries';
export { SLOT_MIN_CHARS } from '../query-threads/answer-slots';
export { answered } from '../http/json-text';
export { ReadModelInterceptor } from '../http/read-model.interceptor';
export { ExportsController } from '../exports/exports.controller';
export { zurichCalendar } from '../calendars/testing/zurich';
