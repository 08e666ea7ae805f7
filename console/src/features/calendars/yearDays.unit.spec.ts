import { describe, expect, it } from '@jest/globals';
import type { CalendarDefinition, CalendarVersion, PublicHoliday } from '@fahrplan/contracts';
import { calendarRulesOf } from './calendarRulesOf';
import { yearGrids, yearTotals } from './yearDays';
import type { MonthGrid, YearDay } from './yearDays';

const holidays: PublicHoliday[] = [
  { date: '2026-05-01', name: 'Tag der Arbeit' },
  { date: '2026-08-01', name: 'Bundesfeier' },
];
const zurich: CalendarDefinition = {
  region: 'ZH',
  workingWeekdays: [1, 2, 3, 4, 5],
  companyDays: [{ date: '2020-12-24', kind: 'half', yearly: true, name: 'Heiligabend' }],
  exceptions: [{ date: '2026-05-02', name: 'Inventur' }],
};
const fourDays: CalendarDefinition = { ...zurich, workingWeekdays: [1, 2, 3, 4] };

const gridsOf = (versions: CalendarVersion[]) =>
  yearGrids(2026, calendarRulesOf(versions, { ZH: holidays }, { from: 2025, to: 2027 }), versions, holidays);
const dayOf = (grids: MonthGrid[], date: string): YearDay =>
  grids.flatMap((grid) => grid.weeks.flat()).find((day) => day?.date === date)!;

describe('a calendar’s year view', () => {
  const grids = gridsOf([
    { effectiveFrom: null, definition: zurich },
    { effectiveFrom: '2026-07-01', definition: fourDays },
  ]);

  it('lays each month out in Monday-first weeks', () => {
    expect(grids.map((grid) => grid.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // 1 January 2026 is a Thursday
    expect(grids[0]!.weeks[0]!.map((day) => day?.date ?? null)).toEqual([
      null,
      null,
      null,
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
    ]);
    expect(grids.every((grid) => grid.weeks.every((week) => week.length === 7))).toBe(true);
    expect(grids[1]!.weeks.flat().filter((day) => day !== null)).toHaveLength(28);
  });

  it('closes a holiday on a working weekday and names it; a holiday on a Saturday is closed anyway', () => {
    expect(dayOf(grids, '2026-05-01')).toMatchObject({
      kind: 'closed',
      holidays: ['Tag der Arbeit'],
      restDay: false,
    });
    expect(dayOf(grids, '2026-08-01')).toMatchObject({
      kind: 'closed',
      holidays: ['Bundesfeier'],
      restDay: true,
    });
  });

  it('works an exception on a Saturday, counts a yearly half day as half', () => {
    expect(dayOf(grids, '2026-05-02')).toMatchObject({
      kind: 'working',
      exception: 'Inventur',
      restDay: true,
    });
    expect(dayOf(grids, '2026-12-24')).toMatchObject({ kind: 'half', companyDay: 'Heiligabend' });
  });

  it('follows each version from its effective date: Fridays are worked until July only', () => {
    expect(dayOf(grids, '2026-06-26')).toMatchObject({ kind: 'working', restDay: false, weekday: 5 });
    expect(dayOf(grids, '2026-07-03')).toMatchObject({ kind: 'closed', restDay: true, weekday: 5 });
  });

  it('totals the year: half days count ½', () => {
    const plain = gridsOf([
      { effectiveFrom: null, definition: { ...zurich, companyDays: [], exceptions: [] } },
    ]);
    // 2026: 52 weeks and a Thursday = 261 weekdays, less Labour Day (Bundesfeier falls on a Saturday)
    expect(yearTotals(plain)).toEqual({ working: 260, closed: 105, half: 0 });
    const withHalf = gridsOf([{ effectiveFrom: null, definition: { ...zurich, exceptions: [] } }]);
    expect(yearTotals(withHalf)).toEqual({ working: 259.5, closed: 105, half: 1 });
  });
});
