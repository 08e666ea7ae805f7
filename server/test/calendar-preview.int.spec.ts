import { bernDefinition } from '@fahrplan/contracts';
import type { CalendarDefinition, CalendarPreviewAnswer, CompanyDay } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { storedSince, uniqueName } from '../src/testing/platform';

/*
 * Issue 24's impact preview through the one-process platform and real HTTP: POST
 * /api/calendars/<id>/preview with a proposed change or a project's switch answers what it would do to
 * the plan, and stores nothing. Each test plans in 2031 in calendars and projects of its own.
 */
const platform = platformForSuite();
const { run, read } = adminApi(() => platform);

// Wednesday 6 August 2031: a working day in Bern
const closingDay = '2031-08-06';
const day = (date: string, kind: CompanyDay['kind'] = 'closed'): CompanyDay => ({
  date,
  kind,
  yearly: false,
  name: 'Betriebsausflug',
});
const withDays = (...days: CompanyDay[]): CalendarDefinition => ({ ...bernDefinition, companyDays: days });

const aCalendar = (definition: CalendarDefinition = bernDefinition) =>
  run('SaveCalendar', { name: uniqueName('Calendar'), definition });
const aProject = (calendar: number, fields: Record<string, unknown> = {}) =>
  run('SaveGroup', {
    title: uniqueName('Project'),
    start: '2031-08-01',
    end: '2031-08-31',
    calendar,
    ...fields,
  });
const anItem = (group: number, start: string, end: string | null) =>
  run('SaveItem', {
    title: uniqueName(end === null ? 'Milestone' : 'Task'),
    group,
    subgroup: end === null ? 'milestones' : 'tasks',
    start: `${start}T00:00`,
    end: end === null ? null : `${end}T00:00`,
  });

/** The preview of `body` for calendar `id`, once the read models passed `position`; nothing stored. */
const preview = async (id: number, body: unknown, position: number, query = '', token = platform.admin) => {
  const before = await platform.embedded.store.headPosition();
  const reply = await platform.api.send('POST', `/api/calendars/${id}/preview${query}`, {
    token,
    json: body,
    headers: { 'x-fahrplan-after': String(position) },
  });
  expect(await storedSince(platform.embedded, before)).toEqual([]);
  return reply;
};
const answerOf = async (id: number, body: unknown, position: number, query = '') => {
  const reply = await preview(id, body, position, query);
  expect({ status: reply.status, body: reply.body }).toEqual({ status: 200, body: expect.anything() });
  return reply.body as CalendarPreviewAnswer;
};

describe('POST /api/calendars/<id>/preview of a change', () => {
  it('a company closing day names exactly the tasks spanning it, with their working days before and after', async () => {
    const calendar = await aCalendar();
    const project = await aProject(calendar.id);
    const spanning = await anItem(project.id, '2031-08-04', '2031-08-09');
    const other = await anItem(project.id, '2031-08-07', '2031-08-12');
    await anItem(project.id, closingDay, null);
    // the same dates in a project on another calendar: not reached
    const elsewhere = await aProject((await aCalendar()).id);
    const last = await anItem(elsewhere.id, '2031-08-04', '2031-08-09');

    const answer = await answerOf(
      calendar.id,
      { effectiveFrom: '2031-01-01', definition: withDays(day(closingDay)) },
      last.position,
    );
    expect(answer.changedDays).toEqual([{ date: closingDay, before: 1, after: 0 }]);
    expect(answer.changedDayCount).toBe(1);
    expect(answer.items).toEqual([
      expect.objectContaining({ id: spanning.id, project: project.id, before: 5, after: 4 }),
    ]);
    expect(answer.items.map((i) => i.id)).not.toContain(other.id);
    expect(answer.totals).toEqual({ projects: 1, items: 1, delta: -1 });
    expect(answer.projects).toEqual([
      { project: project.id, title: expect.stringContaining('Project'), items: 1, delta: -1 },
    ]);
    expect(answer.nextCursor).toBeNull();
    expect(answer.milestones).toEqual([]);
  });

  it('a half day counts ½', async () => {
    const calendar = await aCalendar();
    const project = await aProject(calendar.id);
    const task = await anItem(project.id, '2031-08-04', '2031-08-09');
    const answer = await answerOf(
      calendar.id,
      { effectiveFrom: '2031-01-01', definition: withDays(day(closingDay, 'half')) },
      task.position,
    );
    expect(answer.changedDays).toEqual([{ date: closingDay, before: 1, after: 0.5 }]);
    expect(answer.items).toEqual([expect.objectContaining({ id: task.id, before: 5, after: 4.5 })]);
    expect(answer.totals.delta).toBe(-0.5);
  });

  it('a change effective after an item leaves it unchanged', async () => {
    const calendar = await aCalendar();
    const project = await aProject(calendar.id);
    const task = await anItem(project.id, '2031-08-04', '2031-08-09');
    const answer = await answerOf(
      calendar.id,
      { effectiveFrom: '2031-08-07', definition: withDays(day(closingDay), day('2031-08-13')) },
      task.position,
    );
    expect(answer.changedDays).toEqual([{ date: '2031-08-13', before: 1, after: 0 }]);
    expect(answer.items).toEqual([]);
    expect(answer.totals).toEqual({ projects: 0, items: 0, delta: 0 });
  });

  it('names the milestones automatic scheduling would move, old → new', async () => {
    const calendar = await aCalendar();
    const project = await aProject(calendar.id, { scheduling: 'automatic' });
    const task = await anItem(project.id, '2031-08-04', '2031-08-09');
    const milestone = await anItem(project.id, '2031-08-11', null);
    const last = await run('AddDependency', { predecessor: task.id, successor: milestone.id });
    const answer = await answerOf(
      calendar.id,
      { effectiveFrom: '2031-01-01', definition: withDays(day(closingDay)) },
      last.position,
    );
    // the task keeps its 5 working days, so it ends a day later, and the milestone follows
    expect(answer.milestones).toEqual([
      expect.objectContaining({
        id: milestone.id,
        project: project.id,
        before: '2031-08-11T00:00',
        after: '2031-08-12T00:00',
      }),
    ]);
    expect(answer.milestonesComplete).toBe(true);
  });

  it('pages the affected items by project and id', async () => {
    const calendar = await aCalendar();
    const project = await aProject(calendar.id);
    const tasks = [];
    for (let i = 0; i < 3; i++) tasks.push(await anItem(project.id, '2031-08-05', '2031-08-08'));
    const body = { effectiveFrom: '2031-01-01', definition: withDays(day(closingDay)) };
    const first = await answerOf(calendar.id, body, tasks[2]!.position, '?limit=2');
    expect(first.items.map((i) => i.id)).toEqual([tasks[0]!.id, tasks[1]!.id]);
    expect(first.totals.items).toBe(3);
    const second = await answerOf(
      calendar.id,
      body,
      tasks[2]!.position,
      `?limit=2&cursor=${first.nextCursor}`,
    );
    expect(second.items.map((i) => i.id)).toEqual([tasks[2]!.id]);
    expect(second.nextCursor).toBeNull();
    expect((await preview(calendar.id, body, 0, '?cursor=nonsense')).status).toBe(400);
  });
});

describe('POST /api/calendars/<id>/preview of a project switching calendar', () => {
  it("names the project's items whose working days differ under the new calendar", async () => {
    const project = await aProject(0);
    const spanning = await anItem(project.id, '2031-08-04', '2031-08-09');
    await anItem(project.id, '2031-08-11', '2031-08-13');
    const target = await aCalendar(withDays(day(closingDay)));
    const answer = await answerOf(target.id, { project: project.id }, target.position);
    expect(answer.changedDays).toEqual([{ date: closingDay, before: 1, after: 0 }]);
    expect(answer.items).toEqual([expect.objectContaining({ id: spanning.id, before: 5, after: 4 })]);
    expect(answer.totals).toEqual({ projects: 1, items: 1, delta: -1 });
  });
});

describe('POST /api/calendars/<id>/preview refuses', () => {
  const change = { effectiveFrom: '2031-01-01', definition: withDays(day(closingDay)) };

  it('a bad body with 400 naming the field', async () => {
    const calendar = await aCalendar();
    const bad = await preview(
      calendar.id,
      { effectiveFrom: '6.8.2031', definition: bernDefinition },
      calendar.position,
    );
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: { field: string }[] }).errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'effectiveFrom' })]),
    );
    expect((await preview(calendar.id, { ...change, project: 1 }, calendar.position)).status).toBe(400);
    expect((await preview(calendar.id, {}, calendar.position)).status).toBe(400);
  });

  it("an unknown calendar, an unknown project and another tenant's calendar with 404", async () => {
    const calendar = await aCalendar();
    expect((await preview(calendar.id + 100_000, change, calendar.position)).status).toBe(404);
    expect((await preview(calendar.id, { project: calendar.id + 100_000 }, calendar.position)).status).toBe(
      404,
    );
    const reply = await preview(calendar.id, change, calendar.position, '', platform.otherAdmin);
    expect(reply.status).toBe(404);
    expect((await read(`/api/calendars/${calendar.id}`, calendar.position, platform.otherAdmin)).status).toBe(
      404,
    );
  });
});
