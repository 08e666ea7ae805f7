import { toDayNumber } from '@fahrplan/contracts';

/** Milliseconds of a civil date-time read as UTC, as the console's timeline reads them: no DST. */
export const dayMs = 86_400_000;

/** YYYY-MM-DD or YYYY-MM-DDTHH:mm → ms, read as UTC. */
export const toMs = (value: string): number => {
  const [date, time] = value.split('T');
  const [hours, minutes] = (time ?? '00:00').split(':').map(Number);
  return toDayNumber(date!) * dayMs + (hours! * 60 + minutes!) * 60_000;
};

export type TickUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** The lower row of the axis and, above it, the row that names its larger unit (none under years). */
export interface AxisScale {
  readonly unit: TickUnit;
  readonly step: number;
  readonly major: TickUnit | null;
}

const approxDays: Record<TickUnit, number> = { day: 1, week: 7, month: 30.44, quarter: 91.31, year: 365.25 };
/** The narrowest tick (pt) whose label fits at the axis' font size. */
const minTickPt: Record<TickUnit, number> = { day: 14, week: 26, month: 24, quarter: 24, year: 26 };
const majorOf: Record<TickUnit, TickUnit | null> = {
  day: 'month',
  week: 'month',
  month: 'year',
  quarter: 'year',
  year: null,
};

/** The finest unit whose ticks are wide enough for their labels, as the console's axis chooses it. */
export const axisScale = (spanMs: number, width: number): AxisScale => {
  const ptPerDay = (width * dayMs) / Math.max(1, spanMs);
  for (const unit of ['day', 'week', 'month', 'quarter'] as const)
    if (approxDays[unit] * ptPerDay >= minTickPt[unit]) return { unit, step: 1, major: majorOf[unit] };
  const yearPt = approxDays.year * ptPerDay;
  const step = [1, 2, 5, 10, 20, 50, 100].find((s) => s * yearPt >= minTickPt.year) ?? 100;
  return { unit: 'year', step, major: null };
};

/** The first instant of the unit that holds `ms`; weeks start on Monday (ISO 8601). */
export const floorTo = (ms: number, unit: TickUnit, step = 1): number => {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (unit) {
    case 'day':
      return Math.floor(ms / dayMs) * dayMs;
    case 'week': {
      const day = Math.floor(ms / dayMs) * dayMs;
      return day - ((new Date(day).getUTCDay() + 6) % 7) * dayMs;
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
      return ms + count * dayMs;
    case 'week':
      return ms + count * 7 * dayMs;
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
  const thursday = monday + 3 * dayMs;
  const yearStart = Date.UTC(new Date(thursday).getUTCFullYear(), 0, 1);
  return Math.floor((thursday - yearStart) / (7 * dayMs)) + 1;
};

/** A tick of the axis: where its unit starts (clipped to the window) and its label. */
export interface Tick {
  readonly x: number;
  readonly x2: number;
  readonly label: string;
}

/** Names a tick of `unit` that starts at `ms` (`major`: the upper row, which names the year too). */
export type TickNamer = (ms: number, unit: TickUnit, major: boolean) => string;

/** The ticks of `unit` over [start, end), placed on a time area `width` wide starting at `left`. */
export const ticksOf = (
  start: number,
  end: number,
  left: number,
  width: number,
  unit: TickUnit,
  step: number,
  name: TickNamer,
  major: boolean,
): Tick[] => {
  const xOf = (ms: number) => left + ((ms - start) * width) / (end - start);
  const ticks: Tick[] = [];
  for (let ms = floorTo(start, unit, step); ms < end; ms = addUnits(ms, unit, step)) {
    const next = addUnits(ms, unit, step);
    ticks.push({ x: xOf(Math.max(ms, start)), x2: xOf(Math.min(next, end)), label: name(ms, unit, major) });
  }
  return ticks;
};
