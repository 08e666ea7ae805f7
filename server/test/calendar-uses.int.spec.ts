import type { CalendarDefinition, CriticalPath } from '@fahrplan/contracts';
import { bernDefinition } from '@fahrplan/contracts';
import { adminApi, clockedRun } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { TestClock, aTask, uniqueName } from '../src/testing/platform';

/*
 * Issue 24 "who uses which", the remaining uses through the one-process platform and real HTTP: the
 * portfolio sorts by each project's duration on its calendar, and the critical path counts each item's
 * float in its project's calendar, not Bern's. Each calendar closes on Wednesday 3 March 2032, a
 * working day in Bern.
 */
const clock = new TestClock();
const platform = platformForSuite(clock);
const api = adminApi(() => platform);
const { read } = api;
const run = clockedRun(api.run, clock);

const closingDay: CalendarDefinition = {
  ...bernDefinition,
  companyDays: [{ date: '2032-03-03', kind: 'closed', yearly: false, name: 'Inventur' }],
};

describe('GET /api/groups?sort=duration on the projects’ calendars', () => {
  it('sorts by each project’s working days on its calendar, again when the calendar changes', async () => {
    const name = uniqueName('Umzug');
    const closed = await run('SaveCalendar', {
      name,
      definition: {
        ...closingDay,
        companyDays: ['01', '02', '03', '04'].map((day) => ({
          date: `2032-03-${day}`,
          kind: 'closed',
          yearly: false,
          name: 'Umzug',
        })),
      },
    });
    const tag = uniqueName('Sorted');
    // Bern: 10 and 7 working days; on the closing calendar the first has 6
    const first = await run('SaveGroup', {
      title: `${tag} A`,
      start: '2032-03-01',
      end: '2032-03-15',
      calendar: closed.id,
    });
    const second = await run('SaveGroup', { title: `${tag} B`, start: '2032-03-01', end: '2032-03-10' });
    const sorted = async (position: number) => {
      const reply = await read(`/api/groups?q=${encodeURIComponent(tag)}&sort=duration`, position);
      expect(reply.status).toBe(200);
      return (reply.body as { items: { id: number; duration: number }[] }).items.map(({ id, duration }) => ({
        id,
        duration,
      }));
    };

    expect(await sorted(second.position)).toEqual([
      { id: first.id, duration: 6 },
      { id: second.id, duration: 7 },
    ]);
    const reopened = await run('SaveCalendar', {
      id: closed.id,
      version: closed.version,
      name,
      definition: bernDefinition,
      effectiveFrom: '2032-01-01',
    });
    expect(await sorted(reopened.position)).toEqual([
      { id: second.id, duration: 7 },
      { id: first.id, duration: 10 },
    ]);
  });
});

describe('GET /api/schedule/critical-path on the projects’ calendars', () => {
  /** A task Monday 1 to Tuesday 2 March 2032 before a milestone on Friday 5, in a project on `calendar`. */
  const chain = async (calendar?: number) => {
    const project = await run('SaveGroup', {
      title: uniqueName('Project'),
      ...(calendar === undefined ? {} : { calendar }),
    });
    const task = await run(
      'SaveItem',
      aTask(project.id, { start: '2032-03-01T00:00', end: '2032-03-02T00:00' }),
    );
    const milestone = await run('SaveItem', {
      title: uniqueName('Go-live'),
      group: project.id,
      subgroup: 'milestones',
      start: '2032-03-05T00:00',
      end: null,
    });
    const last = await run('AddDependency', { predecessor: task.id, successor: milestone.id });
    const reply = await read(`/api/schedule/critical-path?to=${milestone.id}`, last.position);
    expect(reply.status).toBe(200);
    return { task, milestone, path: reply.body as CriticalPath };
  };

  it('counts the float in the working days of the project’s calendar, Bern’s for the default', async () => {
    const calendar = await run('SaveCalendar', { name: uniqueName('Inventur'), definition: closingDay });

    const own = await chain(calendar.id);
    const bern = await chain();

    // Tuesday to Friday: Tuesday, Wednesday and Thursday in Bern, without the closed Wednesday on its own
    expect(own.path.path).toEqual([
      { item: own.task.id, float: 2 },
      { item: own.milestone.id, float: 0 },
    ]);
    expect(bern.path.path).toEqual([
      { item: bern.task.id, float: 3 },
      { item: bern.milestone.id, float: 0 },
    ]);
  });
});
