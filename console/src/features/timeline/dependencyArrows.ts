import { defaultCalendarId, earliestStart } from '@fahrplan/contracts';
import type {
  CalendarRules,
  CriticalPath,
  DependencyLink,
  DependencyType,
  TimelineItem,
} from '@fahrplan/contracts';
import { bernRules } from '../common/bernRules';
import type { PlacedItem } from './timelineRows';
import { valueToX } from './timeScale';
import type { TimeRange } from './timeScale';

/**
 * How far a successor starts before its dependency allows, in working days of the successor's project's
 * calendar `rules` (§9's by default): 0 when the dependency holds, −3 when the successor starts three
 * working days too early.
 */
export function dependencySlip(
  dependency: { type: DependencyType; lag: number },
  predecessor: Pick<TimelineItem, 'start' | 'end'>,
  successor: Pick<TimelineItem, 'start'>,
  rules: CalendarRules = bernRules,
): number {
  // the lag counts in the same calendar, as the scheduler counts it (issue 24)
  const allowed = earliestStart(dependency, predecessor, rules);
  const start = successor.start.slice(0, 10);
  // a start on the weekend or a holiday just before the allowed day loses no working day
  const early = start < allowed ? rules.countWorkingDays(start, allowed) : 0;
  return early > 0 ? -early : 0;
}

/**
 * Slips computed before, by link: a pan redraws every arrow in view on every frame, while the dates
 * behind them rarely change, and one slip costs calendar arithmetic (about 0.07 ms).
 */
const knownSlips = new WeakMap<DependencyLink, { dates: string; rules: CalendarRules; slip: number }>();

const slipOf = (
  link: DependencyLink,
  predecessor: TimelineItem,
  successor: TimelineItem,
  rules: CalendarRules,
): number => {
  const dates = `${predecessor.start}|${predecessor.end}|${successor.start}`;
  const known = knownSlips.get(link);
  if (known?.dates === dates && known.rules === rules) return known.slip;
  const slip = dependencySlip(link, predecessor, successor, rules);
  knownSlips.set(link, { dates, rules, slip });
  return slip;
};

/** The calendar rules of a project, by its id: a slip counts in the successor's project's calendar. */
export type RulesOfProject = (project: number) => CalendarRules;

/**
 * Each row's project's rules from `book` (issue 24). A shared project's calendar is its owner's, which
 * this tenant cannot read, and a calendar still loading has no rules yet: both count in §9's.
 */
export const rulesOfRows = (
  rows: readonly { groupId: number; shared: boolean; calendar?: number }[],
  book: (calendar: number) => CalendarRules | null,
): RulesOfProject => {
  const calendars = new Map(
    rows.map((row) => [row.groupId, row.shared ? null : (row.calendar ?? defaultCalendarId)]),
  );
  return (project) => {
    const calendar = calendars.get(project);
    return (calendar === undefined || calendar === null ? null : book(calendar)) ?? bernRules;
  };
};

/** Where a loaded item is drawn: its row (index among the timeline's rows) and its place in the row. */
export interface Placement {
  row: number;
  placed: PlacedItem;
}

/** Each loaded item's placement, by item id. */
export function placementsOf(
  rows: readonly { key: string }[],
  byRow: ReadonlyMap<string, readonly PlacedItem[]>,
): Map<number, Placement> {
  const at = new Map<number, Placement>();
  rows.forEach((row, index) => {
    for (const placed of byRow.get(row.key) ?? []) at.set(placed.item.id, { row: index, placed });
  });
  return at;
}

/** The part of the timeline in view, in the rows' pixels (y from the top of the first row). */
export interface ArrowView {
  range: TimeRange;
  /** The width of the time area. */
  width: number;
  /** The rows drawn: the first and the last index. */
  firstRow: number;
  lastRow: number;
  /** The top of row `i`; `rowTop(lastRow + 1)` is the bottom of the rows drawn. */
  rowTop: (row: number) => number;
  /** The y of an item's middle within its row, by its stacking slot. */
  slotMiddle: (slot: number) => number;
  /** Half a milestone's diamond: arrows meet the diamond's side, not its centre. */
  pointHalf: number;
}

export interface ArrowEnd {
  x: number;
  y: number;
  /** Whether this end's item is in view; an end out of view is drawn at the view's edge. */
  inView: boolean;
}

/** One dependency as the timeline draws it. */
export interface DependencyArrow {
  id: number;
  version: number;
  type: DependencyType;
  lag: number;
  predecessor: TimelineItem;
  successor: TimelineItem;
  from: ArrowEnd;
  to: ArrowEnd;
  /** Working days the successor starts too early (negative), 0 when the dependency holds. */
  slip: number;
}

function endOf(placement: Placement, time: number, view: ArrowView): ArrowEnd {
  const x = valueToX(time, view.range, view.width);
  const top = view.rowTop(view.firstRow);
  const bottom = view.rowTop(view.lastRow + 1);
  const rowInView = placement.row >= view.firstRow && placement.row <= view.lastRow;
  const y = rowInView
    ? view.rowTop(placement.row) + view.slotMiddle(placement.placed.slot)
    : placement.row < view.firstRow
      ? top
      : bottom;
  const clampedX = Math.min(view.width, Math.max(0, x));
  return { x: clampedX, y, inView: rowInView && clampedX === x };
}

/**
 * The arrows of the dependencies at the items in view (finish-to-start from the predecessor's end,
 * start-to-start from its start, to the successor's start). The cost follows what is in view, not
 * the number of dependencies: only the links of `visible` are looked at. An end that is out of view
 * is drawn at the view's edge; an arrow whose ends are both out of view is not drawn, and one whose
 * other end is not loaded (another page of rows) cannot be placed and is left out.
 */
export function arrowsInView(
  visible: readonly PlacedItem[],
  at: ReadonlyMap<number, Placement>,
  view: ArrowView,
  rulesOf: RulesOfProject = () => bernRules,
): DependencyArrow[] {
  const arrows = new Map<number, DependencyArrow>();
  const add = (link: DependencyLink, predecessor: number, successor: number) => {
    if (arrows.has(link.id)) return;
    const from = at.get(predecessor);
    const to = at.get(successor);
    if (!from || !to) return;
    const pred = from.placed;
    const point = (p: PlacedItem) => p.item.end === null;
    const fromTime = link.type === 'finish-to-start' ? pred.end : pred.start;
    const fromEnd = endOf(from, fromTime, view);
    const toEnd = endOf(to, to.placed.start, view);
    if (!fromEnd.inView && !toEnd.inView) return;
    // a milestone's arrows meet the side of its diamond
    const fromSide = point(pred) ? (link.type === 'finish-to-start' ? 1 : -1) * view.pointHalf : 0;
    const toSide = point(to.placed) ? -view.pointHalf : 0;
    arrows.set(link.id, {
      id: link.id,
      version: link.version,
      type: link.type,
      lag: link.lag,
      predecessor: pred.item,
      successor: to.placed.item,
      from: { ...fromEnd, x: fromEnd.inView ? fromEnd.x + fromSide : fromEnd.x },
      to: { ...toEnd, x: toEnd.inView ? toEnd.x + toSide : toEnd.x },
      slip: slipOf(link, pred.item, to.placed.item, rulesOf(to.placed.item.group)),
    });
  };
  for (const { item } of visible) {
    for (const link of item.successors) add(link, item.id, link.item);
    for (const link of item.predecessors) add(link, link.item, item.id);
  }
  return [...arrows.values()];
}

/** How far an arrow runs out of its predecessor before it turns, and into the successor after. */
const stub = 8;

/**
 * The SVG path of an arrow: out to the right, down or up to the successor's row, in from the left.
 * When the successor starts before there is room for both stubs (a violated or start-to-start
 * dependency) it turns back between the rows.
 */
export function arrowPath(from: { x: number; y: number }, to: { x: number; y: number }): string {
  const r = (n: number) => Math.round(n * 10) / 10;
  if (to.x - from.x >= 2 * stub)
    return from.y === to.y
      ? `M${r(from.x)},${r(from.y)} H${r(to.x)}`
      : `M${r(from.x)},${r(from.y)} H${r(from.x + stub)} V${r(to.y)} H${r(to.x)}`;
  const between = from.y === to.y ? from.y + 2 * stub : (from.y + to.y) / 2;
  return (
    `M${r(from.x)},${r(from.y)} H${r(from.x + stub)} V${r(between)} ` +
    `H${r(to.x - stub)} V${r(to.y)} H${r(to.x)}`
  );
}

/** The consecutive pairs of a critical path, as `predecessor>successor` keys of the arrows on it. */
export const pathLinks = (path: readonly { item: number }[]): Set<string> =>
  new Set(path.slice(1).map((step, i) => `${path[i]!.item}>${step.item}`));

/** What the timeline highlights of a critical path: its items and arrows, and each item's float. */
export interface CriticalHighlight {
  /** Total float in working days of every item leading to the milestone (and of the milestone: 0). */
  floats: ReadonlyMap<number, number>;
  path: ReadonlySet<number>;
  links: ReadonlySet<string>;
}

export const criticalHighlight = (critical: CriticalPath): CriticalHighlight => ({
  floats: new Map([...critical.items, ...critical.path].map((step) => [step.item, step.float])),
  path: new Set(critical.path.map((step) => step.item)),
  links: pathLinks(critical.path),
});
