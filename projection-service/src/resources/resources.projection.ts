import type { ResourceCreated, ResourceRenamed } from '@fahrplan/contracts';
import type { Projection, RecordDoc } from '../projections/projection';

/** §3 Resource: id and name, with the tenant, version and deleted flag of every record. */
export interface ResourceDoc extends RecordDoc {
  readonly id: number;
  readonly name: string;
}

export const resourcesProjection: Projection<ResourceDoc> = {
  collection: 'resources',
  version: 1,
  handles: ['ResourceCreated', 'ResourceRenamed', 'ResourceDeleted'],
  documentId: (event) => String((event.data as { id: number }).id),
  // GET /api/resources: the tenant's live resources by name
  indexes: [{ tenant: 1, deleted: 1, name: 1 }],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'ResourceCreated': {
        const { id, name } = event.data as ResourceCreated['data'];
        return { id, name, tenant: event.metadata.tenant, version: event.revision, deleted: false };
      }
      case 'ResourceRenamed':
        return doc && { ...doc, name: (event.data as ResourceRenamed['data']).name, version: event.revision };
      case 'ResourceDeleted':
        return doc && { ...doc, deleted: true, version: event.revision };
      default:
        return doc;
    }
  },
};
