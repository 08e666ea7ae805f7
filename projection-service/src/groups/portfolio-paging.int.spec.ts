import { DomainError } from '@fahrplan/contracts';
import type { GroupView, Page } from '@fahrplan/contracts';
import { allowingDirectory, groupCreatedData, projectHistory, asked } from '../http/testing/query-fixtures';
import { allProjections } from '../projections/all-projections';
import { storedEvent } from '../projections/testing/stored-event';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { MongoReadStore } from '../read-store/mongo-read-store';
import type { ReadStore } from '../read-store/read-store';
import { describeWithMongo } from '../read-store/testing/mongo-server';
import { GroupsController, groupSorts } from './groups.controller';
import { answered } from '../http/json-text';

const principal = { userId: 1, tenant: 'acme', username: 'alice' };

/**
 * 23 projects of acme and 4 of other shared with acme (3 accepted), with repeating titles, codes and
 * dates, and some without dates, short name or health: every sort has ties and empty values.
 */
const history = [
  ...Array.from({ length: 23 }, (_, i) =>
    storedEvent(
      'acme',
      'GroupCreated',
      groupCreatedData(100 + i, `project ${String.fromCharCode(97 + (i % 6))}`, {
        shortname: i % 4 === 0 ? null : `s${i % 5}`,
        status: i % 3,
        phase: i % 4,
        healthStatus: i % 5 === 0 ? null : i % 2,
        start: i % 7 === 0 ? null : `2026-0${1 + (i % 5)}-0${1 + (i % 3)}`,
        end: i % 7 === 0 ? null : `2026-1${i % 3}-1${i % 4}`,
        metrics: [{ group: null, type: 'WICHTIGKEIT', value: i % 11 }],
      }),
    ),
  ),
  ...[200, 201, 202, 203].flatMap((id, i) => [
    storedEvent('other', 'GroupCreated', groupCreatedData(id, `project ${'acef'[i]}`, { status: i })),
    storedEvent('other', 'ProjectShared', { id, tenant: 'acme', status: 'PENDING' }, 1),
    ...(id === 203 ? [] : [storedEvent('other', 'ProjectShareAccepted', { id, tenant: 'acme' }, 2)]),
  ]),
];

/** Every page of the portfolio with `query`, `limit` projects a page, as ids in the order they came. */
const walk = async (groups: GroupsController, query: Record<string, string>, limit: number) => {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<GroupView> = await answered(
      groups.groups(
        asked(principal, {
          ...query,
          limit: String(limit),
          ...(cursor ? { cursor } : {}),
        }),
      ),
    );
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((g) => g.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
};

/** What a field of the view sorts by: empty values last in either direction, then by id (the store's `_id`). */
const expectedOrder = (views: readonly GroupView[], field: keyof GroupView, direction: 1 | -1) =>
  [...views]
    .sort((a, b) => {
      const [x, y] = [a[field], b[field]] as (string | number | null)[];
      const [xe, ye] = [x === null || x === '', y === null || y === ''];
      if (xe !== ye) return xe ? 1 : -1;
      if (!xe && x !== y) return (x! < y! ? -1 : 1) * direction;
      return (String(a.id) < String(b.id) ? -1 : 1) * direction;
    })
    .map((g) => g.id);

const refusal = async (query: Promise<unknown>) =>
  query.then(
    () => null,
    (error: unknown) => (error instanceof DomainError ? error.details : error),
  );

const pagingSuite = (store: () => Promise<ReadStore>) => {
  let groups: GroupsController;
  let all: GroupView[];

  beforeAll(async () => {
    const s = await store();
    await projectHistory(s, history);
    groups = new GroupsController(s, allowingDirectory);
    all = [...(await answered(groups.groups(asked(principal, { limit: '1000' })))).items];
  });

  it('lists the own projects and the accepted shared ones, 100 a page unless asked otherwise', async () => {
    expect(all.map((g) => g.id).sort()).toEqual([
      ...Array.from({ length: 23 }, (_, i) => 100 + i),
      200,
      201,
      202,
    ]);
    const first = await answered(groups.groups(asked(principal, {})));
    expect(first.items).toHaveLength(26);
    expect(first.nextCursor).toBeNull();
  });

  it.each(Object.keys(groupSorts).flatMap((sort) => [sort, `-${sort}`]))(
    'walks the pages sorted by %s: each project once, in the order of one page',
    async (sort) => {
      const whole = await walk(groups, { sort }, 1000);
      expect(whole).toHaveLength(26);
      for (const limit of [1, 4, 25]) expect(await walk(groups, { sort }, limit)).toEqual(whole);
    },
  );

  it.each([
    ['shortname', 'shortname'],
    ['status', 'status'],
    ['phase', 'phase'],
    ['health', 'healthStatus'],
    ['start', 'start'],
    ['end', 'end'],
    ['duration', 'duration'],
    ['priority', 'priority'],
  ] as const)('sorts by %s with empty values last, either way', async (sort, field) => {
    expect(await walk(groups, { sort }, 7)).toEqual(expectedOrder(all, field, 1));
    expect(await walk(groups, { sort: `-${sort}` }, 7)).toEqual(expectedOrder(all, field, -1));
  });

  it('sorts by title (folded), then by id, and filters in the store', async () => {
    const titles = (await walk(groups, {}, 5)).map((id) => all.find((g) => g.id === id)!.title);
    expect(titles).toEqual([...titles].sort());
    expect(await walk(groups, { q: 'PROJECT B', status: '1' }, 2)).toEqual(
      all.filter((g) => g.title === 'project b' && g.status === 1).map((g) => g.id),
    );
    expect(await walk(groups, { shared: 'true' }, 2)).toEqual([200, 201, 202]);
    expect(await walk(groups, { shared: 'false', id: '101,200,105,999' }, 1)).toEqual([101, 105]);
  });

  it('refuses an unknown sort, a foreign cursor and a limit above 1,000, naming the parameter', async () => {
    expect(await refusal(answered(groups.groups(asked(principal, { sort: 'budget' }))))).toEqual({
      fieldErrors: [expect.objectContaining({ field: 'sort' })],
    });
    expect(await refusal(answered(groups.groups(asked(principal, { limit: '1001' }))))).toEqual({
      fieldErrors: [{ field: 'limit', message: 'at most 1000' }],
    });
    expect(await refusal(answered(groups.groups(asked(principal, { cursor: 'bm90LWEtY3Vyc29y' }))))).toEqual({
      fieldErrors: [expect.objectContaining({ field: 'cursor' })],
    });
    // a cursor of one sort does not fit a sort of more keys
    const { nextCursor } = await answered(groups.groups(asked(principal, { limit: '2' })));
    expect(
      await refusal(answered(groups.groups(asked(principal, { sort: 'start', cursor: nextCursor! })))),
    ).toEqual({
      fieldErrors: [expect.objectContaining({ field: 'cursor' })],
    });
  });
};

describe('the portfolio in pages, on the in-memory store', () => {
  pagingSuite(async () => new MemoryReadStore());

  it('shows a project written behind the cursor on no page, one written ahead on a later page', async () => {
    const store = new MemoryReadStore();
    await projectHistory(store, history);
    const groups = new GroupsController(store, allowingDirectory);
    const first = await answered(groups.groups(asked(principal, { limit: '10' })));
    await projectHistory(store, [
      storedEvent('acme', 'GroupCreated', groupCreatedData(300, 'a project before every other')),
      storedEvent('acme', 'GroupCreated', groupCreatedData(301, 'zz after every other')),
    ]);
    const rest = await walk(groups, { cursor: first.nextCursor! }, 10);
    const seen = [...first.items.map((g) => g.id), ...rest];
    expect(seen).not.toContain(300);
    expect(seen.at(-1)).toBe(301);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(27);
  });
});

describeWithMongo('the portfolio in pages, on MongoDB', (server) => {
  pagingSuite(async () => {
    const mongo = new MongoReadStore(server().client.db(server().freshDatabase()));
    await mongo.ensureIndexes(allProjections);
    return mongo;
  });
});
