import type { ApplicationCreated, ApplicationUpdated, StoredEvent } from '@fahrplan/contracts';
import type { Projection } from './projection';

/** The application details read model (§2 dialog); parentName and projects are joined at query time. */
export interface ApplicationDoc extends Omit<ApplicationCreated['data'], never> {
  readonly tenant: string;
  readonly version: number;
  readonly deleted: boolean;
  readonly shared: boolean;
}

export const applicationsProjection: Projection<ApplicationDoc> = {
  collection: 'applications',
  handles: ['ApplicationCreated', 'ApplicationUpdated', 'ApplicationDeleted'],
  documentId: (event) => String((event.data as { id: number }).id),
  // GET /api/applications (by status, or all of the tenant's for the parent names) and by name
  indexes: [
    { tenant: 1, deleted: 1, status: 1 },
    { tenant: 1, deleted: 1, name: 1 },
  ],
  evolve: (doc, event: StoredEvent) => {
    switch (event.type) {
      case 'ApplicationCreated':
        return {
          ...(event.data as ApplicationCreated['data']),
          tenant: event.metadata.tenant,
          version: event.revision,
          deleted: false,
          shared: false,
        };
      case 'ApplicationUpdated':
        return (
          doc && { ...doc, ...(event.data as ApplicationUpdated['data']).changes, version: event.revision }
        );
      case 'ApplicationDeleted':
        return doc && { ...doc, deleted: true, version: event.revision };
      default:
        return doc;
    }
  },
};
