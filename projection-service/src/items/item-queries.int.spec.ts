import type { ItemView, Page } from '@fahrplan/contracts';
import { storedEvent as event } from '../projections/testing/stored-event';
import { MemoryReadStore } from '../read-store/memory-read-store';
import type { ReadStore } from '../read-store/read-store';
import { ItemsController } from './items.controller';
import { TimelineController } from './timeline.controller';
import {
  allowingDirectory,
  groupCreatedData,
  itemCreatedData,
  projectHistory,
  describeAnswersOnMongo,
  asked,
} from '../http/testing/query-fixtures';
import { asOfContext } from '../as-of/as-of-stores';
import { JsonText, answered } from '../http/json-text';
import type { QueryParams } from '../http/query-params';

const group = groupCreatedData;

const item = itemCreatedData;

// The window of every timeline query below: [2026-03-02, 2026-03-09)
const history = [
  event('acme', 'GroupCreated', group(10, 'Roll-out', { status: 5, applications: [5], resource: 3 })),
  event(
    'acme',
    'SubgroupAdded',
    { id: 10, subgroup: { id: 'lane-1', name: 'Design', type: 'INDIVIDUAL' } },
    1,
  ),
  event('acme', 'SubgroupRenamed', { id: 10, subgroup: 'lane-1', name: 'UX design' }, 2),
  // no items, but runs in the window (inclusive end on the window's first day)
  event('acme', 'GroupCreated', group(11, 'Analysis', { start: '2026-02-01', end: '2026-03-02' })),
  // no items, ends the day before the window
  event('acme', 'GroupCreated', group(12, 'Finished', { start: '2026-01-01', end: '2026-03-01' })),
  event('acme', 'GroupCreated', group(13, 'Sprints', { art: 99, start: '2026-01-01', end: '2026-12-31' })),
  event('acme', 'GroupCreated', group(14, 'Dropped', { start: '2026-01-01', end: '2026-12-31' })),
  event('acme', 'GroupDeleted', { id: 14 }, 1),
  // tasks of 10: inside, overlapping the start, ending exactly at the window start (excluded),
  // starting exactly at the window end (excluded), a deleted one, a moved one
  event('acme', 'ItemCreated', item(100, 10, '2026-03-03T00:00', '2026-03-05T00:00', { effort: 3 })),
  event('acme', 'ItemCreated', item(101, 10, '2026-02-20T00:00', '2026-03-03T00:00')),
  event('acme', 'ItemCreated', item(102, 10, '2026-02-20T00:00', '2026-03-02T00:00')),
  event('acme', 'ItemCreated', item(103, 10, '2026-03-09T00:00', '2026-03-10T00:00')),
  event('acme', 'ItemCreated', item(104, 10, '2026-03-04T00:00', '2026-03-05T00:00')),
  event('acme', 'ItemDeleted', { id: 104 }, 1),
  event('acme', 'ItemCreated', item(105, 10, '2026-04-01T00:00', '2026-04-02T00:00')),
  event(
    'acme',
    'ItemUpdated',
    { id: 105, changes: { start: '2026-03-06T00:00', end: '2026-03-07T00:00' } },
    1,
  ),
  // milestones: on the window's first day (in), on its end (out)
  event('acme', 'ItemCreated', item(106, 10, '2026-03-02T00:00', null)),
  event('acme', 'ItemCreated', item(107, 10, '2026-03-09T00:00', null)),
  // an item of the sprint group and of the deleted project never show
  event('acme', 'ItemCreated', item(108, 13, '2026-03-03T00:00', '2026-03-04T00:00')),
  event('acme', 'ItemCreated', item(109, 14, '2026-03-03T00:00', '2026-03-04T00:00')),
  // tenant 'other': 30 shared with acme and accepted, 31 pending, 32 not shared
  event('other', 'GroupCreated', group(30, 'Partner work', { status: 4 })),
  event('other', 'ProjectShared', { id: 30, tenant: 'acme', status: 'PENDING' }, 1),
  event('other', 'ProjectShareAccepted', { id: 30, tenant: 'acme' }, 2),
  event('other', 'GroupCreated', group(31, 'Pending work')),
  event('other', 'ProjectShared', { id: 31, tenant: 'acme', status: 'PENDING' }, 1),
  event('other', 'GroupCreated', group(32, 'Secret work')),
  event('other', 'ItemCreated', item(300, 30, '2026-03-04T00:00', '2026-03-06T00:00')),
  event('other', 'ItemCreated', item(301, 30, '2026-03-05T00:00', null)),
  event('other', 'ItemCreated', item(310, 31, '2026-03-04T00:00', '2026-03-06T00:00')),
  event('other', 'ItemCreated', item(320, 32, '2026-03-04T00:00', '2026-03-06T00:00', { title: 'Item 100' })),
];

const acme = { userId: 1, tenant: 'acme', username: 'alice' };
const other = { userId: 2, tenant: 'other', username: 'bob' };

const failure = (query: Promise<unknown>) =>
  query.then(
    () => 'answered',
    (error: { code?: string; details?: unknown }) => ({ code: error.code, details: error.details }),
  );

const answers = async (store: ReadStore) => {
  const c = new ItemsController(store, allowingDirectory);
  const timeline = new TimelineController(store, allowingDirectory);
  const window = (filters: QueryParams = {}) =>
    answered(timeline.timeline(asked(acme, { from: '2026-03-02', to: '2026-03-09', ...filters })));
  return {
    timeline: await window(),
    byGroup: await window({ group: '30,11' }),
    byStatus: await window({ status: '5' }),
    byResource: await window({ resource: '3' }),
    byApplication: await window({ application: '5,6' }),
    othersTimeline: await answered(timeline.timeline(asked(other, { from: '2026-03-02', to: '2026-03-09' }))),
    byId: await answered(c.item(asked(acme, {}, { idOrName: '100' }))),
    byTitle: await answered(c.item(asked(acme, {}, { idOrName: 'ITEM 105' }))),
    milestone: await answered(c.item(asked(acme, {}, { idOrName: '106' }))),
    othersItem: await failure(c.item(asked(acme, {}, { idOrName: '320' }))),
    deleted: await failure(c.item(asked(acme, {}, { idOrName: '104' }))),
    list: (await c.items(asked(acme, { group: '10' }))).items,
    sharedList: (await c.items(asked(acme, { group: '30' }))).items,
    pendingList: await failure(c.items(asked(acme, { group: '31' }))),
  };
};

const ids = (list: readonly { id: number }[]) => list.map((x) => x.id);

const expectAnswers = (a: Awaited<ReturnType<typeof answers>>) => {
  expect(ids(a.timeline.items)).toEqual([100, 101, 105, 106, 300, 301]);
  // projects by title; 11 runs in the window without items; 12, 13 (sprint), 14 (deleted), 31, 32 never
  expect(a.timeline.groups.map((g) => [g.id, g.shared])).toEqual([
    [11, false],
    [30, true],
    [10, false],
  ]);
  expect(a.timeline.groups.find((g) => g.id === 10)).toEqual({
    id: 10,
    content: 'Roll-out',
    subgroups: [
      { id: 'tasks', name: 'Tasks', type: 'tasks' },
      { id: 'milestones', name: 'Milestones', type: 'milestones' },
      { id: 'lane-1', name: 'UX design', type: 'INDIVIDUAL' },
    ],
    shared: false,
    tenant: 'acme',
    status: 5,
    resource: 3,
    jirarepo: null,
    // issue 24: created without a calendar, the project uses the tenant's default
    calendar: 0,
  });
  expect(a.timeline.items.find((i) => i.id === 105)).toEqual({
    id: 105,
    title: 'Item 105',
    group: 10,
    subgroup: 'tasks',
    start: '2026-03-06T00:00',
    end: '2026-03-07T00:00',
    type: null,
    className: null,
    rank: '0|000105',
    status: 0,
    version: 1,
    shared: false,
    predecessors: [],
    successors: [],
  });
  expect(a.timeline.items.filter((i) => i.shared).map((i) => i.id)).toEqual([300, 301]);
  expect([a.timeline.from, a.timeline.to]).toEqual(['2026-03-02', '2026-03-09']);
  expect(ids(a.byGroup.groups)).toEqual([11, 30]);
  expect(ids(a.byGroup.items)).toEqual([300, 301]);
  expect(ids(a.byStatus.groups)).toEqual([10]);
  expect(ids(a.byStatus.items)).toEqual([100, 101, 105, 106]);
  expect(ids(a.byResource.groups)).toEqual([10]);
  expect(ids(a.byApplication.groups)).toEqual([10]);
  // the owner sees its own items, the pending and the unshared ones, never acme's
  expect(ids(a.othersTimeline.items)).toEqual([300, 301, 310, 320]);
  expect(a.othersTimeline.items.every((i) => !i.shared)).toBe(true);
  expect(a.byId).toMatchObject({
    id: 100,
    tenant: 'acme',
    groupTitle: 'Roll-out',
    duration: 2, // Tue 3 and Wed 4 March
    effort: 3,
    workload: '1.5',
    version: 0,
    deleted: false,
  });
  expect(a.byTitle).toMatchObject({ id: 105, version: 1, start: '2026-03-06T00:00', duration: 1 });
  expect(a.milestone).toMatchObject({ id: 106, end: null, duration: null, workload: null });
  expect(a.othersItem).toMatchObject({ code: 'not_found' });
  expect(a.deleted).toMatchObject({ code: 'not_found' });
  expect(ids(a.list)).toEqual([100, 101, 102, 103, 105, 106, 107]);
  expect(ids(a.sharedList)).toEqual([300, 301]);
  expect(a.pendingList).toMatchObject({ code: 'not_found' });
};

describe('item and timeline queries on the in-memory store', () => {
  it('answer the window, the filters, items by id and title, and keep tenants apart', async () => {
    const memory = new MemoryReadStore();
    await projectHistory(memory, history);

    expectAnswers(await answers(memory));
  });

  it("page a project's items by rank either way, and search the caller's own items by title", async () => {
    const memory = new MemoryReadStore();
    await projectHistory(memory, history);
    const c = new ItemsController(memory, allowingDirectory);
    const walk = async (query: Record<string, string>) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Page<ItemView> = await c.items(
          asked(acme, {
            ...query,
            limit: '2',
            ...(cursor ? { cursor } : {}),
          }),
        );
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };

    expect(await walk({ group: '10' })).toEqual([100, 101, 102, 103, 105, 106, 107]);
    expect(await walk({ group: '10', sort: '-rank' })).toEqual([107, 106, 105, 103, 102, 101, 100]);
    // other's item 320 is also titled 'Item 100'; 104 is deleted, and 109 went with its project 'Dropped'
    const found = await c.items(asked(acme, { q: 'ITEM 10', sort: 'title' }));
    expect(found.items.map((i) => [i.id, i.groupTitle])).toEqual([
      [100, 'Roll-out'],
      [101, 'Roll-out'],
      [102, 'Roll-out'],
      [103, 'Roll-out'],
      [105, 'Roll-out'],
      [106, 'Roll-out'],
      [107, 'Roll-out'],
      [108, 'Sprints'],
    ]);
    expect(await walk({ q: 'item 10', sort: '-title' })).toEqual([108, 107, 106, 105, 103, 102, 101, 100]);
    await expect(c.items(asked(acme, { group: '10,11' }))).rejects.toMatchObject({
      details: { fieldErrors: [{ field: 'group' }] },
    });
    await expect(c.items(asked(acme, { group: '10', sort: 'start' }))).rejects.toMatchObject({
      details: { fieldErrors: [{ field: 'sort' }] },
    });
  });

  it("keep an item's answer for the read models' position while the runner follows the log", async () => {
    const memory = new MemoryReadStore();
    await projectHistory(memory, history);
    const runner: { following: number | undefined } = { following: 40 };
    const c = new ItemsController(memory, allowingDirectory, null, runner);
    const title = async (tenant: typeof acme, idOrName: string) => {
      const answer = await c.item(asked(tenant, {}, { idOrName }));
      return { kept: answer instanceof JsonText, title: (await answered(Promise.resolve(answer))).title };
    };
    const renamed = async (title: string) => {
      const stored = (await memory.get('items', '100'))!;
      await memory.put('items', { ...stored, title, _position: stored._position + 1 });
    };

    expect(await title(acme, '100')).toEqual({ kept: true, title: 'Item 100' });
    // a write the runner has not passed yet: the position's answer stays
    await renamed('Renamed');
    expect(await title(acme, '100')).toEqual({ kept: true, title: 'Item 100' });
    // by title, and for another tenant: answers of their own
    expect(await title(acme, 'item 105')).toEqual({ kept: true, title: 'Item 105' });
    expect(await failure(c.item(asked(other, {}, { idOrName: '100' })))).toMatchObject({ code: 'not_found' });
    // acme's 'item 105' is not the answer of tenant 'acme item' asking for 105 (the two run together alike)
    expect(
      await failure(c.item(asked({ ...acme, tenant: 'acme item' }, {}, { idOrName: '105' }))),
    ).toMatchObject({
      code: 'not_found',
    });
    runner.following = 41;
    expect(await title(acme, '100')).toEqual({ kept: true, title: 'Renamed' });
    // as of an instant, an answer of its own view, never kept
    const asOf = await asOfContext.run({ store: memory, position: 1 }, () =>
      c.item(asked(acme, {}, { idOrName: '100' })),
    );
    expect(asOf).not.toBeInstanceOf(JsonText);
    // a runner that does not follow the log keeps nothing: the store's answer, as it is now
    runner.following = undefined;
    await renamed('Renamed again');
    expect(await title(acme, '100')).toEqual({ kept: false, title: 'Renamed again' });
  });

  it("read a tenant's first links and a project's calendar once per position of the runner", async () => {
    const memory = new MemoryReadStore();
    await projectHistory(memory, history);
    const runner: { following: number | undefined } = { following: 40 };
    const c = new ItemsController(memory, allowingDirectory, null, runner);
    const reads = jest.spyOn(memory, 'findFields');
    const linkReads = () => reads.mock.calls.filter(([collection]) => collection === 'dependencies').length;
    const gets = jest.spyOn(memory, 'get');
    const calendarReads = () => gets.mock.calls.filter(([collection]) => collection === 'calendars').length;
    const item = (idOrName: string) => answered(c.item(asked(acme, {}, { idOrName })));

    expect((await item('100')).successors).toEqual([]);
    expect((await item('101')).successors).toEqual([]);
    // the second item at the same position did not ask for the tenant's links or its project's calendar again
    expect(linkReads()).toBe(1);
    expect(calendarReads()).toBe(1);
    const link = { id: 900, predecessor: 101, successor: 100, type: 'finish-to-start', lag: 0, version: 0 };
    await memory.put('dependencies', { _id: '900', _position: 41, tenant: 'acme', ...link });
    runner.following = 41;
    expect((await item('101')).successors).toEqual([
      { id: 900, item: 100, type: 'finish-to-start', lag: 0, version: 0 },
    ]);
    expect(linkReads()).toBeGreaterThan(1);
  });

  it('refuse a window without dates, with from after to, or wider than twenty years', async () => {
    const store = new MemoryReadStore();
    const timeline = new TimelineController(store, allowingDirectory);
    const c = new ItemsController(store, allowingDirectory);

    for (const [from, to, field] of [
      [undefined, '2026-03-09', 'from'],
      ['2026-03-02', '9.3.2026', 'to'],
      ['2026-02-30', '2026-03-09', 'from'],
      ['2026-03-09', '2026-03-09', 'to'],
      ['2026-03-09', '2026-03-02', 'to'],
      ['2006-01-01', '2026-01-17', 'to'],
    ] as const)
      expect(await failure(answered(timeline.timeline(asked(acme, { from, to }))))).toMatchObject({
        code: 'validation',
        details: { fieldErrors: [{ field }] },
      });
    expect(
      await failure(
        answered(timeline.timeline(asked(acme, { from: '2026-03-02', to: '2026-03-09', group: 'x' }))),
      ),
    ).toMatchObject({
      code: 'validation',
      details: { fieldErrors: [{ field: 'group' }] },
    });
    expect(await failure(c.items(asked(acme, {})))).toMatchObject({ code: 'validation' });
  });
});

describeAnswersOnMongo('item and timeline queries on MongoDB', history, answers, expectAnswers);
