import { capacityDays, workload } from '@fahrplan/contracts';
import type { CalendarRules, ItemDependencies, ItemView, ResourceCapacity } from '@fahrplan/contracts';
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

/**
 * The API view of an item: with its duration (its project's calendar), its workload (its effort over
 * what its resource can give it then: `capacityDays`), its project's title and its dependencies.
 */
export const itemView = (
  doc: ItemDoc,
  groupTitle: string | null,
  dependencies: ItemDependencies = noDependencies,
  rules: CalendarRules = defaultRules,
  resource: ResourceCapacity | null = null,
): ItemView => {
  const duration = durationOf(doc.start, doc.end, rules);
  const capacity =
    doc.end === null ? null : capacityDays(doc.start.slice(0, 10), doc.end.slice(0, 10), rules, resource);
  return {
    ...doc,
    duration,
    workload: workload(doc.effort, capacity),
    groupTitle,
    predecessors: dependencies.predecessors,
    successors: dependencies.successors,
  };
};
