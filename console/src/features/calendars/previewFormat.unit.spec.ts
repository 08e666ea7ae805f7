import { describe, expect, it } from '@jest/globals';
import type { CalendarPreviewAnswer } from '@fahrplan/contracts';
import { formatDays, formatDelta, itemDates, projectTitles } from './previewFormat';

const page = (projects: CalendarPreviewAnswer['projects']): CalendarPreviewAnswer => ({
  changedDays: [{ date: '2026-08-07', before: 1, after: 0 }],
  changedDayCount: 1,
  totals: { projects: 2, items: 3, delta: -2.5 },
  projects,
  items: [],
  nextCursor: null,
  milestones: [],
  milestonesComplete: true,
});

describe('the impact preview’s figures', () => {
  it('counts half days as .5 in the language shown, deltas with their sign', () => {
    expect(formatDays(2.5, 'de-CH')).toBe('2.5');
    expect(formatDays(2.5, 'fr-CH')).toBe('2,5');
    expect(formatDelta(-1.5, 'en')).toBe('-1.5');
    expect(formatDelta(1, 'en')).toBe('+1');
    expect(formatDelta(0, 'en')).toBe('0');
  });

  it('shows an item’s dates as the lists do, by their date part', () => {
    expect(itemDates('2026-08-03T00:00', '2026-08-15T00:00')).toBe('03.08.2026 – 14.08.2026');
    expect(itemDates('2026-08-03T09:30', '2026-08-14T12:00')).toBe('03.08.2026 09:30 – 14.08.2026 12:00');
    expect(itemDates('2026-08-03T00:00', null)).toBe('03.08.2026');
  });

  it('names the projects of every page loaded for the item and milestone rows', () => {
    const titles = projectTitles([
      page([{ project: 1, title: 'Alpha', items: 2, delta: -1.5 }]),
      page([{ project: 2, title: 'Beta', items: 1, delta: -1 }]),
    ]);
    expect([...titles]).toEqual([
      [1, 'Alpha'],
      [2, 'Beta'],
    ]);
  });
});
