import type {
  TrackerConnectionCreated,
  TrackerConnectionSettings,
  TrackerConnectionUpdated,
} from '@fahrplan/contracts';
import { byRecordId, deletedRecord } from '../projections/projection';
import type { Projection, RecordDoc } from '../projections/projection';

/** A tracker connection as administrators see it: its settings, never its sealed secret. */
export interface TrackerConnectionDoc extends RecordDoc, TrackerConnectionSettings {
  readonly id: number;
}

/** Copies the settings only: whatever else an event carries (the sealed secret) stays out of the read model. */
const settingsOf = (data: Partial<TrackerConnectionSettings>): Partial<TrackerConnectionSettings> => {
  const { name, baseUrl, deployment, authMode, email } = data;
  return Object.fromEntries(
    Object.entries({ name, baseUrl, deployment, authMode, email }).filter(([, value]) => value !== undefined),
  );
};

export const trackerConnectionsProjection: Projection<TrackerConnectionDoc> = {
  collection: 'trackerConnections',
  version: 1,
  handles: ['TrackerConnectionCreated', 'TrackerConnectionUpdated', 'TrackerConnectionDeleted'],
  documentId: byRecordId,
  // the tracker queries: the tenant's live connections
  indexes: [{ tenant: 1, deleted: 1, name: 1 }],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'TrackerConnectionCreated': {
        const data = event.data as TrackerConnectionCreated['data'];
        return {
          ...(settingsOf(data) as TrackerConnectionSettings),
          id: data.id,
          tenant: event.metadata.tenant,
          version: event.revision,
          deleted: false,
        };
      }
      case 'TrackerConnectionUpdated':
        return (
          doc && {
            ...doc,
            ...settingsOf((event.data as TrackerConnectionUpdated['data']).changes),
            version: event.revision,
          }
        );
      case 'TrackerConnectionDeleted':
        return deletedRecord(doc, event);
      default:
        return doc;
    }
  },
};
