import { defaultCalendarId } from '@fahrplan/contracts';
import type { CalendarRules } from '@fahrplan/contracts';
import { defaultRules } from '../calendars/calendar-book';
import { durationOf } from '../items/item-view';
import type { Fields } from '../projections/projection';

/**
 * The tasks' effort in working days counted on each task's project calendar (issue 24), kept as a
 * histogram per calendar (docs/design/effort-days.md): a task [start, end) adds 1 on its end day and
 * takes 1 from its start day. With U(d) a calendar's working days from any fixed day to d, a task
 * counts U(end) − U(start), so a calendar's tasks count Σ net(d) · U(d) whatever the rules are: a
 * change of the calendar changes the weights when they are read, never a document.
 */
export const EFFORT_DAYS = 'effortDays';

/** A day (`YYYY-MM-DD`) of one calendar's histogram of a tenant: the tasks ending on it minus those starting. */
export interface EffortDaysDoc {
  readonly tenant: string;
  readonly kind: typeof EFFORT_DAYS;
  readonly calendar: number;
  readonly day: string;
  readonly net: number;
}

/** What one task adds to one day of a calendar's histogram. */
export interface DayCount {
  readonly kind: typeof EFFORT_DAYS;
  readonly tenant: string;
  readonly calendar: number;
  readonly day: string;
  readonly by: number;
}

export const effortDaysId = (tenant: string, calendar: number, day: string): string =>
  `${tenant} ${EFFORT_DAYS} ${calendar} ${day}`;

/** A task's days (a live item with an end, no milestone nor background), on rules valid for every calendar. */
const taskDays = (item: Fields | null | undefined): { start: string; end: string } | null => {
  if (!item || item.deleted !== false || item.type !== null || !item.end) return null;
  const [start, end] = [String(item.start).slice(0, 10), String(item.end).slice(0, 10)];
  // the same years and order for every calendar: outside them a task counts nothing, as durationOf says
  return durationOf(start, end) === null ? null : { start, end };
};

/** A task's effort in working days on `rules`: 0 for anything but a live task. */
export const effortOn = (item: Fields | null | undefined, rules: CalendarRules = defaultRules): number => {
  const days = taskDays(item);
  return days ? (durationOf(days.start, days.end, rules) ?? 0) : 0;
};

/** The calendar an item's document counts on (`itemCalendarKey`). */
export const calendarOfItem = (item: Fields): number =>
  typeof item._calendar === 'number' ? item._calendar : defaultCalendarId;

/** What `item` adds `sign` times to its calendar's histogram. */
export const dayCounts = (item: Fields | null, sign: 1 | -1): DayCount[] => {
  const days = taskDays(item);
  if (!days) return [];
  const base = { kind: EFFORT_DAYS, tenant: String(item!.tenant), calendar: calendarOfItem(item!) } as const;
  return [
    { ...base, day: days.end, by: sign },
    { ...base, day: days.start, by: -sign },
  ];
};

/** A day's document with `count` added. */
export const withDayCount = (
  doc: EffortDaysDoc | null,
  { tenant, calendar, day, by }: DayCount,
): EffortDaysDoc => ({ tenant, kind: EFFORT_DAYS, calendar, day, net: (doc?.net ?? 0) + by });

/**
 * The working days of the tasks a histogram counts, on `rules`: Σ net(d) · U(d) with U counted from
 * the first day, one count between consecutive days (the nets sum to 0, so where U starts cancels).
 */
export const weighed = (net: ReadonlyMap<string, number>, rules: CalendarRules): number => {
  const days = [...net.keys()].sort();
  let [total, units, previous] = [0, 0, days[0]];
  for (const day of days) {
    units += rules.countWorkingDays(previous!, day);
    total += net.get(day)! * units;
    previous = day;
  }
  return total;
};

/** The histograms of `docs` (day documents) per calendar, without the days that net to nothing. */
export const netByCalendar = (docs: readonly EffortDaysDoc[]): Map<number, Map<string, number>> => {
  const byCalendar = new Map<number, Map<string, number>>();
  for (const { calendar, day, net } of docs)
    if (net !== 0)
      byCalendar.set(calendar, (byCalendar.get(calendar) ?? new Map<string, number>()).set(day, net));
  return byCalendar;
};
