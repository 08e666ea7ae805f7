import { timelineSummaryMilestones } from '@fahrplan/contracts';
import type { TimelineSummary } from '@fahrplan/contracts';
import type { GroupStats } from '../read-store/read-store';

/** What a summary reads of an item. */
export type SummarisedItem = Readonly<{
  id: number;
  title: string;
  group: number;
  start: string;
  end: string | null;
  type: string | null;
}>;

const byStart = (a: Pick<SummarisedItem, 'start' | 'id'>, b: Pick<SummarisedItem, 'start' | 'id'>) =>
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

/** What the summaries read per project and type of its items in the window (`groupStats`). */
export const summaryKeys = ['group', 'type'] as const;
export const summaryFields = ['start', 'end'] as const;

/** A milestone as a summary reads it. */
export type SummarisedMilestone = Pick<SummarisedItem, 'id' | 'title' | 'group' | 'start'>;

/**
 * `summariesOf` from the stats of the items per project and type (`summaryKeys`, `summaryFields`) and
 * the planned milestones themselves: the same summaries, without reading every task.
 */
export const summariesFromStats = (
  groups: readonly number[],
  stats: readonly GroupStats[],
  milestones: readonly SummarisedMilestone[],
): TimelineSummary[] => {
  const planned = new Map(stats.filter((s) => s.keys[1] === null).map((s) => [s.keys[0] as number, s]));
  const byGroup = new Map<number, SummarisedMilestone[]>();
  for (const milestone of milestones)
    byGroup.set(milestone.group, [...(byGroup.get(milestone.group) ?? []), milestone]);
  return groups.flatMap((group) => {
    const of = planned.get(group);
    if (!of) return [];
    const { start, end } = of.fields as Record<(typeof summaryFields)[number], GroupStats['fields'][string]>;
    const own = (byGroup.get(group) ?? []).sort(byStart);
    // the last a task ends or a milestone is
    const ends = [end.count > 0 ? (end.max as string) : null, own.at(-1)?.start ?? null].filter(
      (e) => e !== null,
    );
    return {
      group,
      start: start.min as string,
      end: ends.reduce((a, b) => (b > a ? b : a)),
      taskCount: end.count,
      milestoneCount: of.count - end.count,
      milestones: own
        .slice(0, timelineSummaryMilestones)
        .map(({ id, title, start: at }) => ({ id, title, start: at })),
    };
  });
};
