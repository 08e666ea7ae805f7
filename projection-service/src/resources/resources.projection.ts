import { defaultResourceCalendar } from '@fahrplan/contracts';
import type { ResourceCalendarChanged, ResourceCreated, ResourceRenamed } from '@fahrplan/contracts';
import { byRecordId, deletedRecord, foldText, withDerived } from '../projections/projection';
import type { Projection, RecordDoc } from '../projections/projection';

/** §3 Resource: id and name, with the tenant, version and deleted flag of every record. */
export interface ResourceDoc extends RecordDoc {
  readonly id: number;
  readonly name: string;
  /** Issue 24: the resource's own calendar (null: none) and part-time share in percent. */
  readonly calendar: number | null;
  readonly share: number;
}

const projectedResources: Projection<ResourceDoc> = {
  collection: 'resources',
  version: 3,
  handles: ['ResourceCreated', 'ResourceRenamed', 'ResourceCalendarChanged', 'ResourceDeleted'],
  documentId: byRecordId,
  // GET /api/resources: the tenant's live resources by name (ties by id), searched by name, or by ids
  indexes: [
    { tenant: 1, deleted: 1, _name: 1, id: 1, _id: 1 },
    { tenant: 1, deleted: 1, id: 1 },
    // GET /api/calendars counts the live resources of each calendar (issue 24)
    { tenant: 1, deleted: 1, calendar: 1 },
  ],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'ResourceCreated': {
        const { id, name, ...own } = event.data as ResourceCreated['data'];
        const { calendar, share } = { ...defaultResourceCalendar, ...own };
        return {
          id,
          name,
          calendar,
          share,
          tenant: event.metadata.tenant,
          version: event.revision,
          deleted: false,
        };
      }
      case 'ResourceCalendarChanged': {
        const { calendar, share } = event.data as ResourceCalendarChanged['data'];
        return doc && { ...doc, calendar, share, version: event.revision };
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
