import { bernDefinition } from '../calendar/definition';
import type { CalendarDefinition, HolidaysOf } from '../calendar/definition';
import { calendarRules } from '../calendar/rules';
import { capacityDays, workload } from './workload';

describe('workload', () => {
  it.each([
    [10, 5, '2'],
    [5, 2, '2.5'],
    [1, 3, '0.33'],
    [2, 3, '0.67'],
    [1, 8, '0.13'], // 0.125 rounds up
    [10, 4, '2.5'],
    [101, 10, '10.1'],
    [100, 1, '100'],
    [1000, 10, '100'],
    [3, 2.5, '1.2'],
    [0, 5, '0'],
    [1, 200, '0.01'],
    [1, 1000, '0'],
    [7, 7, '1'],
  ])('effort %s over %s days is %s', (effort, days, expected) =>
    expect(workload(effort, days)).toBe(expected),
  );

  it.each([
    ['the effort is missing', null, 5],
    ['the duration is missing', 10, null],
    ['both are missing', null, null],
    ['the duration is 0', 10, 0],
    ['the duration is negative', 10, -2],
    ['the effort is negative', -10, 2],
    ['the effort is not a number', Number.NaN, 2],
    ['the duration is infinite', 10, Number.POSITIVE_INFINITY],
  ])('is null when %s', (_, effort, days) => expect(workload(effort, days)).toBeNull());
});

describe('capacityDays', () => {
  // no public holidays, so the days below count by hand: 2031-03-03 is a Monday
  const noHolidays: HolidaysOf = () => [];
  const rulesOf = (definition: Partial<CalendarDefinition>) =>
    calendarRules([{ effectiveFrom: null, definition: { ...bernDefinition, ...definition } }], noHolidays);
  const project = rulesOf({});
  const fourDays = rulesOf({ workingWeekdays: [1, 2, 3, 4] });
  const halfFriday = rulesOf({
    companyDays: [{ date: '2031-03-07', kind: 'half', yearly: false, name: 'Half Friday' }],
  });
  // two weeks: 10 working days on the project's calendar
  const [from, to] = ['2031-03-03', '2031-03-17'];

  it('is the task’s duration on its project’s calendar without a resource, or for a full-time one without its own', () => {
    expect(capacityDays(from, to, project, null)).toBe(10);
    expect(capacityDays(from, to, project, { rules: null, share: 100 })).toBe(10);
  });

  it('counts the resource’s own working days, not the project’s, times its share', () => {
    expect(capacityDays(from, to, project, { rules: fourDays, share: 100 })).toBe(8);
    expect(capacityDays(from, to, project, { rules: fourDays, share: 50 })).toBe(4);
    expect(capacityDays(from, to, project, { rules: null, share: 80 })).toBe(8);
    expect(capacityDays(from, to, fourDays, { rules: project, share: 100 })).toBe(10);
    expect(capacityDays(from, to, project, { rules: halfFriday, share: 100 })).toBe(9.5);
  });

  it('makes the workload the share of the resource’s capacity a task takes', () => {
    // 8 person-days over two weeks: a full-time resource on a four-day week is fully booked
    expect(workload(8, capacityDays(from, to, project, { rules: fourDays, share: 100 }))).toBe('1');
    expect(workload(8, capacityDays(from, to, project, { rules: null, share: 50 }))).toBe('1.6');
    expect(workload(8, capacityDays(from, to, project, null))).toBe('0.8');
  });

  it('is null where the calendar cannot count the range', () => {
    expect(capacityDays('1899-12-01', to, project, null)).toBeNull();
    expect(capacityDays(from, '2201-06-01', project, { rules: fourDays, share: 100 })).toBeNull();
  });
});
