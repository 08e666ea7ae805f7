import Holidays from 'date-holidays';
import * as arithmetic from '@fahrplan/contracts';
import {
  bernDefinition,
  calendarRules,
  cantons,
  consoleLanguages,
  fromDayNumber,
  toDayNumber,
} from '@fahrplan/contracts';
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
  const first = toDayNumber('1900-01-01');
  const last = toDayNumber('2200-12-31');
  const outcome = (run: () => unknown) => {
    try {
      return run();
    } catch (error) {
      return error instanceof RangeError ? 'RangeError' : error;
    }
  };
  const withoutNames = (answer: unknown) => {
    if (typeof answer !== 'object' || answer === null || !('publicHolidays' in answer)) return answer;
    const { publicHolidays, ...rest } = answer as arithmetic.WorkingDays;
    const weekdays = publicHolidays
      .map(({ date }) => date)
      .filter((date) => (((toDayNumber(date) + 3) % 7) + 7) % 7 < 5);
    return { ...rest, weekdayHolidays: weekdays };
  };

  it('answers as §9’s calendar over 3,000 random ranges 1900–2200', () => {
    const next = random(24);
    const differences: unknown[] = [];
    for (let i = 0; i < 3000; i++) {
      const start = first + Math.floor(next() * (last - first));
      const from = fromDayNumber(start);
      const to = fromDayNumber(Math.min(last, start + Math.floor(next() * 3 * 366)));
      const n = Math.floor(next() * 250);
      const moved = fromDayNumber(first + Math.floor(next() * (last - first)));
      const pairs: [string, () => unknown, () => unknown][] = [
        ['count', () => bern.countWorkingDays(from, to), () => arithmetic.countWorkingDays(from, to)],
        ['add', () => bern.addWorkingDays(from, n), () => arithmetic.addWorkingDays(from, n)],
        ['subtract', () => bern.subtractWorkingDays(to, n), () => arithmetic.subtractWorkingDays(to, n)],
        ['next', () => bern.nextWorkingDay(from), () => arithmetic.nextWorkingDay(from)],
        ['is', () => bern.isWorkingDay(from), () => arithmetic.isWorkingDay(from)],
        [
          'move',
          () => bern.moveKeepingDuration(from, to, moved),
          () => arithmetic.moveKeepingDuration(from, to, moved),
        ],
        [
          'workingDays',
          () => withoutNames(bern.workingDays(from, to)),
          () => withoutNames(arithmetic.workingDays(from, to)),
        ],
      ];
      for (const [name, engine, oracle] of pairs) {
        const [got, expected] = [outcome(engine), outcome(oracle)];
        if (JSON.stringify(got) !== JSON.stringify(expected))
          differences.push({ name, from, to, n, moved, got, expected });
      }
    }
    expect(differences.slice(0, 5)).toEqual([]);
  });
});
