import { MemoryReadStore } from '../read-store/memory-read-store';
import type { OverlaidDocument } from './scenario-overlay';
import { ScenarioReadView, overlayOf } from './scenario-view';

/** An item the scenario moved into project 2 and tagged, live in project 1. */
const moved: OverlaidDocument = {
  collection: 'items',
  id: '7',
  stream: 'item-7',
  live: { tenant: 'acme', deleted: false, id: 7, group: 1, tags: ['red'] },
  scenario: { tenant: 'acme', deleted: false, id: 7, group: 2, tags: ['red', 'blue'] },
  base: { group: 1, tags: ['red'] },
  position: 9,
};

const viewOf = async () => {
  const live = new MemoryReadStore();
  await live.put('items', {
    _id: '7',
    _position: 3,
    tenant: 'acme',
    deleted: false,
    id: 7,
    group: 1,
    tags: ['red'],
  });
  await live.put('items', {
    _id: '8',
    _position: 4,
    tenant: 'acme',
    deleted: false,
    id: 8,
    group: 1,
    tags: [],
  });
  return new ScenarioReadView(live, overlayOf([moved]));
};

const ids = (docs: readonly { _id: string }[]) => docs.map((doc) => doc._id);

describe('a query in a scenario, the overlay ruled out before mingo', () => {
  it('matches overlaid documents by equal and $in fields, and leaves lists to mingo (multikey)', async () => {
    const view = await viewOf();
    expect(ids(await view.find('items', { tenant: 'acme', group: { $in: [2, 3] } }))).toEqual(['7']);
    expect(ids(await view.find('items', { tenant: 'acme', group: 1 }, { sort: { _id: 1 } }))).toEqual(['8']);
    expect(ids(await view.find('items', { tenant: 'acme', tags: 'blue' }))).toEqual(['7']);
    expect(ids(await view.find('items', { tenant: 'acme', tags: { $in: ['blue'] } }))).toEqual(['7']);
    expect(ids(await view.find('items', { _id: { $in: ['7', '8'] } }, { sort: { _id: 1 } }))).toEqual([
      '7',
      '8',
    ]);
    expect(ids(await view.find('items', { tenant: 'other' }))).toEqual([]);
    expect(await view.count('items', { tenant: 'acme', group: 1 })).toBe(1);
    expect(await view.count('items', { tenant: 'acme', group: { $in: [1, 2] } })).toBe(2);
  });

  it('answers a limited query right whether or not the first live rows are all overlaid', async () => {
    const live = new MemoryReadStore();
    const item = (rank: number) => ({ tenant: 'acme', deleted: false, id: rank, group: 1, rank });
    for (let rank = 1; rank <= 20; rank++)
      await live.put('items', { _id: `i${rank}`, _position: rank, ...item(rank) });
    // the scenario moved the first twelve by rank into project 2
    const overlay = Array.from({ length: 12 }, (_, i): OverlaidDocument => ({
      collection: 'items',
      id: `i${i + 1}`,
      stream: `item-${i + 1}`,
      live: item(i + 1),
      scenario: { ...item(i + 1), group: 2 },
      base: { group: 1 },
      position: 30,
    }));
    const view = new ScenarioReadView(live, overlayOf(overlay));
    const ranks = (docs: readonly Record<string, unknown>[]) => docs.map((doc) => doc.rank);
    const inProject = (group: number, limit: number) =>
      view.find('items', { tenant: 'acme', group }, { sort: { rank: 1 }, limit });
    expect(ranks(await inProject(1, 3))).toEqual([13, 14, 15]);
    expect(ranks(await inProject(1, 10))).toEqual([13, 14, 15, 16, 17, 18, 19, 20]);
    expect(ranks(await inProject(2, 2))).toEqual([1, 2]);
    expect(
      ranks(
        await view.findFields('items', { tenant: 'acme', group: 1 }, ['rank'], {
          sort: { rank: 1 },
          limit: 1,
        }),
      ),
    ).toEqual([13]);
  });
});

describe('a timeline read in a scenario: interval ranges and many filters', () => {
  /** Items by start day (`_startDay` = rank), live; the scenario moves item 3 from day 3 to day 13. */
  const item = (id: number, day: number, group = 1) => ({
    tenant: 'acme',
    deleted: false,
    id,
    group,
    _lvl: 0,
    _startDay: day,
  });
  const movedLater: OverlaidDocument = {
    collection: 'items',
    id: '3',
    stream: 'item-3',
    live: item(3, 3),
    scenario: item(3, 13),
    base: { start: '…' },
    position: 40,
  };
  const viewWithCalls = async () => {
    const live = new MemoryReadStore();
    for (const [id, day] of [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 12],
      [5, 14],
    ] as const)
      await live.put('items', { _id: String(id), _position: id, ...item(id, day) });
    const asked: unknown[] = [];
    const counted = new Proxy(live, {
      get: (target, name, receiver) =>
        name === 'findFields'
          ? (...args: Parameters<MemoryReadStore['findFields']>) => {
              asked.push(args[1]);
              return target.findFields(...args);
            }
          : Reflect.get(target, name, receiver),
    });
    return { view: new ScenarioReadView(counted, overlayOf([movedLater])), asked };
  };
  const window = (from: number, to: number, group = 1) => ({
    tenant: 'acme',
    deleted: false,
    group: { $in: [group] },
    _lvl: 0,
    _startDay: { $gt: from, $lt: to },
  });

  it('hides a moved item from its live window and shows it in its scenario one', async () => {
    const { view } = await viewWithCalls();
    const days = async (from: number, to: number) =>
      (await view.findFields('items', window(from, to), ['_startDay'])).map((doc) => doc._startDay).sort();
    expect(await days(0, 10)).toEqual([1, 2]);
    expect(await days(10, 20)).toEqual([12, 13, 14]);
    expect(await view.count('items', window(10, 20))).toBe(3);
  });

  it('asks the filters no overlaid item matches together, in their order, and the others alone', async () => {
    const { view, asked } = await viewWithCalls();
    const filters = [window(0, 2), window(1, 3), window(0, 20, 2), window(10, 20), window(12, 15)];
    const found = await view.findFields('items', filters, ['id']);
    expect(found.map((doc) => doc.id)).toEqual([1, 2, 4, 5, 3, 5, 3]);
    // the first three filters meet item 3 on neither side: one read; then each that does, alone
    expect(asked).toEqual([filters.slice(0, 3), filters[3], filters[4]]);
  });
});
