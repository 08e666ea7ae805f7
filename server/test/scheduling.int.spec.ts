import { randomUUID } from 'node:crypto';
import type { ItemView } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import { TestClock, aTask, startPlatform, storedSince, uniqueName } from '../src/testing/platform';
import type { Platform } from '../src/testing/platform';

/*
 * Issue 21 "Scheduling", server side, through the one-process platform: a Reschedule moves a chain
 * A → B → C of an automatic project in one command over the Bern calendar (Easter 2031: Good Friday
 * 11 April, Easter Monday 14 April), all or nothing, idempotent on retry, undone in one step; the
 * preview stores nothing; the critical path to the milestone. docs/design/scheduling.md.
 */
let platform: Platform;
const clock = new TestClock();
beforeAll(async () => {
  platform = await startPlatform(clock);
}, 30_000);
afterAll(async () => {
  await platform.stop();
});
const api = adminApi(() => platform);
const { run, refused, read } = api;

interface Move {
  item: number;
  version: number;
  start: string;
  end: string | null;
  before: { start: string; end: string | null };
}
type RescheduleReply = { id: number; version: number; position: number; moves: Move[] };

const reschedule = async (data: Record<string, unknown>): Promise<RescheduleReply> =>
  (await run('Reschedule', data)) as unknown as RescheduleReply;

const itemAt = async (id: number, position: number) => {
  const reply = await read(`/api/items/${id}`, position);
  expect(reply.status).toBe(200);
  return reply.body as ItemView;
};

/** What the read model stores of `items` once it passed `position`: dates and version. */
const stored = (items: readonly { id: number }[], position: number) =>
  Promise.all(
    items.map(async ({ id }) => {
      const { start, end, version } = await itemAt(id, position);
      return { item: id, start, end, version };
    }),
  );

/** A → B (finish-to-start) → C (a milestone, finish-to-start), planned back to back, in a project of `scheduling`. */
const aChain = async (scheduling?: 'automatic' | 'manual') => {
  const project = await run('SaveGroup', {
    title: uniqueName('Project'),
    start: '2031-04-01',
    end: '2031-05-31',
    ...(scheduling ? { scheduling } : {}),
  });
  const task = (title: string, start: string, end: string) =>
    run(
      'SaveItem',
      aTask(project.id, { title: uniqueName(title), start: `${start}T00:00`, end: `${end}T00:00` }),
    );
  const a = await task('Analyse', '2031-04-07', '2031-04-09');
  const b = await task('Build', '2031-04-09', '2031-04-11');
  const c = await run('SaveItem', {
    title: uniqueName('Go-live'),
    group: project.id,
    subgroup: 'milestones',
    start: '2031-04-15T00:00',
    end: null,
  });
  await run('AddDependency', { predecessor: a.id, successor: b.id });
  const last = await run('AddDependency', { predecessor: b.id, successor: c.id });
  return { project, a, b, c, position: last.position };
};

/** A one day later: Tuesday 8 to Wednesday 9 April (exclusive end 10 April). */
const moveA = (a: { id: number; version: number }) => ({
  item: a.id,
  version: a.version,
  start: '2031-04-08T00:00',
  end: '2031-04-10T00:00',
});

describe('Reschedule in an automatic project', () => {
  it('moves the whole chain in one command: B over Easter keeping its 2 working days, the milestone after it', async () => {
    const { a, b, c } = await aChain('automatic');

    const done = await reschedule({ id: randomUUID(), moves: [moveA(a)] });

    expect(done.moves.map(({ item, version, start, end }) => ({ item, version, start, end }))).toEqual([
      { item: a.id, version: 1, start: '2031-04-08T00:00', end: '2031-04-10T00:00' },
      { item: b.id, version: 1, start: '2031-04-10T00:00', end: '2031-04-16T00:00' },
      { item: c.id, version: 1, start: '2031-04-16T00:00', end: null },
    ]);
    expect(await stored([a, b, c], done.position)).toEqual(
      done.moves.map(({ item, version, start, end }) => ({ item, version, start, end })),
    );
  });

  it('previews the same moves and stores nothing', async () => {
    const { a, b, c } = await aChain('automatic');
    const before = await platform.embedded.store.headPosition();

    const reply = await platform.api.send('POST', '/api/commands/Reschedule/preview', {
      token: platform.admin,
      json: { moves: [moveA(a)] },
    });

    expect(reply.status).toBe(200);
    expect((reply.body as { moves: Move[] }).moves.map((m) => [m.item, m.start])).toEqual([
      [a.id, '2031-04-08T00:00'],
      [b.id, '2031-04-10T00:00'],
      [c.id, '2031-04-16T00:00'],
    ]);
    expect(await storedSince(platform.embedded, before)).toEqual([]);
  });

  it('refuses the whole change when one item was changed meanwhile, naming it, and stores nothing', async () => {
    const { a, b } = await aChain('automatic');
    const renamed = await run('SaveItem', { id: b.id, version: b.version, title: uniqueName('Build again') });

    const { body } = await refused(
      'Reschedule',
      {
        id: randomUUID(),
        moves: [
          moveA(a),
          { item: b.id, version: b.version, start: '2031-04-10T00:00', end: '2031-04-16T00:00' },
        ],
      },
      409,
    );

    const title = (await itemAt(b.id, renamed.position)).title;
    expect(body).toMatchObject({ code: 'schedule-conflict', params: { items: title } });
    expect(await itemAt(a.id, renamed.position)).toMatchObject({ start: '2031-04-07T00:00', version: 0 });
  });

  it('stores a retried reschedule once and answers it as before', async () => {
    const { a } = await aChain('automatic');
    const command = { id: randomUUID(), moves: [moveA(a)] };
    const first = await reschedule(command);
    const after = await platform.embedded.store.headPosition();

    const again = await reschedule(command);

    expect(again.moves).toEqual(first.moves);
    expect(await storedSince(platform.embedded, after)).toEqual([]);
  });

  it('undoes the whole reschedule in one step with the reverse moves', async () => {
    const { a, b, c } = await aChain('automatic');
    const done = await reschedule({ id: randomUUID(), moves: [moveA(a)] });

    const undone = await reschedule({
      id: randomUUID(),
      cascade: false,
      moves: done.moves.map((m) => ({ item: m.item, version: m.version, ...m.before })),
    });

    expect(undone.moves).toHaveLength(3);
    expect(await stored([a, b, c], undone.position)).toEqual([
      { item: a.id, start: '2031-04-07T00:00', end: '2031-04-09T00:00', version: 2 },
      { item: b.id, start: '2031-04-09T00:00', end: '2031-04-11T00:00', version: 2 },
      { item: c.id, start: '2031-04-15T00:00', end: null, version: 2 },
    ]);
  });
});

describe('Reschedule beside a project shared with the tenant', () => {
  /** Another tenant's automatic project, shared with demo and accepted, with one task of its own. */
  const sharedTask = async (start: string, end: string) => {
    const other = platform.otherAdmin;
    const project = await run(
      'SaveGroup',
      { title: uniqueName('Supplier'), start: '2031-04-01', end: '2031-05-31', scheduling: 'automatic' },
      other,
    );
    const task = await run(
      'SaveItem',
      aTask(project.id, { title: uniqueName('Supplier API'), start: `${start}T00:00`, end: `${end}T00:00` }),
      other,
    );
    await run('ShareProject', { id: project.id, tenant: 'demo' }, other);
    await run('AcceptProjectShare', { id: project.id });
    return task;
  };

  it('honours a dependency on a shared item: the successor waits for it, and the shared item stays', async () => {
    const { a, b, c } = await aChain('automatic');
    // the supplier delivers Tuesday 15 April (exclusive end Wednesday 16), after Easter Monday
    const supplier = await sharedTask('2031-04-07', '2031-04-16');
    await run('AddDependency', { predecessor: supplier.id, successor: b.id });

    const done = await reschedule({ id: randomUUID(), moves: [moveA(a)] });

    // without the supplier Build would start Thursday 10 April; it starts Wednesday 16 instead
    expect(done.moves.map(({ item, start, end }) => ({ item, start, end }))).toEqual([
      { item: a.id, start: '2031-04-08T00:00', end: '2031-04-10T00:00' },
      { item: b.id, start: '2031-04-16T00:00', end: '2031-04-18T00:00' },
      { item: c.id, start: '2031-04-18T00:00', end: null },
    ]);
    const preview = await platform.api.send('POST', '/api/commands/Reschedule/preview', {
      token: platform.admin,
      json: { moves: [{ ...moveA(a), version: 1, start: '2031-04-09T00:00', end: '2031-04-11T00:00' }] },
    });
    expect(preview.status).toBe(200);
    expect((preview.body as { moves: Move[] }).moves.map((m) => m.item)).not.toContain(supplier.id);
    const theirs = await read(`/api/items/${supplier.id}`, done.position, platform.otherAdmin);
    expect(theirs.body).toMatchObject({ start: '2031-04-07T00:00', end: '2031-04-16T00:00', version: 0 });
  });

  it('refuses to move a shared item as not found, storing nothing', async () => {
    const { b } = await aChain('automatic');
    const supplier = await sharedTask('2031-04-07', '2031-04-09');
    const linked = await run('AddDependency', { predecessor: supplier.id, successor: b.id });
    const before = await platform.embedded.store.headPosition();

    const { body } = await refused(
      'Reschedule',
      {
        id: randomUUID(),
        moves: [{ item: supplier.id, version: 0, start: '2031-04-08T00:00', end: '2031-04-10T00:00' }],
      },
      404,
    );

    expect(body).toMatchObject({ code: 'not-found' });
    expect(await storedSince(platform.embedded, before)).toEqual([]);
    expect(await itemAt(supplier.id, linked.position)).toMatchObject({
      start: '2031-04-07T00:00',
      version: 0,
    });
  });
});

describe('History and as-of', () => {
  it('show a project’s scheduling changing, and a reschedule’s dates from its instant on, all items at once', async () => {
    const { project, a, b, c } = await aChain();
    const automatic = await run('SaveGroup', {
      id: project.id,
      version: project.version,
      scheduling: 'automatic',
    });
    clock.advance(60);
    const before = new Date(clock.now().getTime() - 30_000);
    const done = await reschedule({ id: randomUUID(), moves: [moveA(a)] });

    const history = await read(`/api/history/group/${project.id}`, automatic.position);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('"scheduling"');
    const asOf = async (id: number, instant: Date) => {
      const reply = await read(
        `/api/items/${id}?asOf=${encodeURIComponent(instant.toISOString())}`,
        done.position,
      );
      expect(reply.status).toBe(200);
      return (reply.body as ItemView).start;
    };
    const after = new Date(clock.now().getTime() + 30_000);
    expect([await asOf(a.id, before), await asOf(b.id, before), await asOf(c.id, before)]).toEqual([
      '2031-04-07T00:00',
      '2031-04-09T00:00',
      '2031-04-15T00:00',
    ]);
    expect([await asOf(a.id, after), await asOf(b.id, after), await asOf(c.id, after)]).toEqual([
      '2031-04-08T00:00',
      '2031-04-10T00:00',
      '2031-04-16T00:00',
    ]);
  });
});

describe('Reschedule in a manual project (the default)', () => {
  it('moves only the item moved', async () => {
    const { a, b } = await aChain();
    const done = await reschedule({ id: randomUUID(), moves: [moveA(a)] });
    expect(done.moves.map((m) => m.item)).toEqual([a.id]);
    expect(await itemAt(b.id, done.position)).toMatchObject({ start: '2031-04-09T00:00', version: 0 });
  });
});

describe('the reschedule preview in a scenario (?scenario=)', () => {
  const preview = (json: unknown, query = '', token = platform.admin) =>
    platform.api.send('POST', `/api/commands/Reschedule/preview${query}`, { token, json });

  it('is decided on the scenario’s view: a project made automatic there moves its chain, live only the item', async () => {
    const { project, a, b, c } = await aChain('manual');
    const scenario = await run('CreateScenario', { name: uniqueName('Automatic') });
    await run(
      'SaveGroup',
      { id: project.id, version: project.version, scheduling: 'automatic' },
      platform.admin,
      { 'x-fahrplan-scenario': String(scenario.id) },
    );
    const before = await platform.embedded.store.headPosition();

    const inScenario = await preview({ moves: [moveA(a)] }, `?scenario=${scenario.id}`);
    const live = await preview({ moves: [moveA(a)] });

    expect(inScenario.status).toBe(200);
    expect((inScenario.body as { moves: Move[] }).moves.map((m) => [m.item, m.start])).toEqual([
      [a.id, '2031-04-08T00:00'],
      [b.id, '2031-04-10T00:00'],
      [c.id, '2031-04-16T00:00'],
    ]);
    expect((live.body as { moves: Move[] }).moves.map((m) => m.item)).toEqual([a.id]);
    expect(await storedSince(platform.embedded, before)).toEqual([]);
  });

  it('refuses a malformed scenario (400), another tenant’s or an unknown one (404)', async () => {
    const { a } = await aChain('automatic');
    const theirs = await run('CreateScenario', { name: uniqueName('Theirs') }, platform.otherAdmin);
    expect((await preview({ moves: [moveA(a)] }, '?scenario=abc')).status).toBe(400);
    expect((await preview({ moves: [moveA(a)] }, `?scenario=${theirs.id}`)).status).toBe(404);
    expect((await preview({ moves: [moveA(a)] }, '?scenario=999999999')).status).toBe(404);
  });
});

describe('GET /api/schedule/critical-path', () => {
  it('answers the chain that determines the milestone, with each item’s float in working days', async () => {
    const { project, a, b, c } = await aChain('automatic');
    // a side task that ends on Monday 7 April: 2 working days before B must start (Wednesday 9)
    const side = await run(
      'SaveItem',
      aTask(project.id, { start: '2031-04-03T00:00', end: '2031-04-07T00:00' }),
    );
    const last = await run('AddDependency', { predecessor: side.id, successor: b.id });

    const reply = await read(`/api/schedule/critical-path?to=${c.id}`, last.position);

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      path: [
        { item: a.id, float: 0 },
        { item: b.id, float: 0 },
        { item: c.id, float: 0 },
      ],
      items: expect.arrayContaining([{ item: side.id, float: 2 }]),
    });
  });

  it('is 404 for an item the tenant does not have', async () => {
    const reply = await platform.api.get('/api/schedule/critical-path?to=987654321', platform.admin);
    expect(reply.status).toBe(404);
  });
});
