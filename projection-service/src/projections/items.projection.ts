import type { ItemCreated, ItemUpdated, StoredEvent } from '@fahrplan/contracts';
import type { Projection } from './projection';

/** The item read model (§3 Item); duration, workload and the project title are computed at query time. */
export interface ItemDoc extends Omit<ItemCreated['data'], never> {
  readonly tenant: string;
  readonly version: number;
  readonly deleted: boolean;
}

export const itemsProjection: Projection<ItemDoc> = {
  collection: 'items',
  handles: ['ItemCreated', 'ItemUpdated', 'ItemDeleted'],
  documentId: (event) => String((event.data as { id: number }).id),
  // GET /api/items/:title (own tenant), GET /api/items?group= (by rank), and the timeline window:
  // own items by tenant, shared projects' by their owner and ids; `end: null` (milestones) is matched
  // by equality
  indexes: [
    { tenant: 1, deleted: 1, title: 1 },
    { tenant: 1, deleted: 1, group: 1, rank: 1 },
    { tenant: 1, deleted: 1, end: 1, start: 1 },
    { tenant: 1, deleted: 1, group: 1, end: 1, start: 1 },
    { tenant: 1, deleted: 1, end: 1, group: 1, start: 1 },
  ],
  evolve: (doc, event: StoredEvent) => {
    if (event.type === 'ItemCreated')
      return {
        ...(event.data as ItemCreated['data']),
        tenant: event.metadata.tenant,
        version: event.revision,
        deleted: false,
      };
    if (!doc) return doc;
    const next = { ...doc, version: event.revision };
    switch (event.type) {
      case 'ItemUpdated':
        return { ...next, ...(event.data as ItemUpdated['data']).changes };
      case 'ItemDeleted':
        return { ...next, deleted: true };
      default:
        return doc;
    }
  },
};
