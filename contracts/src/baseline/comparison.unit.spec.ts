import { compareDates, projectTotals, slipInWorkingDays } from './comparison';
import type { ComparedItem } from './comparison';
import { publicHolidays } from '../rules/calendar';
import { bernDefinition } from '../calendar/definition';
import { calendarRules } from '../calendar/rules';

describe('slipInWorkingDays', () => {
  it('is 0 on the same day, whatever the hour', () =>
    expect(slipInWorkingDays('2026-03-02T08:00', '2026-03-02T17:00')).toBe(0));

  it('counts a move from Friday to Monday as one working day, back as minus one', () => {
    expect(slipInWorkingDays('2026-03-06T00:00', '2026-03-09T00:00')).toBe(1);
    expect(slipInWorkingDays('2026-03-09T00:00', '2026-03-06T00:00')).toBe(-1);
  });

  it('skips Bern’s holidays: Maundy Thursday to the Tuesday after Easter Monday is one working day', () =>
    // 2026: Good Friday 3 April, Easter Monday 6 April
    expect(slipInWorkingDays('2026-04-02T00:00', '2026-04-07T00:00')).toBe(1));

  it('counts a week as five working days across the National Day (Saturday in 2026)', () =>
    expect(slipInWorkingDays('2026-07-27T00:00', '2026-08-03T00:00')).toBe(5));

  it('counts a week with Christmas and St Stephen’s Day (Friday and Saturday in 2026) as four', () =>
    expect(slipInWorkingDays('2026-12-21T00:00', '2026-12-28T00:00')).toBe(4));
});

describe('slipInWorkingDays on a project’s calendar (issue 24)', () => {
  it('counts the working days of the rules it is given: a four-day week, a company closing day', () => {
    const rules = calendarRules(
      [
        {
          effectiveFrom: null,
          definition: {
            ...bernDefinition,
            workingWeekdays: [1, 2, 3, 4],
            companyDays: [{ date: '2026-12-22', kind: 'closed', yearly: false, name: 'Inventur' }],
          },
        },
      ],
      (_region, year) => publicHolidays(year),
    );
    expect(slipInWorkingDays('2026-03-02T00:00', '2026-03-09T00:00', rules)).toBe(4);
    expect(slipInWorkingDays('2026-12-21T00:00', '2026-12-28T00:00', rules)).toBe(3);
    expect(
      compareDates({ start: '2026-03-09T00:00', end: null }, { start: '2026-03-02T00:00', end: null }, rules),
    ).toMatchObject({ startSlip: -4, endSlip: -4 });
  });
});

describe('compareDates', () => {
  const then = { start: '2026-03-06T00:00', end: '2026-03-10T00:00' };

  it('says added without dates then, removed without dates now', () => {
    expect(compareDates(null, then)).toEqual({ change: 'added', startSlip: null, endSlip: null });
    expect(compareDates(then, null)).toEqual({ change: 'removed', startSlip: null, endSlip: null });
  });

  it('says unchanged for the same dates', () =>
    expect(compareDates(then, { ...then })).toEqual({ change: 'unchanged', startSlip: 0, endSlip: 0 }));

  it('says slipped with the start and end moves in working days', () =>
    expect(compareDates(then, { start: '2026-03-09T00:00', end: '2026-03-13T00:00' })).toEqual({
      change: 'slipped',
      startSlip: 1,
      endSlip: 3,
    }));

  it('measures a milestone by its date', () =>
    expect(
      compareDates({ start: '2026-03-10T00:00', end: null }, { start: '2026-03-05T00:00', end: null }),
    ).toEqual({ change: 'slipped', startSlip: -3, endSlip: -3 }));

  it('says slipped when only the hour moved, by 0 working days', () =>
    expect(compareDates(then, { ...then, start: '2026-03-06T10:00' })).toEqual({
      change: 'slipped',
      startSlip: 0,
      endSlip: 0,
    }));
});

describe('projectTotals', () => {
  const item = (change: ComparedItem['change'], endSlip: number | null): ComparedItem => ({
    id: 1,
    title: 't',
    group: 7,
    type: null,
    change,
    then: null,
    now: null,
    startSlip: endSlip,
    endSlip,
  });

  it('counts each change and adds up the end slips of the slipped', () =>
    expect(
      projectTotals({ id: 7, title: 'Core', shared: false }, [
        item('slipped', 3),
        item('slipped', -1),
        item('added', null),
        item('removed', null),
        item('unchanged', 0),
      ]),
    ).toEqual({
      id: 7,
      title: 'Core',
      shared: false,
      slipped: 2,
      added: 1,
      removed: 1,
      unchanged: 1,
      slip: 2,
    }));
});
