import { workload } from '@fahrplan/contracts';
import type { CalendarRules, ItemDependencies, ItemView } from '@fahrplan/contracts';
import { defaultRules } from '../calendars/calendar-book';
import { noDependencies } from '../dependencies/dependency-links';
import type { ItemDoc } from './items.projection';

/** Working days of an item's date parts, [start, end), on its project's calendar; null for a milestone or outside the calendar. */
export const durationOf = (
  start: string,
  end: string | null,
  rules: CalendarRules = defaultRules,
): number | null => {
  if (end === null) return null;
  try {
    return rules.countWorkingDays(start.slice(0, 10), end.slice(0, 10));
  } catch {
    return null;
  }
};

/** Code-unit order: ranks and dates are ASCII, and the stores' indexes order them so (no collation). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A project's items in rank order, ties by start and id. */
export const byRank = (
  a: Pick<ItemDoc, 'group' | 'rank' | 'start' | 'id'>,
  b: Pick<ItemDoc, 'group' | 'rank' | 'start' | 'id'>,
) =>
  a.group - b.group ||
  compareText(a.rank ?? '', b.rank ?? '') ||
  compareText(a.start, b.start) ||
  a.id - b.id;

/** The API view of an item: with its duration, its workload, its project's title and its dependencies. */
export const itemView = (
  doc: ItemDoc,
  groupTitle: string | null,
  dependencies: ItemDependencies = noDependencies,
  rules: CalendarRules = defaultRules,
): ItemView => {
  const duration = durationOf(doc.start, doc.end, rules);
  return {
    ...doc,
    duration,
    workload: doc.end === null ? null : workload(doc.effort, duration),
    groupTitle,
    predecessors: dependencies.predecessors,
    successors: dependencies.successors,
  };
};
