import { isServerDate } from '@fahrplan/contracts';
import { clampRange, dayMs, toMs, toServerDate, todayMs } from './timeScale';
import type { TimeRange } from './timeScale';

/** The timeline's filters as URL parameters (comma-separated ids), so a reload or a link keeps them. */
export const timelineFilterParams = ['project', 'status', 'resource', 'application'] as const;
export type TimelineFilterParam = (typeof timelineFilterParams)[number];
export type TimelineFilters = Record<TimelineFilterParam, string[]>;

/** Non-negative integers only (status codes start at 0); anything else in the URL is ignored. */
export const readIds = (value: string | null): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => /^\d+$/.test(v));

export const readFilters = (params: URLSearchParams): TimelineFilters =>
  Object.fromEntries(
    timelineFilterParams.map((name) => [name, readIds(params.get(name))]),
  ) as TimelineFilters;

/** `params` with one filter set (or removed when empty); other parameters stay. */
export function withFilter(
  params: URLSearchParams,
  name: TimelineFilterParam,
  values: string[],
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (values.length > 0) next.set(name, values.join(','));
  else next.delete(name);
  return next;
}

/** The window in the URL (`from` inclusive, `to` exclusive), else two weeks back and ten ahead. */
export function readRange(params: URLSearchParams, now = new Date()): TimeRange {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && isServerDate(from) && isServerDate(to) && toMs(to) > toMs(from))
    return clampRange({ start: toMs(from), end: toMs(to) });
  const today = todayMs(now);
  return { start: today - 14 * dayMs, end: today + 70 * dayMs };
}

/** `params` with the window in whole days. */
export function withRange(params: URLSearchParams, range: TimeRange): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('from', toServerDate(Math.round(range.start / dayMs) * dayMs));
  next.set(
    'to',
    toServerDate(Math.max(Math.round(range.end / dayMs), Math.round(range.start / dayMs) + 1) * dayMs),
  );
  return next;
}

/** Tracker releases on the timeline: shown unless the URL says `releases=off`. */
export const readShowReleases = (params: URLSearchParams): boolean => params.get('releases') !== 'off';

/** `params` with the releases switch (on is the default, so it leaves the URL). */
export function withShowReleases(params: URLSearchParams, show: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (show) next.delete('releases');
  else next.set('releases', 'off');
  return next;
}
