import { allPermissions } from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import type { DirectoryCache } from '@fahrplan/platform';
import { allProjections } from '../projections/all-projections';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { MongoReadStore } from '../read-store/mongo-read-store';
import type { ReadStore } from '../read-store/read-store';
import { describeWithMongo } from '../read-store/testing/mongo-server';
import { QueriesController } from './queries.controller';

let position = 0;
const event = (tenant: string, type: string, data: Record<string, unknown>, revision = 0): StoredEvent => ({
  type,
  data,
  revision,
  position: ++position,
  id: `e-${position}`,
  streamId: `x-${String(data.id)}`,
  metadata: {
    tenant,
    user: 'alice',
    correlationId: 'c',
    causationId: 'c',
    timestamp: '2026-03-02T09:30:00.000Z',
    schemaVersion: 1,
  },
});

const group = (id: number, title: string, overrides: Record<string, unknown> = {}) => ({
  id,
  title,
  shortname: null,
  description: null,
  contact: null,
  projectNr: null,
  docUrl: null,
  iamId: null,
  start: '2026-03-02',
  end: '2026-03-09',
  parent: null,
  parentOrder: null,
  jirarepo: null,
  jiraid: null,
  cockpitid: null,
  metric1: 0,
  metric2: 0,
  metric3: 0,
  metric4: 0,
  metrics: [{ group: null, type: 'WICHTIGKEIT', value: 10 }],
  healthStatus: 0,
  phase: 0,
  status: 3,
  art: 0,
  klasse: 0,
  resource: null,
  applications: [],
  attributes: [],
  account: null,
  visible: true,
  ...overrides,
});

const history = [
  event('acme', 'ApplicationCreated', { id: 5, name: 'Billing', parent: null, status: 'PRODUKTIV' }),
  event('acme', 'GroupCreated', group(10, 'Roll-out', { applications: [5, 6], status: 5, healthStatus: 2 })),
  event('acme', 'GroupCreated', group(11, 'Roll-out phase 2', { parent: 10, resource: 3 })),
  event('acme', 'GroupCreated', group(12, 'Archive', { applications: [6] })),
  event('acme', 'GroupDeleted', { id: 12 }, 1),
  event('acme', 'GoalCreated', {
    id: 20,
    name: 'Growth',
    parent: null,
    type: null,
    rank: 1,
    description: null,
    assignable: true,
  }),
  event('acme', 'GroupGoalsSet', { id: 10, goals: [{ goalId: 20, value: 8 }] }, 1),
  event('other', 'GroupCreated', group(30, 'Roll-out elsewhere', { applications: [5] })),
];

/** The read models the projections make of `history`, written to `store`. */
const project = async (store: ReadStore) => {
  const docs = new Map<string, Record<string, unknown> | null>();
  for (const e of history)
    for (const projection of allProjections.filter((p) => p.handles.includes(e.type))) {
      const key = `${projection.collection}/${projection.documentId(e)}`;
      docs.set(key, projection.evolve((docs.get(key) ?? null) as never, e) as Record<string, unknown> | null);
    }
  for (const [key, doc] of docs) {
    const [collection, id] = key.split('/') as [string, string];
    if (doc) await store.put(collection, { ...doc, _id: id, _position: position });
  }
};

const directory = { user: () => ({ permissions: allPermissions }) } as unknown as DirectoryCache;
const principal = { userId: 1, tenant: 'acme', username: 'alice' };

/** Every group query the API answers, as the controller answers it over `store`. */
const answers = async (store: ReadStore) => {
  const c = new QueriesController(store, directory);
  return {
    all: await c.groups(principal),
    text: await c.groups(principal, 'PHASE'),
    status: await c.groups(principal, undefined, '5'),
    health: await c.groups(principal, undefined, undefined, undefined, '2'),
    resource: await c.groups(principal, undefined, undefined, undefined, undefined, '3'),
    application: await c.groups(principal, undefined, undefined, undefined, undefined, undefined, '5'),
    byId: await c.group(principal, '10'),
    byTitle: await c.group(principal, 'roll-out phase 2'),
    goals: await c.goals(principal),
    groupGoals: await c.groupGoals(principal, '10'),
    projects: await c.applicationProjects(principal, '5'),
  };
};

describeWithMongo('group queries on MongoDB', (server) => {
  it('answer as on the in-memory store: filters, array membership, titles, tenant isolation', async () => {
    const mongo = new MongoReadStore(server().client.db(server().freshDatabase()));
    await mongo.ensureIndexes(allProjections);
    const memory = new MemoryReadStore();
    await Promise.all([project(mongo), project(memory)]);

    const [fromMongo, fromMemory] = [await answers(mongo), await answers(memory)];

    expect(fromMongo).toEqual(fromMemory);
    const ids = (list: readonly { id: number }[]) => list.map((g) => g.id);
    expect(ids(fromMongo.all)).toEqual([10, 11]);
    expect(ids(fromMongo.text)).toEqual([11]);
    expect(ids(fromMongo.status)).toEqual([10]);
    expect(ids(fromMongo.health)).toEqual([10]);
    expect(ids(fromMongo.resource)).toEqual([11]);
    expect(ids(fromMongo.application)).toEqual([10]);
    expect(fromMongo.byId).toMatchObject({
      subprojects: [{ id: 11, title: 'Roll-out phase 2' }],
      priority: 4,
    });
    expect(fromMongo.byTitle).toMatchObject({ id: 11, parentTitle: 'Roll-out', duration: 5 });
    expect(fromMongo.groupGoals).toEqual([
      expect.objectContaining({ goalId: 20, value: 8, goal: expect.objectContaining({ name: 'Growth' }) }),
    ]);
    expect(fromMongo.projects.map((p) => p.id)).toEqual([10]);
  });
});
