import { planningEventSchema, topics } from '@fahrplan/contracts';
import type { Page, ScenarioView } from '@fahrplan/contracts';
import { EventPublisher, InProcessBus } from '@fahrplan/platform';
import type { ReceivedMessage } from '@fahrplan/platform';
import { eventually } from '@fahrplan/platform/testing';
import { MemoryReadStore } from '@fahrplan/projection-service';
import { adminApi } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { TestClock, uniqueName } from '../src/testing/platform';

/*
 * Issue 22 "Scenarios", their records through the one-process platform and real HTTP: CreateScenario
 * (a name and a branch instant), RenameScenario, DiscardScenario, GET /api/scenarios (paged) and
 * /api/scenarios/<id>, the `scenarios` permission, and the lifecycle on the planning-events topic.
 */
const clock = new TestClock();
const platform = platformForSuite(clock);

const api = adminApi(() => platform);
const { refused, read, userWith } = api;
/** Each command a minute after the one before, so that a scenario can branch between two. */
const run = async (type: string, data: unknown, token?: string) => {
  clock.advance(60);
  const reply = await api.run(type, data, token);
  return { ...reply, at: clock.now() };
};
const justAfter = (step: { at: Date }) => new Date(step.at.getTime() + 30_000).toISOString();

const listed = async (position: number, query = '', token?: string) => {
  const reply = await read(`/api/scenarios${query}`, position, token);
  expect(reply.status).toBe(200);
  return reply.body as Page<ScenarioView>;
};

/** Runs the planning-events publisher over the log so far and answers what it put on the topic. */
const publishedSoFar = async (position: number): Promise<ReceivedMessage[]> => {
  const bus = new InProcessBus();
  const publisher = new EventPublisher({
    store: platform.embedded.store,
    bus,
    checkpoints: new MemoryReadStore(),
  });
  const received: ReceivedMessage[] = [];
  await bus.subscribe(topics.planningEvents, 'scenarios-spec', async (message) => {
    received.push(message);
  });
  await publisher.start();
  try {
    await eventually(() => expect(publisher.position).toBeGreaterThanOrEqual(position));
  } finally {
    await publisher.stop();
    await bus.close();
  }
  return received;
};

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
