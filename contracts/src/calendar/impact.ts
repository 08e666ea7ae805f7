import { z } from 'zod';
import { fromDayNumber, toDayNumber } from '../rules/dates';
import { serverDateSchema } from '../rules/limits';
import { calendarDefinitionSchema } from './definition';
import type { CalendarDefinition, CalendarRules, CalendarVersion } from './definition';

// Issue 24's impact preview: what a proposed calendar change (or a project's switch of calendar) does
// to the plan, computed from the rules before and after, without a write.

/** A proposed change of calendar `<id>`: its new definition from `effectiveFrom` on. */
export const calendarChangePreviewSchema = z.strictObject({
  effectiveFrom: serverDateSchema,
  definition: calendarDefinitionSchema,
});

/** A proposed switch of project `project` to calendar `<id>`. */
export const calendarSwitchPreviewSchema = z.strictObject({
  project: z.number().int().positive(),
});

/** The body of `POST /api/calendars/<id>/preview`: a change of the calendar, or a project's switch to it. */
export const calendarPreviewSchema = z.union([calendarChangePreviewSchema, calendarSwitchPreviewSchema]);
export type CalendarPreviewRequest = z.infer<typeof calendarPreviewSchema>;

/** The first and last day the rules answer for (§9's calculator), the bounds of a comparison. */
export const firstCalendarDay = '1900-01-01';
export const calendarDaysEnd = '2201-01-01';

/** The days a change reaches: from its effective date until the next later version, if any. */
export const changeSpan = (
  versions: readonly CalendarVersion[],
  effectiveFrom: string,
): { from: string; to: string } => {
  const next = versions
    .map((v) => v.effectiveFrom)
    .filter((from): from is string => from !== null && from > effectiveFrom)
    .sort()[0];
  return {
    from: effectiveFrom < firstCalendarDay ? firstCalendarDay : effectiveFrom,
    to: next ?? calendarDaysEnd,
  };
};

/** A day whose working-day value (0, ½ or 1) differs before and after. */
export interface ChangedDay {
  readonly date: string;
  readonly before: number;
  readonly after: number;
}

/** A day's working-day value (0, ½ or 1) under `rules`. */
const valueOn = (rules: CalendarRules, day: number) =>
  rules.countWorkingDays(fromDayNumber(day), fromDayNumber(day + 1));

/**
 * The days of [from, to) whose value differs under `before` and `after`, ascending: among `candidates`
 * (days, any order) when given, else every day of the range (two counts a day).
 */
export const changedDays = (
  before: CalendarRules,
  after: CalendarRules,
  from: string,
  to: string,
  candidates?: Iterable<string>,
): ChangedDay[] => {
  const [first, end] = [toDayNumber(from), toDayNumber(to)];
  const days = candidates
    ? [...new Set([...candidates].map(toDayNumber))]
        .filter((d) => d >= first && d < end)
        .sort((a, b) => a - b)
    : Array.from({ length: Math.max(0, end - first) }, (_, i) => first + i);
  const changed: ChangedDay[] = [];
  for (const day of days) {
    const was = valueOn(before, day);
    const is = valueOn(after, day);
    if (was !== is) changed.push({ date: fromDayNumber(day), before: was, after: is });
  }
  return changed;
};

/**
 * The only days on which two definitions may differ, when they share their canton and working
 * weekdays: the dates of their company days and exceptions in the years of [from, to) (a yearly day in
 * every year); null when the canton or the weekdays differ (any day may).
 */
export const candidateDays = (
  before: CalendarDefinition,
  after: CalendarDefinition,
  from: string,
  to: string,
): string[] | null => {
  const weekdays = (d: CalendarDefinition) => [...d.workingWeekdays].sort().join();
  if (before.region !== after.region || weekdays(before) !== weekdays(after)) return null;
  const [firstYear, lastYear] = [Number(from.slice(0, 4)), Number(to.slice(0, 4))];
  const dates: string[] = [];
  for (const { date, yearly } of [...before.companyDays, ...after.companyDays])
    if (!yearly) dates.push(date);
    else
      for (let year = firstYear; year <= lastYear; year++)
        if (date.slice(5) !== '02-29' || isLeapYear(year)) dates.push(`${year}-${date.slice(5)}`);
  for (const { date } of [...before.exceptions, ...after.exceptions]) dates.push(date);
  return dates.filter((date) => date >= from && date < to);
};

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** A window of days [from, to) in which items are looked for. */
export interface DayWindow {
  readonly from: string;
  readonly to: string;
}

/** Changed days closer than this are looked for in one window. */
export const windowGapDays = 31;
/** The most windows one preview reads: farther apart days merge over their smallest gaps. */
export const maxPreviewWindows = 64;

/**
 * The windows that cover `days` (ascending dates): runs of days less than `gap` apart make one window;
 * beyond `max` windows, the two closest merge, so the reads stay bounded whatever the change.
 */
export const windowsOf = (
  days: readonly string[],
  gap = windowGapDays,
  max = maxPreviewWindows,
): DayWindow[] => {
  const windows: { from: number; to: number }[] = [];
  for (const date of days) {
    const day = toDayNumber(date);
    const last = windows.at(-1);
    if (last && day - last.to < gap) last.to = day + 1;
    else windows.push({ from: day, to: day + 1 });
  }
  while (windows.length > max) {
    let closest = 0;
    for (let i = 1; i < windows.length - 1; i++)
      if (windows[i + 1]!.from - windows[i]!.to < windows[closest + 1]!.from - windows[closest]!.to)
        closest = i;
    windows.splice(closest, 2, { from: windows[closest]!.from, to: windows[closest + 1]!.to });
  }
  return windows.map((w) => ({ from: fromDayNumber(w.from), to: fromDayNumber(w.to) }));
};

/** An item as the preview reads it (§3: start, exclusive end, null for a milestone); its title may be read later. */
export interface PreviewCandidate {
  readonly id: number;
  readonly group: number;
  readonly title?: string;
  readonly start: string;
  readonly end: string | null;
}

/** An item whose working days change: before → after. */
export interface AffectedItem {
  readonly id: number;
  readonly project: number;
  readonly title: string;
  readonly start: string;
  readonly end: string;
  readonly before: number;
  readonly after: number;
}

/** The rules of a project's items before and after the proposed change. */
export interface RulesPair {
  readonly before: CalendarRules;
  readonly after: CalendarRules;
}

/**
 * The change of the working days of [start, end) (dates) when the rules differ only on `days` (the
 * changed days, ascending, as `changedDays` answers them for the days compared): the sum of after −
 * before over the changed days within it, by binary search. What `after.countWorkingDays` −
 * `before.countWorkingDays` answers, without counting either.
 */
export const changedDaysDelta = (days: readonly ChangedDay[]) => {
  const sums = [0];
  for (const day of days) sums.push(sums.at(-1)! + day.after - day.before);
  /** How many changed days lie before `date`. */
  const before = (date: string) => {
    let [low, high] = [0, days.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (days[middle]!.date < date) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return (start: string, end: string): number => sums[before(end)]! - sums[before(start)]!;
};

/** An item's working days [start, end) by date part, as its duration counts them; null outside the rules. */
const workingDaysOf = (rules: CalendarRules, start: string, end: string): number | null => {
  try {
    return rules.countWorkingDays(start.slice(0, 10), end.slice(0, 10));
  } catch {
    return null;
  }
};

/**
 * The tasks among `candidates` whose working days differ before and after (milestones have none),
 * each once, by project and id; `rulesOf` null for a project the change does not reach.
 */
export const affectedItems = (
  candidates: Iterable<PreviewCandidate>,
  rulesOf: (project: number) => RulesPair | null,
): AffectedItem[] => {
  const found = new Map<number, AffectedItem>();
  for (const item of candidates) {
    const rules = item.end === null || found.has(item.id) ? null : rulesOf(item.group);
    if (!rules || item.end === null) continue;
    const before = workingDaysOf(rules.before, item.start, item.end);
    const after = workingDaysOf(rules.after, item.start, item.end);
    if (before === null || after === null || before === after) continue;
    const { id, group, title = '', start, end } = item;
    found.set(id, { id, project: group, title, start, end, before, after });
  }
  return [...found.values()].sort((a, b) => a.project - b.project || a.id - b.id);
};

/** A project's total: its affected items and the sum of their working-day deltas (after − before). */
export interface ProjectImpact {
  readonly project: number;
  readonly items: number;
  readonly delta: number;
}

/** The totals per project of `items` (sorted by project, as `affectedItems` answers). */
export const impactPerProject = (items: readonly AffectedItem[]): ProjectImpact[] => {
  const totals: { project: number; items: number; delta: number }[] = [];
  for (const item of items) {
    const last = totals.at(-1);
    const total = last?.project === item.project ? last : { project: item.project, items: 0, delta: 0 };
    if (total !== last) totals.push(total);
    total.items++;
    total.delta += item.after - item.before;
  }
  return totals;
};

/** The most changed days an answer lists (`changedDayCount` counts them all). */
export const maxListedChangedDays = 1000;

const changedDaySchema = z.object({ date: z.string(), before: z.number(), after: z.number() });
/** Which item an affected item or a moved milestone is, and of which project. */
const projectItemShape = { id: z.number().int(), project: z.number().int(), title: z.string() };
const affectedItemSchema = z.object({
  ...projectItemShape,
  start: z.string(),
  end: z.string(),
  before: z.number(),
  after: z.number(),
});
const projectImpactSchema = z.object({
  project: z.number().int(),
  title: z.string(),
  items: z.number().int(),
  delta: z.number(),
});
const movedMilestoneSchema = z.object({
  ...projectItemShape,
  before: z.string(),
  after: z.string(),
});

/**
 * The answer of `POST /api/calendars/<id>/preview`: the changed days (the first `maxListedChangedDays`),
 * the totals overall and of the projects of the page, a page of the affected items by project and id (`nextCursor`
 * for the next, asked with the same body), and the milestones automatic scheduling would move
 * (`milestonesComplete` false when the walk stopped at its bound).
 */
export const calendarPreviewAnswerSchema = z.object({
  changedDays: z.array(changedDaySchema),
  changedDayCount: z.number().int(),
  totals: z.object({ projects: z.number().int(), items: z.number().int(), delta: z.number() }),
  projects: z.array(projectImpactSchema),
  items: z.array(affectedItemSchema),
  nextCursor: z.string().nullable(),
  milestones: z.array(movedMilestoneSchema),
  milestonesComplete: z.boolean(),
});
export type CalendarPreviewAnswer = z.infer<typeof calendarPreviewAnswerSchema>;
