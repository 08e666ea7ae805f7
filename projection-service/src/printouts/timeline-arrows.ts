import { countWorkingDays, earliestStart } from '@fahrplan/contracts';
import type { CalendarRules, DependencyType, ScheduleRules, TimelineItem } from '@fahrplan/contracts';
import { printMetrics } from './timeline-layout';
import type { LaidPage, TimelineLayout } from './timeline-layout';

/** One dependency (issue 21) between two items drawn on the same page, in the page's points. */
export interface PrintArrow {
  readonly id: number;
  readonly type: DependencyType;
  readonly from: { readonly x: number; readonly y: number };
  readonly to: { readonly x: number; readonly y: number };
  /** The successor starts before the dependency allows (working days of its project's calendar). */
  readonly violated: boolean;
}

interface Anchor {
  readonly x: number;
  readonly x2: number;
  readonly y: number;
  readonly milestone: boolean;
}

/**
 * Whether `successor` starts on a working day before `dependency` lets it, as the console marks it: in
 * the working days of the successor's project's calendar `rules` (issue 24), as the scheduler counts.
 */
export const isViolated = (
  dependency: { type: DependencyType; lag: number },
  predecessor: Pick<TimelineItem, 'start' | 'end'>,
  successor: Pick<TimelineItem, 'start'>,
  rules?: ScheduleRules,
): boolean => {
  const allowed = earliestStart(dependency, predecessor, rules);
  const start = successor.start.slice(0, 10);
  // a start on the weekend or a holiday just before the allowed day loses no working day
  return start < allowed && (rules ?? { countWorkingDays }).countWorkingDays(start, allowed) > 0;
};

/**
 * The arrows of a page: each dependency whose two items are both drawn on it, finish-to-start from the
 * predecessor's end, start-to-start from its start, to the successor's start (a milestone's diamond at
 * its side), as the console's timeline draws them. A dependency with an end on another page, off the
 * window or filtered out is not drawn: a line to something the page does not show says little.
 */
export const arrowsOfPage = (
  page: LaidPage,
  items: ReadonlyMap<number, TimelineItem>,
  calendars: ReadonlyMap<number, CalendarRules> = new Map(),
): PrintArrow[] => {
  const m = printMetrics;
  const anchors = new Map<number, Anchor>();
  for (const line of page.lines)
    for (const mark of line.marks)
      if (mark.item !== undefined && (mark.kind === 'task' || mark.kind === 'milestone'))
        anchors.set(mark.item, {
          x: mark.x,
          x2: mark.x2,
          y: line.y + m.track / 2,
          milestone: mark.kind === 'milestone',
        });
  const arrows: PrintArrow[] = [];
  for (const [id, from] of anchors) {
    const predecessor = items.get(id);
    for (const link of predecessor?.successors ?? []) {
      const to = anchors.get(link.item);
      const successor = items.get(link.item);
      if (!to || !successor) continue;
      const side = m.bar / 2;
      const fromX =
        link.type === 'finish-to-start'
          ? from.milestone
            ? from.x + side
            : from.x2
          : from.x - (from.milestone ? side : 0);
      arrows.push({
        id: link.id,
        type: link.type,
        from: { x: fromX, y: from.y },
        to: { x: to.x - (to.milestone ? side : 0), y: to.y },
        violated: isViolated(link, predecessor!, successor, calendars.get(successor.group)),
      });
    }
  }
  return arrows;
};

/**
 * Each page's arrows: the dependencies between two of `items` drawn on it, violations counted on each
 * successor's project's rules in `calendars` (by project id; §9's for a project not in it).
 */
export const arrowsOfLayout = (
  layout: TimelineLayout,
  items: readonly TimelineItem[],
  calendars?: ReadonlyMap<number, CalendarRules>,
): PrintArrow[][] => {
  const byId = new Map(items.map((item) => [item.id, item]));
  return layout.pages.map((page) => arrowsOfPage(page, byId, calendars));
};

/** How far an arrow runs out of its predecessor before it turns, and into its successor after. */
const stub = 5;

/**
 * The outline of an arrow in SVG path syntax: out to the right, down or up to the successor's line, in
 * from the left; when the successor starts too soon for both stubs it turns back between the lines.
 */
export const printArrowPath = (arrow: Pick<PrintArrow, 'from' | 'to'>): string => {
  const { from, to } = arrow;
  const r = (n: number) => Math.round(n * 100) / 100;
  const out = `M${r(from.x)},${r(from.y)} L${r(from.x + stub)},${r(from.y)}`;
  if (to.x - from.x >= 2 * stub) return `${out} L${r(from.x + stub)},${r(to.y)} L${r(to.x)},${r(to.y)}`;
  const between = from.y === to.y ? from.y + printMetrics.track / 2 : (from.y + to.y) / 2;
  return (
    `${out} L${r(from.x + stub)},${r(between)} L${r(to.x - stub)},${r(between)} ` +
    `L${r(to.x - stub)},${r(to.y)} L${r(to.x)},${r(to.y)}`
  );
};

/** The arrowhead at the successor's start, pointing right. */
export const arrowHeadPath = (to: { x: number; y: number }): string => {
  const r = (n: number) => Math.round(n * 100) / 100;
  return `M${r(to.x)},${r(to.y)} L${r(to.x - 3)},${r(to.y - 1.6)} L${r(to.x - 3)},${r(to.y + 1.6)} Z`;
};
