import { describe, expect, it } from '@jest/globals';
import { englishT } from '../i18n/testing';
import { dayLabel, longDate, monthName, weekdayNames } from './dayLabels';
import type { YearDay } from './yearDays';

const t = englishT('calendars');
const day = (overrides: Partial<YearDay>): YearDay => ({
  date: '2026-05-01',
  weekday: 5,
  kind: 'working',
  holidays: [],
  companyDay: null,
  exception: null,
  restDay: false,
  ...overrides,
});

describe('the year view’s names', () => {
  it('names a day by its date, how much it is worked and why', () => {
    expect(dayLabel(day({}), t, 'en-GB')).toBe('Friday, 1 May 2026: working day');
    expect(dayLabel(day({ kind: 'closed', holidays: ['Labour Day'] }), t, 'en-GB')).toBe(
      'Friday, 1 May 2026: closed (Labour Day)',
    );
    expect(
      dayLabel(day({ date: '2026-05-02', weekday: 6, restDay: true, exception: 'Inventur' }), t, 'en-GB'),
    ).toBe('Saturday, 2 May 2026: working day (exception Inventur)');
    expect(dayLabel(day({ kind: 'half', companyDay: 'Heiligabend' }), t, 'en-GB')).toBe(
      'Friday, 1 May 2026: half day (company day Heiligabend)',
    );
    expect(dayLabel(day({ kind: 'closed', restDay: true }), t, 'en-GB')).toBe(
      'Friday, 1 May 2026: closed (not a working weekday)',
    );
  });

  it('speaks the language shown', () => {
    expect(longDate('2026-08-01', 'it-CH')).toMatch(/sabato,? 1 agosto 2026/);
    expect(monthName(2026, 8, 'fr-CH')).toBe('août 2026');
    expect(weekdayNames('de-CH')[0]).toMatch(/^Mo/);
    expect(weekdayNames('de-CH', 'long')[6]).toBe('Sonntag');
  });
});
