import type { ItemDependencies, TimelineItem, TimelineView } from '@fahrplan/contracts';
import { findJson } from '../read-store/read-store';
import type { Filter, JsonRow, ReadView } from '../read-store/read-store';
import { timelineItemFields } from './items.projection';
import type { TimelineItemDoc } from './items.projection';
import type { ItemInterval } from './timeline-interval';

/**
 * What a row shows of an item, in `timelineItem`'s order (its project after its title): written as JSON
 * where the store reads it.
 */
const shownFields = [
  ...timelineItemFields.slice(0, 2),
  'group',
  ...timelineItemFields.slice(2),
] satisfies readonly (keyof TimelineItem)[];

/**
 * What a page needs of a listed item beside its JSON: its project's row, its place (`byRank`), its owner,
 * and its days (a tile's items are kept for the windows that meet them, `WindowTiles`).
 */
const listedBeside = ['tenant', 'group', 'id', 'rank', 'start', '_startDay', '_endDay'] as const;

/** An item of a page: its JSON as the store wrote it, and what the page needs beside. */
export type ListedItem = JsonRow<(typeof listedBeside)[number]> &
  Pick<TimelineItemDoc, 'tenant' | 'group' | 'id' | 'rank' | 'start'> &
  Pick<ItemInterval, '_startDay' | '_endDay'>;

/** A page's listed items in the window of `filters`, each as JSON with what the page needs beside. */
export const readListed = async (store: ReadView, filters: readonly Filter[]): Promise<ListedItem[]> =>
  (await findJson(store, 'items', filters, shownFields, listedBeside)) as ListedItem[];

const noDependenciesJson = '"predecessors":[],"successors":[]';

/**
 * The JSON of `timelineItem(item, tenant, dependencies)`, byte for byte: the store's JSON of the shown
 * fields, then whether it is shared and its dependencies (most items have none: one text for them).
 */
export const listedJson = (
  item: Pick<ListedItem, 'json' | 'tenant'>,
  tenant: string,
  dependencies?: ItemDependencies,
): string => {
  const links = dependencies
    ? `"predecessors":${JSON.stringify(dependencies.predecessors)},"successors":${JSON.stringify(dependencies.successors)}`
    : noDependenciesJson;
  return `${item.json.slice(0, -1)},"shared":${item.tenant !== tenant},${links}}`;
};

/** A page as `TimelineView` has it, but its items as JSON texts (`listedJson`). */
export type TimelineParts = Omit<TimelineView, 'items'> & { readonly items: readonly string[] };

/** The answer's JSON, in `TimelineView`'s order, with the items' texts joined in place, never parsed. */
export const answerJson = ({
  from,
  to,
  detail,
  groups,
  items,
  summaries,
  itemCount,
  nextCursor,
}: TimelineParts) => {
  const head = JSON.stringify({ from, to, detail, groups });
  const tail = JSON.stringify({ summaries, itemCount, nextCursor });
  return `${head.slice(0, -1)},"items":[${items.join(',')}],${tail.slice(1)}`;
};
