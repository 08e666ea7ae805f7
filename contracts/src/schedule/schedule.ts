import { z } from 'zod';
import type { Dependency, DependencyGraph } from '../dependency/dependency';
import type { DecisionContext, DomainEvent } from '../events';
import { conflictOf, notFound, refusal } from '../errors';
import { serverDateTimeSchema } from '../rules/limits';
import { endBeforeBegin } from '../rules/record-checks';
import { streamName } from '../streams';
import { addWorkingDays, countWorkingDays, nextWorkingDay, subtractWorkingDays } from '../rules/calendar';
import type { CalendarRules } from '../calendar/definition';

/**
 * Issue 21: how a project's items follow their predecessors. `manual` (the default, as before):
 * they stay where they are put; `automatic`: a change of a predecessor moves them.
 */
export const schedulingModes = ['manual', 'automatic'] as const;
export type SchedulingMode = (typeof schedulingModes)[number];

/** An item as scheduling sees it: its dates (§3, end exclusive, null for a milestone) and its project's mode. */
export interface ScheduledItem {
  readonly id: number;
  readonly start: string;
  readonly end: string | null;
  /** Whether its project schedules automatically; a manual item is never moved, but constrains. */
  readonly automatic: boolean;
  /** The working-day rules of its project's calendar (issue 24); §9's when omitted. */
  readonly rules?: ScheduleRules;
}

/** What scheduling asks of a calendar. */
export type ScheduleRules = Pick<
  CalendarRules,
  'addWorkingDays' | 'countWorkingDays' | 'nextWorkingDay' | 'subtractWorkingDays'
>;

// §9's fixed calendar: what an item without its calendar's rules is scheduled on
const bernRules: ScheduleRules = { addWorkingDays, countWorkingDays, nextWorkingDay, subtractWorkingDays };

/** New dates for an item. */
export interface ScheduleMove {
  readonly item: number;
  readonly start: string;
  readonly end: string | null;
}

/** The most items one reschedule or critical path walks (the cost of an answer is bounded). */
export const maxScheduledItems = 5000;

const datePart = (dateTime: string) => dateTime.slice(0, 10);
const timePart = (dateTime: string) => dateTime.slice(10);

const predecessorMaps = new WeakMap<DependencyGraph, ReadonlyMap<number, readonly Dependency[]>>();

/** Each item's predecessors (the dependencies into it), indexed once per graph. */
export const predecessorsOf = (graph: DependencyGraph): ReadonlyMap<number, readonly Dependency[]> => {
  const known = predecessorMaps.get(graph);
  if (known) return known;
  const predecessors = new Map<number, Dependency[]>();
  for (const dependency of graph.byId.values())
    predecessors.set(dependency.successor, [...(predecessors.get(dependency.successor) ?? []), dependency]);
  predecessorMaps.set(graph, predecessors);
  return predecessors;
};

/** The items reachable from `from` along `next` (`from` included), breadth first; at most `limit`. */
const reach = (
  from: readonly number[],
  next: (item: number) => Iterable<number>,
  limit: number,
): number[] | null => {
  const seen = new Set(from);
  const queue = [...seen];
  for (let i = 0; i < queue.length; i++)
    for (const other of next(queue[i]!))
      if (!seen.has(other)) {
        if (seen.size >= limit) return null;
        seen.add(other);
        queue.push(other);
      }
  return queue;
};

/**
 * The items a reschedule of `moved` reads: every item reachable from them along successors, and the
 * predecessors of those (whose dates constrain). Null when more than `maxScheduledItems` are reachable.
 */
export const itemsToSchedule = (graph: DependencyGraph, moved: readonly number[]): number[] | null => {
  const reachable = reach(
    moved,
    (item) => (graph.successors.get(item) ?? []).map((d) => d.successor),
    maxScheduledItems,
  );
  if (!reachable) return null;
  const all = new Set(reachable);
  const predecessors = predecessorsOf(graph);
  for (const item of reachable) for (const d of predecessors.get(item) ?? []) all.add(d.predecessor);
  return [...all];
};

/**
 * The first day (YYYY-MM-DD) on which `dependency` lets its successor start, given its predecessor's
 * dates: lag working days after the predecessor's end (finish-to-start; a milestone ends where it
 * starts) or start (start-to-start), on a working day; a negative lag is a lead. Days count on the
 * successor's calendar (`rules`), where it is to start.
 */
export const earliestStart = (
  dependency: Pick<Dependency, 'type' | 'lag'>,
  predecessor: Pick<ScheduledItem, 'start' | 'end'>,
  rules: ScheduleRules = bernRules,
): string => {
  const base = datePart(
    dependency.type === 'finish-to-start' ? (predecessor.end ?? predecessor.start) : predecessor.start,
  );
  const { lag } = dependency;
  return rules.nextWorkingDay(
    lag >= 0 ? rules.addWorkingDays(base, lag) : rules.subtractWorkingDays(base, -lag),
  );
};

const durations = new WeakMap<ScheduledItem, number>();

/** The item moved to start on `day`, keeping its time of day and its duration in working days. */
const movedTo = (item: ScheduledItem, day: string): ScheduleMove => {
  const start = `${day}${timePart(item.start)}`;
  if (item.end === null) return { item: item.id, start, end: null };
  const rules = item.rules ?? bernRules;
  // counted once per item: a drag's preview moves the same items at every snapped date
  let days = durations.get(item);
  if (days === undefined)
    durations.set(item, (days = rules.countWorkingDays(datePart(item.start), datePart(item.end))));
  return { item: item.id, start, end: `${rules.addWorkingDays(day, days)}${timePart(item.end)}` };
};

/** The part of the graph a reschedule of some items walks: its topological order, each item's dependencies into it. */
interface Walk {
  readonly order: readonly number[];
  readonly incoming: ReadonlyMap<number, readonly Dependency[]>;
}

const walks = new WeakMap<DependencyGraph, WeakMap<ReadonlyMap<number, ScheduledItem>, Map<string, Walk>>>();

/**
 * Kahn's order over the items reachable from `moved` (an item is decided once all its reachable
 * predecessors are), and the dependencies into each from items there are. Kept per graph, items
 * and moved items: a drag's preview walks the same part at every snapped date.
 */
const walkOf = (graph: DependencyGraph, items: ReadonlyMap<number, ScheduledItem>, moved: number[]): Walk => {
  let byItems = walks.get(graph);
  if (!byItems) walks.set(graph, (byItems = new WeakMap()));
  let byMoved = byItems.get(items);
  if (!byMoved) byItems.set(items, (byMoved = new Map()));
  const key = moved.join(' ');
  const kept = byMoved.get(key);
  if (kept) return kept;
  const successors = (item: number) =>
    (graph.successors.get(item) ?? []).filter((d) => items.has(d.successor)).map((d) => d.successor);
  const reachable = reach(moved, successors, Number.MAX_SAFE_INTEGER) ?? [];
  const waiting = new Map<number, number>(reachable.map((item) => [item, 0]));
  for (const item of reachable)
    for (const next of successors(item)) waiting.set(next, waiting.get(next)! + 1);
  const order = reachable.filter((item) => waiting.get(item) === 0);
  for (let i = 0; i < order.length; i++)
    for (const next of successors(order[i]!)) {
      const left = waiting.get(next)! - 1;
      waiting.set(next, left);
      if (left === 0) order.push(next);
    }
  const predecessors = predecessorsOf(graph);
  const incoming = new Map(
    order.map((id) => [id, (predecessors.get(id) ?? []).filter((d) => items.has(d.predecessor))] as const),
  );
  const walk = { order, incoming };
  byMoved.set(key, walk);
  return walk;
};

/**
 * Prepares a reschedule of `moved` on `graph` and `items` (a drag's start): the walk over the graph
 * and each automatic item's duration are computed now and kept, so that `reschedule` of those items
 * on the same graph and items is the date arithmetic alone.
 */
export const prepareReschedule = (
  graph: DependencyGraph,
  items: ReadonlyMap<number, ScheduledItem>,
  moved: readonly number[],
): void => {
  for (const id of walkOf(
    graph,
    items,
    moved.filter((item) => items.has(item)),
  ).order) {
    const item = items.get(id)!;
    if (item.automatic && item.end !== null) movedTo(item, datePart(item.start));
  }
};

export interface RescheduleInput {
  readonly graph: DependencyGraph;
  /** The items `itemsToSchedule` names, by id; an item missing here (deleted, not visible) is left out. */
  readonly items: ReadonlyMap<number, ScheduledItem>;
  /** The user's change: the items moved or resized, with their new dates. */
  readonly moved: readonly ScheduleMove[];
  /** Pull successors back to the earliest day their predecessors allow, not only push them forward. */
  readonly backward?: boolean;
}

/**
 * Automatic scheduling (issue 21): the new dates of the successors of `moved`, in the order they were
 * decided (predecessors first), the moved items themselves first. Each successor in an automatic
 * project whose predecessor changed starts on the first working day all its dependencies allow,
 * keeping its duration in working days; it moves forward only, unless `backward`. Manual items stay,
 * and their dates constrain their successors. Since the graph is acyclic (its decider refuses
 * cycles), one pass over a topological order decides every item.
 */
export const reschedule = ({ graph, items, moved, backward = false }: RescheduleInput): ScheduleMove[] => {
  const dates = new Map<number, ScheduledItem>(items);
  const changed = new Set<number>();
  for (const move of moved) {
    const item = items.get(move.item);
    if (!item) continue;
    dates.set(move.item, { ...item, start: move.start, end: move.end });
    changed.add(move.item);
  }
  const walk = walkOf(graph, items, [...changed]);
  const result: ScheduleMove[] = moved.filter((move) => items.has(move.item));
  for (const id of walk.order) {
    const item = dates.get(id)!;
    const incoming = walk.incoming.get(id)!;
    if (item.automatic && !changed.has(id) && incoming.some((d) => changed.has(d.predecessor))) {
      const earliest = incoming
        .map((d) => earliestStart(d, dates.get(d.predecessor)!, item.rules))
        .reduce((a, b) => (a > b ? a : b));
      const current = datePart(item.start);
      if (earliest > current || (backward && earliest < current)) {
        const move = movedTo(item, earliest);
        dates.set(id, { ...item, start: move.start, end: move.end });
        changed.add(id);
        result.push(move);
      }
    }
  }
  return result;
};

/** One item on the way to a milestone, with its total float: the working days it can slip without moving it. */
export interface FloatOfItem {
  readonly item: number;
  readonly float: number;
}

export interface CriticalPath {
  /** The chain that determines the milestone's date, first item first, the milestone last. */
  readonly path: readonly FloatOfItem[];
  /** Every item the milestone depends on, directly or not, with its float. */
  readonly items: readonly FloatOfItem[];
}

/** Working days from `from` to `to`, negative when `to` comes first. */
const workingDaysBetween = (from: string, to: string, rules: ScheduleRules = bernRules) =>
  from <= to ? rules.countWorkingDays(from, to) : -rules.countWorkingDays(to, from);

/**
 * The critical path to `to` (issue 21) on the items' current dates: each predecessor's total float is
 * the least, over its successors on the way, of the slack of the dependency (working days between the
 * day it allows and the successor's start; negative when violated) plus the successor's float; the
 * milestone's is 0. The path follows from the milestone the predecessor with the least float. Null
 * when more than `maxScheduledItems` items lead to it.
 */
export const criticalPath = (
  graph: DependencyGraph,
  items: ReadonlyMap<number, Pick<ScheduledItem, 'id' | 'start' | 'end' | 'rules'>>,
  to: number,
): CriticalPath | null => {
  const predecessors = predecessorsOf(graph);
  const before = (item: number) =>
    (predecessors.get(item) ?? []).filter((d) => items.has(d.predecessor)).map((d) => d.predecessor);
  const ancestors = reach([to], before, maxScheduledItems);
  if (!ancestors) return null;
  const inWay = new Set(ancestors);
  // Reverse Kahn: an item's float is known once every successor on the way has one
  const waiting = new Map<number, number>(ancestors.map((item) => [item, 0]));
  for (const item of ancestors) for (const p of before(item)) waiting.set(p, waiting.get(p)! + 1);
  const float = new Map<number, number>([[to, 0]]);
  const ready = [to];
  for (let i = 0; i < ready.length; i++) {
    const id = ready[i]!;
    if (id !== to) {
      let least = Number.POSITIVE_INFINITY;
      for (const d of graph.successors.get(id) ?? []) {
        if (!inWay.has(d.successor) || !float.has(d.successor)) continue;
        const successor = items.get(d.successor)!;
        const slack = workingDaysBetween(
          earliestStart(d, items.get(id)!, successor.rules),
          datePart(successor.start),
          successor.rules,
        );
        least = Math.min(least, slack + float.get(d.successor)!);
      }
      float.set(id, least);
    }
    for (const p of new Set(before(id))) {
      const left = waiting.get(p)! - 1;
      waiting.set(p, left);
      if (left === 0) ready.push(p);
    }
  }
  const path: FloatOfItem[] = [];
  for (let at: number | undefined = to; at !== undefined;) {
    path.push({ item: at, float: float.get(at)! });
    const options = before(at).sort((a, b) => float.get(a)! - float.get(b)! || a - b);
    at = options[0];
  }
  return {
    path: path.reverse(),
    items: ancestors.map((item) => ({ item, float: float.get(item)! })),
  };
};

const id = z.number().int().positive();

/** An item's new dates, with the version of it the user saw. */
export const rescheduleMoveSchema = z.strictObject({
  item: id,
  version: z.number().int().min(0),
  start: serverDateTimeSchema,
  end: serverDateTimeSchema.nullable(),
});

const rescheduleFields = {
  moves: z
    .array(rescheduleMoveSchema)
    .min(1)
    .max(maxScheduledItems)
    .refine((moves) => new Set(moves.map((m) => m.item)).size === moves.length, {
      error: 'an item is moved once',
    })
    .refine((moves) => moves.every((m) => m.end === null || m.end >= m.start), { error: endBeforeBegin }),
  /** Move the successors in automatic projects too (the default); an undo moves exactly its items. */
  cascade: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  /** Pull successors back to the earliest day allowed, not only push them forward. */
  backward: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
};

/** What `POST /api/commands/Reschedule/preview` answers for: the change, without an id. */
export const reschedulePreviewSchema = z.strictObject(rescheduleFields);
export type ReschedulePreviewData = z.infer<typeof reschedulePreviewSchema>;

/**
 * Reschedule (issue 21): one user action that moves or resizes items; in automatic projects their
 * successors follow. `id` names the action: a retry sends the same id and stores nothing twice.
 */
export const rescheduleSchema = z.strictObject({ id: z.uuid(), ...rescheduleFields });
export type RescheduleData = z.infer<typeof rescheduleSchema>;

/** One item's move as recorded: its new dates, and the version and dates it had. */
export interface RecordedMove extends ScheduleMove {
  readonly version: number;
  readonly before: { readonly start: string; readonly end: string | null };
}

/**
 * The whole reschedule, recorded once in its own stream: the commit point (docs/design/scheduling.md).
 * The items read model applies every move at this event; each item's stream follows with an
 * `ItemUpdated` of the same dates. A compensation names the reschedule it `reverts`.
 */
export type ItemsRescheduled = DomainEvent<
  'ItemsRescheduled',
  { readonly id: string; readonly moves: readonly RecordedMove[]; readonly reverts?: string }
>;

/** The stream of one reschedule, named by its id. */
export const scheduleStream = (reschedule: string): string => streamName('schedule', reschedule);

/** An item as a reschedule's decision knows it: null when the tenant has no live item of its own by that id. */
export interface ItemToSchedule extends ScheduledItem {
  readonly version: number;
  readonly title: string;
  /**
   * An item of a project another tenant shared with this one (accepted): its dates constrain its
   * successors, but it never moves (`automatic` false) and a move of it is refused as not found.
   */
  readonly shared?: boolean;
}

export interface ScheduleContext extends DecisionContext {
  readonly graph: DependencyGraph;
  /** Every item `itemsToSchedule` names for the moves, by id; null when it may not be moved. */
  readonly items: ReadonlyMap<number, ItemToSchedule | null>;
}

const titled = (items: readonly ItemToSchedule[]) => items.map((item) => item.title).join(', ');

/**
 * Decides a reschedule: refused with 404 when a moved item is not the tenant's live own one, with 409
 * naming every item whose version the user saw is stale (nothing is moved then), else the moves of
 * the command and, with `cascade`, of the successors (`reschedule`), as one event. Items whose dates
 * do not change are left out.
 */
export const decideReschedule = (
  command: ReschedulePreviewData & { readonly id: string },
  context: ScheduleContext,
): ItemsRescheduled[] => {
  const known = new Map<number, ItemToSchedule>();
  for (const [item, facts] of context.items)
    if (facts) known.set(item, facts.shared ? { ...facts, automatic: false } : facts);
  const missing = command.moves.find((m) => !known.has(m.item) || known.get(m.item)!.shared);
  if (missing) throw notFound('item');
  const stale = command.moves.filter((m) => known.get(m.item)!.version !== m.version);
  if (stale.length > 0) {
    const items = stale.map((m) => known.get(m.item)!);
    throw conflictOf('schedule-conflict', `changed meanwhile by someone else: ${titled(items)}`, {
      items: titled(items),
    });
  }
  const moves = command.cascade
    ? reschedule({ graph: context.graph, items: known, moved: command.moves, backward: command.backward })
    : command.moves.map(({ item, start, end }) => ({ item, start, end }));
  const recorded = moves.flatMap((move): RecordedMove[] => {
    const { start, end, version } = known.get(move.item)!;
    return move.start === start && move.end === end
      ? []
      : [{ item: move.item, version, start: move.start, end: move.end, before: { start, end } }];
  });
  if (recorded.length === 0) return [];
  if (recorded.some((m) => (known.get(m.item)!.end === null) !== (m.end === null)))
    throw refusal('invalid', 'a move keeps a milestone a milestone and a task a task', { field: 'moves' });
  return [{ type: 'ItemsRescheduled', data: { id: command.id, moves: recorded } }];
};

const floatOfItemSchema = z.object({ item: id, float: z.number().int() });

/** The answer of `GET /api/schedule/critical-path` (`CriticalPath`). */
export const criticalPathSchema = z.object({
  path: z.array(floatOfItemSchema),
  items: z.array(floatOfItemSchema),
});

const recordedMoveSchema = z.object({
  item: id,
  version: z.number().int().min(0),
  start: z.string(),
  end: z.string().nullable(),
  before: z.object({ start: z.string(), end: z.string().nullable() }),
});

/**
 * The moves of a reschedule: the preview's (each with the version the item has now) and Reschedule's
 * (each with the version the move gave it; the reverse moves with those versions are the undo).
 */
export const rescheduleMovesSchema = z.object({ moves: z.array(recordedMoveSchema) });
