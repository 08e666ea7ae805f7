import { viewOnlyPermissions } from '@fahrplan/contracts';
import type { Permissions } from '@fahrplan/contracts';
import type { DirectoryCache } from '@fahrplan/platform';
import { storedEvent as event } from '../projections/testing/stored-event';
import { MemoryReadStore } from '../read-store/memory-read-store';
import type { ReadStore } from '../read-store/read-store';
import { GoalsController } from '../goals/goals.controller';
import { ResourcesController } from './resources.controller';
import {
  allowingDirectory,
  describeAnswersOnMongo,
  projectHistory,
  asked,
} from '../http/testing/query-fixtures';

const goal = (id: number, name: string, rank: number, parent: number | null = null) => ({
  id,
  name,
  parent,
  type: null,
  rank,
  description: null,
  assignable: true,
});

const history = [
  event('acme', 'ResourceCreated', { id: 1, name: 'Platform team' }),
  event('acme', 'ResourceCreated', { id: 2, name: 'anna Keller' }),
  event('acme', 'ResourceCreated', { id: 3, name: 'Finance' }),
  event('acme', 'ResourceRenamed', { id: 3, name: 'Finance IT' }, 1),
  // issue 24: its own calendar and a part-time share; resources created before have none and 100
  event('acme', 'ResourceCalendarChanged', { id: 3, calendar: 8, share: 60 }, 2),
  event('acme', 'ResourceCreated', { id: 4, name: 'Gone' }),
  event('acme', 'ResourceDeleted', { id: 4 }, 1),
  event('acme', 'ResourceCreated', { id: 5, name: 'Anna Keller', calendar: 0, share: 80 }),
  event('other', 'ResourceCreated', { id: 9, name: 'Secret team' }),
  event('acme', 'GoalCreated', goal(20, 'Growth', 10)),
  event('acme', 'GoalCreated', goal(21, 'Reach', 11, 20)),
  event('acme', 'GoalUpdated', { id: 21, changes: { name: 'Reach more', rank: 5 } }, 1),
  event('acme', 'GoalCreated', goal(22, 'Dropped', 12)),
  event('acme', 'GoalDeleted', { id: 22 }, 1),
  event('other', 'GoalCreated', goal(29, 'Other goal', 1)),
];

const acme = { userId: 1, tenant: 'acme', username: 'alice' };

const failure = (query: Promise<unknown>) =>
  query.then(
    () => 'answered',
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  );

const answers = async (store: ReadStore) => {
  const resources = new ResourcesController(store, allowingDirectory);
  const goals = new GoalsController(store, allowingDirectory);
  return {
    list: (await resources.resources(asked(acme))).items,
    one: await resources.resource(acme, '3'),
    deleted: await failure(resources.resource(acme, '4')),
    othersTenant: await failure(resources.resource(acme, '9')),
    unknown: await failure(resources.resource(acme, '12345')),
    notANumber: await failure(resources.resource(acme, 'abc')),
    goals: (await goals.goals(asked(acme))).items,
  };
};

const expectAnswers = (a: Awaited<ReturnType<typeof answers>>) => {
  // by name, case-insensitively, ties by id; deleted and other tenants' left out
  expect(a.list).toEqual([
    { id: 2, name: 'anna Keller', version: 0, calendar: null, share: 100 },
    { id: 5, name: 'Anna Keller', version: 0, calendar: 0, share: 80 },
    { id: 3, name: 'Finance IT', version: 2, calendar: 8, share: 60 },
    { id: 1, name: 'Platform team', version: 0, calendar: null, share: 100 },
  ]);
  expect(a.one).toEqual({ id: 3, name: 'Finance IT', version: 2, calendar: 8, share: 60 });
  for (const refused of [a.deleted, a.othersTenant, a.unknown, a.notANumber])
    expect(refused).toEqual({ code: 'not_found', message: 'resource not found' });
  expect(a.goals.map((g) => [g.id, g.name, g.version, g.rank])).toEqual([
    [21, 'Reach more', 1, 5],
    [20, 'Growth', 0, 10],
  ]);
  expect(a.goals[0]).toEqual({ ...goal(21, 'Reach more', 5, 20), tenant: 'acme', version: 1 });
};

const directoryWith = (permissions: Permissions) =>
  ({ user: () => ({ permissions }) }) as unknown as DirectoryCache;

describe('resource queries on the in-memory store', () => {
  it('list the live resources of the tenant by name, find one by id, and leave deleted goals out', async () => {
    const memory = new MemoryReadStore();
    await projectHistory(memory, history);

    expectAnswers(await answers(memory));
  });

  it('answer whoever may view items or projects, and refuse anyone else', async () => {
    const memory = new MemoryReadStore();
    await projectHistory(memory, history);
    const withOnly = (permissions: Permissions) =>
      failure(new ResourcesController(memory, directoryWith(permissions)).resources(asked(acme)));

    expect(await withOnly({ items: ['VIEW'] })).toBe('answered');
    expect(await withOnly({ 'group-details': ['VIEW'] })).toBe('answered');
    expect(await withOnly(viewOnlyPermissions)).toBe('answered');
    expect(await withOnly({ 'application-details': ['VIEW', 'EDIT'], admin: ['VIEW'] })).toEqual({
      code: 'forbidden',
      message: 'not permitted',
    });
  });

  it('show goals projected before goals could change with version 0', async () => {
    const memory = new MemoryReadStore();
    // the document GoalCreated made before goals had a version and a deleted flag
    await memory.put('goals', { _id: '40', _position: 1, ...goal(40, 'Legacy', 1), tenant: 'acme' });

    expect((await new GoalsController(memory, allowingDirectory).goals(asked(acme))).items).toEqual([
      { ...goal(40, 'Legacy', 1), tenant: 'acme', version: 0 },
    ]);
  });
});

describeAnswersOnMongo('resource queries on MongoDB', history, answers, expectAnswers);
