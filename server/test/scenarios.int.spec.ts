import { planningEventHeaders, planningEventSchema, scenarioStreamName } from '@fahrplan/contracts';
import { randomUUID } from 'node:crypto';
import { streamName } from '@fahrplan/contracts';
import type { Page, Permissions, ScenarioView } from '@fahrplan/contracts';
import { createUser } from '@fahrplan/command-service';
import { eventMetadata } from '@fahrplan/platform';
import { adminApi, clockedRun, justAfter } from './support/admin-api';
import { publishedUntil } from './support/planning-topic';
import { inScenario, scenarioApi } from './support/scenario-api';
import { platformForSuite } from './support/platform-suite';
import { DEMO_PASSWORD, TestClock, storedSince, uniqueName } from '../src/testing/platform';

/*
 * Issue 22 "Scenarios", their records through the one-process platform and real HTTP: CreateScenario
 * (a name and a branch instant), RenameScenario, DiscardScenario, GET /api/scenarios (paged) and
 * /api/scenarios/<id>, the `scenarios` permission, and the lifecycle on the planning-events topic; item
 * commands sent with X-Fahrplan-Scenario go to the scenario's own streams, never to the live plan.
 */
const clock = new TestClock();
const platform = platformForSuite(clock);

const api = adminApi(() => platform);
const { refused, read, userWith } = api;
const run = clockedRun(api.run, clock);
const { inIt, refusedIn } = scenarioApi(() => platform);

const listed = async (position: number, query = '', token?: string) => {
  const reply = await read(`/api/scenarios${query}`, position, token);
  expect(reply.status).toBe(200);
  return reply.body as Page<ScenarioView>;
};

/** What the planning-events publisher puts on the topic of the log up to the live event at `position`. */
const publishedSoFar = (position: number) =>
  publishedUntil(platform.embedded.store, (messages) =>
    messages.some((m) => (JSON.parse(m.value) as { position: number }).position >= position),
  );

describe('CreateScenario, RenameScenario, DiscardScenario and GET /api/scenarios', () => {
  it('branches now and from a past instant, lists the latest first and pages them; rename and discard show', async () => {
    const project = await run('SaveGroup', { title: uniqueName('Project') });
    const named = uniqueName('Q3 cut');
    const past = await run('CreateScenario', {
      name: ` ${named} `,
      description: 'postpone CRM',
      from: justAfter(project),
    });
    const now = await run('CreateScenario', { name: uniqueName('Today') });
    expect(past.version).toBe(0);

    const page = await listed(now.position);
    expect(page.items.filter((s) => s.id === past.id || s.id === now.id)).toEqual([
      expect.objectContaining({ id: now.id, from: now.at.toISOString(), description: null, version: 0 }),
      {
        id: past.id,
        name: named,
        description: 'postpone CRM',
        from: justAfter(project),
        version: 0,
        createdBy: 'admin',
        createdAt: past.at.toISOString(),
        status: 'open',
      },
    ]);

    const first = await listed(now.position, '?limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listed(now.position, `?limit=1&cursor=${first.nextCursor}`);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);

    const renamed = await run('RenameScenario', { id: past.id, version: 0, name: `${named} v2` });
    expect(renamed.version).toBe(1);
    expect((await read(`/api/scenarios/${past.id}`, renamed.position)).body).toMatchObject({
      id: past.id,
      name: `${named} v2`,
      description: 'postpone CRM',
      version: 1,
    });

    const discarded = await run('DiscardScenario', { id: past.id, version: 1 });
    expect(discarded.version).toBe(2);
    expect((await listed(discarded.position)).items.map((s) => s.id)).not.toContain(past.id);
    expect((await read(`/api/scenarios/${past.id}`, discarded.position)).status).toBe(404);
  });

  it('refuses an empty name, an instant in the future, before the tenant or without a zone, storing nothing', async () => {
    const empty = await refused('CreateScenario', { name: '  ' }, 400);
    expect(empty.body.errors).toEqual([expect.objectContaining({ field: 'name', code: 'required' })]);
    const future = await refused(
      'CreateScenario',
      { name: 'Tomorrow', from: new Date(clock.now().getTime() + 86_400_000).toISOString() },
      400,
    );
    expect(future.body.errors).toEqual([expect.objectContaining({ field: 'from', code: 'in-the-future' })]);
    const early = await refused('CreateScenario', { name: 'Before', from: '2000-01-01T00:00:00Z' }, 400);
    expect(early.body.errors).toEqual([
      expect.objectContaining({ field: 'from', code: 'before-the-tenant' }),
    ]);
    await refused('CreateScenario', { name: 'No zone', from: '2031-01-01T00:00:00' }, 400);
    await refused('CreateScenario', { name: 'Copy', copy: true }, 400);
    await refused('CreateScenario', { name: 'Tenant', tenant: 'other' }, 400);
  });

  it('refuses a stale version with 409, an unknown or discarded scenario with 404, storing nothing', async () => {
    const scenario = await run('CreateScenario', { name: uniqueName('Stale') });
    const stale = await refused('RenameScenario', { id: scenario.id, version: 3, name: 'x' }, 409);
    expect(stale.body).toMatchObject({ code: 'version-conflict', currentVersion: 0 });
    await refused('DiscardScenario', { id: scenario.id, version: 1 }, 409);
    await refused('RenameScenario', { id: scenario.id, version: 0 }, 400);
    const unknown = await refused('DiscardScenario', { id: scenario.id + 100_000, version: 0 }, 404);
    expect(unknown.body).toMatchObject({ code: 'not-found', params: { what: 'scenario' } });
    await run('DiscardScenario', { id: scenario.id, version: 0 });
    await refused('DiscardScenario', { id: scenario.id, version: 1 }, 404);
    await refused('RenameScenario', { id: scenario.id, version: 1, name: 'again' }, 404);
  });

  it("keeps a tenant's scenarios from another tenant, for commands and queries", async () => {
    const mine = await run('CreateScenario', { name: uniqueName('Mine') });
    await refused('RenameScenario', { id: mine.id, version: 0, name: 'theirs' }, 404, platform.otherAdmin);
    await refused('DiscardScenario', { id: mine.id, version: 0 }, 404, platform.otherAdmin);
    expect((await read(`/api/scenarios/${mine.id}`, mine.position, platform.otherAdmin)).status).toBe(404);
    expect((await read(`/api/history/scenario/${mine.id}`, mine.position, platform.otherAdmin)).status).toBe(
      404,
    );
    const theirs = await listed(mine.position, '?limit=1000', platform.otherAdmin);
    expect(theirs.items.map((s) => s.id)).not.toContain(mine.id);
  });

  // three new users, whose passwords are hashed slowly on purpose: a longer timeout
  it('needs scenarios VIEW to list, CREATE to branch, EDIT to rename and discard', async () => {
    const scenario = await run('CreateScenario', { name: uniqueName('Kept') });
    const nobody = await userWith({ items: ['VIEW'] });
    expect((await read('/api/scenarios', scenario.position, nobody)).status).toBe(403);
    expect((await read(`/api/scenarios/${scenario.id}`, scenario.position, nobody)).status).toBe(403);
    expect((await read('/api/scenarios', scenario.position, platform.viewer)).status).toBe(200);
    await refused('CreateScenario', { name: 'Not mine to make' }, 403, platform.viewer);
    const creator = await userWith({ scenarios: ['VIEW', 'CREATE'] });
    await run('CreateScenario', { name: uniqueName('Made') }, creator);
    await refused('RenameScenario', { id: scenario.id, version: 0, name: 'x' }, 403, creator);
    await refused('DiscardScenario', { id: scenario.id, version: 0 }, 403, creator);
    const editor = await userWith({ scenarios: ['EDIT'] });
    await run('RenameScenario', { id: scenario.id, version: 0, name: uniqueName('Renamed') }, editor);
  }, 45_000);

  it('grants a role saved before scenarios existed on scenarios what it grants on projects, never more', async () => {
    const { embedded, api: http } = platform;
    const tenant = (await http.get('/api/admin/tenant', platform.admin)).body as { id: number };
    // roles exactly as the stores hold them from before issue 22: RoleSaved version 1, no scenarios
    const oldRole = async (name: string, permissions: Permissions) => {
      const id = await embedded.ids.allocate();
      await embedded.store.append(
        streamName('tenant', tenant.id),
        [
          {
            id: randomUUID(),
            type: 'RoleSaved',
            data: { id, name, permissions },
            metadata: {
              ...eventMetadata({ tenant: 'demo', user: 'admin', timestamp: clock.now().toISOString() }),
              command: 'SaveRole',
              schemaVersion: 1,
            },
          },
        ],
        'any',
      );
      const username = uniqueName(name).replace(/\W/g, '-');
      const last = await createUser(embedded.store, embedded.ids, {
        tenant: 'demo',
        username,
        displayName: username,
        password: DEMO_PASSWORD,
        permissions: {},
        roles: [id],
      });
      await embedded.directory.waitFor(last);
      return http.token('demo', username, DEMO_PASSWORD);
    };
    const planner = await oldRole('Old planner', {
      'group-details': ['VIEW', 'CREATE', 'EDIT'],
      items: ['VIEW', 'CREATE', 'EDIT'],
    });
    const reader = await oldRole('Old reader', { 'group-details': ['VIEW'], items: ['VIEW'] });
    const neither = await oldRole('Old item planner', { items: ['VIEW', 'CREATE', 'EDIT'] });
    const permissionsOf = async (token: string) =>
      ((await http.get('/api/me', token)).body as { permissions: Permissions }).permissions.scenarios;
    expect(await permissionsOf(planner)).toEqual(['VIEW', 'CREATE', 'EDIT']);
    expect(await permissionsOf(reader)).toEqual(['VIEW']);
    expect(await permissionsOf(neither)).toBeUndefined();

    const made = await run('CreateScenario', { name: uniqueName('By an old role') }, planner);
    await run('RenameScenario', { id: made.id, version: 0, name: uniqueName('Renamed by it') }, planner);
    expect((await read('/api/scenarios', made.position, reader)).status).toBe(200);
    await refused('CreateScenario', { name: 'Not for a reader' }, 403, reader);
    expect((await read('/api/scenarios', made.position, neither)).status).toBe(403);
  }, 45_000);

  it('publishes the lifecycle on the planning-events topic', async () => {
    const scenario = await run('CreateScenario', { name: uniqueName('Published'), description: 'why' });
    const received = await publishedSoFar(scenario.position);
    const created = received
      .map((message) => planningEventSchema.parse(JSON.parse(message.value)))
      .filter((event) => event.type === 'ScenarioCreated' && event.aggregateId === String(scenario.id));
    expect(created).toEqual([
      expect.objectContaining({
        aggregateType: 'scenario',
        tenant: 'demo',
        data: {
          id: scenario.id,
          name: expect.any(String),
          description: 'why',
          from: scenario.at.toISOString(),
        },
      }),
    ]);
  });
});

describe('item commands in a scenario (X-Fahrplan-Scenario)', () => {
  let project: { id: number };
  let item: { id: number; version: number; position: number };
  let scenario: { id: number; position: number };

  beforeAll(async () => {
    project = await run('SaveGroup', { title: uniqueName('Scenario project') });
    item = await run('SaveItem', {
      title: uniqueName('CRM rollout'),
      group: project.id,
      subgroup: 'tasks',
      start: '2031-04-01T00:00',
      end: '2031-04-30T00:00',
    });
    scenario = await run('CreateScenario', { name: uniqueName('Q3 cut') });
  });

  it('stores the scenario’s changes in its own streams, on the live version, and leaves the live plan and topic untouched', async () => {
    const liveStream = `item-${item.id}`;
    const liveBefore = await platform.embedded.store.readStream(liveStream);
    const liveDoc = (await read(`/api/items/${item.id}`, item.position)).body;

    const moved = await inIt(
      'SaveItem',
      { id: item.id, version: item.version, start: '2031-07-01T00:00', end: '2031-07-31T00:00' },
      scenario.id,
    );
    // the record's version in the scenario: its live events and the scenario's on top
    expect(moved.version).toBe(item.version + 1);
    const added = await inIt(
      'SaveItem',
      {
        title: uniqueName('Only in the scenario'),
        group: project.id,
        subgroup: 'tasks',
        start: '2031-08-03T00:00',
      },
      scenario.id,
    );
    const removed = await run('SaveItem', {
      title: uniqueName('Dropped in the scenario'),
      group: project.id,
      subgroup: 'tasks',
      start: '2031-05-04T00:00',
    });
    const dropped = await inIt('DeleteItem', { id: removed.id, version: removed.version }, scenario.id);

    const own = await platform.embedded.store.readStream(scenarioStreamName(scenario.id, liveStream));
    expect(own.map((e) => ({ type: e.type, tenant: e.metadata.tenant, base: e.metadata.base }))).toEqual([
      { type: 'ItemUpdated', tenant: 'demo', base: item.version },
    ]);
    expect(
      (await platform.embedded.store.readStream(scenarioStreamName(scenario.id, `item-${added.id}`))).map(
        (e) => [e.type, e.metadata.base],
      ),
    ).toEqual([['ItemCreated', undefined]]);

    // the live streams and read models are as they were
    expect(await platform.embedded.store.readStream(liveStream)).toEqual(liveBefore);
    expect(await platform.embedded.store.readStream(`item-${added.id}`)).toEqual([]);
    expect(await platform.embedded.store.readStream(`item-${removed.id}`)).toHaveLength(1);
    expect((await read(`/api/items/${item.id}`, dropped.position)).body).toEqual(liveDoc);
    expect((await read(`/api/items/${added.id}`, dropped.position)).status).toBe(404);
    expect((await read(`/api/items/${removed.id}`, dropped.position)).body).toMatchObject({ id: removed.id });

    // and the topic carries none of the scenario's events
    const ownIds = new Set(
      (await platform.embedded.store.readAll({ after: moved.position - 1 }))
        .filter((e) => e.streamId.startsWith('scenarioPlan-'))
        .map((e) => e.id),
    );
    expect(ownIds.size).toBe(3);
    // the publisher's position moves with the events it publishes: a live event after the scenario's
    const later = await run('SaveGroup', { title: uniqueName('Later') });
    const messages = await publishedSoFar(later.position);
    expect(messages.filter((m) => ownIds.has(m.headers[planningEventHeaders.eventId]!))).toEqual([]);
    expect(messages.some((m) => m.headers[planningEventHeaders.eventId] === liveBefore[0]!.id)).toBe(true);
  });

  it('keeps in step with the live plan: a live change raises the version the scenario decides on', async () => {
    const other = await run('CreateScenario', { name: uniqueName('In step') });
    const first = await inIt(
      'SaveItem',
      { id: item.id, version: item.version, start: '2031-06-02T00:00', end: '2031-06-30T00:00' },
      other.id,
    );
    const live = await run('SaveItem', {
      id: item.id,
      version: item.version,
      title: uniqueName('Renamed live'),
    });
    expect(live.version).toBe(item.version + 1);
    // the version the scenario answered is stale now: the live change came on top of the branch
    const stale = await refusedIn(
      'SaveItem',
      { id: item.id, version: first.version, start: '2031-06-09T00:00', end: '2031-06-30T00:00' },
      other.id,
      409,
    );
    expect(stale.body).toMatchObject({ code: 'version-conflict', currentVersion: first.version + 1 });
    const second = await inIt(
      'SaveItem',
      { id: item.id, version: first.version + 1, start: '2031-06-09T00:00', end: '2031-06-30T00:00' },
      other.id,
    );
    expect(second.version).toBe(first.version + 2);
    const own = await platform.embedded.store.readStream(scenarioStreamName(other.id, `item-${item.id}`));
    expect(own.map((e) => e.metadata.base)).toEqual([item.version, live.version]);
  });

  it('refuses a bad header, a command a scenario does not take, an unknown, discarded or foreign scenario, and a user without scenarios EDIT', async () => {
    const save = { id: item.id, version: item.version, title: 'x' };
    await refusedIn('SaveItem', save, 'abc', 400);
    await refusedIn('SaveItem', save, '0', 400);
    const resource = await refusedIn('SaveResource', { name: uniqueName('Not planning') }, scenario.id, 400);
    expect(resource.body.detail).toMatch(/SaveResource cannot be sent to a scenario/);
    await refusedIn('CreateScenario', { name: 'nested' }, scenario.id, 400);
    const unknown = await refusedIn('SaveItem', save, scenario.id + 100_000, 404);
    expect(unknown.body).toMatchObject({ code: 'not-found', params: { what: 'scenario' } });
    const discarded = await run('CreateScenario', { name: uniqueName('Gone') });
    await run('DiscardScenario', { id: discarded.id, version: 0 });
    await refusedIn('SaveItem', save, discarded.id, 404);
    // another tenant's scenario, and another tenant's item in one's own scenario
    const theirs = await run('CreateScenario', { name: uniqueName('Theirs') }, platform.otherAdmin);
    await refusedIn('SaveItem', save, theirs.id, 404);
    await refusedIn('SaveItem', save, scenario.id, 404, platform.otherAdmin);
    // an Idempotency-Key first used on the live plan is another request in a scenario: 422, not the live answer
    const key = { 'idempotency-key': `scenario-key-${scenario.id}` };
    const keyed = await run('SaveItem', {
      title: uniqueName('Keyed'),
      group: project.id,
      subgroup: 'tasks',
      start: '2031-09-01T00:00',
    });
    const rename = { id: keyed.id, version: keyed.version, title: uniqueName('Keyed, renamed') };
    expect((await platform.api.command('SaveItem', rename, platform.admin, key)).status).toBe(200);
    const before = await platform.embedded.store.headPosition();
    const reused = await platform.api.command('SaveItem', rename, platform.admin, {
      ...key,
      ...inScenario(scenario.id),
    });
    expect(reused.status).toBe(422);
    expect(await storedSince(platform.embedded, before)).toEqual([]);
    const planner = await userWith({
      items: ['VIEW', 'CREATE', 'EDIT'],
      'group-details': ['VIEW'],
      scenarios: ['VIEW'],
    });
    await refusedIn('SaveItem', save, scenario.id, 403, planner);
  }, 30_000);
});
