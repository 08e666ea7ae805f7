import { notFound } from '@fahrplan/contracts';
import type { ItemView } from '@fahrplan/contracts';
import { calendarBook } from '../calendars/calendar-book';
import { dependenciesOf } from '../dependencies/dependency-links';
import type { GroupDoc } from '../groups/groups.projection';
import { visibleGroup } from '../groups/visible-groups';
import { maxPageLimit } from '../http/paging';
import type { Facts } from '../http/position-facts';
import { findByName, strip } from '../http/query-helpers';
import { isRecordId } from '../http/query-params';
import type { ReadDocument, ReadView } from '../read-store/read-store';
import { capacityOfItem, resourceCapacities } from './item-capacity';
import { itemView } from './item-view';
import type { ItemDoc } from './items.projection';

/** One item as a tenant asks for it: by numeric id, else by title (its permission already checked). */
export interface ItemQuery {
  readonly tenant: string;
  readonly idOrName: string;
}

/** Reads what it is asked every time: where no facts are kept (as of an instant, in a scenario). */
const unkept: Facts = (_key, make) => make();

/**
 * The item `idOrName` names, as the item dialog shows it (§3): numeric id first, then title
 * (case-insensitive, lowest id); the tenant's own items (§2), and by id an item of a project shared
 * with the tenant and accepted (the timeline opens it read-only). The tenant's first links and the
 * project's calendar are `facts`: the same for the items read in a row.
 */
export const itemAnswer = async (
  store: ReadView,
  { tenant, idOrName }: ItemQuery,
  facts: Facts = unkept,
): Promise<ItemView> => {
  let doc: ReadDocument | null = null;
  if (isRecordId(idOrName)) {
    const byId = await store.get('items', String(Number(idOrName)));
    if (byId && byId.deleted === false) {
      const shared = byId.tenant !== tenant && (await visibleGroup(store, tenant, byId.group as number));
      if (byId.tenant === tenant || (shared && shared.tenant === byId.tenant)) doc = byId;
    }
  }
  doc ??= await findByName(
    store,
    'items',
    { tenant, deleted: false },
    { field: 'title', folded: '_search' },
    idOrName,
  );
  if (!doc) throw notFound('item');
  const item = strip<ItemDoc>(doc);
  const stored = await store.get('groups', String(item.group));
  if (stored?.deleted === true) throw notFound('item');
  const project = stored && strip<GroupDoc>(stored);
  const book = calendarBook(store);
  const [dependencies, rules, capacities] = await Promise.all([
    dependenciesOf(store, tenant, [item.id], maxPageLimit, facts),
    project &&
      facts(`calendar ${JSON.stringify([project.tenant, project.calendar ?? null])}`, () =>
        book.rulesOfProject(project),
      ),
    resourceCapacities(store, book, [item]),
  ]);
  return itemView(
    item,
    project?.title ?? null,
    dependencies.get(item.id),
    rules ?? undefined,
    capacityOfItem(capacities, item),
  );
};
