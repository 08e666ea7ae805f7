import type { ItemCreated } from '@fahrplan/contracts';
import { foldText, recordProjection, withDerived } from '../projections/projection';
import type { RecordDoc } from '../projections/projection';

/** The item read model (§3 Item); duration, workload and the project title are computed at query time. */
export interface ItemDoc extends Omit<ItemCreated['data'], never>, RecordDoc {}

/**
 * The keys of the item lists (issue 17): `_rank` (a project's items by rank; '' for none, which sorts
 * first as before) and `_search`, the folded title, which the item search both matches and sorts by.
 */
export const itemKeys = (doc: ItemDoc) => ({ _rank: doc.rank ?? '', _search: foldText(doc.title) });

/** Items, with their lists' keys derived. */
export const itemsProjection = withDerived(
  recordProjection<ItemDoc>({
    collection: 'items',
    version: 2,
    kind: 'Item',
    // GET /api/items/:title (own tenant), GET /api/items?group= (by rank), ?q= (by title), and the
    // timeline window: own items by tenant, shared projects' by their owner and ids; `end: null`
    // (milestones) is matched by equality
    indexes: [
      { tenant: 1, deleted: 1, title: 1 },
      { tenant: 1, deleted: 1, group: 1, _rank: 1, start: 1, id: 1, _id: 1 },
      { tenant: 1, deleted: 1, _search: 1, _id: 1 },
      { tenant: 1, deleted: 1, end: 1, start: 1 },
      { tenant: 1, deleted: 1, group: 1, end: 1, start: 1 },
      { tenant: 1, deleted: 1, end: 1, group: 1, start: 1 },
    ],
  }),
  itemKeys,
);
