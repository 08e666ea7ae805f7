import { allProjections } from '../projections/all-projections';
import { storedEvent } from '../projections/testing/stored-event';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { MongoReadStore } from '../read-store/mongo-read-store';
import type { ReadStore } from '../read-store/read-store';
import { describeWithMongo } from '../read-store/testing/mongo-server';
import { ApplicationsController } from '../applications/applications.controller';
import { GoalsController } from '../goals/goals.controller';
import { GroupsController } from './groups.controller';
import { allowingDirectory, groupCreatedData, projectHistory, asked } from '../http/testing/query-fixtures';
import { answered } from '../http/json-text';

const event = storedEvent;

/** A project running in the first week of March 2026, rated 10 on importance. */
const group = (id: number, title: string, overrides: Record<string, unknown> = {}) =>
  groupCreatedData(id, title, {
    start: '2026-03-02',
    end: '2026-03-09',
    metrics: [{ group: null, type: 'WICHTIGKEIT', value: 10 }],
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
  // shares from 'other' to 'acme': 31 and 34 accepted, 33 pending; 31 also pending with 'third'
  event('other', 'GoalCreated', {
    id: 21,
    name: 'Reach',
    parent: null,
    type: null,
    rank: 1,
    description: null,
    assignable: true,
  }),
  event('other', 'GroupCreated', group(31, 'Shared roll-out', { status: 5, parent: 30 })),
  event('other', 'GroupGoalsSet', { id: 31, goals: [{ goalId: 21, value: 6 }] }, 1),
  event('other', 'ProjectShared', { id: 31, tenant: 'acme', status: 'PENDING' }, 2),
  event('other', 'ProjectShared', { id: 31, tenant: 'third', status: 'PENDING' }, 3),
  event('other', 'ProjectShareAccepted', { id: 31, tenant: 'acme' }, 4),
  event('other', 'GroupCreated', group(33, 'Pending one', { status: 5 })),
  event('other', 'ProjectShared', { id: 33, tenant: 'acme', status: 'PENDING' }, 1),
  event('other', 'GroupCreated', group(34, 'Roll-out', { healthStatus: 2 })),
  event('other', 'ProjectShared', { id: 34, tenant: 'acme', status: 'PENDING' }, 1),
  event('other', 'ProjectShareAccepted', { id: 34, tenant: 'acme' }, 2),
  event('acme', 'GroupCreated', group(13, 'Child of shared', { parent: 31 })),
  // the budget: the sum of the amounts of the project's account (a replaced entry counts once)
  event('acme', 'AccountCreated', {
    id: 40,
    accountNumber: 'P-1',
    name: 'Roll-out',
    refType: 'group',
    refId: 10,
  }),
  event('acme', 'GroupUpdated', { id: 10, changes: { account: 40 } }, 2),
  event(
    'acme',
    'AccountEntriesAdded',
    {
      id: 40,
      entries: [
        { sicht: 'PLAN', periode: '2026', amount: 1000, projekt: null, typ: null, gruppe: null },
        { sicht: 'PLAN', periode: '2027', amount: 500.25, projekt: null, typ: null, gruppe: null },
      ],
    },
    1,
  ),
  event(
    'acme',
    'AccountEntriesAdded',
    {
      id: 40,
      entries: [{ sicht: 'PLAN', periode: '2026', amount: 200, projekt: null, typ: null, gruppe: null }],
    },
    2,
  ),
  event('other', 'AccountCreated', { id: 41, accountNumber: 'P-9', name: 'x', refType: 'group', refId: 34 }),
  event('other', 'GroupUpdated', { id: 34, changes: { account: 41 } }, 3),
];

const principal = { userId: 1, tenant: 'acme', username: 'alice' };
const owner = { userId: 2, tenant: 'other', username: 'alice' };

/** The status of a query that must fail: 404 for what the tenant may not see. */
const statusOf = (query: Promise<unknown>) =>
  query.then(
    () => 200,
    (error: { code?: string }) => (error.code === 'not_found' ? 404 : 500),
  );

/** Every group query the API answers, as the controller answers it over `store`. */
const answers = async (store: ReadStore) => {
  const c = new GroupsController(store, allowingDirectory);
  const goals = new GoalsController(store, allowingDirectory);
  const applications = new ApplicationsController(store, allowingDirectory);
  const list = async (query: Record<string, string> = {}) =>
    (await answered(c.groups(asked(principal, query)))).items;
  return {
    all: await list(),
    text: await list({ q: 'PHASE' }),
    status: await list({ status: '5' }),
    health: await list({ health: '2' }),
    resource: await list({ resource: '3' }),
    application: await list({ application: '5' }),
    byId: await c.group(asked(principal, {}, { idOrName: '10' })),
    byTitle: await c.group(asked(principal, {}, { idOrName: 'roll-out phase 2' })),
    goals: (await goals.goals(asked(principal))).items,
    groupGoals: await goals.groupGoals(asked(principal, {}, { idOrName: '10' })),
    projects: (await applications.applicationProjects(asked(principal, {}, { id: '5' }))).items,
    shared: await c.group(asked(principal, {}, { idOrName: '31' })),
    sharedByTitle: await c.group(asked(principal, {}, { idOrName: 'shared ROLL-OUT' })),
    sharedGoals: await goals.groupGoals(asked(principal, {}, { idOrName: '31' })),
    childOfShared: await c.group(asked(principal, {}, { idOrName: '13' })),
    pending: [
      await statusOf(c.group(asked(principal, {}, { idOrName: '33' }))),
      await statusOf(c.group(asked(principal, {}, { idOrName: 'Pending one' }))),
    ],
    ownersView: await c.group(asked(owner, {}, { idOrName: '31' })),
  };
};

describeWithMongo('group queries on MongoDB', (server) => {
  it('answer as on the in-memory store: filters, array membership, titles, tenant isolation', async () => {
    const mongo = new MongoReadStore(server().client.db(server().freshDatabase()));
    await mongo.ensureIndexes(allProjections);
    const memory = new MemoryReadStore();
    await Promise.all([projectHistory(mongo, history), projectHistory(memory, history)]);

    const [fromMongo, fromMemory] = [await answers(mongo), await answers(memory)];

    expect(fromMongo).toEqual(fromMemory);
    const ids = (list: readonly { id: number }[]) => list.map((g) => g.id);
    // own projects, then accepted shared ones of equal title; never 30 (not shared) nor 33 (pending)
    expect(ids(fromMongo.all)).toEqual([13, 10, 34, 11, 31]);
    expect(fromMongo.all.map((g) => [g.id, g.shared, g.tenant])).toEqual([
      [13, false, 'acme'],
      [10, false, 'acme'],
      [34, true, 'other'],
      [11, false, 'acme'],
      [31, true, 'other'],
    ]);
    expect(ids(fromMongo.text)).toEqual([11]);
    expect(ids(fromMongo.status)).toEqual([10, 31]);
    expect(ids(fromMongo.health)).toEqual([10, 34]);
    expect(ids(fromMongo.resource)).toEqual([11]);
    expect(ids(fromMongo.application)).toEqual([10]);
    expect(fromMongo.byId).toMatchObject({
      subprojects: [{ id: 11, title: 'Roll-out phase 2' }],
      priority: 4,
      account: 40,
      budget: 200 + 500.25, // the later PLAN 2026 entry replaced the 1000
      shared: false,
    });
    expect(fromMongo.byTitle).toMatchObject({ id: 11, parentTitle: 'Roll-out', duration: 5, budget: null });
    // a shared project: read-only view with the owner, only the caller's own share, its subprojects
    // among the caller's projects, its parent (the owner's, not shared) unnamed, the owner's budget
    expect(fromMongo.shared).toMatchObject({
      id: 31,
      shared: true,
      tenant: 'other',
      sharedWith: ['acme'],
      shares: [{ tenant: 'acme', status: 'ACCEPTED' }],
      subprojects: [{ id: 13, title: 'Child of shared' }],
      parent: 30,
      parentTitle: null,
      budget: null,
    });
    expect(fromMongo.shared).not.toHaveProperty('acceptedBy');
    expect(fromMongo.all.find((g) => g.id === 34)).toMatchObject({ account: 41, budget: 0 });
    expect(fromMongo.sharedByTitle.id).toBe(31);
    expect(fromMongo.sharedGoals).toEqual([
      expect.objectContaining({ goalId: 21, value: 6, goal: expect.objectContaining({ name: 'Reach' }) }),
    ]);
    expect(fromMongo.childOfShared).toMatchObject({ parent: 31, parentTitle: 'Shared roll-out' });
    expect(fromMongo.pending).toEqual([404, 404]);
    expect(fromMongo.ownersView).toMatchObject({
      shared: false,
      tenant: 'other',
      sharedWith: ['acme', 'third'],
      shares: [
        { tenant: 'acme', status: 'ACCEPTED' },
        { tenant: 'third', status: 'PENDING' },
      ],
      subprojects: [],
    });
    expect(fromMongo.groupGoals).toEqual([
      expect.objectContaining({ goalId: 20, value: 8, goal: expect.objectContaining({ name: 'Growth' }) }),
    ]);
    expect(fromMongo.projects.map((p) => p.id)).toEqual([10]);
  });
});

describe('group queries on the in-memory store', () => {
  it('answer the by-title lookup with the own project first, then an accepted shared one', async () => {
    const memory = new MemoryReadStore();
    await projectHistory(memory, history);
    const c = new GroupsController(memory, allowingDirectory);

    expect((await c.group(asked(principal, {}, { idOrName: 'ROLL-OUT' }))).id).toBe(10);
    expect((await c.group(asked(principal, {}, { idOrName: '34' }))).shared).toBe(true);
    // the owner's title lookup never reaches the other tenant's project of the same title
    expect((await c.group(asked(owner, {}, { idOrName: 'roll-out' }))).id).toBe(34);
  });
});
