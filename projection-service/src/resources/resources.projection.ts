import type { ResourceCreated, ResourceRenamed } from '@fahrplan/contracts';
import { byRecordId, deletedRecord, foldText, withDerived } from '../projections/projection';
import type { Projection, RecordDoc } from '../projections/projection';

/** §3 Resource: id and name, with the tenant, version and deleted flag of every record. */
export interface ResourceDoc extends RecordDoc {
  readonly id: number;
  readonly name: string;
}

const projectedResources: Projection<ResourceDoc> = {
  collection: 'resources',
  version: 2,
  handles: ['ResourceCreated', 'ResourceRenamed', 'ResourceDeleted'],
  documentId: byRecordId,
  // GET /api/resources: the tenant's live resources by name (ties by id), searched by name, or by ids
  indexes: [
    { tenant: 1, deleted: 1, _name: 1, id: 1, _id: 1 },
    { tenant: 1, deleted: 1, id: 1 },
  ],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'ResourceCreated': {
        const { id, name } = event.data as ResourceCreated['data'];
        return { id, name, tenant: event.metadata.tenant, version: event.revision, deleted: false };
      }
      case 'ResourceRenamed':
        return doc && { ...doc, name: (event.data as ResourceRenamed['data']).name, version: event.revision };
      case 'ResourceDeleted':
        return deletedRecord(doc, event);
      default:
        return doc;
    }
  },
};

/** The picker's sort key and search text (issue 17): both the folded name. */
export const resourceKeys = (doc: ResourceDoc) => ({
  _name: foldText(doc.name),
  _search: foldText(doc.name),
});

export const resourcesProjection = withDerived(projectedResources, resourceKeys);
