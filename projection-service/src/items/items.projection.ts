import type { ItemCreated } from '@fahrplan/contracts';
import { recordProjection } from '../projections/projection';
import type { RecordDoc } from '../projections/projection';

/** The item read model (§3 Item); duration, workload and the project title are computed at query time. */
export interface ItemDoc extends Omit<ItemCreated['data'], never>, RecordDoc {}

export const itemsProjection = recordProjection<ItemDoc>({
  collection: 'items',
  version: 1,
  kind: 'Item',
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
});
