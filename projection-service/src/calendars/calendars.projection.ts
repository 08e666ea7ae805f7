import {
  calendarStream,
  defaultCalendarId,
  defaultCalendarName,
  defaultCalendarVersions,
  withCalendarVersion,
} from '@fahrplan/contracts';
import type {
  CalendarChanged,
  CalendarCreated,
  CalendarRenamed,
  CalendarVersion,
  StoredEvent,
} from '@fahrplan/contracts';
import { deletedRecord } from '../projections/projection';
import type { Projection, RecordDoc } from '../projections/projection';

/** Issue 24: a calendar's name and versions (docs/design/calendars.md, "Calendars as records"). */
export interface CalendarDoc extends RecordDoc {
  readonly id: number;
  readonly name: string;
  readonly versions: readonly CalendarVersion[];
}

/** The tenant's default calendar as it is before its first event: Bern, version -1. */
export const defaultCalendarDoc = (tenant: string): CalendarDoc => ({
  id: defaultCalendarId,
  name: defaultCalendarName,
  versions: defaultCalendarVersions,
  tenant,
  version: -1,
  deleted: false,
});

/** The document of calendar `id` of `tenant`: its stream's name, unique across tenants for the default too. */
export const calendarDocId = calendarStream;

/** The default calendar's events start from its document before any event: it exists without one. */
const startOf = (doc: CalendarDoc | null, event: StoredEvent): CalendarDoc | null =>
  doc ??
  ((event.data as { id: number }).id === defaultCalendarId
    ? defaultCalendarDoc(event.metadata.tenant)
    : null);

export const calendarsProjection: Projection<CalendarDoc> = {
  collection: 'calendars',
  version: 1,
  handles: ['CalendarCreated', 'CalendarChanged', 'CalendarRenamed', 'CalendarDeleted'],
  // the default calendar's id is 0 in every tenant: its stream names the tenant
  documentId: (event) => event.streamId,
  // GET /api/calendars: the tenant's live calendars by id
  indexes: [{ tenant: 1, deleted: 1, id: 1, _id: 1 }],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'CalendarCreated': {
        const { id, name, definition } = event.data as CalendarCreated['data'];
        return {
          id,
          name,
          versions: [{ effectiveFrom: null, definition }],
          tenant: event.metadata.tenant,
          version: event.revision,
          deleted: false,
        };
      }
      case 'CalendarChanged': {
        const start = startOf(doc, event);
        const { effectiveFrom, definition } = event.data as CalendarChanged['data'];
        return (
          start && {
            ...start,
            versions: withCalendarVersion(start.versions, { effectiveFrom, definition }),
            version: event.revision,
          }
        );
      }
      case 'CalendarRenamed': {
        const start = startOf(doc, event);
        return (
          start && { ...start, name: (event.data as CalendarRenamed['data']).name, version: event.revision }
        );
      }
      case 'CalendarDeleted':
        return deletedRecord(doc, event);
      default:
        return doc;
    }
  },
};
