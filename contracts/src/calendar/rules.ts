import { fromDayNumber, toDayNumber } from '../rules/dates';
import { dayRangeOrThrow, workingDaysByYear } from '../rules/calendar';
import type { ClosedYear } from '../rules/calendar';
import type { CalendarDefinition, CalendarRules, CalendarVersion, HolidaysOf } from './definition';

// A calendar's answers from a per-year table of prefix sums of working half-day units (2 a full working
// day, 1 a half day, 0 closed): a count costs O(years spanned), an add, a subtraction or the next
// working day a binary search in one year's table. A year's table is built on first use (≈ 366 steps
// plus the library's holidays of that year), so a rules object costs nothing for the years it never sees.

const firstYear = 1900;
const lastYear = 2200;

/** Day numbers of 1 January of every year firstYear … lastYear + 1 (the last one ends the range). */
const yearStarts = Int32Array.from({ length: lastYear - firstYear + 2 }, (_, i) =>
  toDayNumber(`${firstYear + i}-01-01`),
);
const firstDay = yearStarts[0]!;
const endDay = yearStarts[yearStarts.length - 1]!;

/** The index (year − firstYear) of a day number's year; RangeError outside 1900–2200. */
const yearIndexOf = (day: number): number => {
  if (day < firstDay || day >= endDay)
    throw new RangeError(`date outside ${firstYear}–${lastYear}: ${fromDayNumber(day)}`);
  let index = Math.floor((day - firstDay) / 365.2425);
  while (yearStarts[index]! > day) index--;
  while (yearStarts[index + 1]! <= day) index++;
  return index;
};

// 1970-01-01 (day number 0) was a Thursday: ISO weekday 1 = Monday … 7 = Sunday.
const isoWeekdayOf = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

interface Holiday {
  readonly day: number;
  readonly date: string;
  readonly name: string;
}

interface YearTable {
  readonly start: number;
  /** prefix[i]: working half-day units in [start, start + i); its length is the year's days + 1. */
  readonly prefix: Uint16Array;
  /** The public holidays of the year under the versions in force on their days, ascending. */
  readonly holidays: readonly Holiday[];
  /** Closed days (0 units), ascending; built on first use by workingDays. */
  closed?: { readonly days: readonly number[]; readonly dates: readonly string[] };
}

/** A version's first day (−∞ for the first) and its definition; ascending, one per effective date. */
interface Span {
  readonly from: number;
  readonly definition: CalendarDefinition;
}

const spansOf = (versions: readonly CalendarVersion[]): Span[] => {
  if (versions.length === 0) throw new RangeError('a calendar has at least one version');
  const spans: Span[] = [];
  const ordered = versions
    .map((version, order) => ({
      from: version.effectiveFrom === null ? -Infinity : toDayNumber(version.effectiveFrom),
      definition: version.definition,
      order,
    }))
    .sort((a, b) => a.from - b.from || a.order - b.order);
  for (const { from, definition } of ordered) {
    // a later change with the same date replaces the earlier; the first version applies since always
    if (spans.length > 0 && spans[spans.length - 1]!.from === from) spans.pop();
    spans.push({ from: spans.length === 0 ? -Infinity : from, definition });
  }
  return spans;
};

/** The day numbers of a definition's company days and exceptions within [start, end). */
const datedDaysOf = (definition: CalendarDefinition, year: number, start: number, end: number) => {
  const closed = new Set<number>();
  const half = new Set<number>();
  const exceptions = new Set<number>();
  const inYear = (date: string, yearly: boolean): number | null => {
    const monthDay = date.slice(5);
    if (yearly) {
      const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
      if (monthDay === '02-29' && !leap) return null;
      return toDayNumber(`${year}-${monthDay}`);
    }
    const day = toDayNumber(date);
    return day >= start && day < end ? day : null;
  };
  for (const { date, kind, yearly } of definition.companyDays) {
    const day = inYear(date, yearly);
    if (day !== null) (kind === 'closed' ? closed : half).add(day);
  }
  for (const { date } of definition.exceptions) {
    const day = inYear(date, false);
    if (day !== null) exceptions.add(day);
  }
  return { closed, half, exceptions };
};

/** The half-day units of [from, to) under one definition into `units` (indexed from `start`). */
const fillUnits = (
  units: Uint8Array,
  start: number,
  from: number,
  to: number,
  year: number,
  definition: CalendarDefinition,
  holidays: ReadonlySet<number>,
) => {
  const weekdays = new Set(definition.workingWeekdays);
  const { closed, half, exceptions } = datedDaysOf(definition, year, start, start + units.length);
  for (let day = from; day < to; day++) {
    let value = weekdays.has(isoWeekdayOf(day)) && !holidays.has(day) && !closed.has(day) ? 2 : 0;
    if (value === 2 && half.has(day)) value = 1;
    if (exceptions.has(day)) value = 2;
    units[day - start] = value;
  }
};

/** The first index of an ascending list whose value is > `value`. */
const upperBound = (values: ArrayLike<number>, value: number, low = 0, high = values.length) => {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** Half-day units of a whole number of days or halves; RangeError for anything else. */
const unitsOf = (n: number): number => {
  const units = n * 2;
  if (!Number.isInteger(units) || units < 0)
    throw new RangeError(`not a non-negative number of working days (in halves): ${n}`);
  return units;
};

/**
 * The rules of a calendar from its versions (ascending by `effectiveFrom`, the first `null`; a later
 * version with the same date replaces the earlier) and the public holidays of its regions. Each
 * version's definition applies from its effective date to the next version's.
 */
export function calendarRules(versions: readonly CalendarVersion[], holidaysOf: HolidaysOf): CalendarRules {
  const spans = spansOf(versions);
  const tables: YearTable[] = [];

  const buildTable = (index: number): YearTable => {
    const year = firstYear + index;
    const start = yearStarts[index]!;
    const end = yearStarts[index + 1]!;
    const units = new Uint8Array(end - start);
    const holidays: Holiday[] = [];
    spans.forEach(({ from, definition }, i) => {
      const spanStart = Math.max(start, from);
      const spanEnd = Math.min(end, spans[i + 1]?.from ?? Infinity);
      if (spanStart >= spanEnd) return;
      const inSpan = holidaysOf(definition.region, year)
        .map(({ date, name }) => ({ day: toDayNumber(date), date, name }))
        .filter(({ day }) => day >= spanStart && day < spanEnd);
      holidays.push(...inSpan);
      const holidayDays = new Set(inSpan.map(({ day }) => day));
      fillUnits(units, start, spanStart, spanEnd, year, definition, holidayDays);
    });
    const prefix = new Uint16Array(units.length + 1);
    for (let i = 0; i < units.length; i++) prefix[i + 1] = prefix[i]! + units[i]!;
    return { start, prefix, holidays };
  };

  const tableAt = (index: number): YearTable => (tables[index] ??= buildTable(index));

  /** Half-day units in [start, end) (start ≤ end, both within range or end the range's end). */
  const unitsBetween = (start: number, end: number): number => {
    if (start === end) return 0;
    const first = yearIndexOf(start);
    const last = yearIndexOf(end - 1);
    let total = 0;
    for (let index = first; index <= last; index++) {
      const { start: yearStart, prefix } = tableAt(index);
      const from = index === first ? start - yearStart : 0;
      const to = index === last ? end - yearStart : prefix.length - 1;
      total += prefix[to]! - prefix[from]!;
    }
    return total;
  };

  /** The earliest end e with `units` half-day units in [day, e) (units > 0). */
  const endAfter = (day: number, units: number): number => {
    let remaining = units;
    for (let index = yearIndexOf(day), from = day; ; index++) {
      if (index > lastYear - firstYear) throw new RangeError(`the end falls after ${lastYear}`);
      const { start, prefix } = tableAt(index);
      const local = from - start;
      const available = prefix[prefix.length - 1]! - prefix[local]!;
      if (remaining > available) {
        remaining -= available;
        from = yearStarts[index + 1]!;
        continue;
      }
      // the first i with prefix[i] ≥ prefix[local] + remaining
      return start + upperBound(prefix, prefix[local]! + remaining - 1, local);
    }
  };

  /** The latest start s with `units` half-day units in [s, day) (units > 0). */
  const startBefore = (day: number, units: number): number => {
    let remaining = units;
    for (let index = yearIndexOf(day - 1), to = day; ; index--) {
      if (index < 0) throw new RangeError(`the start falls before ${firstYear}`);
      const { start, prefix } = tableAt(index);
      const local = to - start;
      if (remaining > prefix[local]!) {
        remaining -= prefix[local]!;
        to = start;
        continue;
      }
      // the last i with prefix[i] ≤ prefix[local] − remaining
      return start + upperBound(prefix, prefix[local]! - remaining, 0, local + 1) - 1;
    }
  };

  const closedOf = (table: YearTable) => {
    if (table.closed) return table.closed;
    const days: number[] = [];
    const { start, prefix } = table;
    for (let i = 0; i < prefix.length - 1; i++) if (prefix[i + 1] === prefix[i]) days.push(start + i);
    table.closed = { days, dates: days.map(fromDayNumber) };
    return table.closed;
  };

  const closedYearAt = (index: number): ClosedYear => {
    const table = tableAt(index);
    return { closed: closedOf(table), holidays: table.holidays };
  };

  const rules: CalendarRules = {
    countWorkingDays(from, to) {
      const [start, end] = dayRangeOrThrow(from, to);
      return unitsBetween(start, end) / 2;
    },
    addWorkingDays(date, n) {
      const units = unitsOf(n);
      const day = toDayNumber(date);
      return fromDayNumber(units === 0 ? day : endAfter(day, units));
    },
    subtractWorkingDays(date, n) {
      const units = unitsOf(n);
      const day = toDayNumber(date);
      return fromDayNumber(units === 0 ? day : startBefore(day, units));
    },
    nextWorkingDay(date) {
      // the day before the earliest end after one half-day unit is the first day that counts
      return fromDayNumber(endAfter(toDayNumber(date), 1) - 1);
    },
    isWorkingDay(date) {
      const day = toDayNumber(date);
      return unitsBetween(day, day + 1) > 0;
    },
    moveKeepingDuration(oldStart, oldEnd, newStart) {
      return rules.addWorkingDays(newStart, rules.countWorkingDays(oldStart, oldEnd));
    },
    workingDays(from, to) {
      return workingDaysByYear(
        from,
        to,
        yearIndexOf,
        closedYearAt,
        (start, end) => unitsBetween(start, end) / 2,
      );
    },
  };
  return rules;
}
