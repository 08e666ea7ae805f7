import * as arithmetic from '../rules/calendar';
import { addDays, toDayNumber } from '../rules/dates';
import { differencesFromSection9 } from '../testing/calendar-oracle';
import { bernDefinition } from './definition';
import type { CalendarDefinition, CalendarVersion, HolidaysOf } from './definition';
import { calendarRules } from './rules';

// The engine's arithmetic against §9's hand-written calendar (its oracle here) with the same nine Bern
// holidays; platform/src/calendar checks it again with the holiday library's.
const bernHolidays: HolidaysOf = (_region, year) => arithmetic.publicHolidays(year);

// Zürich in this spec: only New Year and 1 May, so the cases below are easy to count by hand.
const fewHolidays: HolidaysOf = (region, year) =>
  region === 'ZH'
    ? [
        { date: `${year}-01-01`, name: 'Neujahr' },
        { date: `${year}-05-01`, name: 'Tag der Arbeit' },
      ]
    : arithmetic.publicHolidays(year);

const zurich: CalendarDefinition = { ...bernDefinition, region: 'ZH' };
const since = (definition: CalendarDefinition): CalendarVersion => ({ effectiveFrom: null, definition });
const rulesOf = (...versions: CalendarVersion[]) => calendarRules(versions, fewHolidays);

/** A small seeded generator (a linear congruential one), so a failing range can be repeated. */
const seeded = (seed: number) => () => {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return seed / 2 ** 32;
};

describe('calendarRules for bernDefinition', () => {
  const bern = calendarRules([since(bernDefinition)], bernHolidays);

  it('answers as §9’s calendar over 4,000 random ranges 1900–2200 (up to 3 years long)', () => {
    expect(differencesFromSection9(bern, seeded(24), 4000).slice(0, 5)).toEqual([]);
  });

  it('refuses dates outside 1900–2200 and a range that ends before it starts', () => {
    expect(() => bern.countWorkingDays('1899-12-31', '1900-01-10')).toThrow(RangeError);
    expect(() => bern.isWorkingDay('2201-01-01')).toThrow(RangeError);
    expect(() => bern.addWorkingDays('2200-12-20', 20)).toThrow(RangeError);
    expect(() => bern.subtractWorkingDays('1900-01-10', 20)).toThrow(RangeError);
    expect(() => bern.countWorkingDays('2026-02-01', '2026-01-01')).toThrow(RangeError);
    expect(() => bern.addWorkingDays('2026-02-01', -1)).toThrow(RangeError);
    expect(() => bern.addWorkingDays('2026-02-01', 0.3)).toThrow(RangeError);
  });
});

describe('working weekdays and public holidays', () => {
  it('counts a four-day week (Monday to Thursday) and skips the region’s holidays', () => {
    const rules = rulesOf(since({ ...zurich, workingWeekdays: [1, 2, 3, 4] }));
    // 2029-04-30 is a Monday; 1 May (Tuesday) is Zürich's holiday here
    expect(rules.countWorkingDays('2029-04-30', '2029-05-07')).toBe(3);
    expect(rules.isWorkingDay('2029-05-03')).toBe(true);
    expect(rules.isWorkingDay('2029-05-04')).toBe(false);
    expect(rules.addWorkingDays('2029-04-30', 4)).toBe('2029-05-08');
    expect(rules.nextWorkingDay('2029-05-04')).toBe('2029-05-07');
  });

  it('lists the holidays of the calendar’s region, those on a weekend too', () => {
    const rules = rulesOf(since(zurich));
    // 2027-05-01 is a Saturday
    expect(rules.workingDays('2027-04-26', '2027-05-03')).toEqual({
      days: 7,
      workingDaysCount: 5,
      notWorkingDays: ['2027-05-01', '2027-05-02'],
      publicHolidays: [{ date: '2027-05-01', name: 'Tag der Arbeit' }],
    });
  });
});

describe('company days', () => {
  const withDays = (...companyDays: CalendarDefinition['companyDays']) =>
    rulesOf(since({ ...zurich, companyDays }));

  it('closes a one-off day in its year only', () => {
    const rules = withDays({ date: '2026-12-24', kind: 'closed', yearly: false, name: 'Betriebsferien' });
    expect(rules.isWorkingDay('2026-12-24')).toBe(false);
    expect(rules.isWorkingDay('2027-12-24')).toBe(true);
    expect(rules.workingDays('2026-12-21', '2026-12-26').notWorkingDays).toEqual(['2026-12-24']);
  });

  it('closes a yearly day every year, on a weekday or not', () => {
    const rules = withDays({ date: '2020-12-24', kind: 'closed', yearly: true, name: 'Heiligabend' });
    for (const year of [1901, 2026, 2027, 2199]) expect(rules.isWorkingDay(`${year}-12-24`)).toBe(false);
    // 2028-12-24 is a Sunday: nothing more closes that week
    expect(rules.countWorkingDays('2028-12-18', '2028-12-25')).toBe(5);
  });

  it('closes a yearly 29 February in leap years only', () => {
    const rules = withDays({ date: '2024-02-29', kind: 'closed', yearly: true, name: 'Schalttag' });
    expect(rules.isWorkingDay('2028-02-29')).toBe(false);
    expect(rules.countWorkingDays('2027-02-22', '2027-03-08')).toBe(10);
    expect(rules.isWorkingDay('2100-03-01')).toBe(true);
  });

  it('counts a half day ½ and adds and subtracts in halves', () => {
    const rules = withDays({ date: '2026-12-24', kind: 'half', yearly: false, name: 'Heiligabend' });
    expect(rules.countWorkingDays('2026-12-21', '2026-12-25')).toBe(3.5);
    expect(rules.isWorkingDay('2026-12-24')).toBe(true);
    expect(rules.workingDays('2026-12-21', '2026-12-28')).toMatchObject({ workingDaysCount: 4.5, days: 7 });
    expect(rules.addWorkingDays('2026-12-21', 3.5)).toBe('2026-12-25');
    expect(rules.addWorkingDays('2026-12-21', 3)).toBe('2026-12-24');
    expect(rules.addWorkingDays('2026-12-21', 4)).toBe('2026-12-26');
    expect(rules.subtractWorkingDays('2026-12-25', 0.5)).toBe('2026-12-24');
    expect(rules.subtractWorkingDays('2026-12-25', 1)).toBe('2026-12-23');
    expect(rules.moveKeepingDuration('2026-12-21', '2026-12-25', '2026-12-22')).toBe('2026-12-26');
  });

  it('keeps a half day on a holiday or a weekend closed, and a closed day beats a half one', () => {
    const rules = withDays(
      { date: '2027-01-01', kind: 'half', yearly: false, name: 'Neujahr' },
      { date: '2027-01-02', kind: 'half', yearly: false, name: 'Samstag' },
      { date: '2027-01-04', kind: 'half', yearly: false, name: 'halb' },
      { date: '2027-01-04', kind: 'closed', yearly: false, name: 'zu' },
    );
    expect(rules.countWorkingDays('2027-01-01', '2027-01-05')).toBe(0);
  });
});

describe('exceptions', () => {
  it('makes a Saturday, a holiday and a closed company day full working days', () => {
    const rules = rulesOf(
      since({
        ...zurich,
        companyDays: [{ date: '2026-12-28', kind: 'closed', yearly: true, name: 'Brücke' }],
        exceptions: [
          { date: '2026-12-26', name: 'Inventur' },
          { date: '2027-01-01', name: 'Jahresabschluss' },
          { date: '2026-12-28', name: 'doch offen' },
        ],
      }),
    );
    expect(rules.workingDays('2026-12-26', '2027-01-02')).toEqual({
      days: 7,
      workingDaysCount: 6,
      notWorkingDays: ['2026-12-27'],
      publicHolidays: [{ date: '2027-01-01', name: 'Neujahr' }],
    });
    expect(rules.isWorkingDay('2027-12-28')).toBe(false);
  });
});

describe('effective dates', () => {
  const fourDays: CalendarDefinition = { ...zurich, workingWeekdays: [1, 2, 3, 4] };
  const threeDays: CalendarDefinition = { ...zurich, workingWeekdays: [1, 2, 3] };

  it('applies a change from its effective date, the old version before it', () => {
    // 2026-03-02 is a Monday; four-day weeks from Wednesday 2026-03-11
    const rules = rulesOf(since(zurich), { effectiveFrom: '2026-03-11', definition: fourDays });
    expect(rules.countWorkingDays('2026-03-02', '2026-03-09')).toBe(5);
    expect(rules.countWorkingDays('2026-03-09', '2026-03-16')).toBe(4);
    expect(rules.countWorkingDays('2026-03-16', '2026-03-23')).toBe(4);
    expect(rules.addWorkingDays('2026-03-02', 9)).toBe('2026-03-13');
    expect(rules.subtractWorkingDays('2026-03-13', 9)).toBe('2026-03-02');
    expect(rules.isWorkingDay('2026-03-06')).toBe(true);
    expect(rules.isWorkingDay('2026-03-13')).toBe(false);
  });

  it('applies three versions, each to its own days, across years', () => {
    const rules = rulesOf(
      since(zurich),
      { effectiveFrom: '2026-12-28', definition: fourDays },
      { effectiveFrom: '2027-01-06', definition: threeDays },
    );
    // weeks from 2026-12-21: 5, then 4 (Monday to Thursday), then 2 + 1 (three days from Wednesday), then 3
    expect(rules.countWorkingDays('2026-12-21', '2027-01-18')).toBe(5 + 4 + 3 + 3);
    expect(rules.countWorkingDays('2026-12-21', '2026-12-28')).toBe(5);
    expect(rules.workingDays('2027-01-04', '2027-01-11').notWorkingDays).toEqual([
      '2027-01-07',
      '2027-01-08',
      '2027-01-09',
      '2027-01-10',
    ]);
  });

  it('lists a holiday under the region in force on its day', () => {
    const rules = rulesOf(since(zurich), { effectiveFrom: '2027-03-01', definition: bernDefinition });
    const names = rules.workingDays('2027-01-01', '2028-01-03').publicHolidays.map(({ name }) => name);
    expect(names).toEqual([
      'Neujahr',
      'Karfreitag',
      'Ostermontag',
      'Auffahrt',
      'Pfingstmontag',
      'Bundesfeier',
      'Weihnachten',
      'Stephanstag',
      'Neujahr',
      'Berchtoldstag',
    ]);
  });

  it('lets a later change with the same date replace the earlier, and the first version apply since always', () => {
    const replaced = rulesOf(
      since(zurich),
      { effectiveFrom: '2026-03-09', definition: threeDays },
      { effectiveFrom: '2026-03-09', definition: fourDays },
    );
    expect(replaced.countWorkingDays('2026-03-09', '2026-03-16')).toBe(4);
    const unordered = rulesOf({ effectiveFrom: '2026-03-09', definition: fourDays }, since(zurich));
    expect(unordered.countWorkingDays('2026-03-02', '2026-03-16')).toBe(9);
    const firstDated = rulesOf({ effectiveFrom: '2026-03-09', definition: fourDays });
    expect(firstDated.countWorkingDays('1950-01-02', '1950-01-09')).toBe(4);
  });

  it('answers a change mid-range as the sum of its parts', () => {
    const rules = rulesOf(since(zurich), { effectiveFrom: '2030-07-01', definition: threeDays });
    const next = seeded(7);
    for (let i = 0; i < 60; i++) {
      const from = addDays('2029-01-01', Math.floor(next() * 900));
      const to = addDays(from, Math.floor(next() * 900));
      const days = Array.from({ length: toDayNumber(to) - toDayNumber(from) }, (_, d) => addDays(from, d));
      expect(rules.countWorkingDays(from, to)).toBe(days.filter((day) => rules.isWorkingDay(day)).length);
    }
  });

  it('needs at least one version', () => {
    expect(() => calendarRules([], fewHolidays)).toThrow(RangeError);
  });
});
