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
});
