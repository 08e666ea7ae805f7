import { randomUUID } from 'node:crypto';
import {
  applicationFieldsSchema,
  bernDefinition,
  createGoalSchema,
  groupFieldsSchema,
  scenarioRecordsStream,
  scenarioStreamName,
  sprintGroupArt,
  streamName,
} from '@fahrplan/contracts';
import type { Category, DomainEvent, GroupFields } from '@fahrplan/contracts';
import { SqliteEventStore, eventMetadata } from '@fahrplan/platform';
import { EventStoreLookups } from './event-store-lookups';
import { assertAssignableResource } from './lookups';

let store: SqliteEventStore;
let lookups: EventStoreLookups;
let lastId = 0;
const nextId = () => (lastId += 1);

beforeEach(() => {
  store = new SqliteEventStore(':memory:');
  lookups = new EventStoreLookups(store, {
    laneItems: (tenant, group, lane) =>
      Promise.resolve(tenant === 'acme' && group === 7 && lane === 'lane-1' ? 2 : 0),
    highestRank: (tenant, group) => Promise.resolve(tenant === 'acme' && group === 7 ? '5' : null),
  });
});
afterEach(() => store.close());

/** Appends `events` to record `id` of `category` as `tenant` recorded them. */
const record = async (category: Category, id: number, tenant: string, ...events: DomainEvent[]) => {
  const stream = streamName(category, id);
  const last = (await store.readStream(stream)).at(-1);
  const metadata = eventMetadata({ tenant, user: 'alice', timestamp: '2026-03-02T09:30:00.000Z' });
  await store.append(
    stream,
    events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
    last ? last.revision : 'no_stream',
  );
  return id;
};

const application = (tenant: string, parent: number | null = null, id = nextId()) =>
  record('application', id, tenant, {
    type: 'ApplicationCreated',
    data: { id, ...applicationFieldsSchema.parse({ name: `App ${id}`, parent }) },
  });
const project = (tenant: string, fields: Partial<GroupFields> = {}, id = nextId()) =>
  record('group', id, tenant, {
    type: 'GroupCreated',
    data: { id, ...groupFieldsSchema.parse({ title: `Project ${id}`, ...fields }) },
  });
const goal = (tenant: string, parent: number | null = null, id = nextId()) =>
  record('goal', id, tenant, {
    type: 'GoalCreated',
    data: { id, ...createGoalSchema.parse({ name: `Goal ${id}`, parent }) },
  });
const share = (owner: string, id: number, tenant: string) =>
  record('group', id, owner, { type: 'ProjectShared', data: { id, tenant, status: 'PENDING' } });

describe('EventStoreLookups', () => {
  it("finds a record live only while it is the tenant's and not deleted", async () => {
    const app = await application('acme');
    const gone = await application('acme');
    await record('application', gone, 'acme', { type: 'ApplicationDeleted', data: { id: gone } });
    expect(await lookups.isLive('application', app, 'acme')).toBe(true);
    expect(await lookups.isLive('application', app, 'globex')).toBe(false);
    expect(await lookups.isLive('application', gone, 'acme')).toBe(false);
    expect(await lookups.isLive('group', app, 'acme')).toBe(false);
    expect(await lookups.missing('application', [app, gone, nextId()], 'acme')).toEqual([
      gone,
      expect.any(Number),
    ]);
  });

  it("follows an application's or a goal's parents to the root, and knows no unknown parent", async () => {
    const root = await application('acme');
    const child = await application('acme', root);
    expect(await lookups.parentChain('application', child, 'acme')).toEqual([child, root]);
    expect(await lookups.parentChain('application', child, 'globex')).toBeNull();
    const top = await goal('acme');
    const sub = await goal('acme', top);
    expect(await lookups.parentChain('goal', sub, 'acme')).toEqual([sub, top]);
    expect(await lookups.parentChain('goal', root, 'acme')).toBeNull();
  });

  it('takes a project shared with the tenant as a parent once the share is ACCEPTED, and its owner', async () => {
    const ownersRoot = await project('acme');
    const shared = await project('acme', { parent: ownersRoot, status: 7 });
    expect(await lookups.groupParentChain(shared, 'globex')).toBeNull();
    await share('acme', shared, 'globex');
    expect(await lookups.groupParentChain(shared, 'globex')).toBeNull();
    await record('group', shared, 'acme', {
      type: 'ProjectShareAccepted',
      data: { id: shared, tenant: 'globex' },
    });
    expect(await lookups.groupParentChain(shared, 'globex')).toEqual([shared, ownersRoot]);
    expect(await lookups.sharedParentStatus(shared, 'globex')).toBe(7);
    expect(await lookups.sharedParentStatus(shared, 'acme')).toBeUndefined();
    expect(await lookups.groupOwner(shared)).toBe('acme');
    expect(await lookups.groupOwner(nextId())).toBeNull();
  });

  it('counts a project as visible to the tenant when it is its own or its share is ACCEPTED, and only while it lasts', async () => {
    const own = await project('globex');
    const theirs = await project('acme');
    const unknown = nextId();
    const accepted = (id: number) =>
      record('group', id, 'acme', { type: 'ProjectShareAccepted', data: { id, tenant: 'globex' } });
    expect(await lookups.missingVisibleGroups([own, theirs, unknown], 'globex')).toEqual([theirs, unknown]);
    await share('acme', theirs, 'globex');
    expect(await lookups.missingVisibleGroups([own, theirs], 'globex')).toEqual([theirs]);
    await accepted(theirs);
    expect(await lookups.missingVisibleGroups([own, theirs], 'globex')).toEqual([]);
    // shared with globex, not with a third tenant
    expect(await lookups.missingVisibleGroups([theirs], 'initech')).toEqual([theirs]);
    await record('group', theirs, 'acme', {
      type: 'ProjectUnshared',
      data: { id: theirs, tenant: 'globex' },
    });
    expect(await lookups.missingVisibleGroups([theirs], 'globex')).toEqual([theirs]);
  });

  it("answers an item's project facts only for a live project of the tenant", async () => {
    const lanes = await project('acme');
    await record('group', lanes, 'acme', {
      type: 'SubgroupAdded',
      data: { id: lanes, subgroup: { id: 'lane-1', name: 'Design', type: 'INDIVIDUAL' } },
    });
    const sprints = await project('acme', { art: sprintGroupArt });
    expect(await lookups.itemGroupFacts(lanes, 'acme')).toEqual({
      subgroups: ['tasks', 'milestones', 'lane-1'],
      sprint: false,
      rules: expect.objectContaining({ countWorkingDays: expect.any(Function) }),
    });
    expect(await lookups.itemGroupFacts(sprints, 'acme')).toMatchObject({ sprint: true });
    expect(await lookups.itemGroupFacts(lanes, 'globex')).toBeNull();
  });

  it('answers the rules of a project’s calendar as its stream has it, the default’s for one the tenant lacks (issue 24)', async () => {
    const calendar = nextId();
    const fourDays = { ...bernDefinition, workingWeekdays: [1, 2, 3, 4] };
    await record('calendar', calendar, 'acme', {
      type: 'CalendarCreated',
      data: { id: calendar, name: 'Vier Tage', definition: bernDefinition },
    });
    await record('calendar', calendar, 'acme', {
      type: 'CalendarChanged',
      data: { id: calendar, effectiveFrom: '2026-03-09', definition: fourDays },
    });
    const onIt = await project('acme', { calendar });
    // 2026-03-02 and 03-09 are Mondays: five working days, then four from the change
    const rules = (await lookups.itemGroupFacts(onIt, 'acme'))!.rules!;
    expect(rules.moveKeepingDuration('2026-03-02', '2026-03-09', '2026-03-09')).toBe('2026-03-17');
    expect((await lookups.calendarRules(calendar, 'acme')).countWorkingDays('2026-03-02', '2026-03-16')).toBe(
      9,
    );
    for (const [id, tenant] of [
      [calendar, 'globex'],
      [nextId(), 'acme'],
      [0, 'acme'],
    ] as const)
      expect((await lookups.calendarRules(id, tenant)).countWorkingDays('2026-03-02', '2026-03-16')).toBe(10);
  });

  it('names the record an account is for, and the record a linked account belongs to', async () => {
    const app = await application('acme');
    const numbered = await project('acme', { projectNr: 'P-7' });
    expect(await lookups.accountOwner('application', app, 'acme')).toEqual({
      name: `App ${app}`,
      assetNr: null,
      account: null,
    });
    expect(await lookups.accountOwner('group', numbered, 'acme')).toEqual({
      name: `Project ${numbered}`,
      assetNr: 'P-7',
      account: null,
    });
    expect(await lookups.accountOwner('group', nextId(), 'acme')).toBeNull();
    await expect(lookups.accountOwner('group', numbered, 'globex')).rejects.toMatchObject({
      code: 'not_found',
      message: 'group not found',
    });
    const account = nextId();
    await record('account', account, 'acme', {
      type: 'AccountCreated',
      data: { id: account, accountNumber: 'P-7', name: 'P', refType: 'group', refId: numbered },
    });
    expect(await lookups.linkedAccount(account, 'acme')).toEqual({ refType: 'group', refId: numbered });
    expect(await lookups.linkedAccount(account, 'globex')).toBeNull();
  });

  it("counts a goal's live projects and live child goals in the tenant", async () => {
    const used = await goal('acme');
    const child = await goal('acme', used);
    const valued = await project('acme');
    await record('group', valued, 'acme', {
      type: 'GroupGoalsSet',
      data: { id: valued, goals: [{ goalId: used, value: 3 }] },
    });
    const deleted = await project('acme');
    await record(
      'group',
      deleted,
      'acme',
      { type: 'GroupGoalsSet', data: { id: deleted, goals: [{ goalId: used, value: 1 }] } },
      { type: 'GroupDeleted', data: { id: deleted } },
    );
    expect(await lookups.goalUsage(used, 'acme')).toEqual({ usedBy: [valued], children: [child] });
    expect(await lookups.goalUsage(used, 'globex')).toEqual({ usedBy: [], children: [] });
  });

  it("names a project's live subprojects in every tenant, titled only in the asking one", async () => {
    const parent = await project('acme');
    const own = await project('acme', { title: 'Pilot', parent });
    const gone = await project('acme', { parent });
    await record('group', gone, 'acme', { type: 'GroupDeleted', data: { id: gone } });
    const elsewhere = await project('globex', { parent });
    await project('acme');
    expect(await lookups.subprojects(parent, 'acme')).toEqual([
      { id: own, title: 'Pilot' },
      { id: elsewhere, title: null },
    ]);
    await record('group', gone, 'acme', { type: 'GroupRestored', data: { id: gone } });
    expect((await lookups.subprojects(parent, 'acme')).map((p) => p.id)).toEqual([own, gone, elsewhere]);
  });

  it("asks the item index for a lane's items", async () =>
    expect([
      await lookups.laneItems(7, 'lane-1', 'acme'),
      await lookups.laneItems(7, 'lane-1', 'globex'),
    ]).toEqual([2, 0]));

  describe('in a scenario', () => {
    const scenario = 40;
    /** Appends `events` to the scenario's stream of record `id`, noting the record as the runner does. */
    const changed = async (category: Category, id: number, ...events: DomainEvent[]) => {
      const live = streamName(category, id);
      const metadata = eventMetadata({
        tenant: 'acme',
        user: 'alice',
        timestamp: '2026-03-02T09:30:00.000Z',
      });
      await store.append(
        scenarioRecordsStream(scenario),
        [{ id: randomUUID(), type: 'ScenarioRecordNoted', data: { stream: live }, metadata }],
        'any',
      );
      await store.append(
        scenarioStreamName(scenario, live),
        events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
        'any',
      );
    };
    const task = (id: number, subgroup: string, rank: string) => ({
      type: 'ItemCreated',
      data: { id, title: `Task ${id}`, group: 7, subgroup, rank, start: '2026-04-01T00:00' },
    });

    it('reads each record with the scenario’s events on top; the live lookups never see them', async () => {
      const made = nextId();
      await changed('group', made, {
        type: 'GroupCreated',
        data: { id: made, ...groupFieldsSchema.parse({ title: 'Only in the scenario' }) },
      });
      const inIt = lookups.inScenario(scenario);
      expect(await inIt.itemGroupFacts(made, 'acme')).toMatchObject({ sprint: false });
      expect(await inIt.isLive('group', made, 'acme')).toBe(true);
      expect(await inIt.isLive('group', made, 'globex')).toBe(false);
      expect(await lookups.itemGroupFacts(made, 'acme')).toBeNull();
    });

    it('counts the scenario’s items in a lane and ranks a new item after its highest', async () => {
      // a live item of lane-1 (one of the index's 2) moves to lane-2, a new one comes into lane-1 ranked 7
      const moved = nextId();
      await record('item', moved, 'acme', task(moved, 'lane-1', '3'));
      await changed('item', moved, {
        type: 'ItemUpdated',
        data: { id: moved, changes: { subgroup: 'lane-2' } },
      });
      const added = nextId();
      await changed('item', added, task(added, 'lane-1', '7'));
      const inIt = lookups.inScenario(scenario);
      expect(await inIt.laneItems(7, 'lane-1', 'acme')).toBe(2);
      expect(await inIt.laneItems(7, 'lane-2', 'acme')).toBe(1);
      expect(await inIt.highestRank(7, 'acme')).toBe('7');
      expect(await lookups.highestRank(7, 'acme')).toBe('5');
    });
  });

  it('refuses to assign a resource the tenant does not have, unless it is the one assigned already', async () => {
    const resource = nextId();
    await record('resource', resource, 'acme', {
      type: 'ResourceCreated',
      data: { id: resource, name: 'Jane' },
    });
    await expect(assertAssignableResource(lookups, resource, null, 'acme')).resolves.toBeUndefined();
    await expect(assertAssignableResource(lookups, resource, null, 'globex')).rejects.toMatchObject({
      code: 'validation',
      message: 'resource not found',
    });
    await expect(assertAssignableResource(lookups, resource, resource, 'globex')).resolves.toBeUndefined();
    await expect(assertAssignableResource(lookups, null, resource, 'globex')).resolves.toBeUndefined();
  });
});
