import type { CalendarHolidays } from '@fahrplan/contracts';
import { bernDefinition, calendarRules, countWorkingDays, holidaysOfAnswers } from '@fahrplan/contracts';
import { platformForSuite } from './support/platform-suite';

/*
 * Issue 24 through the one-process platform and real HTTP: the cantons' holidays the console builds
 * its calendars from, and the working days of a tenant's calendars.
 */
const platform = platformForSuite();

describe('GET /api/calendar/holidays', () => {
  const holidays = async (query: string) => {
    const reply = await platform.api.get(`/api/calendar/holidays?${query}`, platform.admin);
    return reply;
  };

  it('answers a canton’s public holidays of the years asked for, German or in the requested language', async () => {
    const zurich = await holidays('region=ZH&from=2026&to=2026');
    expect(zurich.status).toBe(200);
    const answer = zurich.body as CalendarHolidays;
    expect(answer).toMatchObject({ region: 'ZH', from: 2026, to: 2026 });
    expect(answer.holidays).toContainEqual({ date: '2026-05-01', name: 'Tag der Arbeit' });
    expect(answer.holidays.every(({ date }) => date.startsWith('2026-'))).toBe(true);

    const french = (await holidays('region=ZH&from=2026&to=2026&lang=fr-CH')).body as CalendarHolidays;
    expect(french.holidays.map(({ date }) => date)).toEqual(answer.holidays.map(({ date }) => date));
    expect(french.holidays).toContainEqual({ date: '2026-12-25', name: 'Noël' });
  });

  it('gives the console the rules the server computes: Bern over fifty years counts as §9', async () => {
    const reply = await holidays('region=BE&from=2000&to=2049');
    expect(reply.status).toBe(200);
    const rules = calendarRules(
      [{ effectiveFrom: null, definition: bernDefinition }],
      holidaysOfAnswers([reply.body as CalendarHolidays]),
    );
    expect(rules.countWorkingDays('2000-01-01', '2050-01-01')).toBe(
      countWorkingDays('2000-01-01', '2050-01-01'),
    );
    expect(() => rules.countWorkingDays('2049-12-01', '2050-02-01')).toThrow(RangeError);
  });

  it('refuses more than 50 years, a year outside 1900–2200, an unknown canton or language, a missing field', async () => {
    for (const query of [
      'region=BE&from=2000&to=2050',
      'region=BE&from=2001&to=2000',
      'region=BE&from=1899&to=1900',
      'region=BE&from=2200&to=2201',
      'region=XX&from=2000&to=2000',
      'region=BE&from=2000&to=2000&lang=es',
      'region=BE&from=2000',
      'region=BE&from=20O0&to=2000',
      'region=BE&region=ZH&from=2000&to=2000',
    ]) {
      const reply = await holidays(query);
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });
});
