import { addUnits, axisDayMs, axisScaleOf, floorTo, toDayNumber } from '@fahrplan/contracts';
import type { AxisScale, TickUnit } from '@fahrplan/contracts';

/** Milliseconds of a civil date-time read as UTC, as the console's timeline reads them: no DST. */
export const dayMs = axisDayMs;

/** YYYY-MM-DD or YYYY-MM-DDTHH:mm → ms, read as UTC. */
export const toMs = (value: string): number => {
  const [date, time] = value.split('T');
  const [hours, minutes] = (time ?? '00:00').split(':').map(Number);
  return toDayNumber(date!) * dayMs + (hours! * 60 + minutes!) * 60_000;
};

/** The narrowest tick (pt) whose label fits at the printout's font size. */
const minTickPt: Record<TickUnit, number> = { day: 14, week: 26, month: 24, quarter: 24, year: 26 };

/** The axis of a window of `spanMs` on a time area `width` points wide. */
export const axisScale = (spanMs: number, width: number): AxisScale => axisScaleOf(spanMs, width, minTickPt);

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
