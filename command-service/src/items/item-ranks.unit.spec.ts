import { randomUUID } from 'node:crypto';
import { itemRanks, rankForNewItem } from '@fahrplan/contracts';
import { SqliteEventStore, eventMetadata } from '@fahrplan/platform';
import { seeded } from '@fahrplan/platform/testing';
import { ItemRanks } from './item-ranks';

let store: SqliteEventStore;
let ranks: ItemRanks;

beforeEach(() => {
  store = new SqliteEventStore(':memory:');
  ranks = new ItemRanks(store);
});
afterEach(async () => {
  await ranks.stop();
  await store.close();
});

const append = (tenant: string, type: string, data: { id: number }) =>
  store.append(
    `item-${data.id}`,
    [
      {
        id: randomUUID(),
        type,
        data,
        metadata: eventMetadata({ tenant, user: 'alice', timestamp: '2026-03-02T09:30:00.000Z' }),
      },
    ],
    'any',
  );
const created = (tenant: string, id: number, group: number, rank: string | null, subgroup = 'tasks') =>
  append(tenant, 'ItemCreated', { id, group, rank, subgroup } as { id: number });
const updated = (
  tenant: string,
  id: number,
  changes: { group?: number; rank?: string | null; subgroup?: string },
) => append(tenant, 'ItemUpdated', { id, changes } as { id: number });
const deleted = (tenant: string, id: number) => append(tenant, 'ItemDeleted', { id });
const restored = (tenant: string, id: number) => append(tenant, 'ItemRestored', { id });

/** §9 as SaveItem applies it: after the highest rank the index knows, else the middle. */
const newRank = async (tenant: string, group: number) => {
  const highest = await ranks.highestRank(tenant, group);
  return rankForNewItem(highest === null ? [] : [highest]);
};

describe('ItemRanks: the rank of a new item (§9: after the highest existing rank, else the middle)', () => {
  it('gives the middle rank in a project without ranked items, and ignores unranked ones', async () => {
    expect(await newRank('acme', 7)).toBe(itemRanks.middle());
    await created('acme', 1, 7, null);
    await created('acme', 2, 7, '');
    expect(await newRank('acme', 7)).toBe('0|499999');
  });

  it('goes after the highest rank of the live items of the project in the tenant', async () => {
    await created('acme', 1, 7, '0|100000');
    await created('acme', 2, 7, '0|300000');
    await created('acme', 3, 7, '0|200000');
    await created('acme', 4, 8, '0|900000');
    await created('other', 5, 7, '0|800000');
    expect(await newRank('acme', 7)).toBe('0|300008');
    expect(await newRank('acme', 8)).toBe('0|900008');
    expect(await newRank('other', 7)).toBe('0|800008');
  });

  describe('when the highest item leaves the top', () => {
    beforeEach(async () => {
      await created('acme', 1, 7, '0|100000');
      await created('acme', 2, 7, '0|300000:5');
      await created('acme', 3, 7, '0|200000');
    });

    it('goes after the next highest once the highest is deleted', async () => {
      await deleted('acme', 2);
      expect(await newRank('acme', 7)).toBe('0|200008');
    });

    it('goes after the next highest once the highest moves to another project, which it tops', async () => {
      await updated('acme', 2, { group: 8 });
      expect(await newRank('acme', 7)).toBe('0|200008');
      expect(await newRank('acme', 8)).toBe('0|300009');
    });

    it('goes after the next highest once the highest is ranked lower or unranked', async () => {
      await updated('acme', 2, { rank: '0|050000' });
      expect(await newRank('acme', 7)).toBe('0|200008');
      await updated('acme', 3, { rank: null });
      expect(await newRank('acme', 7)).toBe('0|100008');
    });

    it('tops again with the highest once it is restored', async () => {
      await deleted('acme', 2);
      await restored('acme', 2);
      expect(await newRank('acme', 7)).toBe('0|300009');
    });

    it('gives the middle rank again once every item is gone', async () => {
      for (const id of [1, 2, 3]) await deleted('acme', id);
      expect(await newRank('acme', 7)).toBe('0|499999');
    });
  });

  it('ignores updates of items it never saw created, and changes other than group and rank', async () => {
    await created('acme', 1, 7, '0|100000');
    await updated('acme', 99, { group: 7, rank: '0|900000' });
    await append('acme', 'ItemUpdated', { id: 1, changes: { title: 'renamed' } } as { id: number });
    expect(await newRank('acme', 7)).toBe('0|100008');
  });

  it('answers as the rule over every live rank of the project would, after any history', async () => {
    const { next, pick } = seeded(17);
    /** The reference: every live item's tenant, project and rank, as the index kept them before. */
    const live = new Map<number, { tenant: string; group: number; rank: string | null }>();
    const tenants = ['acme', 'other'];
    const groups = [1, 2, 3];
    const someRank = () =>
      next() < 0.15 ? null : itemRanks.format('0', String(Math.floor(next() * 999_000)));
    for (let step = 0, id = 1; step < 400; step++) {
      const existing = [...live.keys()];
      const roll = next();
      if (existing.length === 0 || roll < 0.4) {
        const item = { tenant: pick(tenants), group: pick(groups), rank: someRank() };
        live.set(id, item);
        await created(item.tenant, id++, item.group, item.rank);
      } else if (roll < 0.6) {
        const target = pick(existing);
        await deleted(live.get(target)!.tenant, target);
        live.delete(target);
      } else if (roll < 0.8) {
        const target = pick(existing);
        const tenant = pick(tenants);
        const group = pick(groups);
        live.set(target, { ...live.get(target)!, tenant, group });
        await updated(tenant, target, { group });
      } else {
        const target = pick(existing);
        const rank = someRank();
        live.set(target, { ...live.get(target)!, rank });
        await updated(live.get(target)!.tenant, target, { rank });
      }
      if (step % 20 !== 19) continue;
      for (const tenant of tenants)
        for (const group of groups) {
          const all = [...live.values()].filter((i) => i.tenant === tenant && i.group === group);
          expect(await newRank(tenant, group)).toBe(rankForNewItem(all.map((i) => i.rank)));
        }
    }
  });
});

describe('ItemRanks: the live items of a lane (RemoveSubgroup refuses a lane that holds any)', () => {
  it('counts the live items per tenant, project and lane, following moves, deletes and restores', async () => {
    await created('acme', 1, 7, null, 'lane-1');
    await created('acme', 2, 7, '0|100000', 'lane-1');
    await created('acme', 3, 7, null, 'tasks');
    await created('other', 4, 7, null, 'lane-1');
    expect(await ranks.laneItems('acme', 7, 'lane-1')).toBe(2);
    await updated('acme', 1, { subgroup: 'tasks' });
    await deleted('acme', 2);
    expect(await ranks.laneItems('acme', 7, 'lane-1')).toBe(0);
    expect(await ranks.laneItems('acme', 7, 'tasks')).toBe(2);
    await restored('acme', 2);
    await updated('acme', 3, { group: 8 });
    expect(await ranks.laneItems('acme', 7, 'lane-1')).toBe(1);
    expect(await ranks.laneItems('acme', 7, 'tasks')).toBe(1);
    expect(await ranks.laneItems('other', 7, 'lane-1')).toBe(1);
  });
});
