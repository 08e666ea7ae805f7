import type { Dependency, DependencyGraph } from '../dependency/dependency';
import type { ItemDependencies } from '../read-models';
import { prepareReschedule, reschedule } from './schedule';
import type { ScheduledItem, ScheduleMove } from './schedule';

/**
 * An item as the browser's preview of a reschedule knows it (issue 21): a timeline item or one read by
 * GET /api/items/<id>, with its dependencies as both answers carry them. The preview lives here, beside
 * the rule, so that the console and bench/ run the same functions.
 */
export interface ChainItem extends ItemDependencies {
  readonly id: number;
  readonly group: number;
  readonly start: string;
  readonly end: string | null;
}

/** What the rule needs for one drag, gathered once at its start. */
export interface PreviewContext {
  readonly graph: DependencyGraph;
  readonly items: ReadonlyMap<number, ScheduledItem>;
}

/** The known items reachable from `from` along successors (`from` first), through known items only. */
const reachableKnown = (from: number, known: ReadonlyMap<number, ChainItem>): ChainItem[] => {
  const seen = new Set([from]);
  const reached: ChainItem[] = [];
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const item = known.get(queue[i]!);
    if (!item) continue;
    reached.push(item);
    for (const { item: successor } of item.successors)
      if (!seen.has(successor)) {
        seen.add(successor);
        queue.push(successor);
      }
  }
  return reached;
};

/**
 * The items whose dates and dependencies a preview of moving `from` reads but `known` lacks: the
 * successors reachable through known items, and their other predecessors (whose dates constrain).
 * `unavailable` items (deleted, not the tenant's) are neither asked for again nor walked through.
 */
export const chainGaps = (
  from: number,
  known: ReadonlyMap<number, ChainItem>,
  unavailable: ReadonlySet<number> = new Set(),
): number[] => {
  const gaps = new Set<number>();
  for (const item of reachableKnown(from, known))
    for (const link of [...item.predecessors, ...item.successors])
      if (!known.has(link.item) && !unavailable.has(link.item)) gaps.add(link.item);
  return [...gaps];
};

/**
 * The dependency graph the known items' links describe: each dependency once, whichever of its ends
 * named it.
 */
export function graphOfLinks(items: Iterable<ChainItem>): DependencyGraph {
  const byId = new Map<number, Dependency>();
  for (const item of items) {
    for (const { id, item: successor, type, lag } of item.successors)
      byId.set(id, { id, predecessor: item.id, successor, type, lag });
    for (const { id, item: predecessor, type, lag } of item.predecessors)
      byId.set(id, { id, predecessor, successor: item.id, type, lag });
  }
  const successors = new Map<number, Dependency[]>();
  for (const dependency of byId.values()) {
    const list = successors.get(dependency.predecessor);
    if (list) list.push(dependency);
    else successors.set(dependency.predecessor, [dependency]);
  }
  return { byId, successors };
}

/**
 * The rule's view of the known items: each with whether its project schedules automatically. With
 * the `dragged` item, what every preview of its drag reuses is computed now, once (the graph's order
 * from it, the successors' durations): per snapped date only the dates are.
 */
export const previewContext = (
  known: Iterable<ChainItem>,
  automaticGroups: ReadonlySet<number>,
  dragged?: number,
): PreviewContext => {
  const list = [...known];
  const graph = graphOfLinks(list);
  const items = new Map(
    list.map((item) => [
      item.id,
      { id: item.id, start: item.start, end: item.end, automatic: automaticGroups.has(item.group) },
    ]),
  );
  if (dragged !== undefined) prepareReschedule(graph, items, [dragged]);
  return { graph, items };
};

/** The projects of the items a preview may move: the dragged one's and its successors', reachable through `known`. */
export const chainGroups = (from: number, known: ReadonlyMap<number, ChainItem>): number[] => [
  ...new Set(reachableKnown(from, known).map((item) => item.group)),
];

/**
 * The ghosts of a drag (issue 21): where the successors of the moved item would go, by contracts'
 * own `reschedule` (the server decides the drop with the same rule). The moved item is not among them.
 */
export const previewMoves = (context: PreviewContext, moved: ScheduleMove): ScheduleMove[] =>
  reschedule({ graph: context.graph, items: context.items, moved: [moved] }).filter(
    (move) => move.item !== moved.item,
  );

/**
 * Recomputes the preview only when the snapped dates change: a drag reports every pointer move, the
 * rule runs once per new date (the per-frame budget is one computation at most).
 */
export function previewOnChange(context: PreviewContext) {
  let last: { key: string; moves: ScheduleMove[] } | null = null;
  return (moved: ScheduleMove): ScheduleMove[] => {
    const key = `${moved.item} ${moved.start} ${moved.end}`;
    if (last?.key !== key) last = { key, moves: previewMoves(context, moved) };
    return last.moves;
  };
}
