import type { Dependency, DependencyGraph } from '../dependency/dependency';
import { predecessorsOf } from '../schedule/schedule';
import type { CalendarRules } from './definition';
import type { AffectedItem, PreviewCandidate, RulesPair } from './impact';

/** An item as the preview's scheduling reads it: with whether its project schedules automatically. */
export interface PreviewScheduledItem extends PreviewCandidate {
  readonly title: string;
  readonly automatic: boolean;
}

/** A milestone that automatic scheduling would move: its start before → after. */
export interface MovedMilestone {
  readonly id: number;
  readonly project: number;
  readonly title: string;
  readonly before: string;
  readonly after: string;
}

export interface MilestoneInput {
  readonly graph: DependencyGraph;
  /** The affected items and everything reachable from them along successors, with those items' predecessors. */
  readonly items: ReadonlyMap<number, PreviewScheduledItem>;
  /** The items whose working days change (`affectedItems`). */
  readonly affected: readonly AffectedItem[];
  /** The rules of each project of `items` before and after the change (the same for a project it does not reach). */
  readonly rulesOf: (project: number) => RulesPair;
}

const datePart = (dateTime: string) => dateTime.slice(0, 10);
const timePart = (dateTime: string) => dateTime.slice(10);

/** Issue 21's earliest start of a successor under `rules`: lag working days after the predecessor, on a working day. */
const earliestStartIn = (
  rules: CalendarRules,
  { type, lag }: Pick<Dependency, 'type' | 'lag'>,
  predecessor: { start: string; end: string | null },
): string => {
  const base = datePart(
    type === 'finish-to-start' ? (predecessor.end ?? predecessor.start) : predecessor.start,
  );
  return rules.nextWorkingDay(
    lag >= 0 ? rules.addWorkingDays(base, lag) : rules.subtractWorkingDays(base, -lag),
  );
};

/**
 * The milestones automatic scheduling (issue 21) moves under the new calendar. An automatic project's
 * task keeps its working days: one whose count changes ends where its count ends under the new rules;
 * its successors in automatic projects then start on the first working day their dependencies allow
 * (forward only, as a Reschedule), each keeping its working days. Manual items stay and constrain.
 */
export const movedMilestones = ({ graph, items, affected, rulesOf }: MilestoneInput): MovedMilestone[] => {
  const dates = new Map<number, { start: string; end: string | null }>(items);
  const changed = new Set<number>();
  for (const { id, before } of affected) {
    const item = items.get(id);
    if (!item?.automatic || item.end === null) continue;
    const end = `${rulesOf(item.group).after.addWorkingDays(datePart(item.start), before)}${timePart(item.end)}`;
    if (end === item.end) continue;
    dates.set(id, { start: item.start, end });
    changed.add(id);
  }
  const successors = (id: number) =>
    (graph.successors.get(id) ?? []).map((d) => d.successor).filter((s) => items.has(s));
  // Kahn's order over what the changed items reach: an item is decided after its reached predecessors
  const reached = new Set(changed);
  const queue = [...changed];
  for (let i = 0; i < queue.length; i++)
    for (const next of successors(queue[i]!))
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
  const waiting = new Map<number, number>([...reached].map((id) => [id, 0]));
  for (const id of reached) for (const next of successors(id)) waiting.set(next, waiting.get(next)! + 1);
  const ready = [...reached].filter((id) => waiting.get(id) === 0);
  const predecessors = predecessorsOf(graph);
  const moved: MovedMilestone[] = [];
  for (let i = 0; i < ready.length; i++) {
    const id = ready[i]!;
    const item = items.get(id)!;
    const incoming = (predecessors.get(id) ?? []).filter((d) => dates.has(d.predecessor));
    if (item.automatic && !changed.has(id) && incoming.some((d) => changed.has(d.predecessor))) {
      const rules = rulesOf(item.group);
      const earliest = incoming
        .map((d) => earliestStartIn(rules.after, d, dates.get(d.predecessor)!))
        .reduce((a, b) => (a > b ? a : b));
      if (earliest > datePart(item.start)) {
        const start = `${earliest}${timePart(item.start)}`;
        const end =
          item.end === null
            ? null
            : `${rules.after.addWorkingDays(earliest, rules.before.countWorkingDays(datePart(item.start), datePart(item.end)))}${timePart(item.end)}`;
        dates.set(id, { start, end });
        changed.add(id);
        if (end === null)
          moved.push({ id, project: item.group, title: item.title, before: item.start, after: start });
      }
    }
    for (const next of successors(id)) {
      const left = waiting.get(next)! - 1;
      waiting.set(next, left);
      if (left === 0) ready.push(next);
    }
  }
  return moved.sort((a, b) => a.project - b.project || a.id - b.id);
};
