import type { CalendarFeedCreated, CalendarFeedSecretRegenerated } from '@fahrplan/contracts';
import { byRecordId, createdRecord, creation, deletedRecord } from '../projections/projection';
import type { Projection, RecordDoc } from '../projections/projection';

/** A calendar feed as its owner's list and its public address read it. */
export interface CalendarFeedDoc extends RecordDoc, Omit<CalendarFeedCreated['data'], never> {
  readonly createdBy: string;
  readonly createdAt: string;
}

/**
 * Calendar feeds (issue 23): a user's secret iCalendar addresses, found by the SHA-256 of the secret
 * (the secret itself is stored nowhere); a revoked feed keeps its document, flagged.
 */
export const calendarFeedsProjection: Projection<CalendarFeedDoc> = {
  collection: 'calendarFeeds',
  version: 1,
  handles: ['CalendarFeedCreated', 'CalendarFeedSecretRegenerated', 'CalendarFeedRevoked'],
  documentId: byRecordId,
  indexes: [
    // GET /api/calendar-feeds: the caller's own live feeds, the latest first
    { tenant: 1, owner: 1, deleted: 1, createdAt: -1, _id: -1 },
    // GET /feeds/<secret>.ics: no tenant is known before the feed is found by its secret's hash
    { secretHash: 1, deleted: 1 },
  ],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'CalendarFeedCreated':
        return createdRecord<CalendarFeedDoc>(event, creation(event));
      case 'CalendarFeedSecretRegenerated': {
        const { secretHash } = event.data as CalendarFeedSecretRegenerated['data'];
        return doc && { ...doc, secretHash, version: event.revision };
      }
      case 'CalendarFeedRevoked':
        return deletedRecord(doc, event);
      default:
        return doc;
    }
  },
};
