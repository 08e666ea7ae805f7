import type { CalendarDefinition, CalendarHolidays, WorkingDays } from '@fahrplan/contracts';
import { bernDefinition, calendarRules, countWorkingDays, holidaysOfAnswers } from '@fahrplan/contracts';
import { adminApi, clockedRun, justAfter } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { TestClock, uniqueName } from '../src/testing/platform';

/*
 * Issue 24 through the one-process platform and real HTTP: the cantons' holidays the console builds
 * its calendars from, and the working days of a tenant's calendars.
 */
const clock = new TestClock();
const platform = platformForSuite(clock);
const api = adminApi(() => platform);
const { read } = api;
const run = clockedRun(api.run, clock);

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

describe('GET /api/calendar/working-days on a calendar or a project’s', () => {
  // Zürich, Monday to Thursday, closed on 2031-12-29, half a day on 2031-12-30
  const fourDays: CalendarDefinition = {
    region: 'ZH',
    workingWeekdays: [1, 2, 3, 4],
    companyDays: [
      { date: '2031-12-29', kind: 'closed', yearly: false, name: 'Inventur' },
      { date: '2031-12-30', kind: 'half', yearly: false, name: 'Apéro' },
    ],
    exceptions: [],
  };
  const days = async (query: string, position: number) => {
    const reply = await read(`/api/calendar/working-days?from=2031-12-22&to=2032-01-05&${query}`, position);
    expect({ query, status: reply.status }).toEqual({ query, status: 200 });
    return reply.body as WorkingDays;
  };

  it('answers the same shape from the calendar’s definition, by calendar and by project, and today’s for the default', async () => {
    const calendar = await run('SaveCalendar', { name: uniqueName('Vier Tage'), definition: fourDays });
    const project = await run('SaveGroup', { title: uniqueName('Project'), calendar: calendar.id });
    const byCalendar = await days(`calendar=${calendar.id}`, project.position);
    // 22–25 Dec: Mon–Thu, 25 a holiday: 3; 29 closed, 30 half, 31 Wed, 1 Jan a holiday: 1.5
    expect(byCalendar).toMatchObject({ days: 14, workingDaysCount: 4.5 });
    expect(byCalendar.notWorkingDays).toContain('2031-12-29');
    expect(byCalendar.notWorkingDays).not.toContain('2031-12-30');
    expect(byCalendar.publicHolidays.map(({ name }) => name)).toEqual([
      'Weihnachtstag',
      'Stephanstag',
      'Neujahr',
    ]);
    expect(await days(`project=${project.id}`, project.position)).toEqual(byCalendar);

    const bern = await days('', project.position);
    expect(bern.workingDaysCount).toBe(countWorkingDays('2031-12-22', '2032-01-05'));
    expect(await days('calendar=0', project.position)).toEqual(bern);
    const defaultProject = await run('SaveGroup', { title: uniqueName('Project') });
    expect(await days(`project=${defaultProject.id}`, defaultProject.position)).toEqual(bern);
  });

  it('answers as of an instant with the calendar’s version of then', async () => {
    const calendar = await run('SaveCalendar', { name: uniqueName('Vier Tage'), definition: fourDays });
    const changed = await run('SaveCalendar', {
      id: calendar.id,
      version: calendar.version,
      name: uniqueName('Fünf Tage'),
      definition: { ...fourDays, workingWeekdays: [1, 2, 3, 4, 5] },
      effectiveFrom: '2031-01-01',
    });
    expect((await days(`calendar=${calendar.id}`, changed.position)).workingDaysCount).toBe(5.5);
    const then = await days(`calendar=${calendar.id}&asOf=${justAfter(calendar)}`, changed.position);
    expect(then.workingDaysCount).toBe(4.5);
  });

  it('answers 404 for a calendar or a project the tenant does not have, 400 for both at once or a bad id', async () => {
    for (const [query, status] of [
      ['calendar=999999', 404],
      ['project=999999', 404],
      ['calendar=0&project=1', 400],
      ['calendar=x', 400],
      ['calendar=0&calendar=0', 400],
    ] as const) {
      const reply = await read(`/api/calendar/working-days?from=2031-12-22&to=2032-01-05&${query}`, 0);
      expect({ query, status: reply.status }).toEqual({ query, status });
    }
  });
});

describe('durations on the project’s calendar', () => {
  const fourDays: CalendarDefinition = { ...bernDefinition, workingWeekdays: [1, 2, 3, 4] };

  it('counts a project’s and its items’ working days (and an item’s workload) on the project’s calendar, the default’s as today', async () => {
    const calendar = await run('SaveCalendar', { name: uniqueName('Vier Tage'), definition: fourDays });
    const dates = { start: '2032-03-01', end: '2032-03-15' };
    const onFour = await run('SaveGroup', { title: uniqueName('Vier'), calendar: calendar.id, ...dates });
    const onBern = await run('SaveGroup', { title: uniqueName('Bern'), ...dates });
    const item = (group: number) =>
      run('SaveItem', {
        title: uniqueName('Task'),
        group,
        subgroup: 'tasks',
        start: '2032-03-01T00:00',
        end: '2032-03-15T00:00',
        effort: 4,
      });
    const [four, bern] = [await item(onFour.id), await item(onBern.id)];
    const project = async (id: number) =>
      (await read(`/api/groups/${id}`, bern.position)).body as { duration: number };
    expect((await project(onFour.id)).duration).toBe(8);
    expect((await project(onBern.id)).duration).toBe(10);
    const task = async (id: number) =>
      (await read(`/api/items/${id}`, bern.position)).body as { duration: number; workload: string };
    expect(await task(four.id)).toMatchObject({ duration: 8, workload: '0.5' });
    expect(await task(bern.id)).toMatchObject({ duration: 10, workload: '0.4' });
    const listed = (await read(`/api/items?group=${onFour.id}`, bern.position)).body as {
      items: { id: number; duration: number }[];
    };
    expect(listed.items).toEqual([expect.objectContaining({ id: four.id, duration: 8 })]);
    const portfolio = (await read(`/api/groups?q=${encodeURIComponent('Vier')}&limit=1000`, bern.position))
      .body as {
      items: { id: number; duration: number }[];
    };
    expect(portfolio.items.find(({ id }) => id === onFour.id)?.duration).toBe(8);
  });
});

describe('a new start keeps the working days on the project’s calendar', () => {
  const fourDays: CalendarDefinition = { ...bernDefinition, workingWeekdays: [1, 2, 3, 4] };

  it('moves a project’s and an item’s end by the calendar’s working days, the default’s as today', async () => {
    const calendar = await run('SaveCalendar', { name: uniqueName('Vier Tage'), definition: fourDays });
    // 2032-03-01 is a Monday: [1 Mar, 15 Mar) holds 8 working days Monday to Thursday
    const project = await run('SaveGroup', {
      title: uniqueName('Vier'),
      calendar: calendar.id,
      start: '2032-03-01',
      end: '2032-03-15',
    });
    const item = await run('SaveItem', {
      title: uniqueName('Task'),
      group: project.id,
      subgroup: 'tasks',
      start: '2032-03-01T00:00',
      end: '2032-03-15T08:00',
    });
    const moved = await run('SaveGroup', { id: project.id, version: project.version, start: '2032-03-08' });
    const movedItem = await run('SaveItem', {
      id: item.id,
      version: item.version,
      start: '2032-03-08T00:00',
    });
    // 8 working days from Monday 8 March, Monday to Thursday: the 18th is the last
    expect((await read(`/api/groups/${project.id}`, moved.position)).body).toMatchObject({
      end: '2032-03-19',
    });
    expect((await read(`/api/items/${item.id}`, movedItem.position)).body).toMatchObject({
      end: '2032-03-19T08:00',
      duration: 8,
    });

    const bern = await run('SaveGroup', {
      title: uniqueName('Bern'),
      start: '2032-03-01',
      end: '2032-03-15',
    });
    const bernMoved = await run('SaveGroup', { id: bern.id, version: bern.version, start: '2032-03-08' });
    expect((await read(`/api/groups/${bern.id}`, bernMoved.position)).body).toMatchObject({
      end: '2032-03-20',
    });
  });
});
