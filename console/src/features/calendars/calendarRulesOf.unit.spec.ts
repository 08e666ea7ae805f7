import { describe, expect, it } from '@jest/globals';
import { bernDefinition, publicHolidays } from '@fahrplan/contracts';
import type { CalendarVersion, PublicHoliday } from '@fahrplan/contracts';
import { bernRules } from '../common/bernRules';
import { calendarRulesOf, regionsOf, rulesYearsAround } from './calendarRulesOf';

const years = rulesYearsAround(2027);
/** Bern's holidays of the fetched years as the holidays query answers them (§9's list). */
const bernHolidays = (): PublicHoliday[] => {
  const holidays: PublicHoliday[] = [];
  for (let year = years.from; year <= years.to; year++) holidays.push(...publicHolidays(year));
  return holidays;
};
const since = (definition = bernDefinition): CalendarVersion[] => [{ effectiveFrom: null, definition }];

describe('the years the console fetches', () => {
  it('are fifty, twenty of them before this one', () => {
    expect(years).toEqual({ from: 2007, to: 2056 });
  });

  it('name each canton of the versions once', () => {
    const zurich = { ...bernDefinition, region: 'ZH' as const };
    expect(
      regionsOf([...since(zurich), ...since(), { effectiveFrom: '2030-01-01', definition: zurich }]),
    ).toEqual(['BE', 'ZH']);
  });
});

describe('calendarRulesOf', () => {
  const bern = calendarRulesOf(since(), { BE: bernHolidays() }, years);

  it('answers as §9 for the default calendar with the fetched holidays', () => {
    for (const [from, to] of [
      ['2026-12-20', '2027-01-10'],
      ['2027-03-20', '2027-04-10'],
      ['2020-01-01', '2040-01-01'],
    ] as const) {
      expect(bern.countWorkingDays(from, to)).toBe(bernRules.countWorkingDays(from, to));
      expect(bern.moveKeepingDuration(from, to, '2031-05-01')).toBe(
        bernRules.moveKeepingDuration(from, to, '2031-05-01'),
      );
    }
  });

  it('refuses a year or a canton it has no holidays of, as a year outside the calculator', () => {
    expect(() => bern.countWorkingDays('2060-01-01', '2060-02-01')).toThrow(RangeError);
    const zurich = calendarRulesOf(since({ ...bernDefinition, region: 'ZH' }), { BE: bernHolidays() }, years);
    expect(() => zurich.countWorkingDays('2027-01-01', '2027-02-01')).toThrow(RangeError);
  });
});
