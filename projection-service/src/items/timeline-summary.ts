import { timelineSummaryMilestones } from '@fahrplan/contracts';
import type { TimelineSummary } from '@fahrplan/contracts';

/** What a summary reads of an item. */
export type SummarisedItem = Readonly<{
  id: number;
  title: string;
  group: number;
  start: string;
  end: string | null;
  type: string | null;
}>;

const byStart = (a: SummarisedItem, b: SummarisedItem) =>
  a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id;

/**
 * The summary bar of one project's items in the window: their span, how many tasks and milestones, and
 * the earliest milestones; null when only system types (backgrounds) are there, which it leaves out.
 */
export const summaryOf = (group: number, items: readonly SummarisedItem[]): TimelineSummary | null => {
  const planned = items.filter((item) => item.type === null);
  if (planned.length === 0) return null;
  let start = planned[0]!.start;
  let end = planned[0]!.end ?? start;
  for (const item of planned) {
    if (item.start < start) start = item.start;
    const last = item.end ?? item.start;
    if (last > end) end = last;
  }
  const milestones = planned.filter((item) => item.end === null);
  return {
    group,
    start,
    end,
    taskCount: planned.length - milestones.length,
    milestoneCount: milestones.length,
    milestones: milestones
      .sort(byStart)
      .slice(0, timelineSummaryMilestones)
      .map(({ id, title, start: at }) => ({ id, title, start: at })),
  };
};

/** The summaries of `groups` in their order (those with planned items in the window), from their items. */
export const summariesOf = (
  groups: readonly number[],
  items: readonly SummarisedItem[],
): TimelineSummary[] => {
  const byGroup = new Map<number, SummarisedItem[]>();
  for (const item of items) {
    const list = byGroup.get(item.group);
    if (list) list.push(item);
    else byGroup.set(item.group, [item]);
  }
  return groups.flatMap((group) => summaryOf(group, byGroup.get(group) ?? []) ?? []);
};
