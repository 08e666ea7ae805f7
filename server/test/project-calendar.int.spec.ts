import { bernDefinition } from '@fahrplan/contracts';
import type { CalendarDefinition, ProjectCalendarView } from '@fahrplan/contracts';
import { adminApi, clockedRun, justAfter } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { TestClock, uniqueName } from '../src/testing/platform';

/*
 * Issue 24, GET /api/groups/:id/calendar: the calendar a project plans on, so that the console of a
 * tenant a project is shared with counts its durations on the owner's calendar, read-only, and learns
 * nothing of the owner's other calendars.
 */
const clock = new TestClock();
const platform = platformForSuite(clock);
const api = adminApi(() => platform);
const { read } = api;
const run = clockedRun(api.run, clock);

const fourDays: CalendarDefinition = { ...bernDefinition, region: 'ZH', workingWeekdays: [1, 2, 3, 4] };

const calendarOf = async (project: number | string, position: number, token = platform.admin, query = '') => {
  const { status, body } = await read(`/api/groups/${project}/calendar${query}`, position, token);
  return { status, body: body as ProjectCalendarView };
};

describe('GET /api/groups/:id/calendar', () => {
  it('answers the own project’s calendar, the default where it names none, 404 for an unknown project', async () => {
    const calendar = await run('SaveCalendar', { name: uniqueName('Vier Tage'), definition: fourDays });
    const onFour = await run('SaveGroup', { title: uniqueName('Own'), calendar: calendar.id });
    const onDefault = await run('SaveGroup', { title: uniqueName('Default') });

    expect(await calendarOf(onFour.id, onDefault.position)).toEqual({
      status: 200,
      body: {
        id: calendar.id,
        name: expect.stringContaining('Vier Tage'),
        versions: [{ effectiveFrom: null, definition: fourDays }],
      },
    });
    expect(await calendarOf(onDefault.id, onDefault.position)).toMatchObject({
      status: 200,
      body: { id: 0, versions: [{ effectiveFrom: null, definition: bernDefinition }] },
    });
    // as of an instant before a change of the calendar: its versions then
    const closing = {
      ...fourDays,
      companyDays: [{ date: '2033-01-03', kind: 'closed', yearly: false, name: 'Inventory' }],
    };
    const changed = await run('SaveCalendar', {
      id: calendar.id,
      version: calendar.version,
      name: uniqueName('Vier Tage, geändert'),
      definition: closing,
      effectiveFrom: '2033-01-01',
    });
    expect((await calendarOf(onFour.id, changed.position)).body.versions).toHaveLength(2);
    const asOf = `?asOf=${justAfter(onDefault)}`;
    expect((await calendarOf(onFour.id, changed.position, platform.admin, asOf)).body).toMatchObject({
      id: calendar.id,
      versions: [{ effectiveFrom: null, definition: fourDays }],
    });
    for (const unknown of [1_999_999_999, 'abc'])
      expect((await calendarOf(unknown, onDefault.position)).status).toBe(404);
  });

  it('gives a tenant the owner’s calendar of a project shared with it once accepted, and nothing else of the owner', async () => {
    const calendar = await run('SaveCalendar', { name: uniqueName('Owner’s'), definition: fourDays });
    const shared = await run('SaveGroup', { title: uniqueName('Shared'), calendar: calendar.id });
    const unshared = await run('SaveGroup', { title: uniqueName('Unshared'), calendar: calendar.id });
    const offered = await run('ShareProject', { id: shared.id, tenant: 'other' });
    const other = platform.otherAdmin;

    // pending: the other tenant sees nothing of it
    expect((await calendarOf(shared.id, offered.position, other)).status).toBe(404);
    const accepted = await run('AcceptProjectShare', { id: shared.id }, other);

    expect(await calendarOf(shared.id, accepted.position, other)).toEqual({
      status: 200,
      body: {
        id: calendar.id,
        name: expect.any(String),
        versions: [{ effectiveFrom: null, definition: fourDays }],
      },
    });
    // not its other projects' calendars, nor the owner's calendar by id (that is the other tenant's own list)
    expect((await calendarOf(unshared.id, accepted.position, other)).status).toBe(404);
    expect((await read(`/api/calendars/${calendar.id}`, accepted.position, other)).status).toBe(404);

    // revoked: 404 again
    const revoked = await run('UnshareProject', { id: shared.id, tenant: 'other' });
    expect((await calendarOf(shared.id, revoked.position, other)).status).toBe(404);
  });

  it('needs VIEW on calendars, projects or items', async () => {
    const project = await run('SaveGroup', { title: uniqueName('Guarded') });
    const blind = await api.userWith({ 'application-details': ['VIEW'] });
    expect((await calendarOf(project.id, project.position, blind)).status).toBe(403);
    const planner = await api.userWith({ items: ['VIEW'] });
    expect((await calendarOf(project.id, project.position, planner)).status).toBe(200);
  }, 60_000);
});
