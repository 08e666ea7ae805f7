import type { ItemDependencies, TimelineView } from '@fahrplan/contracts';
import { noDependencies } from '../dependencies/dependency-links';
import { allowingDirectory, groupCreatedData, projectHistory, asked } from '../http/testing/query-fixtures';
import { storedEvent as event } from '../projections/testing/stored-event';
import { MemoryReadStore } from '../read-store/memory-read-store';
import type { ReadStore } from '../read-store/read-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { allProjections } from '../projections/all-projections';
import { levelsOf, maxBatches, timelineItem } from './timeline';
import { listedJson } from './timeline-json';
import { TimelineController } from './timeline.controller';
import { answered } from '../http/json-text';

const item = (id: number, group: number, start: string, end: string | null, type: string | null = null) => ({
  id,
  title: `Item ${id}`,
  group,
  subgroup: end === null ? 'milestones' : 'tasks',
  start,
  end,
  rank: null,
  className: null,
  status: 0,
  type,
});

const acme = { userId: 1, tenant: 'acme', username: 'alice' };
const other = { userId: 2, tenant: 'other', username: 'bob' };
const title = (n: number) => `Project ${String(n).padStart(3, '0')}`;

/** The timeline of [from, to) with only the paging and detail parameters set. */
const ask = (
  store: ReadStore,
  from: string,
  to: string,
  { limit, cursor, detail }: { limit?: string; cursor?: string; detail?: string } = {},
  principal = acme,
) =>
  answered(
    new TimelineController(store, allowingDirectory).timeline(
      asked(principal, { from, to, limit, cursor, detail }),
    ),
  );

/** Every page of a window, following nextCursor. */
const allPages = async (ask: (cursor?: string) => Promise<TimelineView>) => {
  const pages = [await ask()];
  while (pages.at(-1)!.nextCursor) pages.push(await ask(pages.at(-1)!.nextCursor!));
  return pages;
};

const failure = (query: Promise<unknown>) =>
  query.then(
    () => 'answered',
    (error: { code?: string; details?: { fieldErrors?: { field: string }[] } }) => ({
      code: error.code,
      fields: error.details?.fieldErrors?.map((e) => e.field),
    }),
  );

// the same answers from the SQLite store, which groups the summaries' items where it reads them
describe.each([
  ['in memory', () => new MemoryReadStore()],
  ['in SQLite', () => new SqliteReadStore(':memory:', allProjections)],
])('the timeline pages by rows (%s)', (_name, open: () => ReadStore) => {
  // 25 projects of acme with a task in March 2026 (titles in reverse order of their ids), one shared by
  // other and accepted, one running in March without items, one with items only in 2027
  const store = open();
  beforeAll(() =>
    projectHistory(store, [
      ...Array.from({ length: 25 }, (_, i) => [
        event('acme', 'GroupCreated', groupCreatedData(100 + i, title(25 - i))),
        event('acme', 'ItemCreated', item(1000 + i, 100 + i, '2026-03-02T00:00', '2026-03-05T00:00')),
      ]).flat(),
      event('other', 'GroupCreated', groupCreatedData(200, 'Project 010b (shared)')),
      event('other', 'ProjectShared', { id: 200, tenant: 'acme', status: 'PENDING' }, 1),
      event('other', 'ProjectShareAccepted', { id: 200, tenant: 'acme' }, 2),
      event('other', 'ItemCreated', item(2000, 200, '2026-03-10T00:00', null)),
      event(
        'acme',
        'GroupCreated',
        groupCreatedData(300, 'Project 020b (runs)', { start: '2026-03-01', end: '2026-03-31' }),
      ),
      event('acme', 'GroupCreated', groupCreatedData(400, 'Project 000 (next year)')),
      event('acme', 'ItemCreated', item(4000, 400, '2027-03-02T00:00', '2027-03-05T00:00')),
    ]),
  );

  it('in title order, own and shared merged, without duplicates or gaps, nextCursor null after the last', async () => {
    const pages = await allPages((cursor) => ask(store, '2026-03-01', '2026-04-01', { limit: '4', cursor }));
    const whole = await ask(store, '2026-03-01', '2026-04-01', { limit: '1000' });

    expect(pages.map((p) => p.groups.length)).toEqual([4, 4, 4, 4, 4, 4, 3]);
    const titles = pages.flatMap((p) => p.groups.map((g) => g.content));
    expect(titles).toEqual(whole.groups.map((g) => g.content));
    expect(new Set(titles).size).toBe(27);
    expect(titles.slice(9, 12)).toEqual(['Project 010', 'Project 010b (shared)', 'Project 011']);
    expect(titles).toContain('Project 020b (runs)');
    expect(titles).not.toContain('Project 000 (next year)');
    expect(whole.nextCursor).toBeNull();
    // each page brings its rows' items, and only theirs
    for (const page of pages) {
      const rows = new Set(page.groups.map((g) => g.id));
      expect(page.items.every((i) => rows.has(i.group))).toBe(true);
      expect(page.itemCount).toBe(page.items.length);
    }
    expect(pages.flatMap((p) => p.items).map((i) => i.id).length).toBe(26);
    expect(pages.flatMap((p) => p.items).find((i) => i.id === 2000)).toMatchObject({ shared: true });
  });

  it('answers 100 rows by default', async () => {
    const page = await ask(store, '2026-03-01', '2026-04-01');
    expect(page.groups).toHaveLength(27);
    expect(page).toMatchObject({ detail: 'items', nextCursor: null });
  });

  it('passes over projects without anything in the window a few batches at a time, going on from a cursor', async () => {
    // limit 1: batches of two projects; the project with items in 2027 sorts first, then 26 without
    const pages = await allPages((cursor) => ask(store, '2027-03-01', '2027-04-01', { limit: '1', cursor }));
    // 28 projects: the first request reads maxBatches batches of two and hands on a cursor after the
    // 20th, the second reads the other 8 and finds nothing more
    expect(maxBatches * 2).toBe(20);
    expect(pages.map((p) => [p.groups.map((g) => g.id), p.nextCursor !== null])).toEqual([
      [[400], true],
      [[], false],
    ]);
  });

  it('summarises each row instead of listing items when asked, or by default beyond 400 days', async () => {
    const items = await ask(store, '2026-01-01', '2027-02-05');
    const summary = await ask(store, '2026-01-01', '2027-02-06');
    const asked = await ask(store, '2026-03-01', '2026-04-01', { detail: 'summary' });

    expect(items.detail).toBe('items');
    expect(summary).toMatchObject({ detail: 'summary', items: [], itemCount: 26 });
    expect(asked).toMatchObject({ detail: 'summary', items: [], itemCount: 26 });
    expect(asked.groups.map((g) => g.id)).toEqual(summary.groups.map((g) => g.id));
    expect(asked.summaries.find((s) => s.group === 200)).toEqual({
      group: 200,
      start: '2026-03-10T00:00',
      end: '2026-03-10T00:00',
      taskCount: 0,
      milestoneCount: 1,
      milestones: [{ id: 2000, title: 'Item 2000', start: '2026-03-10T00:00' }],
    });
    // the project that only runs in the window is a row without a summary
    expect(asked.groups.map((g) => g.id)).toContain(300);
    expect(asked.summaries.map((s) => s.group)).not.toContain(300);
    expect(await ask(store, '2026-03-01', '2026-04-01', { detail: 'items' })).toMatchObject({
      detail: 'items',
      summaries: [],
    });
  });

  it('shows the owner its shared project as its own', async () => {
    const page = await ask(store, '2026-03-01', '2026-04-01', {}, other);
    expect(page.groups.map((g) => [g.id, g.shared])).toEqual([[200, false]]);
  });

  it('refuses a limit, a cursor or a detail it does not know, naming it', async () => {
    for (const [params, field] of [
      [{ limit: '0' }, 'limit'],
      [{ limit: '1001' }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ cursor: Buffer.from('["a"]').toString('base64url') }, 'cursor'],
      [{ detail: 'everything' }, 'detail'],
    ] as const)
      expect(await failure(ask(store, '2026-03-01', '2026-04-01', params))).toEqual({
        code: 'validation',
        fields: [field],
      });
  });
});

describe.each([
  ['in memory', () => new MemoryReadStore()],
  ['in SQLite', () => new SqliteReadStore(':memory:', allProjections)],
])('the interval levels a tenant holds (%s)', (_name, open: () => ReadStore) => {
  it('are those of its live items only, and a window still finds an item of a level no other item has', async () => {
    const store = open();
    await projectHistory(store, [
      event('acme', 'GroupCreated', groupCreatedData(100, 'Project 100')),
      // a day (level 0), three days (level 2), about three years (level 11)
      event('acme', 'ItemCreated', item(1, 100, '2026-03-02T00:00', '2026-03-03T00:00')),
      event('acme', 'ItemCreated', item(2, 100, '2026-03-02T00:00', '2026-03-05T00:00')),
      event('acme', 'ItemCreated', item(3, 100, '2024-01-01T00:00', '2027-01-01T00:00')),
      // a deleted item of level 5 and another tenant's of level 4 do not count
      event('acme', 'ItemCreated', item(4, 100, '2026-03-02T00:00', '2026-04-01T00:00')),
      event('acme', 'ItemDeleted', { id: 4 }, 1),
      event('other', 'ItemCreated', item(5, 200, '2026-03-02T00:00', '2026-03-12T00:00')),
      // a long item (level 11) that starts where the short ones are read: found by that range, once
      event('acme', 'ItemCreated', item(6, 100, '2026-03-03T00:00', '2029-01-01T00:00')),
    ]);
    expect([...(await levelsOf(store, 'acme'))].sort((a, b) => a - b)).toEqual([0, 2, 11]);
    const page = await ask(store, '2026-06-01', '2026-07-01');
    expect(page.items.map((i) => i.id).sort()).toEqual([3, 6]);
    const march = await ask(store, '2026-03-01', '2026-04-01');
    expect(march.items.map((i) => i.id).sort()).toEqual([1, 2, 3, 6]);
  });
});

describe('an item of a page written as JSON', () => {
  const doc = {
    id: 12,
    title: 'Go "live" \\ now\n',
    group: 3,
    subgroup: null,
    start: '2026-03-02T00:00',
    end: null,
    type: null,
    className: 'late',
    rank: 'a0',
    status: 2,
    version: 4,
    tenant: 'other',
  };
  const listed = (tenant: string, dependencies?: ItemDependencies) =>
    listedJson(
      {
        ...doc,
        json: JSON.stringify(timelineItem(doc, tenant, noDependencies)).replace(/,"shared".*$/, '}'),
      },
      tenant,
      dependencies,
    );
  const link = { id: 5, item: 13, type: 'finish-to-start' as const, lag: -1, version: 2 };

  it('is the text of timelineItem, byte for byte, shared or not, with dependencies or none', () => {
    for (const tenant of ['acme', 'other'])
      for (const dependencies of [
        undefined,
        noDependencies,
        { predecessors: [link], successors: [] },
        { predecessors: [], successors: [link] },
      ])
        expect(listed(tenant, dependencies).join('')).toBe(
          JSON.stringify(timelineItem(doc, tenant, dependencies)),
        );
  });
});
