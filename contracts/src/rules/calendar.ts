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

// Keyed by day number; holidays never fall on the same day, so a map per year loses nothing.
const holidayCache = new Map<number, ReadonlyMap<number, string>>();

const holidaysByDayNumber = (year: number): ReadonlyMap<number, string> => {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = toDayNumber(easterSunday(year));
  const fixed = (monthDay: string) => toDayNumber(`${year}-${monthDay}`);
  const holidays: [number, string][] = [
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
  const byDayNumber = new Map(holidays.sort(([a], [b]) => a - b));
  holidayCache.set(year, byDayNumber);
  return byDayNumber;
};

const yearOf = (date: string) => Number(date.slice(0, 4));

const holidayName = (dayNumber: number): string | undefined =>
  holidaysByDayNumber(yearOf(fromDayNumber(dayNumber))).get(dayNumber);

// 1970-01-01 (day number 0) was a Thursday.
const isWeekend = (dayNumber: number) => {
  const weekday = (((dayNumber + 4) % 7) + 7) % 7;
  return weekday === 0 || weekday === 6;
};

const isWorkingDayNumber = (dayNumber: number) =>
  !isWeekend(dayNumber) && holidayName(dayNumber) === undefined;

const rangeOrThrow = (from: string, to: string): [number, number] => {
  const start = toDayNumber(from);
  const end = toDayNumber(to);
  if (start > end) throw new RangeError(`range start ${from} is after its end ${to}`);
  return [start, end];
};

/** The nine public holidays of a year 1900–2200, ascending by date. */
export function publicHolidays(year: number): PublicHoliday[] {
  return [...holidaysByDayNumber(year)].map(([dayNumber, name]) => ({
    date: fromDayNumber(dayNumber),
    name,
  }));
}

/** Whether a YYYY-MM-DD date (years 1900–2200) is neither a Saturday, a Sunday nor a public holiday. */
export function isWorkingDay(date: string): boolean {
  return isWorkingDayNumber(toDayNumber(date));
}

/**
 * The working-day result for [from, to): `from` inclusive, `to` exclusive, both YYYY-MM-DD within
 * 1900–2200. Throws RangeError when a date is invalid or `from` is after `to`.
 */
export function workingDays(from: string, to: string): WorkingDays {
  const [start, end] = rangeOrThrow(from, to);
  const result: WorkingDays = {
    days: end - start,
    workingDaysCount: 0,
    notWorkingDays: [],
    publicHolidays: [],
  };
  for (let day = start; day < end; day++) {
    const holiday = holidayName(day);
    if (holiday !== undefined) result.publicHolidays.push({ date: fromDayNumber(day), name: holiday });
    if (holiday !== undefined || isWeekend(day)) result.notWorkingDays.push(fromDayNumber(day));
    else result.workingDaysCount++;
  }
  return result;
}

/** The number of working days in [from, to) (`to` exclusive). */
export function countWorkingDays(from: string, to: string): number {
  const [start, end] = rangeOrThrow(from, to);
  let count = 0;
  for (let day = start; day < end; day++) if (isWorkingDayNumber(day)) count++;
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
  let day = toDayNumber(date);
  for (let remaining = n; remaining > 0; day++) if (isWorkingDayNumber(day)) remaining--;
  return fromDayNumber(day);
}

/**
 * §4 "changing the start keeps the working-day duration": the new exclusive end for a range
 * [oldStart, oldEnd) moved to start at `newStart`, with as many working days as before (0 → `newStart`).
 */
export function moveKeepingDuration(oldStart: string, oldEnd: string, newStart: string): string {
  return addWorkingDays(newStart, countWorkingDays(oldStart, oldEnd));
}
