import { describe, expect, it } from '@jest/globals';
import dayjs from 'dayjs';
import 'dayjs/locale/de-ch';
import 'dayjs/locale/fr-ch';
import 'dayjs/locale/it-ch';
import { maxTimelineDays } from '@fahrplan/contracts';
import { englishT } from '../i18n/testing';
import {
  addUnits,
  axisScale,
  clampRange,
  dayMs,
  fittingLabel,
  floorTo,
  isoWeek,
  maxSpan,
  minSpan,
  nearestPreset,
  panRange,
  presetRange,
  presetSpans,
  snap,
  snapUnitFor,
  tickLabel,
  ticks,
  toMs,
  toServerDate,
  toServerDateTime,
  todayMs,
  valueToX,
  wheelZoomFactor,
  xToValue,
  zoomRange,
} from './timeScale';

const ms = toMs;
const t = englishT('timeline');

describe('date ↔ ms', () => {
  it('reads server dates and date-times as civil UTC instants and writes them back', () => {
    expect(ms('2026-11-23T00:00') - ms('2026-11-22T00:00')).toBe(dayMs);
    expect(ms('2026-03-29')).toBe(ms('2026-03-29T00:00'));
    // no DST: the last Sunday of March is 24 h long in this reading
    expect(ms('2026-03-30') - ms('2026-03-29')).toBe(dayMs);
    expect(toServerDateTime(ms('2026-02-28T13:45'))).toBe('2026-02-28T13:45');
    expect(toServerDate(ms('2024-02-29T23:59'))).toBe('2024-02-29');
  });

  it('rejects what is not a server date', () => {
    expect(() => ms('23.11.2026')).toThrow(RangeError);
    expect(() => ms('2026-11-23T1:00')).toThrow(RangeError);
  });

  it('takes today from the local calendar date', () => {
    expect(toServerDate(todayMs(new Date(2026, 10, 23, 23, 30)))).toBe('2026-11-23');
  });
});

describe('date ↔ pixel', () => {
  const range = { start: ms('2026-01-01'), end: ms('2026-01-11') }; // 10 days
  it('maps the window linearly onto the width, both ways', () => {
    expect(valueToX(range.start, range, 1000)).toBe(0);
    expect(valueToX(range.end, range, 1000)).toBe(1000);
    expect(valueToX(ms('2026-01-03T12:00'), range, 1000)).toBe(250);
    expect(valueToX(ms('2025-12-31'), range, 1000)).toBe(-100);
    expect(xToValue(250, range, 1000)).toBe(ms('2026-01-03T12:00'));
    for (const x of [0, 17, 333, 999])
      expect(valueToX(xToValue(x, range, 1000), range, 1000)).toBeCloseTo(x, 6);
  });
});

describe('zoom and pan', () => {
  const range = { start: ms('2026-01-01'), end: ms('2026-04-11') }; // 100 days
  it('zooms around the anchor: the date under the pointer stays put', () => {
    const anchor = 0.25;
    const pivot = xToValue(250, range, 1000);
    const zoomed = zoomRange(range, 0.5, anchor);
    expect(zoomed.end - zoomed.start).toBe(50 * dayMs);
    expect(xToValue(250, zoomed, 1000)).toBe(pivot);
    const centred = zoomRange(range, 2);
    expect(centred.start + centred.end).toBe(range.start + range.end);
    expect(centred.end - centred.start).toBe(200 * dayMs);
  });

  it('keeps the span between the limits', () => {
    const tiny = zoomRange(range, 1e-6);
    expect(tiny.end - tiny.start).toBe(minSpan);
    const huge = zoomRange(range, 1e6);
    expect(huge.end - huge.start).toBe(maxSpan);
    const clamped = clampRange({ start: 0, end: dayMs });
    expect(clamped.end - clamped.start).toBe(minSpan);
    expect((clamped.start + clamped.end) / 2).toBe(dayMs / 2);
    expect(clampRange(range)).toBe(range);
  });

  it('Ctrl+wheel up zooms in, down zooms out, by a factor per notch', () => {
    expect(wheelZoomFactor(-100)).toBeLessThan(1);
    expect(wheelZoomFactor(100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100) * wheelZoomFactor(-100)).toBeCloseTo(1, 10);
    expect(wheelZoomFactor(0)).toBe(1);
  });

  it('pans by pixels of the drawn width and keeps the span', () => {
    const panned = panRange(range, 100, 1000);
    expect(panned.start - range.start).toBe(10 * dayMs);
    expect(panned.end - panned.start).toBe(range.end - range.start);
    expect(panRange(range, -0.5, 1).start).toBe(range.start - 50 * dayMs);
  });

  it('presets set their span around the centre; the nearest preset names the zoom', () => {
    const week = presetRange(range, 'week');
    expect(week.end - week.start).toBe(presetSpans.week);
    expect(week.start + week.end).toBe(range.start + range.end);
    expect(nearestPreset(range)).toBe('week');
    expect(nearestPreset(presetRange(range, 'year'))).toBe('year');
    expect(nearestPreset({ start: 0, end: 10 * dayMs })).toBe('day');
    expect(nearestPreset({ start: 0, end: 300 * dayMs })).toBe('month');
    expect(nearestPreset(presetRange(range, 'quarter'))).toBe('quarter');
    expect(nearestPreset(presetRange(range, 'overview'))).toBe('overview');
  });

  it('zooms out at most to the overview, the widest window the server answers', () => {
    const overview = presetRange(range, 'overview');
    expect(overview.end - overview.start).toBe(maxSpan);
    expect(maxSpan).toBeLessThanOrEqual(maxTimelineDays * dayMs);
    const out = zoomRange(overview, 1.5);
    expect(out.end - out.start).toBe(maxSpan);
  });
});

describe('the axis scale adapts from days to years', () => {
  const span = (days: number) => ({ start: ms('2026-01-01'), end: ms('2026-01-01') + days * dayMs });
  it('picks the finest unit whose ticks are wide enough', () => {
    expect(axisScale(span(14), 1200)).toEqual({ unit: 'day', step: 1, major: 'month' });
    expect(axisScale(span(84), 1200)).toEqual({ unit: 'week', step: 1, major: 'month' });
    expect(axisScale(span(365), 1200)).toEqual({ unit: 'month', step: 1, major: 'year' });
    expect(axisScale(span(3 * 365), 1200)).toEqual({ unit: 'quarter', step: 1, major: 'year' });
    expect(axisScale(span(10 * 365), 1200)).toEqual({ unit: 'year', step: 1, major: null });
    expect(axisScale(span(50 * 365), 800).step).toBe(5);
  });

  it('floors to unit starts (weeks on Monday) and steps by calendar units', () => {
    const thursday = ms('2026-01-01T15:00');
    expect(toServerDate(floorTo(thursday, 'week'))).toBe('2025-12-29');
    expect(toServerDate(floorTo(ms('2026-05-17'), 'month'))).toBe('2026-05-01');
    expect(toServerDate(floorTo(ms('2026-05-17'), 'quarter'))).toBe('2026-04-01');
    expect(toServerDate(floorTo(ms('2026-05-17'), 'year', 5))).toBe('2025-01-01');
    expect(toServerDate(addUnits(ms('2026-01-31'), 'day', 1))).toBe('2026-02-01');
    expect(toServerDate(addUnits(ms('2026-11-01'), 'quarter', 1))).toBe('2027-02-01');
    expect(isoWeek(ms('2025-12-29'))).toBe(1);
    expect(isoWeek(ms('2026-11-23'))).toBe(48);
  });

  it('lists the ticks overlapping the window with their labels', () => {
    const days = ticks(t, { start: ms('2026-02-27T12:00'), end: ms('2026-03-02') }, 'day');
    expect(days.map((t) => t.label)).toEqual(['27', '28', '1']);
    expect(days[0]!.start).toBe(ms('2026-02-27'));
    const months = ticks(t, { start: ms('2026-11-15'), end: ms('2027-01-15') }, 'month', 1, true);
    expect(months.map((t) => t.label)).toEqual(['Nov 2026', 'Dec 2026', 'Jan 2027']);
    const quarters = ticks(t, { start: ms('2026-01-01'), end: ms('2027-01-01') }, 'quarter');
    expect(quarters.map((tick) => tick.label)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    const weeks = ticks(t, { start: ms('2026-11-23'), end: ms('2026-12-07') }, 'week');
    expect(weeks.map((tick) => tick.label)).toEqual(['W48', 'W49']);
  });
});

describe('an axis label shows whole or not at all', () => {
  it('shows a label its cell holds', () => {
    expect(fittingLabel('Jul', 36)).toBe('Jul');
    expect(fittingLabel('Sep 2027', 80)).toBe('Sep 2027');
  });

  it('hides a label its cell, cut by the window, would clip', () => {
    expect(fittingLabel('Jun', 20)).toBe('');
    expect(fittingLabel('Sep 2027', 40)).toBe('');
    expect(fittingLabel('Jun', 0)).toBe('');
  });

  it('the narrowest month tick the axis chooses holds every month name', () => {
    for (const month of [0, 4, 8, 11])
      expect(fittingLabel(tickLabel(t, Date.UTC(2027, month, 1), 'month'), 36)).not.toBe('');
  });

  it('names the months in the language shown, short enough for the narrowest month tick', () => {
    const names = (locale: string) => {
      dayjs.locale(locale);
      try {
        return Array.from({ length: 12 }, (_, month) => tickLabel(t, Date.UTC(2027, month, 1), 'month'));
      } finally {
        dayjs.locale('en');
      }
    };
    expect(names('de-ch').slice(0, 3)).toEqual(['Jan', 'Feb', 'März']);
    expect(names('fr-ch')[0]).toBe('janv');
    expect(names('it-ch')[0]).toBe('gen');
    for (const locale of ['en', 'de-ch', 'fr-ch', 'it-ch'])
      for (const name of names(locale)) expect(fittingLabel(name, 36)).toBe(name);
  });
});

describe('snapping', () => {
  it('snaps to days at day zoom and coarser, to hours only when a day is wide', () => {
    const twoWeeks = { start: 0, end: 14 * dayMs };
    expect(snapUnitFor(twoWeeks, 1400)).toBe('day');
    expect(snapUnitFor({ start: 0, end: 3 * dayMs }, 1200)).toBe('hour');
    expect(snapUnitFor({ start: 0, end: 3650 * dayMs }, 1200)).toBe('day');
    expect(toServerDateTime(snap(ms('2026-05-17T11:59'), 'day'))).toBe('2026-05-17T00:00');
    expect(toServerDateTime(snap(ms('2026-05-17T12:00'), 'day'))).toBe('2026-05-18T00:00');
    expect(toServerDateTime(snap(ms('2026-05-17T10:31'), 'hour'))).toBe('2026-05-17T11:00');
  });
});
