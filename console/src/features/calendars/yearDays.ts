import { addDays, definitionOn, toDayNumber } from '@fahrplan/contracts';
import type { CalendarDefinition, CalendarRules, CalendarVersion, PublicHoliday } from '@fahrplan/contracts';

/** How much of a day is worked: all of it, half of it, or none. */
export type DayKind = 'working' | 'half' | 'closed';

/** Why a day is what it is: the holidays, company day and exception that fall on it, by their names. */
export interface DayReasons {
  readonly holidays: readonly string[];
  readonly companyDay: string | null;
  readonly exception: string | null;
  /** Its weekday is not a working weekday. */
  readonly restDay: boolean;
}

export interface YearDay extends DayReasons {
  readonly date: string;
  readonly kind: DayKind;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  readonly weekday: number;
}

/** A month as the rows of a Monday-first grid: null where a row's day belongs to another month. */
export interface MonthGrid {
  readonly month: number;
  readonly weeks: readonly (readonly (YearDay | null)[])[];
}

// 1970-01-01 (day number 0) was a Thursday.
const isoWeekday = (date: string) => ((((toDayNumber(date) + 3) % 7) + 7) % 7) + 1;

const kindOf = (rules: CalendarRules, date: string): DayKind => {
  const count = rules.countWorkingDays(date, addDays(date, 1));
  return count >= 1 ? 'working' : count > 0 ? 'half' : 'closed';
};

/** The company day on `date` (one-off on the date, yearly on its month and day), else null. */
const companyDayOn = (definition: CalendarDefinition, date: string) =>
  definition.companyDays.find((day) =>
    day.yearly ? day.date.slice(5) === date.slice(5) : day.date === date,
  ) ?? null;

/**
 * The days of `year` under `rules` (how much each counts), with the reasons from the calendar's
 * `versions` and the `holidays` (named in the language shown), as twelve Monday-first month grids.
 */
export const yearGrids = (
  year: number,
  rules: CalendarRules,
  versions: readonly CalendarVersion[],
  holidays: readonly PublicHoliday[],
): MonthGrid[] => {
  const holidayNames = new Map<string, string[]>();
  for (const { date, name } of holidays) holidayNames.set(date, [...(holidayNames.get(date) ?? []), name]);
  return Array.from({ length: 12 }, (_, index) => {
    const month = index + 1;
    const first = `${year}-${String(month).padStart(2, '0')}-01`;
    const weeks: (YearDay | null)[][] = [];
    let week: (YearDay | null)[] = Array.from({ length: isoWeekday(first) - 1 }, () => null);
    for (let date = first; date.slice(0, 7) === first.slice(0, 7); date = addDays(date, 1)) {
      const weekday = isoWeekday(date);
      const definition = definitionOn(versions, date);
      const company = companyDayOn(definition, date);
      week.push({
        date,
        weekday,
        kind: kindOf(rules, date),
        holidays: holidayNames.get(date) ?? [],
        companyDay: company?.name ?? null,
        exception: definition.exceptions.find((day) => day.date === date)?.name ?? null,
        restDay: !definition.workingWeekdays.includes(weekday),
      });
      if (week.length === 7) {
        weeks.push(week);
        week = [];
      }
    }
    if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
    return { month, weeks };
  });
};

/** The totals of a year's grids: working days (half days count ½), closed days and half days. */
export const yearTotals = (grids: readonly MonthGrid[]) => {
  const days = grids.flatMap((grid) => grid.weeks.flat()).filter((day): day is YearDay => day !== null);
  return {
    working: days.reduce((sum, day) => sum + (day.kind === 'working' ? 1 : day.kind === 'half' ? 0.5 : 0), 0),
    closed: days.filter((day) => day.kind === 'closed').length,
    half: days.filter((day) => day.kind === 'half').length,
  };
};

/** The date `key` moves the focus to from `date` in a year view, or null for another key. */
export const dateAfterKey = (date: string, key: string): string | null => {
  const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
  if (key in moves) return addDays(date, moves[key]!);
  const weekday = isoWeekday(date);
  if (key === 'Home') return addDays(date, 1 - weekday);
  if (key === 'End') return addDays(date, 7 - weekday);
  if (key === 'PageUp' || key === 'PageDown') {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const next = new Date(Date.UTC(year, month - 1 + (key === 'PageUp' ? -1 : 1), 1));
    const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    next.setUTCDate(Math.min(day, last));
    return next.toISOString().slice(0, 10);
  }
  return null;
};
