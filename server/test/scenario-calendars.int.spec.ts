import type { GroupView, Page, ScenarioDiff } from '@fahrplan/contracts';
import { zurichCalendar } from '@fahrplan/projection-service/testing';
import { adminApi, clockedRun } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { TestClock, uniqueName } from '../src/testing/platform';

/*
 * Issue 24 in issue 22's scenarios, through the one-process platform and real HTTP: the diff's effort
 * counts each task on its project's calendar, live and in the scenario (where a project may change
 * calendar), and the scenario's portfolio sorts by each project's duration on its calendar there.
 * Zürich's calendar keeps 1 May (a working day in Bern), has a half day on 8 March and is closed on
 * 9 March 2034.
 */
const clock = new TestClock();
const platform = platformForSuite(clock);
const api = adminApi(() => platform);
const { read } = api;
const run = clockedRun(api.run, clock);

const zurich = zurichCalendar('2034-03-08', '2034-03-09');

const inScenario = (scenario: number) => ({ 'x-fahrplan-scenario': String(scenario) });

const answer = async <T>(path: string, position: number) => {
  const reply = await read(path, position);
  expect({ path, status: reply.status }).toEqual({ path, status: 200 });
  return reply.body as T;
};

describe('a scenario’s diff and portfolio on the projects’ calendars', () => {
  it('counts each task on its project’s calendar, live and as the scenario has it, and sorts so', async () => {
    const name = uniqueName('Zürich');
    const calendar = await run('SaveCalendar', { name, definition: zurich });
    const scenario = await run('CreateScenario', { name: uniqueName('Back to Bern') });
    const effort = async (position: number) => {
      const { totals } = await answer<ScenarioDiff>(`/api/scenarios/${scenario.id}/diff`, position);
      return { live: totals.against.effortWorkingDays, scenario: totals.scenario.effortWorkingDays };
    };
    const before = await effort(scenario.position);

    const tag = uniqueName('Office');
    const project = (title: string, end: string, calendarId?: number) =>
      run('SaveGroup', {
        title: `${tag} ${title}`,
        start: '2034-03-06',
        end,
        ...(calendarId === undefined ? {} : { calendar: calendarId }),
      });
    // durations: Zürich 3.5 (Bern 5), Bern 4
    const onZurich = await project('Zürich', '2034-03-13', calendar.id);
    const onBern = await project('Bern', '2034-03-10');
    const task = (group: number, start: string, end: string) =>
      run('SaveItem', { title: uniqueName('Task'), group, subgroup: 'tasks', start, end });
    // on Zürich 8 (1 May) and 3.5; on Bern 9 and 5
    const long = await task(onZurich.id, '2034-04-24T00:00', '2034-05-05T00:00');
    await task(onZurich.id, '2034-03-06T00:00', '2034-03-13T00:00');
    await task(onBern.id, '2034-04-24T00:00', '2034-05-05T00:00');
    const last = await task(onBern.id, '2034-03-06T00:00', '2034-03-13T00:00');

    const live = await effort(last.position);
    expect(live.live - before.live).toBe(8 + 3.5 + 9 + 5);
    expect(live.scenario).toBe(live.live);

    // in the scenario the Zürich project plans on Bern's calendar, and its long task ends a week later
    const moved = await api.run(
      'SaveGroup',
      { id: onZurich.id, version: onZurich.version, calendar: 0 },
      platform.admin,
      inScenario(scenario.id),
    );
    const switched = await effort(moved.position);
    expect(switched.live).toBe(live.live);
    expect(switched.scenario - live.live).toBe(9 + 5 - (8 + 3.5));
    const longer = await api.run(
      'SaveItem',
      { id: long.id, version: long.version, end: '2034-05-12T00:00' },
      platform.admin,
      inScenario(scenario.id),
    );
    expect((await effort(longer.position)).scenario - live.live).toBe(14 + 5 - (8 + 3.5));

    // a live change of the calendar counts live at once; the scenario's project is on Bern there
    const closed = await run('SaveCalendar', {
      id: calendar.id,
      version: calendar.version,
      name,
      effectiveFrom: '2034-04-01',
      definition: {
        ...zurich,
        companyDays: [{ date: '2034-04-27', kind: 'closed', yearly: false, name: 'Inventur' }],
      },
    });
    const changed = await effort(closed.position);
    expect(changed.live - live.live).toBe(-1);
    expect(changed.scenario - changed.live).toBe(14 + 5 - (7 + 3.5));

    const sorted = async (suffix: string, position: number) =>
      (
        await answer<Page<GroupView>>(
          `/api/groups?q=${encodeURIComponent(tag)}&sort=duration${suffix}`,
          position,
        )
      ).items.map(({ id, duration }) => ({ id, duration }));
    expect(await sorted('', closed.position)).toEqual([
      { id: onZurich.id, duration: 3.5 },
      { id: onBern.id, duration: 4 },
    ]);
    expect(await sorted(`&scenario=${scenario.id}`, closed.position)).toEqual([
      { id: onBern.id, duration: 4 },
      { id: onZurich.id, duration: 5 },
    ]);
  }, 60_000);
});
