import { spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  allPermissions,
  groupDecider,
  itemDecider,
  itemFieldsSchema,
  itemRanks,
  saveItemSchema,
  subgroupsOf,
} from '@fahrplan/contracts';
import type { GroupEvent, GroupState, ItemCreated, StoredEvent } from '@fahrplan/contracts';
import { createTenant, createUser } from '@fahrplan/command-service';
import { IdAllocator, SqliteEventStore } from '@fahrplan/platform';
import { compileForNode, eventually, repositoryPath } from '@fahrplan/platform/testing';
import { demoFeatures } from '../src/demo/demo-data';
import { SeedError, defaultSeedOptions, parseSeedArgs, seed } from '../src/seed';
import type { SeedOptions, SeedSummary } from '../src/seed';
import { removeDataDir, start, temporaryDataDir } from '../src/testing/platform';
import type { Body, Running } from '../src/testing/platform';

const PASSWORD = 'seed-password-for-integration-tests';

/** A data dir whose event log holds tenant 'demo' with its admin, as the server's first start leaves it. */
const prepare = async (): Promise<string> => {
  const dataDir = temporaryDataDir();
  const store = new SqliteEventStore(join(dataDir, 'events.db'));
  const ids = new IdAllocator(store);
  await createTenant(store, ids, { name: 'demo', features: demoFeatures, applicationAttributes: [] });
  await createUser(store, ids, {
    tenant: 'demo',
    username: 'admin',
    displayName: 'Admin',
    password: PASSWORD,
    permissions: allPermissions,
  });
  await store.close();
  return dataDir;
};

const options = (overrides: Partial<SeedOptions> = {}): SeedOptions => ({
  ...defaultSeedOptions(),
  projects: 7,
  items: 90,
  lanes: 2,
  backgrounds: 3,
  seed: 42,
  from: '2026-01-01',
  to: '2027-06-30',
  ...overrides,
});

const seedInto = async (dataDir: string, o: SeedOptions) => {
  const store = new SqliteEventStore(join(dataDir, 'events.db'));
  try {
    const summary = await seed(store, o);
    return { summary, events: await store.readAll() };
  } finally {
    await store.close();
  }
};

const planning = (events: readonly StoredEvent[]) =>
  events.filter((e) => e.streamId.startsWith('group-') || e.streamId.startsWith('item-'));

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDataDir));

describe('seed (npm run seed)', () => {
  let dataDir: string;
  let summary: SeedSummary;
  let events: StoredEvent[];
  let groups: Map<number, GroupState>;
  let items: (ItemCreated & Pick<StoredEvent, 'metadata'>)[];

  beforeAll(async () => {
    dataDir = await prepare();
    dirs.push(dataDir);
    ({ summary, events } = await seedInto(dataDir, options()));
    groups = new Map();
    for (const event of events.filter((e) => e.streamId.startsWith('group-'))) {
      const id = Number(event.streamId.slice('group-'.length));
      groups.set(
        id,
        groupDecider.evolve(groups.get(id) ?? groupDecider.initialState, event as unknown as GroupEvent),
      );
    }
    items = events.filter((e) => e.type === 'ItemCreated') as unknown as typeof items;
  }, 30_000);

  it('writes one GroupCreated per project, one SubgroupAdded per lane and one ItemCreated per item', () => {
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect({
      GroupCreated: count('GroupCreated'),
      SubgroupAdded: count('SubgroupAdded'),
      ItemCreated: count('ItemCreated'),
      planning: planning(events).length,
    }).toEqual({ GroupCreated: 7, SubgroupAdded: 14, ItemCreated: 90, planning: 7 + 14 + 90 });
    expect(summary).toMatchObject({ projects: 7, lanes: 14, items: 90, backgrounds: 3, events: 111 });
    expect(items.filter((e) => e.data.end === null)).toHaveLength(summary.milestones);
    expect(items.filter((e) => e.data.type === 'background')).toHaveLength(3);
    // ~15 % milestones among the 87 others: far from none and from all
    expect(summary.milestones).toBeGreaterThan(3);
    expect(summary.milestones).toBeLessThan(30);
  });

  it('writes the metadata the command service writes, in streams of the allocated ids', () => {
    for (const event of planning(events)) {
      expect(event.metadata).toMatchObject({
        tenant: 'demo',
        user: 'admin',
        source: 'seed',
        schemaVersion: 1,
        command: { GroupCreated: 'SaveGroup', SubgroupAdded: 'AddSubgroup', ItemCreated: 'SaveItem' }[
          event.type
        ],
      });
      expect(event.streamId).toBe(`${event.streamId.split('-')[0]}-${(event.data as { id: number }).id}`);
    }
    const correlations = planning(events).map((e) => e.metadata.correlationId);
    expect(new Set(correlations).size).toBe(correlations.length);
  });

  it('takes its ids from the shared allocator, so later interactive ids never collide', async () => {
    const seeded = [...groups.keys(), ...items.map((e) => e.data.id)];
    expect(new Set(seeded).size).toBe(seeded.length);
    const store = new SqliteEventStore(join(dataDir, 'events.db'));
    try {
      const next = await new IdAllocator(store).allocate();
      expect(next).toBeGreaterThan(Math.max(...seeded));
    } finally {
      await store.close();
    }
  });

  it('plans every item in an existing project and one of its lanes, with valid dates, ranks and statuses', () => {
    const ranks = new Map<number, string[]>();
    for (const { data } of items) {
      const group = groups.get(data.group);
      expect(group?.status).toBe('active');
      if (group?.status !== 'active') continue;
      if (data.type === 'background') expect(data.subgroup).toBeNull();
      else expect(subgroupsOf(group.subgroups).map((s) => s.id)).toContain(data.subgroup);
      expect(data.start).toMatch(/^\d{4}-\d{2}-\d{2}T00:00$/);
      expect(data.start >= '2026-01-01T00:00' && data.start <= '2027-06-30T00:00').toBe(true);
      if (data.end !== null) {
        // day-precise: the exclusive end is a later midnight
        expect(data.end).toMatch(/^\d{4}-\d{2}-\d{2}T00:00$/);
        expect(data.end > data.start).toBe(true);
      }
      expect(data.effort !== null).toBe(data.end !== null && data.type === null);
      const status = data.type === null ? data.status : data.storedStatus;
      expect(status).toBeGreaterThanOrEqual(0);
      expect(status).toBeLessThanOrEqual(5);
      expect(itemRanks.isValid(data.rank!)).toBe(true);
      ranks.set(data.group, [...(ranks.get(data.group) ?? []), data.rank!]);
    }
    for (const list of ranks.values()) expect(new Set(list).size).toBe(list.length);
    const lanesUsed = new Set(items.map((e) => e.data.subgroup));
    expect([...lanesUsed].sort()).toEqual(['lane-1', 'lane-2', 'milestones', 'tasks', null].sort());
  });

  it('writes only items the item decider accepts, as it decides them', () => {
    for (const event of items) {
      const { id, storedStatus, ...fields } = event.data;
      expect(itemFieldsSchema.parse(fields)).toEqual(fields);
      const group = groups.get(fields.group);
      if (group?.status !== 'active') throw new Error(`item ${id}: project ${fields.group} missing`);
      const command = saveItemSchema.parse({
        ...fields,
        status: fields.type === null ? fields.status : storedStatus,
      });
      const decided = itemDecider.decide({ type: 'SaveItem', data: command }, itemDecider.initialState, {
        tenant: 'demo',
        user: 'admin',
        now: event.metadata.timestamp,
        newId: id,
        group: { subgroups: subgroupsOf(group.subgroups).map((s) => s.id), sprint: false },
        systemEditor: true,
      });
      expect(decided).toEqual([{ type: 'ItemCreated', data: event.data }]);
    }
  });

  it('writes the same data for the same seed and different data for another', async () => {
    const same = await prepare();
    const other = await prepare();
    dirs.push(same, other);
    const content = (list: readonly StoredEvent[]) =>
      planning(list).map((e) => ({ stream: e.streamId, type: e.type, data: e.data }));
    const again = await seedInto(same, options());
    const different = await seedInto(other, options({ seed: 43 }));
    expect(content(again.events)).toEqual(content(events));
    expect(content(different.events)).not.toEqual(content(events));
  }, 30_000);

  it('refuses a tenant that does not exist, and malformed options', async () => {
    const store = new SqliteEventStore(join(dataDir, 'events.db'));
    try {
      const before = await store.headPosition();
      await expect(seed(store, options({ tenant: 'nobody' }))).rejects.toThrow(
        new SeedError(
          "tenant 'nobody' does not exist: start the server once (npm start creates the demo tenant) or pass --tenant",
        ),
      );
      await expect(seed(store, options({ user: 'nobody' }))).rejects.toThrow(
        "user 'nobody' does not exist in tenant 'demo'",
      );
      await expect(seed(store, options({ to: '2025-01-01' }))).rejects.toThrow('--to must be after --from');
      await expect(seed(store, options({ projects: 0 }))).rejects.toThrow('--projects');
      // a date that does not exist is refused, not rolled over into the next month
      await expect(seed(store, options({ from: '2024-02-30' }))).rejects.toThrow(
        '--from and --to must be dates YYYY-MM-DD',
      );
      expect(await store.headPosition()).toBe(before);
    } finally {
      await store.close();
    }
  });

  it('parses the command line with the documented defaults', () => {
    const today = new Date('2026-11-23T10:00:00Z');
    const parsed = parseSeedArgs(['--projects', '1000', '--items', '10_000', '--seed', '7'], today);
    expect(parsed.options).toMatchObject({
      projects: 1000,
      items: 10_000,
      seed: 7,
      tenant: 'demo',
      from: '2026-05-23',
      to: '2028-05-23',
      lanes: 1,
      milestones: 0.15,
    });
    expect(() => parseSeedArgs(['--project', '3'])).toThrow(SeedError);
  });

  it('lets a started server replay the projects, lanes and timeline, and writes what the HTTP write path writes', async () => {
    let running: Running | undefined;
    try {
      running = await start(dataDir);
      const token = await running.api.token('demo', 'admin', PASSWORD);
      const reply = await running.api.get('/api/groups?limit=1000', token);
      expect({ status: reply.status, nextCursor: reply.body.nextCursor }).toEqual({
        status: 200,
        nextCursor: null,
      });
      const seen = (reply.body.items as Body[])
        .map((g) => ({ title: g.title as string, lanes: (g.subgroups as Body[]).map((s) => s.id as string) }))
        .sort((a, b) => a.title.localeCompare(b.title));
      const expected = [...groups.values()]
        .map((g) => ({
          title: g.status === 'active' ? g.fields.title : '',
          lanes: ['tasks', 'milestones', 'lane-1', 'lane-2'],
        }))
        .sort((a, b) => a.title.localeCompare(b.title));
      expect(seen).toEqual(expected);
      const timeline = await running.api.get(
        '/api/timeline?from=2026-01-01&to=2027-12-31&detail=items',
        token,
      );
      expect(timeline.status).toBe(200);
      expect((timeline.body.items as Body[]).map((i) => i.id as number).sort((a, b) => a - b)).toEqual(
        items.map((e) => e.data.id).sort((a, b) => a - b),
      );

      // the same command through the real write path gives the same event, metadata shape included
      for (const seeded of [items.find((e) => e.data.type === 'background')!, items.at(-1)!]) {
        const { id: _id, storedStatus, ...fields } = seeded.data;
        const sent = { ...fields, status: fields.type === null ? fields.status : storedStatus };
        const reply = await running.api.command('SaveItem', sent, token);
        expect(reply.status).toBe(200);
        const [written] = await running.embedded.store.readStream(`item-${reply.body.id}`);
        expect(written?.data).toEqual({ ...seeded.data, id: reply.body.id });
        expect(new Set([...Object.keys(written!.metadata), 'source'])).toEqual(
          new Set(Object.keys(seeded.metadata)),
        );
      }
    } finally {
      await running?.embedded.close();
    }
  }, 30_000);
});

/** Runs the CLI as `npm run seed` does (on the sources, compiled like Jest compiles them). */
const runCli = (script: string, args: readonly string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, EVENTSTORE_URL: '', DATA_DIR: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

describe('seed command line', () => {
  let script: string;
  let dispose: () => void;

  beforeAll(() => {
    ({ script, dispose } = compileForNode(repositoryPath('server/src/seed.ts'), [
      'contracts',
      'platform',
      'server',
    ]));
  }, 30_000);
  afterAll(() => dispose());

  it('refuses a data dir without an event log and a tenant that does not exist', async () => {
    const empty = temporaryDataDir();
    dirs.push(empty);
    const missing = await runCli(script, ['--data-dir', empty]);
    expect({ code: missing.code, stderr: missing.stderr.trim() }).toEqual({
      code: 1,
      stderr: `no event log at ${join(empty, 'events.db')}: start the server once (npm start) or pass --data-dir`,
    });
    const dataDir = await prepare();
    dirs.push(dataDir);
    const unknown = await runCli(script, ['--data-dir', dataDir, '--tenant', 'nobody']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("tenant 'nobody' does not exist");
  }, 30_000);

  it('seeds while the server runs on the same data dir, which picks the projects up and keeps allocating fresh ids', async () => {
    const dataDir = await prepare();
    dirs.push(dataDir);
    const running = await start(dataDir);
    try {
      const token = await running.api.token('demo', 'admin', PASSWORD);
      const result = await runCli(script, ['--projects', '5', '--items', '40', '--seed', '3'], {
        DATA_DIR: dataDir,
      });
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      expect(result.stdout).toMatch(
        /done: 5 projects, 5 lanes, 40 items \(\d+ milestones, 5 background\), 50 events in [\d.]+ s \(\d+ events\/s\)/,
      );
      // the server's subscription finds appends of other processes by polling the file
      await eventually(
        async () => {
          const reply = await running.api.get('/api/groups', token);
          expect((reply.body.items as Body[]).length).toBe(5);
        },
        { timeoutMs: 10_000, intervalMs: 50 },
      );
      const created = await running.api.command('SaveGroup', { title: 'Interactive' }, token);
      expect(created.status).toBe(200);
      const store = new SqliteEventStore(join(dataDir, 'events.db'));
      try {
        const seededIds = (await store.readAll({ categories: ['group', 'item'] }))
          .filter((e) => e.metadata.source === 'seed')
          .map((e) => (e.data as { id: number }).id);
        expect(seededIds).toHaveLength(50);
        expect(seededIds).not.toContain(created.body.id);
      } finally {
        await store.close();
      }
    } finally {
      await running.embedded.close();
    }
  }, 30_000);
});
