// The timeline's time maths. Instants are milliseconds of a civil date-time read as UTC: the server's
// YYYY-MM-DDTHH:mm has no zone, and UTC arithmetic has no DST, so a day is always 86,400,000 ms.
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { addUnits, axisScaleOf, floorTo, tickText } from '@fahrplan/contracts';
import type { AxisScale, TickUnit } from '@fahrplan/contracts';

export interface TimeRange {
  start: number;
  end: number;
}

export const hourMs = 3_600_000;
export const dayMs = 24 * hourMs;

/** The narrowest and widest windows the zoom allows: a few days up to twenty years (what the server answers). */
export const minSpan = 3 * dayMs;
export const maxSpan = 20 * 365 * dayMs;

const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** YYYY-MM-DD or YYYY-MM-DDTHH:mm → ms (UTC reading); throws RangeError on anything else. */
export function toMs(value: string): number {
  const match = dateTimePattern.exec(value);
  if (!match) throw new RangeError(`not a YYYY-MM-DD[THH:mm] value: '${value}'`);
  const [, y, mo, d, h, mi] = match;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0));
}

/** ms → YYYY-MM-DDTHH:mm (the server's date-time), minutes truncated. */
export const toServerDateTime = (ms: number): string => new Date(ms).toISOString().slice(0, 16);

/** ms → YYYY-MM-DD. */
export const toServerDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The start of the local calendar day of `now`, as this module reads instants. */
export const todayMs = (now = new Date()): number =>
  Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());

export const floorDay = (ms: number) => Math.floor(ms / dayMs) * dayMs;
export const ceilDay = (ms: number) => Math.ceil(ms / dayMs) * dayMs;

// ---- date ↔ pixel ------------------------------------------------------------------------------

/** The x offset (px from the start of the time area) of an instant in a window drawn `width` px wide. */
export const valueToX = (value: number, range: TimeRange, width: number): number =>
  ((value - range.start) * width) / (range.end - range.start);

/** The instant at x px from the start of the time area. */
export const xToValue = (x: number, range: TimeRange, width: number): number =>
  range.start + (x * (range.end - range.start)) / width;

// ---- zoom and pan ------------------------------------------------------------------------------

/** Keeps the span within [minSpan, maxSpan] around the window's centre. */
export function clampRange(range: TimeRange): TimeRange {
  const span = range.end - range.start;
  if (span >= minSpan && span <= maxSpan) return range;
  const target = Math.min(maxSpan, Math.max(minSpan, span));
  const centre = (range.start + range.end) / 2;
  return { start: centre - target / 2, end: centre + target / 2 };
}

/**
 * Zooms by `factor` (< 1 zooms in) keeping the instant at `anchor` (0 = left edge, 1 = right edge)
 * where it is on screen, as the pointer's date stays under the pointer on Ctrl+wheel.
 */
export function zoomRange(range: TimeRange, factor: number, anchor = 0.5): TimeRange {
  const span = range.end - range.start;
  const nextSpan = Math.min(maxSpan, Math.max(minSpan, span * factor));
  const pivot = range.start + span * anchor;
  const start = pivot - nextSpan * anchor;
  return { start, end: start + nextSpan };
}

/** Ctrl+wheel: one notch (deltaY ≈ 100) zooms by about 20 %. */
export const wheelZoomFactor = (deltaY: number): number => Math.exp(deltaY * 0.002);

/** Shifts the window by `dx` px of a `width` px time area (positive dx moves later). */
export function panRange(range: TimeRange, dx: number, width: number): TimeRange {
  const shift = (dx * (range.end - range.start)) / width;
  return { start: range.start + shift, end: range.end + shift };
}

export const zoomPresets = ['day', 'week', 'month', 'quarter', 'year', 'overview'] as const;
export type ZoomPreset = (typeof zoomPresets)[number];

/** What each preset shows: two weeks of days … a decade of years, and the widest window as an overview. */
export const presetSpans: Record<ZoomPreset, number> = {
  day: 14 * dayMs,
  week: 12 * 7 * dayMs,
  month: 365 * dayMs,
  quarter: 2 * 365 * dayMs,
  year: 10 * 365 * dayMs,
  overview: maxSpan,
};

/** The window of a preset around the current window's centre. */
export function presetRange(range: TimeRange, preset: ZoomPreset): TimeRange {
  const centre = (range.start + range.end) / 2;
  const span = presetSpans[preset];
  return { start: centre - span / 2, end: centre + span / 2 };
}

/** The preset whose span is nearest (logarithmically) to the window's, for the selector's value. */
export function nearestPreset(range: TimeRange): ZoomPreset {
  const span = range.end - range.start;
  let best: ZoomPreset = 'day';
  for (const preset of zoomPresets)
    if (Math.abs(Math.log(presetSpans[preset] / span)) < Math.abs(Math.log(presetSpans[best] / span)))
      best = preset;
  return best;
}

// ---- the axis --------------------------------------------------------------------------------

export { addUnits, floorTo, isoWeek } from '@fahrplan/contracts';
export type { AxisScale, TickUnit } from '@fahrplan/contracts';

/** The narrowest tick in px each unit's label fits in. */
const minTickPx: Record<TickUnit, number> = { day: 26, week: 40, month: 36, quarter: 36, year: 40 };

/** The finest unit whose ticks are wide enough at this zoom: days when close, years when far. */
export const axisScale = (range: TimeRange, width: number): AxisScale =>
  axisScaleOf(range.end - range.start, width, minTickPx);

/**
 * The month's short name in dayjs's locale, which follows the language shown ('Jan', 'März', 'janv'):
 * without the abbreviation's dot, which the axis has no room for.
 */
const monthName = (year: number, month: number): string =>
  dayjs(new Date(year, month, 1))
    .format('MMM')
    .replace(/\.$/, '');

export const tickLabel = (t: TFunction<'timeline'>, ms: number, unit: TickUnit, major = false): string =>
  tickText(ms, unit, major, {
    week: (week) => t('axis.week', { week }),
    quarter: (quarter) => t('axis.quarter', { quarter }),
    month: (date) => monthName(date.getUTCFullYear(), date.getUTCMonth()),
  });

/** The axis labels' glyphs at 12 px: the widest (bold digits, 'M', 'W') stay under this. */
const labelCharPx = 7.5;
/** A label's left padding and a pixel of slack. */
const labelPaddingPx = 6;

/**
 * The label a tick's visible cell can show whole, or '' when it would be cut (a month half scrolled out
 * of view showed "Ju" beside "Jul").
 */
export const fittingLabel = (label: string, cellPx: number): string =>
  label.length * labelCharPx + labelPaddingPx <= cellPx ? label : '';

export interface Tick {
  start: number;
  end: number;
  label: string;
}

/** The ticks of `unit` that overlap the window; `limit` guards against a runaway loop. */
export function ticks(
  t: TFunction<'timeline'>,
  range: TimeRange,
  unit: TickUnit,
  step = 1,
  major = false,
  limit = 2000,
): Tick[] {
  const out: Tick[] = [];
  let at = floorTo(range.start, unit, step);
  while (at < range.end && out.length < limit) {
    const next = addUnits(at, unit, step);
    out.push({ start: at, end: next, label: tickLabel(t, at, unit, major) });
    at = next;
  }
  return out;
}

// ---- snapping ---------------------------------------------------------------------------------

export type SnapUnit = 'hour' | 'day';

/** Days at day zoom and coarser; hours only when a day is wide enough to aim at an hour. */
export const snapUnitFor = (range: TimeRange, width: number): SnapUnit =>
  (width * dayMs) / Math.max(1, range.end - range.start) >= 240 ? 'hour' : 'day';

const snapMs: Record<SnapUnit, number> = { hour: hourMs, day: dayMs };

export const snap = (ms: number, unit: SnapUnit): number => Math.round(ms / snapMs[unit]) * snapMs[unit];

export const snapStep = (unit: SnapUnit): number => snapMs[unit];
