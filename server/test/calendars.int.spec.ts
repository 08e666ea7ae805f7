import { bernDefinition } from '@fahrplan/contracts';
import type { CalendarDefinition, CalendarView } from '@fahrplan/contracts';
import { adminApi, clockedRun, justAfter } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { TestClock, uniqueName } from '../src/testing/platform';

/*
 * Issue 24, calendars as records through the real embedded app: SaveCalendar and DeleteCalendar, the
 * default calendar that exists without events, a project's and a resource's calendar, the queries with
 * `usedBy`, `?asOf=` answering an older version and History listing the change.
 */
const clock = new TestClock();
const platform = platformForSuite(clock);

const api = adminApi(() => platform);
const { refused, read, userWith } = api;
const run = clockedRun(api.run, clock);

const zurich: CalendarDefinition = { ...bernDefinition, region: 'ZH' };
const closing: CalendarDefinition = {
  ...zurich,
  companyDays: [{ date: '2031-12-29', kind: 'closed', yearly: false, name: 'Inventory' }],
};

// users hash their passwords at OWASP cost: made once, not per test
let reader: string;
let blind: string;
beforeAll(async () => {
  reader = await userWith({ calendars: ['VIEW'] });
  blind = await userWith({ 'application-details': ['VIEW'] });
}, 60_000);

const calendars = async (position: number, query = 'limit=1000', token = platform.admin) => {
  const { status, body } = await read(`/api/calendars?${query}`, position, token);
  expect(status).toBe(200);
  return body as { items: CalendarView[]; nextCursor: string | null };
};
const calendar = async (id: number, position: number, query = '') =>
  (await read(`/api/calendars/${id}${query}`, position)).body as CalendarView;

describe('the default calendar', () => {
  it('exists without events as Bern at version -1, first in the list, and cannot be deleted', async () => {
    const first = await calendars(0, 'limit=1');
    expect(first.items).toEqual([
      {
        id: 0,
        name: 'Bern',
        version: -1,
        versions: [{ effectiveFrom: null, definition: bernDefinition }],
        usedBy: { projects: expect.any(Number), resources: expect.any(Number) },
      },
    ]);
    expect((await calendar(0, 0)).version).toBe(-1);
    const refusal = await refused('DeleteCalendar', { id: 0, version: -1 }, 409);
    expect(refusal.body.detail).toBe('the default calendar cannot be deleted');
  });

  it('pages with the others before its first change: a cursor after it leads on to the stored ones', async () => {
    const made = await run('SaveCalendar', { name: uniqueName('Cal'), definition: zurich });
    const first = await calendars(made.position, 'limit=1');
    expect(first.items.map((c) => [c.id, c.version])).toEqual([[0, -1]]);
    expect(first.nextCursor).not.toBeNull();
    const rest = await calendars(made.position, `limit=1000&cursor=${first.nextCursor}`);
    expect(rest.items.map((c) => c.id)).toContain(made.id);
    expect(rest.items.map((c) => c.id)).not.toContain(0);
  });

  it('counts projects saved without a calendar as its users', async () => {
    const before = (await calendar(0, 0)).usedBy.projects;
    const project = await run('SaveGroup', { title: uniqueName('Project') });
    expect((await read(`/api/groups/${project.id}`, project.position)).body).toMatchObject({ calendar: 0 });
    expect((await calendar(0, project.position)).usedBy.projects).toBe(before + 1);
  });
});

describe('SaveCalendar and DeleteCalendar over HTTP', () => {
  it('creates, renames and changes a calendar from a date; as of before the change it answers the older version; History lists the change', async () => {
    const name = uniqueName('Zürich');
    const created = await run('SaveCalendar', { name: ` ${name} `, definition: zurich });
    expect(created).toMatchObject({ version: 0 });
    expect(await calendar(created.id, created.position)).toEqual({
      id: created.id,
      name,
      version: 0,
      versions: [{ effectiveFrom: null, definition: zurich }],
      usedBy: { projects: 0, resources: 0 },
    });

    const changed = await run('SaveCalendar', {
      id: created.id,
      version: 0,
      name: `${name} office`,
      definition: closing,
      effectiveFrom: '2031-12-01',
    });
    expect(changed.version).toBe(2);
    const now = await calendar(created.id, changed.position);
    expect(now).toMatchObject({
      name: `${name} office`,
      version: 2,
      versions: [
        { effectiveFrom: null, definition: zurich },
        { effectiveFrom: '2031-12-01', definition: closing },
      ],
    });
    const listed = (await calendars(changed.position)).items.find((c) => c.id === created.id);
    expect(listed).toEqual(now);

    const then = await calendar(created.id, changed.position, `?asOf=${justAfter(created)}`);
    expect(then).toMatchObject({ name, version: 0, versions: [{ effectiveFrom: null, definition: zurich }] });

    const history = await read(`/api/history/calendar/${created.id}`, changed.position);
    expect(history.status).toBe(200);
    expect(history.body.items.map((row: { event: string }) => row.event)).toEqual([
      'CalendarRenamed',
      'CalendarChanged',
      'CalendarCreated',
    ]);
    expect(history.body.items[1].changes).toEqual([expect.objectContaining({ field: 'versions' })]);
  });

  it('changes and renames the default calendar like any other, and History lists it', async () => {
    const current = await calendar(0, 0);
    const changed = await run('SaveCalendar', {
      id: 0,
      version: current.version,
      name: 'Bern office',
      definition: closing,
      effectiveFrom: '2031-12-01',
    });
    expect(changed.version).toBe(current.version + 2);
    expect((await calendar(0, changed.position)).name).toBe('Bern office');
    expect((await calendar(0, changed.position)).versions.at(-1)).toEqual({
      effectiveFrom: '2031-12-01',
      definition: closing,
    });
    // as of before its first change the default calendar is Bern again
    const then = await calendar(
      0,
      changed.position,
      `?asOf=${new Date(changed.at.getTime() - 30_000).toISOString()}`,
    );
    expect(then).toMatchObject({ name: 'Bern', version: -1, versions: current.versions });
    const history = await read('/api/history/calendar/0', changed.position);
    expect(history.body.items.map((row: { event: string }) => row.event)).toEqual([
      'CalendarRenamed',
      'CalendarChanged',
    ]);
    // another tenant's default calendar is its own
    const theirs = await read('/api/calendars/0', changed.position, platform.otherAdmin);
    expect(theirs.body).toMatchObject({
      version: -1,
      versions: [{ effectiveFrom: null, definition: bernDefinition }],
    });
  });

  it('refuses a stale version with 409, a bad definition and a change without its date with 400, storing nothing', async () => {
    const created = await run('SaveCalendar', { name: uniqueName('Cal'), definition: zurich });
    await run('SaveCalendar', { id: created.id, version: 0, name: uniqueName('Cal'), definition: zurich });
    const stale = await refused(
      'SaveCalendar',
      { id: created.id, version: 0, name: 'x', definition: zurich },
      409,
    );
    expect(stale.body).toMatchObject({ status: 409, currentVersion: 1 });
    await refused('DeleteCalendar', { id: created.id, version: 0 }, 409);

    for (const definition of [
      { ...zurich, region: 'XX' },
      { ...zurich, workingWeekdays: [] },
      { ...zurich, workingWeekdays: [1, 1] },
      { ...zurich, companyDays: [{ date: '2031-02-30', kind: 'closed', yearly: false, name: 'x' }] },
      { ...zurich, extra: true },
    ]) {
      const reply = await refused('SaveCalendar', { name: uniqueName('Cal'), definition }, 400);
      expect(reply.body.errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: expect.stringMatching(/^definition/) })]),
      );
    }
    const undated = await refused(
      'SaveCalendar',
      { id: created.id, version: 1, name: 'x', definition: closing },
      400,
    );
    expect(undated.body.errors).toEqual([expect.objectContaining({ field: 'effectiveFrom' })]);
    await refused('SaveCalendar', { name: 'x', definition: zurich, effectiveFrom: '2031-01-01' }, 400);
  });

  it('refuses to delete a calendar a project or a resource uses, deletes it once unused', async () => {
    const usedName = uniqueName('Cal');
    const used = await run('SaveCalendar', { name: usedName, definition: zurich });
    const project = await run('SaveGroup', { title: uniqueName('Project'), calendar: used.id });
    const resource = await run('SaveResource', { name: uniqueName('Res'), calendar: used.id, share: 80 });
    expect((await read(`/api/resources/${resource.id}`, resource.position)).body).toMatchObject({
      calendar: used.id,
      share: 80,
    });
    expect((await calendar(used.id, resource.position)).usedBy).toEqual({ projects: 1, resources: 1 });

    const inUse = await refused('DeleteCalendar', { id: used.id, version: 0 }, 409);
    expect(inUse.body).toMatchObject({ code: 'in-use', params: { what: 'calendar' } });
    await run('SaveGroup', { id: project.id, version: 0, calendar: 0 });
    await refused('DeleteCalendar', { id: used.id, version: 0 }, 409);
    const freed = await run('SaveResource', { id: resource.id, version: 0, name: 'Freed', calendar: null });
    expect((await calendar(used.id, freed.position)).usedBy).toEqual({ projects: 0, resources: 0 });

    const deleted = await run('DeleteCalendar', { id: used.id, version: 0 });
    expect((await read(`/api/calendars/${used.id}`, deleted.position)).status).toBe(404);
    expect((await calendars(deleted.position)).items.map((c) => c.id)).not.toContain(used.id);
    await refused('SaveGroup', { title: uniqueName('Project'), calendar: used.id }, 400);

    // the project's History names the calendars it had, the default one too
    const history = await read(`/api/history/group/${project.id}`, deleted.position);
    expect(history.body.items[0].changes).toEqual([{ field: 'calendar', before: used.id, after: 0 }]);
    expect(history.body.refs).toMatchObject({
      [`calendar:${used.id}`]: [expect.objectContaining({ name: usedName })],
      'calendar:0': expect.arrayContaining([expect.objectContaining({ position: 0, name: 'Bern' })]),
    });
  });

  it('refuses a project or resource naming a calendar the tenant does not have (400 on calendar), or a share outside 1–100', async () => {
    const theirs = await run(
      'SaveCalendar',
      { name: uniqueName('Theirs'), definition: zurich },
      platform.otherAdmin,
    );
    for (const id of [999_999_999, theirs.id]) {
      for (const [type, data] of [
        ['SaveGroup', { title: uniqueName('Project'), calendar: id }],
        ['SaveResource', { name: uniqueName('Res'), calendar: id }],
      ] as const) {
        const reply = await refused(type, data, 400);
        expect(reply.body).toMatchObject({
          detail: 'calendar not found',
          errors: [expect.objectContaining({ field: 'calendar', message: 'not found' })],
        });
      }
    }
    for (const share of [0, 101, 50.5])
      await refused('SaveResource', { name: uniqueName('Res'), share }, 400);
    expect((await read(`/api/calendars/${theirs.id}`, theirs.position)).status).toBe(404);
    await refused('SaveCalendar', { id: theirs.id, version: 0, name: 'mine', definition: zurich }, 404);
    await refused('DeleteCalendar', { id: theirs.id, version: 0 }, 404);
  });

  it('pages the list by id, the default first', async () => {
    const made = await run('SaveCalendar', { name: uniqueName('Cal'), definition: zurich });
    await run('SaveCalendar', { name: uniqueName('Cal'), definition: zurich });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await calendars(made.position, `limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen[0]).toBe(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual((await calendars(made.position)).items.map((c) => c.id));
  });

  it('needs calendars CREATE or EDIT to save, VIEW on calendars, projects or items to read', async () => {
    const created = await run('SaveCalendar', { name: uniqueName('Cal'), definition: zurich });
    for (const token of [platform.viewer, reader]) {
      await refused('SaveCalendar', { name: uniqueName('Cal'), definition: zurich }, 403, token);
      await refused(
        'SaveCalendar',
        { id: created.id, version: 0, name: 'x', definition: zurich },
        403,
        token,
      );
      await refused('DeleteCalendar', { id: created.id, version: 0 }, 403, token);
    }
    expect((await calendars(created.position, 'limit=1000', reader)).items.map((c) => c.id)).toContain(
      created.id,
    );
    expect((await read('/api/calendars', created.position, blind)).status).toBe(403);
    expect((await read(`/api/calendars/${created.id}`, created.position, blind)).status).toBe(403);
  });
});
