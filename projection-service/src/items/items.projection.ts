import type { ItemCreated } from '@fahrplan/contracts';
import { recordProjection, withDerived } from '../projections/projection';
import type { RecordDoc } from '../projections/projection';
import { intervalOf } from './timeline-interval';

/** The item read model (§3 Item); duration, workload and the project title are computed at query time. */
export interface ItemDoc extends Omit<ItemCreated['data'], never>, RecordDoc {}

const projectedItems = recordProjection<ItemDoc>({
  collection: 'items',
  version: 2,
  kind: 'Item',
  // GET /api/items/:title (own tenant), GET /api/items?group= (by rank), and the timeline window: per
  // interval level, the items of a page of projects (own ones by tenant, shared ones by their owner)
  // by start day
  indexes: [
    { tenant: 1, deleted: 1, title: 1 },
    { tenant: 1, deleted: 1, group: 1, rank: 1 },
    { tenant: 1, deleted: 1, _lvl: 1, group: 1, _startDay: 1, _endDay: 1 },
  ],
});

/** Items, with their interval fields derived for the timeline's window (issue 17). */
export const itemsProjection = withDerived(projectedItems, (doc) => intervalOf(doc.start, doc.end));
