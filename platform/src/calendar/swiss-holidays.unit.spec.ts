import Holidays from 'date-holidays';
import { bernDefinition, calendarRules, cantons, consoleLanguages, toDayNumber } from '@fahrplan/contracts';
import type { WorkingDays } from '@fahrplan/contracts';
import { differencesFromSection9 } from '@fahrplan/contracts/testing';
import { random } from '../testing/workload/random';
import { swissHolidays, swissHolidaysIn } from './swiss-holidays';

const everyDay = [1, 2, 3, 4, 5, 6, 7];

describe('swissHolidays', () => {
  it('gives every canton’s public holidays 2000–2100 as date-holidays has them, and calendarRules closes exactly them', () => {
    const differences: unknown[] = [];
    for (const region of cantons) {
      const library = new Holidays('CH', region);
      const expected = [];
      for (let year = 2000; year <= 2100; year++)
        for (const { date, name, type } of library.getHolidays(year, 'de'))
          if (type === 'public') expected.push({ date: date.slice(0, 10), name });
      const rules = calendarRules(
        [{ effectiveFrom: null, definition: { ...bernDefinition, region, workingWeekdays: everyDay } }],
        swissHolidays,
      );
      const answer = rules.workingDays('2000-01-01', '2101-01-01');
      if (JSON.stringify(answer.publicHolidays) !== JSON.stringify(expected))
        differences.push({ region, kind: 'holidays' });
      const closed = [...new Set(expected.map(({ date }) => date))];
      if (JSON.stringify(answer.notWorkingDays) !== JSON.stringify(closed))
        differences.push({ region, kind: 'closed' });
      expect(expected.length).toBeGreaterThan(101 * 8);
    }
    expect(differences).toEqual([]);
  });

  it('names the same days in the four console languages', () => {
    const days = (language: (typeof consoleLanguages)[number]) => swissHolidaysIn('BE', 2026, language);
    for (const language of consoleLanguages)
      expect(days(language).map(({ date }) => date)).toEqual(days('de-CH').map(({ date }) => date));
    const christmas = (language: (typeof consoleLanguages)[number]) =>
      days(language).find(({ date }) => date === '2026-12-25')?.name;
    expect([christmas('de-CH'), christmas('fr-CH'), christmas('it-CH'), christmas('en')]).toEqual([
      'Weihnachtstag',
      'Noël',
      'Natale di Gesù',
      'Christmas Day',
    ]);
    expect(() => swissHolidaysIn('BE', 2201, 'de-CH')).toThrow(RangeError);
  });
});

describe('calendarRules of bernDefinition with the library’s holidays', () => {
  // §9's nine holidays and the library's Bern differ only on Sundays (Easter, Whitsun, the Federal
  // Fast) and in names, so every duration of the default calendar stays as it was.
  const bern = calendarRules([{ effectiveFrom: null, definition: bernDefinition }], swissHolidays);
  const withoutNames = (answer: unknown) => {
    if (typeof answer !== 'object' || answer === null || !('publicHolidays' in answer)) return answer;
    const { publicHolidays, ...rest } = answer as WorkingDays;
    const weekdays = publicHolidays
      .map(({ date }) => date)
      .filter((date) => (((toDayNumber(date) + 3) % 7) + 7) % 7 < 5);
    return { ...rest, weekdayHolidays: weekdays };
  };

  it('answers as §9’s calendar over 3,000 random ranges 1900–2200', () => {
    expect(differencesFromSection9(bern, random(24), 3000, withoutNames).slice(0, 5)).toEqual([]);
  });
});
