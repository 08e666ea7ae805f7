// The time axis of the timeline, on screen (the console) and on paper (the printouts, issue 23).
// Instants are milliseconds of a civil date-time read as UTC: no DST, so a day is always 86,400,000 ms.

/** A day in milliseconds, as the axis reads instants. */
export const axisDayMs = 86_400_000;

/** The units of the axis' ticks. */
export type TickUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** The lower row of the axis and, above it, the row that names its larger unit (none under years). */
export interface AxisScale {
  /** The unit of the lower row of labels and of the grid lines. */
  readonly unit: TickUnit;
  /** Units per tick (years only step by 2, 5, 10 … when single years are too narrow). */
  readonly step: number;
  /** The unit of the upper row of labels, or null when the lower row says enough (years). */
  readonly major: TickUnit | null;
}

const approxDays: Record<TickUnit, number> = { day: 1, week: 7, month: 30.44, quarter: 91.31, year: 365.25 };
const majorOf: Record<TickUnit, TickUnit | null> = {
  day: 'month',
  week: 'month',
  month: 'year',
  quarter: 'year',
  year: null,
};

/**
 * The finest unit whose ticks are wide enough at this zoom (days when close, years when far): a window
 * of `spanMs` drawn `width` wide, each unit's label needing `minTick` (px on screen, pt on paper).
 */
export const axisScaleOf = (
  spanMs: number,
  width: number,
  minTick: Readonly<Record<TickUnit, number>>,
): AxisScale => {
  const perDay = (width * axisDayMs) / Math.max(1, spanMs);
  for (const unit of ['day', 'week', 'month', 'quarter'] as const)
    if (approxDays[unit] * perDay >= minTick[unit]) return { unit, step: 1, major: majorOf[unit] };
  const year = approxDays.year * perDay;
  const step = [1, 2, 5, 10, 20, 50, 100].find((s) => s * year >= minTick.year) ?? 100;
  return { unit: 'year', step, major: null };
};

/** The first instant of the unit that holds `ms`; weeks start on Monday (ISO 8601). */
export const floorTo = (ms: number, unit: TickUnit, step = 1): number => {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (unit) {
    case 'day':
      return Math.floor(ms / axisDayMs) * axisDayMs;
    case 'week': {
      const day = Math.floor(ms / axisDayMs) * axisDayMs;
      return day - ((new Date(day).getUTCDay() + 6) % 7) * axisDayMs;
    }
    case 'month':
      return Date.UTC(y, m, 1);
    case 'quarter':
      return Date.UTC(y, m - (m % 3), 1);
    case 'year':
      return Date.UTC(y - (((y % step) + step) % step), 0, 1);
  }
};

/** The instant `count` units after `ms`. */
export const addUnits = (ms: number, unit: TickUnit, count: number): number => {
  const d = new Date(ms);
  switch (unit) {
    case 'day':
      return ms + count * axisDayMs;
    case 'week':
      return ms + count * 7 * axisDayMs;
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + count, 1);
    case 'quarter':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 3 * count, 1);
    case 'year':
      return Date.UTC(d.getUTCFullYear() + count, 0, 1);
  }
};

/** ISO 8601 week number of the week that starts on `monday`. */
export const isoWeek = (monday: number): number => {
  const thursday = monday + 3 * axisDayMs;
  const yearStart = Date.UTC(new Date(thursday).getUTCFullYear(), 0, 1);
  return Math.floor((thursday - yearStart) / (7 * axisDayMs)) + 1;
};

/** The words of a tick's label in the language shown, for the console's axis and the printouts' alike. */
export interface TickWords {
  readonly week: (week: number) => string;
  readonly quarter: (quarter: number) => string;
  /** The short name of the date's month (UTC), without an abbreviation's dot. */
  readonly month: (date: Date) => string;
}

/**
 * A tick's label: the day of the month, the ISO week, the short month (with its year on a major tick),
 * the quarter or the year.
 */
export const tickText = (ms: number, unit: TickUnit, major: boolean, words: TickWords): string => {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  switch (unit) {
    case 'day':
      return String(d.getUTCDate());
    case 'week':
      return words.week(isoWeek(ms));
    case 'month': {
      const month = words.month(d);
      return major ? `${month} ${year}` : month;
    }
    case 'quarter':
      return words.quarter(Math.floor(d.getUTCMonth() / 3) + 1);
    case 'year':
      return String(year);
  }
};
