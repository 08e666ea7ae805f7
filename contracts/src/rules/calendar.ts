import { fromDayNumber, toDayNumber } from './dates';

/** A public holiday of the working-day calendar (§9). */
export interface PublicHoliday {
  readonly date: string;
  readonly name: string;
}

/** The working-day result of §3: counts over the range [from, to). */
export interface WorkingDays {
  /** Calendar days in the range. */
  days: number;
  workingDaysCount: number;
  /** Weekend days and public holidays in the range, ascending, each once. */
  notWorkingDays: string[];
  /** Public holidays in the range, including those on a weekend, ascending. */
  publicHolidays: PublicHoliday[];
}

/** The result over `days` calendar days before any day is counted. */
export const emptyWorkingDays = (days: number): WorkingDays => ({
  days,
  workingDaysCount: 0,
  notWorkingDays: [],
  publicHolidays: [],
});

/** The day numbers of [from, to); RangeError when a date is invalid or `from` is after `to`. */
export const dayRangeOrThrow = (from: string, to: string): [number, number] => {
  const start = toDayNumber(from);
  const end = toDayNumber(to);
  if (start > end) throw new RangeError(`range start ${from} is after its end ${to}`);
  return [start, end];
};

const firstEasterYear = 1900;
const lastEasterYear = 2200;

/** Easter Sunday (YYYY-MM-DD) of a year 1900–2200 by the Gregorian computus; RangeError outside. */
export function easterSunday(year: number): string {
  if (!Number.isInteger(year) || year < firstEasterYear || year > lastEasterYear) {
    throw new RangeError(`year must be a whole number from ${firstEasterYear} to ${lastEasterYear}: ${year}`);
  }
  // Anonymous Gregorian algorithm (Meeus/Jones/Butcher).
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Arithmetic instead of a walk over days: weekdays come from the day number, holidays from a per-year
// cache, so a count costs O(years spanned), not O(days) (GET /api/groups computes one per project).

/** Day number of 1 January of `year` (proleptic Gregorian, any year ≥ 1). */
const yearStart = (year: number): number => {
  const daysBefore = (y: number) => {
    const p = y - 1;
    return 365 * p + Math.floor(p / 4) - Math.floor(p / 100) + Math.floor(p / 400);
  };
  return daysBefore(year) - daysBefore(1970);
};

/** The year of a day number, without formatting a date. */
const yearOfDay = (dayNumber: number): number => {
  let year = 1970 + Math.floor(dayNumber / 365.2425);
  while (yearStart(year) > dayNumber) year--;
  while (yearStart(year + 1) <= dayNumber) year++;
  return year;
};

// 1970-01-01 (day number 0) was a Thursday: 0 = Sunday … 6 = Saturday.
const weekdayOf = (dayNumber: number) => (((dayNumber + 4) % 7) + 7) % 7;

const isWeekend = (dayNumber: number) => {
  const weekday = weekdayOf(dayNumber);
  return weekday === 0 || weekday === 6;
};

// Monday 1970-01-05 (day number 4) anchors the weekday count.
const mondayAnchor = 4;

/** Mondays to Fridays in [anchor, dayNumber) (negative before the anchor): differences count weekdays. */
const weekdaysBefore = (dayNumber: number): number => {
  const offset = dayNumber - mondayAnchor;
  const weeks = Math.floor(offset / 7);
  return 5 * weeks + Math.min(offset - 7 * weeks, 5);
};

/** The earliest end e with exactly `n` (≥ 1) Mondays to Fridays in [dayNumber, e). */
const endAfterWeekdays = (dayNumber: number, n: number): number => {
  const index = weekdaysBefore(dayNumber) + n - 1; // weekdaysBefore of the n-th weekday itself
  const weeks = Math.floor(index / 5);
  return mondayAnchor + 7 * weeks + (index - 5 * weeks) + 1;
};

const firstWeekdayFrom = (dayNumber: number) => {
  const weekday = weekdayOf(dayNumber);
  return weekday === 6 ? dayNumber + 2 : weekday === 0 ? dayNumber + 1 : dayNumber;
};

const lastWeekdayUpTo = (dayNumber: number) => {
  const weekday = weekdayOf(dayNumber);
  return weekday === 6 ? dayNumber - 1 : weekday === 0 ? dayNumber - 2 : dayNumber;
};

interface Holiday {
  readonly day: number;
  readonly date: string;
  readonly name: string;
}

interface YearCalendar {
  /** Day numbers of 1 January of the year and of the next. */
  readonly start: number;
  readonly end: number;
  /** The nine holidays, ascending. */
  readonly holidays: readonly Holiday[];
  /** Day numbers of the holidays on Monday to Friday, ascending. */
  readonly weekdayHolidays: readonly number[];
  /** Weekend days and holidays, ascending (day numbers and dates); built on first use by workingDays. */
  notWorking?: { readonly days: readonly number[]; readonly dates: readonly string[] };
}

// Indexed by year − firstEasterYear.
const calendarCache: YearCalendar[] = [];

/** The cached calendar of a year 1900–2200; the RangeError of easterSunday outside. */
const calendarOf = (year: number): YearCalendar => {
  const cached = Number.isInteger(year) ? calendarCache[year - firstEasterYear] : undefined;
  if (cached) return cached;
  const easter = toDayNumber(easterSunday(year));
  const fixed = (monthDay: string) => toDayNumber(`${year}-${monthDay}`);
  const days: [number, string][] = [
    [fixed('01-01'), 'Neujahr'],
    [fixed('01-02'), 'Berchtoldstag'],
    [easter - 2, 'Karfreitag'],
    [easter + 1, 'Ostermontag'],
    [easter + 39, 'Auffahrt'],
    [easter + 50, 'Pfingstmontag'],
    [fixed('08-01'), 'Bundesfeier'],
    [fixed('12-25'), 'Weihnachten'],
    [fixed('12-26'), 'Stephanstag'],
  ];
  const holidays = days
    .sort(([a], [b]) => a - b)
    .map(([day, name]) => ({ day, date: fromDayNumber(day), name }));
  const calendar: YearCalendar = {
    start: yearStart(year),
    end: yearStart(year + 1),
    holidays,
    weekdayHolidays: holidays.filter(({ day }) => !isWeekend(day)).map(({ day }) => day),
  };
  calendarCache[year - firstEasterYear] = calendar;
  return calendar;
};

const notWorkingOf = (calendar: YearCalendar) => {
  if (calendar.notWorking) return calendar.notWorking;
  const days: number[] = [];
  const holidays = new Set(calendar.holidays.map(({ day }) => day));
  for (let day = calendar.start; day < calendar.end; day++)
    if (isWeekend(day) || holidays.has(day)) days.push(day);
  calendar.notWorking = { days, dates: days.map(fromDayNumber) };
  return calendar.notWorking;
};

/** One year of a rule set as the working-day answer reads it: its closed days (ascending) and holidays. */
export interface ClosedYear {
  readonly closed: { readonly days: readonly number[]; readonly dates: readonly string[] };
  readonly holidays: readonly { readonly day: number; readonly date: string; readonly name: string }[];
}

/**
 * The working-day answer for [from, to) of a rule set, year by year: `yearOf` is a day's year (an
 * index the rule set counts in), `yearAt` that year's closed days and holidays, `count` the working
 * days of the range once its closed days are listed. Both rule sets (the fixed §9 calendar and a
 * tenant calendar's `calendarRules`) answer this way.
 */
export const workingDaysByYear = (
  from: string,
  to: string,
  yearOf: (day: number) => number,
  yearAt: (year: number) => ClosedYear,
  count: (start: number, end: number, result: WorkingDays) => number,
): WorkingDays => {
  const [start, end] = dayRangeOrThrow(from, to);
  const result = emptyWorkingDays(end - start);
  if (start === end) return result;
  for (let year = yearOf(start), last = yearOf(end - 1); year <= last; year++) {
    const { closed, holidays } = yearAt(year);
    const stop = lowerBound(closed.days, end);
    for (let i = lowerBound(closed.days, start); i < stop; i++) result.notWorkingDays.push(closed.dates[i]!);
    for (const { day, date, name } of holidays)
      if (day >= start && day < end) result.publicHolidays.push({ date, name });
  }
  result.workingDaysCount = count(start, end, result);
  return result;
};

const closedYear = (year: number): ClosedYear => {
  const calendar = calendarOf(year);
  return { closed: notWorkingOf(calendar), holidays: calendar.holidays };
};

/** The first index of an ascending list whose value is ≥ `value`. */
const lowerBound = (values: readonly number[], value: number) => {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** Holidays on Monday to Friday in [start, end) of one year's calendar. */
const weekdayHolidaysIn = (calendar: YearCalendar, start: number, end: number) => {
  if (start <= calendar.start && end >= calendar.end) return calendar.weekdayHolidays.length;
  let count = 0;
  for (const day of calendar.weekdayHolidays) if (day >= start && day < end) count++;
  return count;
};

/** The nine public holidays of a year 1900–2200, ascending by date. */
export function publicHolidays(year: number): PublicHoliday[] {
  return calendarOf(year).holidays.map(({ date, name }) => ({ date, name }));
}

/** Whether a YYYY-MM-DD date (years 1900–2200) is neither a Saturday, a Sunday nor a public holiday. */
export function isWorkingDay(date: string): boolean {
  const day = toDayNumber(date);
  // A weekend day is not working in any year, so it needs no holiday calendar.
  return !isWeekend(day) && !calendarOf(yearOfDay(day)).weekdayHolidays.includes(day);
}

/**
 * The working-day result for [from, to): `from` inclusive, `to` exclusive, both YYYY-MM-DD within
 * 1900–2200. Throws RangeError when a date is invalid or `from` is after `to`.
 */
export function workingDays(from: string, to: string): WorkingDays {
  return workingDaysByYear(
    from,
    to,
    yearOfDay,
    closedYear,
    (_start, _end, result) => result.days - result.notWorkingDays.length,
  );
}

/** The number of working days in [from, to) (`to` exclusive). */
export function countWorkingDays(from: string, to: string): number {
  const [start, end] = dayRangeOrThrow(from, to);
  if (start === end) return 0;
  // Only Mondays to Fridays need a holiday calendar: a range of weekend days counts 0 in any year.
  const first = firstWeekdayFrom(start);
  const last = lastWeekdayUpTo(end - 1);
  if (first > last) return 0;
  let count = weekdaysBefore(last + 1) - weekdaysBefore(first);
  const lastYear = yearOfDay(last);
  for (let year = yearOfDay(first); year <= lastYear; year++)
    count -= weekdayHolidaysIn(calendarOf(year), first, last + 1);
  return count;
}

/**
 * The exclusive end after `n` (≥ 0) working days from `date`: the day after the n-th working day
 * counted from `date` inclusive, or `date` itself for n = 0. It is the earliest end for which
 * `countWorkingDays(date, end) === n`, so weekends and holidays after the last working day are not included.
 */
export function addWorkingDays(date: string, n: number): string {
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`not a non-negative whole number of working days: ${n}`);
  const day = toDayNumber(date);
  if (n === 0) return fromDayNumber(day);
  // Skip whole years while the rest of the year has fewer working days than remain.
  let from = firstWeekdayFrom(day);
  let remaining = n;
  for (let year = yearOfDay(from); ; year++) {
    const calendar = calendarOf(year);
    const available =
      weekdaysBefore(calendar.end) - weekdaysBefore(from) - weekdayHolidaysIn(calendar, from, calendar.end);
    if (remaining > available) {
      remaining -= available;
      from = calendar.end;
      continue;
    }
    // The n-th working day is in this year: count weekdays, then one more per holiday passed on the way.
    let end = endAfterWeekdays(from, remaining);
    for (const holiday of calendar.weekdayHolidays) {
      if (holiday < from) continue;
      if (holiday >= end) break;
      end = endAfterWeekdays(end, 1);
    }
    return fromDayNumber(end);
  }
}

/**
 * §4 "changing the start keeps the working-day duration": the new exclusive end for a range
 * [oldStart, oldEnd) moved to start at `newStart`, with as many working days as before (0 → `newStart`).
 */
export function moveKeepingDuration(oldStart: string, oldEnd: string, newStart: string): string {
  return addWorkingDays(newStart, countWorkingDays(oldStart, oldEnd));
}

/**
 * The start `n` (≥ 0) working days before `date`: the earliest day from which `countWorkingDays(day,
 * date) === n` (a lead, issue 21's negative lag), or `date` itself for n = 0.
 */
export function subtractWorkingDays(date: string, n: number): string {
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`not a non-negative whole number of working days: ${n}`);
  let day = toDayNumber(date);
  // A lag is at most 999 working days (ranges.dependencyLag): a walk of a few years at most.
  for (let left = n; left > 0;) {
    day--;
    if (isWorkingDay(fromDayNumber(day))) left--;
  }
  return fromDayNumber(day);
}

/** `date` if it is a working day, else the next working day. */
export function nextWorkingDay(date: string): string {
  let day = toDayNumber(date);
  while (!isWorkingDay(fromDayNumber(day))) day++;
  return fromDayNumber(day);
}
