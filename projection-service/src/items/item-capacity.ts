import type { ResourceCapacity } from '@fahrplan/contracts';
import type { CalendarBook } from '../calendars/calendar-book';
import { strip } from '../http/query-helpers';
import { isTombstone } from '../read-store/read-store';
import type { ReadView } from '../read-store/read-store';
import type { ResourceDoc } from '../resources/resources.projection';
import type { ItemDoc } from './items.projection';

/**
 * What the resources of the tasks `items` name can give them (issue 24): each one's share and its own
 * calendar's rules (null: none, or one no longer live: its tasks' projects' calendars), one read by id.
 * A resource of another tenant than the task's gives nothing (the task counts as without one).
 */
export const resourceCapacities = async (
  store: ReadView,
  book: CalendarBook,
  items: readonly Pick<ItemDoc, 'tenant' | 'resource' | 'end'>[],
): Promise<ReadonlyMap<number, ResourceCapacity & { readonly tenant: string }>> => {
  const ids = [...new Set(items.flatMap((i) => (i.resource === null || i.end === null ? [] : [i.resource])))];
  if (ids.length === 0) return new Map();
  const docs = [...(await store.getMany('resources', ids.map(String))).values()].filter(
    (doc) => !isTombstone(doc),
  );
  const entries = await Promise.all(
    docs.map(async (doc) => {
      const { id, tenant, calendar, share } = strip<ResourceDoc>(doc);
      const rules = calendar === null ? null : await book.rulesOf(tenant, calendar);
      return [id, { tenant, rules, share }] as const;
    }),
  );
  return new Map(entries);
};

/** The capacity of `item`'s resource, null without one (or with one not of its tenant). */
export const capacityOfItem = (
  capacities: ReadonlyMap<number, ResourceCapacity & { readonly tenant: string }>,
  item: Pick<ItemDoc, 'tenant' | 'resource'>,
): ResourceCapacity | null => {
  const found = item.resource === null ? undefined : capacities.get(item.resource);
  return found?.tenant === item.tenant ? found : null;
};
