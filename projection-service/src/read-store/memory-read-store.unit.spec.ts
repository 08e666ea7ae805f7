import { MemoryReadStore } from './memory-read-store';
import type { ReadDocument } from './read-store';

let lastPosition = 0;
/** A stored application document; `_position` grows with every call. */
const aDoc = (id: string, fields: Record<string, unknown> = {}): ReadDocument => ({
  _id: id,
  _position: (lastPosition += 1),
  tenant: 'acme',
  name: `Application ${id}`,
  deleted: false,
  ...fields,
});

const storeWith = async (collection: string, docs: ReadDocument[]) => {
  const store = new MemoryReadStore();
  for (const doc of docs) await store.put(collection, doc);
  return store;
};
const ids = (docs: ReadDocument[]) => docs.map((doc) => doc._id);

describe('MemoryReadStore', () => {
  describe('get, put and delete', () => {
    it('finds nothing in an empty store', async () =>
      expect(await new MemoryReadStore().get('applications', '1')).toBeNull());

    it('returns what was put', async () => {
      const doc = aDoc('1', { attributes: [{ key: 'tier', value: 1 }] });
      const store = await storeWith('applications', [doc]);
      expect(await store.get('applications', '1')).toEqual(doc);
    });

    it('replaces a document with the same id', async () => {
      const replacement = aDoc('1', { name: 'Payroll' });
      const store = await storeWith('applications', [aDoc('1'), replacement]);
      expect(await store.get('applications', '1')).toEqual(replacement);
      expect(await store.find('applications', {})).toHaveLength(1);
    });

    it('keeps collections apart', async () => {
      const store = await storeWith('applications', [aDoc('1')]);
      expect(await store.get('comments', '1')).toBeNull();
    });

    it('deletes a document, and deleting a missing one is no error', async () => {
      const store = await storeWith('applications', [aDoc('1'), aDoc('2')]);
      await store.delete('applications', '1');
      await store.delete('applications', '99');
      expect(await store.get('applications', '1')).toBeNull();
      expect(ids(await store.find('applications', {}))).toEqual(['2']);
    });

    it('stores a copy: changing the document afterwards does not change the store', async () => {
      const attributes = [{ key: 'tier', value: 1 }];
      const doc = { ...aDoc('1'), name: 'Billing', attributes };
      const store = await storeWith('applications', [doc]);
      doc.name = 'Changed';
      attributes[0]!.value = 2;
      attributes.push({ key: 'new', value: 3 });
      expect(await store.get('applications', '1')).toMatchObject({
        name: 'Billing',
        attributes: [{ key: 'tier', value: 1 }],
      });
    });
  });

  describe('find', () => {
    const docs = [
      aDoc('1', { name: 'Billing', shortname: 'BIL', status: 'PRODUKTIV', rank: 3 }),
      aDoc('2', { name: 'Payroll', shortname: 'PAY', status: 'PLANUNG', rank: 1 }),
      aDoc('3', { name: 'billing archive', shortname: 'ARC', status: 'PRODUKTIV', rank: 2 }),
      aDoc('4', { name: 'Old billing', shortname: 'OLD', status: 'PRODUKTIV', rank: 4, deleted: true }),
      aDoc('5', { name: 'Billing', shortname: 'BIL', status: 'PRODUKTIV', rank: 5, tenant: 'globex' }),
    ];

    it('matches fields by equality', async () => {
      const store = await storeWith('applications', docs);
      expect(
        ids(await store.find('applications', { tenant: 'acme', status: 'PRODUKTIV', deleted: false })),
      ).toEqual(['1', '3']);
    });

    it('matches a $regex case-insensitively with $options i', async () => {
      const store = await storeWith('applications', docs);
      expect(
        ids(await store.find('applications', { tenant: 'acme', name: { $regex: 'BILL', $options: 'i' } })),
      ).toEqual(['1', '3', '4']);
      expect(ids(await store.find('applications', { tenant: 'acme', name: { $regex: 'BILL' } }))).toEqual([]);
    });

    it('matches any branch of an $or', async () => {
      const store = await storeWith('applications', docs);
      const pattern = { $regex: 'pay', $options: 'i' };
      expect(
        ids(
          await store.find('applications', {
            tenant: 'acme',
            deleted: false,
            $or: [{ name: pattern }, { shortname: { $regex: 'arc', $options: 'i' } }],
          }),
        ),
      ).toEqual(['2', '3']);
    });

    it('finds nothing in a collection that holds nothing', async () =>
      expect(await new MemoryReadStore().find('applications', { tenant: 'acme' })).toEqual([]));

    it('sorts ascending and descending', async () => {
      const store = await storeWith('applications', docs);
      expect(ids(await store.find('applications', { tenant: 'acme' }, { sort: { rank: 1 } }))).toEqual([
        '2',
        '3',
        '1',
        '4',
      ]);
      expect(ids(await store.find('applications', { tenant: 'acme' }, { sort: { rank: -1 } }))).toEqual([
        '4',
        '1',
        '3',
        '2',
      ]);
    });

    it('sorts by a second key where the first is equal', async () => {
      const store = await storeWith('applications', docs);
      expect(
        ids(await store.find('applications', { status: 'PRODUKTIV' }, { sort: { shortname: 1, rank: -1 } })),
      ).toEqual(['3', '5', '1', '4']);
    });

    it('limits after sorting', async () => {
      const store = await storeWith('applications', docs);
      expect(
        ids(await store.find('applications', { tenant: 'acme' }, { sort: { rank: -1 }, limit: 2 })),
      ).toEqual(['4', '1']);
    });
  });

  describe('checkpoints', () => {
    it('start at 0', async () => expect(await new MemoryReadStore().checkpoint('projections')).toBe(0));

    it('keep the last saved position per name', async () => {
      const store = new MemoryReadStore();
      await store.saveCheckpoint('projections', 41);
      await store.saveCheckpoint('projections', 42);
      await store.saveCheckpoint('other', 7);
      expect(await store.checkpoint('projections')).toBe(42);
      expect(await store.checkpoint('other')).toBe(7);
    });
  });

  describe('dump', () => {
    it('lists every collection with its documents sorted by _id', async () => {
      const store = await storeWith('applications', [aDoc('b'), aDoc('c'), aDoc('a')]);
      await store.put('comments', aDoc('z'));
      await store.put('comments', aDoc('y'));
      const dump = await store.dump();
      expect(Object.keys(dump).sort()).toEqual(['applications', 'comments']);
      expect(ids(dump.applications!)).toEqual(['a', 'b', 'c']);
      expect(ids(dump.comments!)).toEqual(['y', 'z']);
    });

    it('holds the documents as stored', async () => {
      const doc = aDoc('1', { name: 'Billing' });
      const store = await storeWith('applications', [doc]);
      expect(await store.dump()).toEqual({ applications: [doc] });
    });

    // Reads must not change what a rebuild is compared with (replay equals live, STYLE 10).
    it('does not list a collection that was only read', async () => {
      const store = await storeWith('applications', [aDoc('1')]);
      await store.get('accounts', '1');
      await store.find('comments', {});
      expect(Object.keys(await store.dump())).toEqual(['applications']);
    });
  });
});
