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

/** An item's JSON in two pieces: the store's text of its shown fields without its closing brace, and the rest. */
export type ListedJson = readonly [fields: string, rest: string];

/** The rest of an item's text for an item without dependencies (most items): one text for them all. */
const noDependenciesRest = {
  own: ',"shared":false,"predecessors":[],"successors":[]}',
  shared: ',"shared":true,"predecessors":[],"successors":[]}',
};

/**
 * The JSON of `timelineItem(item, tenant, dependencies)`, byte for byte, in two pieces (`ListedJson`):
 * the store's JSON of the shown fields, then whether it is shared and its dependencies. Kept apart, so
 * that neither is copied again before the answer's writer copies both (`answerPieces`).
 */
export const listedJson = (
  item: Pick<ListedItem, 'json' | 'tenant'>,
  tenant: string,
  dependencies?: ItemDependencies,
): ListedJson => {
  const shared = item.tenant !== tenant;
  const rest =
    dependencies && (dependencies.predecessors.length > 0 || dependencies.successors.length > 0)
      ? `,"shared":${shared},"predecessors":${JSON.stringify(dependencies.predecessors)},"successors":${JSON.stringify(dependencies.successors)}}`
      : noDependenciesRest[shared ? 'shared' : 'own'];
  return [item.json.slice(0, -1), rest];
};

/** A page as `TimelineView` has it, but its items as JSON texts (`listedJson`). */
export type TimelineParts = Omit<TimelineView, 'items'> & { readonly items: readonly ListedJson[] };

/**
 * The answer's JSON, in `TimelineView`'s order, as the pieces it is made of (`JsonText`): the items'
 * texts in place, never parsed, and not joined here, so that a query thread writes them into its slot
 * without a copy of the page in between (docs/design/answer-slots.md).
 */
export const answerPieces = ({
  from,
  to,
  detail,
  groups,
  items,
  summaries,
  itemCount,
  nextCursor,
}: TimelineParts): string[] => {
  const head = JSON.stringify({ from, to, detail, groups });
  const tail = JSON.stringify({ summaries, itemCount, nextCursor });
  const pieces = [head.slice(0, -1), ',"items":['];
  for (const [index, [fields, rest]] of items.entries()) {
    if (index > 0) pieces.push(',');
    pieces.push(fields, rest);
  }
  pieces.push('],', tail.slice(1));
  return pieces;
};
