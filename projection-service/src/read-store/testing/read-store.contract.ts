import { pageOf, pageRequest } from '../../http/paging';
import type { SortOrder } from '../../http/paging';
import { compareIds, findJson } from '../read-store';
import type { CollectionSpec, ReadDocument, ReadStore } from '../read-store';
import { itWhenAtomic } from './atomicity';
import type { Atomicity } from './atomicity';
import { aDoc, deleteOf, nextPosition, putOf } from './documents';
import { contractCollections, queryContract } from './query.contract';

export { aDoc } from './documents';

export interface ReadStoreFixture {
  readonly store: ReadStore;
  readonly dispose: () => Promise<void>;
}

const ids = (docs: readonly ReadDocument[]) => docs.map((doc) => doc._id);

/**
 * The behaviour every ReadStore adapter shares (STYLE 18); each test gets an empty store, created
 * knowing `contractCollections` (the indexes and multikey fields of the contract's queries).
 */
export function readStoreContract(
  name: string,
  create: (collections: readonly CollectionSpec[]) => Promise<ReadStoreFixture>,
  atomic: Atomicity = true,
): void {
  describe(`${name} (ReadStore contract)`, () => {
    let fixture: ReadStoreFixture | undefined;
    const emptyStore = async () => (fixture = await create(contractCollections)).store;
    const storeWith = async (collection: string, docs: readonly ReadDocument[]) => {
      const store = await emptyStore();
      for (const doc of docs) await store.put(collection, doc);
      return store;
    };

    afterEach(async () => {
      await fixture?.dispose();
      fixture = undefined;
    });

    describe('get, put and delete', () => {
      it('finds nothing in an empty store', async () =>
        expect(await (await emptyStore()).get('applications', '1')).toBeNull());

      it('returns what was put', async () => {
        const doc = aDoc('1', { attributes: [{ key: 'tier', value: 1 }], parent: null, rank: 2.5 });
        const store = await storeWith('applications', [doc]);
        expect(await store.get('applications', '1')).toEqual(doc);
      });

      it('replaces a document with a newer one of the same id', async () => {
        const original = aDoc('1');
        const replacement = aDoc('1', { name: 'Payroll' });
        const store = await storeWith('applications', [original, replacement]);
        expect(await store.get('applications', '1')).toEqual(replacement);
        expect(await store.find('applications', {})).toHaveLength(1);
      });

      it('keeps collections apart', async () => {
        const store = await storeWith('applications', [aDoc('1')]);
        expect(await store.get('comments', '1')).toBeNull();
      });

      it('deletes a document, and deleting a missing one is no error', async () => {
        const store = await storeWith('applications', [aDoc('1'), aDoc('2')]);
        await store.delete('applications', '1', nextPosition());
        await store.delete('applications', '99', nextPosition());
        expect(await store.get('applications', '1')).toBeNull();
        expect(await store.get('applications', '99')).toBeNull();
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

    describe('conditional writes (idempotent per document)', () => {
      it('keeps the stored document over one of the same or an older position', async () => {
        const stored = aDoc('1', { name: 'Current' });
        const store = await storeWith('applications', [stored]);
        await store.put('applications', { ...stored, name: 'Same position' });
        await store.put('applications', { ...stored, _position: stored._position - 1, name: 'Older' });
        expect(await store.get('applications', '1')).toEqual(stored);
      });

      it('ignores a delete older than the stored document', async () => {
        const stored = aDoc('1');
        const store = await storeWith('applications', [stored]);
        await store.delete('applications', '1', stored._position - 1);
        expect(await store.get('applications', '1')).toEqual(stored);
      });

      it('keeps the position of a removal: an older write does not bring the document back', async () => {
        const created = aDoc('1');
        const store = await storeWith('applications', [created]);
        const removedAt = nextPosition();
        await store.delete('applications', '1', removedAt);
        await store.put('applications', created);
        await store.put('applications', { ...created, _position: removedAt });
        expect(await store.get('applications', '1')).toBeNull();
        expect(await store.dump()).toEqual({});
      });

      it('takes a newer document over a removal', async () => {
        const store = await storeWith('applications', [aDoc('1')]);
        await store.delete('applications', '1', nextPosition());
        const recreated = aDoc('1', { name: 'Again' });
        await store.put('applications', recreated);
        expect(await store.get('applications', '1')).toEqual(recreated);
      });
    });

    describe('getMany', () => {
      it('returns the stored documents of the ids asked for, tombstones included', async () => {
        const [one, two, three] = [aDoc('1'), aDoc('2'), aDoc('3')];
        const store = await storeWith('applications', [one!, two!, three!]);
        const removedAt = nextPosition();
        await store.delete('applications', '2', removedAt);
        const found = await store.getMany('applications', ['1', '2', '99']);
        expect([...found.keys()].sort()).toEqual(['1', '2']);
        expect(found.get('1')).toEqual(one);
        expect(found.get('2')).toEqual({ _id: '2', _position: removedAt, _deleted: true });
      });

      it('returns nothing for no ids, or for a collection that holds nothing', async () => {
        const store = await storeWith('applications', [aDoc('1')]);
        expect((await store.getMany('applications', [])).size).toBe(0);
        expect((await store.getMany('comments', ['1'])).size).toBe(0);
      });
    });

    describe('write (bulk)', () => {
      it('applies puts and deletes across collections in one call', async () => {
        const store = await storeWith('applications', [aDoc('1'), aDoc('2')]);
        const comment = aDoc('c1', { refId: 1 });
        const renamed = aDoc('1', { name: 'Renamed' });
        await store.write([
          putOf('applications', renamed),
          deleteOf('applications', '2', nextPosition()),
          putOf('comments', comment),
        ]);
        expect(await store.dump()).toEqual({ applications: [renamed], comments: [comment] });
      });

      it('applies each write only over an older document, whatever the order in the bulk', async () => {
        const kept = aDoc('kept', { name: 'Stored newer' });
        const replaced = aDoc('replaced');
        const store = await storeWith('applications', [replaced, kept]);
        const newer = aDoc('replaced', { name: 'Newer' });
        const latest = aDoc('twice', { name: 'Latest' });
        await store.write([
          putOf('applications', latest),
          putOf('applications', { ...kept, _position: kept._position - 1, name: 'Older' }),
          putOf('applications', newer),
          putOf('applications', { ...latest, _position: latest._position - 1, name: 'Earlier' }),
          deleteOf('applications', 'kept', kept._position),
        ]);
        expect((await store.dump()).applications).toEqual([kept, newer, latest]);
      });

      it('changes nothing when the same bulk comes again', async () => {
        const store = await emptyStore();
        const removedAt = nextPosition();
        const writes = [
          putOf('applications', aDoc('1')),
          putOf('applications', aDoc('2')),
          deleteOf('applications', '3', removedAt),
        ];
        await store.write(writes);
        const once = await store.dump();
        await store.write(writes);
        await store.write([...writes].reverse());
        expect(await store.dump()).toEqual(once);
        expect(await store.getMany('applications', ['3'])).toEqual(
          new Map([['3', { _id: '3', _position: removedAt, _deleted: true }]]),
        );
      });

      it('writes a few thousand documents in one call', async () => {
        const store = await emptyStore();
        const docs = Array.from({ length: 2500 }, (_, i) => aDoc(String(i).padStart(5, '0'), { rank: i }));
        await store.write(docs.map((doc) => putOf('applications', doc)));
        expect(await store.dump()).toEqual({ applications: docs });
      });

      it('accepts an empty bulk', async () => {
        const store = await storeWith('applications', [aDoc('1')]);
        await store.write([]);
        expect(ids((await store.dump()).applications!)).toEqual(['1']);
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
      const sorted = async (found: Promise<ReadDocument[]>) => ids(await found).sort();

      it('matches fields by equality', async () => {
        const store = await storeWith('applications', docs);
        expect(
          await sorted(store.find('applications', { tenant: 'acme', status: 'PRODUKTIV', deleted: false })),
        ).toEqual(['1', '3']);
      });

      it('matches a $regex case-insensitively with $options i', async () => {
        const store = await storeWith('applications', docs);
        expect(
          await sorted(
            store.find('applications', { tenant: 'acme', name: { $regex: 'BILL', $options: 'i' } }),
          ),
        ).toEqual(['1', '3', '4']);
        expect(await store.find('applications', { tenant: 'acme', name: { $regex: 'BILL' } })).toEqual([]);
      });

      it('matches any branch of an $or', async () => {
        const store = await storeWith('applications', docs);
        const pattern = { $regex: 'pay', $options: 'i' };
        expect(
          await sorted(
            store.find('applications', {
              tenant: 'acme',
              deleted: false,
              $or: [{ name: pattern }, { shortname: { $regex: 'arc', $options: 'i' } }],
            }),
          ),
        ).toEqual(['2', '3']);
      });

      it('finds nothing in a collection that holds nothing', async () =>
        expect(await (await emptyStore()).find('applications', { tenant: 'acme' })).toEqual([]));

      it('does not find removed documents', async () => {
        const store = await storeWith('applications', docs);
        await store.delete('applications', '2', nextPosition());
        expect(await sorted(store.find('applications', {}))).toEqual(['1', '3', '4', '5']);
        expect(await store.find('applications', { _id: '2' })).toEqual([]);
      });

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
          ids(
            await store.find('applications', { status: 'PRODUKTIV' }, { sort: { shortname: 1, rank: -1 } }),
          ),
        ).toEqual(['3', '5', '1', '4']);
      });

      it('limits after sorting', async () => {
        const store = await storeWith('applications', docs);
        expect(
          ids(await store.find('applications', { tenant: 'acme' }, { sort: { rank: -1 }, limit: 2 })),
        ).toEqual(['4', '1']);
      });
    });

    describe('findFields', () => {
      const docs = [
        aDoc('1', {
          status: 'PRODUKTIV',
          rank: 3,
          attributes: [{ key: 'tier', value: 1 }],
          owner: { id: 7 },
        }),
        aDoc('2', { status: 'PLANUNG', rank: 1 }),
        aDoc('3', { status: 'PRODUKTIV', rank: 2, deleted: true }),
        aDoc('4', { status: 'PLANUNG', rank: 4, tenant: 'globex' }),
      ];
      const fields = ['name', 'status', 'rank', 'deleted', 'attributes', 'owner', 'missing'] as const;

      it('answers _id and the fields asked for, indexed or not, null where a document has none', async () => {
        const store = await storeWith('applications', docs);
        const found = await store.findFields('applications', { tenant: 'acme' }, fields, {
          sort: { rank: 1 },
        });
        expect(found).toEqual([
          {
            _id: '2',
            name: 'Application 2',
            status: 'PLANUNG',
            rank: 1,
            deleted: false,
            attributes: null,
            owner: null,
            missing: null,
          },
          {
            _id: '3',
            name: 'Application 3',
            status: 'PRODUKTIV',
            rank: 2,
            deleted: true,
            attributes: null,
            owner: null,
            missing: null,
          },
          {
            _id: '1',
            name: 'Application 1',
            status: 'PRODUKTIV',
            rank: 3,
            deleted: false,
            attributes: [{ key: 'tier', value: 1 }],
            owner: { id: 7 },
            missing: null,
          },
        ]);
      });

      it('answers a list of filters one after the other, each sorted and limited on its own', async () => {
        const store = await storeWith('applications', docs);
        await store.delete('applications', '2', nextPosition());
        const found = await store.findFields(
          'applications',
          [{ tenant: 'acme', deleted: false }, { tenant: 'globex' }, { tenant: 'acme', deleted: true }],
          ['rank'],
          { sort: { rank: -1 }, limit: 1 },
        );
        expect(found).toEqual([
          { _id: '1', rank: 3 },
          { _id: '4', rank: 4 },
          { _id: '3', rank: 2 },
        ]);
        expect(await store.findFields('comments', [{ tenant: 'acme' }, {}], ['text'])).toEqual([]);
      });

      it('answers the links at any of some ids from either end, by _id and limited (a graph read by item)', async () => {
        const link = (id: string, from: number, to: number, tenant = 'acme') =>
          aDoc(id, { tenant, from, to, type: 'finish-to-start', lag: -2 });
        const store = await storeWith('links', [
          link('10', 1, 2),
          link('11', 1, 3),
          link('12', 2, 3),
          link('13', 4, 1),
          link('14', 1, 2, 'globex'),
        ]);
        await store.delete('links', '11', nextPosition());
        const at = (end: 'from' | 'to', ids: number[], limit?: number) =>
          store.findFields('links', { tenant: 'acme', [end]: { $in: ids } }, ['from', 'to', 'lag'], {
            sort: { _id: 1 },
            ...(limit ? { limit } : {}),
          });

        expect(await at('from', [1, 2])).toEqual([
          { _id: '10', from: 1, to: 2, lag: -2 },
          { _id: '12', from: 2, to: 3, lag: -2 },
        ]);
        expect(await at('to', [1, 3], 1)).toEqual([{ _id: '12', from: 2, to: 3, lag: -2 }]);
        expect(await at('to', [1])).toEqual([{ _id: '13', from: 4, to: 1, lag: -2 }]);
        expect(await at('from', [])).toEqual([]);
      });
    });

    describe('findJson', () => {
      // texts JSON escapes (quotes, backslashes, control characters), and others it writes as they are
      const titles = ['Say "hi" \\ then\nleave\t\u0001\u001f', 'Zürich 😀 \u2028 </script>', ''];
      const docs = [
        aDoc('1', { group: 7, start: '2026-03-02T00:00', title: titles[0], rank: 'a0', version: 3 }),
        aDoc('2', { group: 7, start: '2026-03-01T08:30', title: titles[1], rank: null, version: -1 }),
        aDoc('3', { group: 8, start: '2026-03-04T00:00', title: titles[2], version: 2.5, done: true }),
        aDoc('4', { group: 8, start: '2026-03-05T00:00', title: 'planned', owner: { id: 7, tags: ['x'] } }),
        aDoc('5', { group: 7, start: '2026-03-03T00:00', title: 'other tenant', tenant: 'globex' }),
      ];
      const fields = ['title', 'group', 'rank', 'version', 'done', 'owner', 'missing'];
      const shown = (doc: ReadDocument) =>
        JSON.stringify(Object.fromEntries(fields.map((field) => [field, doc[field] ?? null])));

      it('writes the fields asked for as JSON.stringify does, in their order, null where a document has none, with the values beside', async () => {
        const store = await storeWith('rows', docs);
        await store.delete('rows', '4', nextPosition());
        const found = await findJson(
          store,
          'rows',
          [{ tenant: 'acme', group: 7 }, { tenant: 'acme', group: 8 }, { tenant: 'none' }],
          fields,
          ['group', 'start', 'owner'],
        );
        const byStart = (a: { start: unknown }, b: { start: unknown }) =>
          String(a.start).localeCompare(String(b.start));
        expect(found.sort(byStart)).toEqual(
          [docs[1]!, docs[0]!, docs[2]!].map((doc) => ({
            json: shown(doc),
            group: doc.group,
            start: doc.start,
            owner: doc.owner ?? null,
          })),
        );
        // the texts themselves, byte for byte, as the answer carries them
        expect(found.map(({ json }) => json)).toEqual([docs[1]!, docs[0]!, docs[2]!].map(shown));
        expect(await findJson(store, 'rows', [{ tenant: 'acme', group: 8 }], ['owner'], [])).toEqual([
          { json: '{"owner":null}' },
        ]);
        await store.put('rows', aDoc('6', { group: 9, owner: { id: 7, tags: ['x'] }, done: false }));
        expect(await findJson(store, 'rows', [{ group: 9 }], ['owner', 'done'], ['done'])).toEqual([
          { json: '{"owner":{"id":7,"tags":["x"]},"done":false}', done: false },
        ]);
        expect(await findJson(store, 'comments', [{ tenant: 'acme' }], ['text'], [])).toEqual([]);
      });
    });

    describe('a text field searched by substrings (a trigram index where the store has one)', () => {
      const texts = (store: ReadStore, literal: string) =>
        store.find('applications', { _search: { $regex: literal } }).then((found) => ids(found).sort());

      it('finds what a scan finds, exactly (case and accents as written), as the documents change', async () => {
        const store = await storeWith('applications', [
          aDoc('1', { _search: 'payroll\nlohn' }),
          aDoc('2', { _search: 'billing archive' }),
          aDoc('3', { _search: 'Über alles' }),
          aDoc('4', { name: 'without a text' }),
        ]);
        expect(await texts(store, 'roll')).toEqual(['1']);
        expect(await texts(store, 'll')).toEqual(['1', '2', '3']);
        expect(await texts(store, 'Über')).toEqual(['3']);
        expect(await texts(store, 'über')).toEqual([]);
        expect(await texts(store, 'archive$')).toEqual(['2']);
        // a NUL character, which ends an FTS5 query, is searched for as any other
        expect(await texts(store, 'll\u0000')).toEqual([]);
        await store.put('applications', aDoc('1', { _search: 'ledger' }));
        await store.delete('applications', '3', nextPosition());
        expect(await texts(store, 'roll')).toEqual([]);
        expect(await texts(store, 'ledg')).toEqual(['1']);
        expect(await texts(store, 'Über')).toEqual([]);
        await store.clear('applications');
        expect(await texts(store, 'ledg')).toEqual([]);
      });
    });

    queryContract(storeWith);

    describe('count', () => {
      it('counts what find finds, without tombstones', async () => {
        const store = await storeWith('applications', [
          aDoc('1', { status: 'A' }),
          aDoc('2', { status: 'A' }),
          aDoc('3', { status: 'B' }),
        ]);
        await store.delete('applications', '2', nextPosition());
        expect(await store.count('applications', { status: 'A' })).toBe(1);
        expect(await store.count('applications', {})).toBe(2);
        expect(await store.count('comments', {})).toBe(0);
      });

      it('counts a number 0 apart from null, false and missing (issue 24: the users of the default calendar, 0)', async () => {
        const store = await storeWith('applications', [
          aDoc('1', { tenant: 'acme', deleted: false, calendar: 0 }),
          aDoc('2', { tenant: 'acme', deleted: false, calendar: null }),
          aDoc('3', { tenant: 'acme', deleted: false, calendar: false }),
          aDoc('4', { tenant: 'acme', deleted: false }),
          aDoc('5', { tenant: 'acme', deleted: false, calendar: 7 }),
          aDoc('6', { tenant: 'acme', deleted: true, calendar: 0 }),
          aDoc('7', { tenant: 'globex', deleted: false, calendar: 0 }),
        ]);
        expect(await store.count('applications', { tenant: 'acme', deleted: false, calendar: 0 })).toBe(1);
        expect(await store.count('applications', { tenant: 'acme', deleted: false, calendar: 7 })).toBe(1);
      });
    });

    describe('write with a checkpoint', () => {
      it('moves the checkpoint with the documents it covers, and a page without documents moves it too', async () => {
        const store = await emptyStore();
        const doc = aDoc('1');
        await store.write([putOf('applications', doc)], { name: 'projections', position: doc._position });
        expect(await store.checkpoint('projections')).toBe(doc._position);
        expect(await store.get('applications', '1')).toEqual(doc);

        await store.write([], { name: 'projections', position: doc._position + 5 });
        expect(await store.checkpoint('projections')).toBe(doc._position + 5);
      });

      it('never moves the checkpoint backwards, and still applies the documents', async () => {
        const store = await emptyStore();
        await store.saveCheckpoint('projections', 50);
        const doc = aDoc('1');
        await store.write([putOf('applications', doc)], { name: 'projections', position: 10 });
        expect(await store.checkpoint('projections')).toBe(50);
        expect(await store.get('applications', '1')).toEqual(doc);
      });
    });

    describe('projection versions and clearing', () => {
      it('records the version of each collection, the last one saved', async () => {
        const store = await emptyStore();
        expect(await store.versions()).toEqual({});
        await store.saveVersions({ applications: 2, comments: 1 });
        await store.saveVersions({ applications: 1 });
        expect(await store.versions()).toEqual({ applications: 1, comments: 1 });
      });

      it('clears one collection, tombstones included, and keeps the others, the checkpoints and the versions', async () => {
        const kept = aDoc('c1');
        const store = await storeWith('applications', [aDoc('1'), aDoc('2')]);
        await store.delete('applications', '2', nextPosition());
        await store.put('comments', kept);
        await store.saveCheckpoint('projections', 5);
        await store.saveVersions({ applications: 2 });

        await store.clear('applications');
        await store.clear('accounts');

        expect(await store.getMany('applications', ['1', '2'])).toEqual(new Map());
        expect(await store.dump()).toEqual({ comments: [kept] });
        expect(await store.checkpoint('projections')).toBe(5);
        expect(await store.versions()).toEqual({ applications: 2 });
        // nothing of the cleared documents is left to hold back a rebuild's older positions
        const rebuilt = aDoc('2', { _position: 1 });
        await store.put('applications', rebuilt);
        expect(await store.get('applications', '2')).toEqual(rebuilt);
      });
    });

    describe('paging (pageOf)', () => {
      const order: SortOrder = [
        ['_priority', -1],
        ['_title', 1],
      ];
      // ties on both keys: the id decides
      const listed = (id: string, i: number, fields: Record<string, unknown> = {}) =>
        aDoc(id, { _priority: i % 4, _title: `title ${i % 9}`, status: i % 2 === 0 ? 'A' : 'B', ...fields });
      const inOrder = (a: ReadDocument, b: ReadDocument) =>
        (b._priority as number) - (a._priority as number) ||
        compareIds(a._title as string, b._title as string) ||
        compareIds(a._id, b._id);

      const readAll = async (
        store: ReadStore,
        filters: Readonly<Record<string, unknown>> | readonly Readonly<Record<string, unknown>>[],
        limit: number,
        between: (page: number, seen: readonly ReadDocument[]) => Promise<void> = async () => {},
      ) => {
        const seen: ReadDocument[] = [];
        let cursor: string | null = null;
        for (let page = 0; page < 100; page += 1) {
          const request = pageRequest(String(limit), cursor ?? undefined);
          const { docs, nextCursor } = await pageOf(store, 'applications', filters, order, request);
          expect(docs.length).toBeLessThanOrEqual(limit);
          seen.push(...docs);
          if (nextCursor === null) return seen;
          cursor = nextCursor;
          await between(page, seen);
        }
        throw new Error('more than 100 pages');
      };

      it('reads every document once and in order, with one filter or a list of disjoint ones', async () => {
        const docs = Array.from({ length: 61 }, (_, i) =>
          listed(`p${String((i * 17) % 61).padStart(2, '0')}`, i),
        );
        const store = await storeWith('applications', [
          ...docs,
          aDoc('other', { tenant: 'globex', _priority: 1, _title: 'x' }),
        ]);
        const expected = ids([...docs].sort(inOrder));

        expect(ids(await readAll(store, { tenant: 'acme' }, 7))).toEqual(expected);
        expect(ids(await readAll(store, { tenant: 'acme' }, 61))).toEqual(expected);
        expect(
          ids(
            await readAll(
              store,
              [
                { tenant: 'acme', status: 'A' },
                { tenant: 'acme', status: 'B' },
              ],
              5,
            ),
          ),
        ).toEqual(expected);
      });

      it('has no duplicates and no gaps while documents are written between the pages', async () => {
        const docs = Array.from({ length: 80 }, (_, i) => listed(`p${String(i).padStart(2, '0')}`, i));
        const store = await storeWith('applications', docs);
        const deleted = new Set<string>();
        const added: ReadDocument[] = [];

        const seen = await readAll(store, { tenant: 'acme' }, 6, async (page, read) => {
          const last = read.at(-1)!;
          const [next, ...rest] = [...docs]
            .sort(inOrder)
            .filter((doc) => inOrder(doc, last) > 0 && !deleted.has(doc._id));
          // the last one ahead of the cursor removed, the next one and a read one changed (not their sort keys)
          const removed = rest.at(-1);
          if (removed) {
            deleted.add(removed._id);
            await store.delete('applications', removed._id, nextPosition());
          }
          for (const doc of [next, read[0]!].filter((doc) => doc !== undefined))
            await store.put('applications', { ...doc, _position: nextPosition(), name: `changed ${page}` });
          // one created ahead of the cursor (the last in the order: it is read later), one behind it (it is not)
          const later = aDoc(`z${String(page).padStart(3, '0')}`, { _priority: -1, _title: 'title 0' });
          added.push(later);
          await store.put('applications', later);
          await store.put('applications', aDoc(`m${page}`, { _priority: 9, _title: 'title 0' }));
        });

        const expected = [...docs.filter((doc) => !deleted.has(doc._id)), ...added].sort(inOrder);
        expect(ids(seen)).toEqual(ids(expected));
        expect(deleted.size).toBeGreaterThan(5);
      });
    });

    describe('checkpoints', () => {
      it('start at 0', async () => expect(await (await emptyStore()).checkpoint('projections')).toBe(0));

      it('keep the last saved position per name', async () => {
        const store = await emptyStore();
        await store.saveCheckpoint('projections', 41);
        await store.saveCheckpoint('projections', 42);
        await store.saveCheckpoint('other', 7);
        expect(await store.checkpoint('projections')).toBe(42);
        expect(await store.checkpoint('other')).toBe(7);
      });

      it('never move backwards', async () => {
        const store = await emptyStore();
        await store.saveCheckpoint('projections', 42);
        await store.saveCheckpoint('projections', 41);
        expect(await store.checkpoint('projections')).toBe(42);
      });

      itWhenAtomic(atomic, 'keep the highest of saves made at the same time', async () => {
        const store = await emptyStore();
        await Promise.all([5, 9, 7, 3].map((position) => store.saveCheckpoint('projections', position)));
        expect(await store.checkpoint('projections')).toBe(9);
      });
    });

    describe('dump', () => {
      it('lists every collection with its documents sorted by _id', async () => {
        const store = await storeWith('applications', [aDoc('b'), aDoc('c'), aDoc('a'), aDoc('B')]);
        await store.put('comments', aDoc('z'));
        await store.put('comments', aDoc('y'));
        const dump = await store.dump();
        expect(Object.keys(dump).sort()).toEqual(['applications', 'comments']);
        expect(ids(dump.applications!)).toEqual(['B', 'a', 'b', 'c']);
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
        await store.getMany('accounts', ['1']);
        await store.find('comments', {});
        expect(Object.keys(await store.dump())).toEqual(['applications']);
      });

      it('shows no tombstones, nor a collection that holds only tombstones', async () => {
        const store = await storeWith('applications', [aDoc('1'), aDoc('2')]);
        await store.put('comments', aDoc('c1'));
        await store.delete('applications', '1', nextPosition());
        await store.delete('comments', 'c1', nextPosition());
        const dump = await store.dump();
        expect(Object.keys(dump)).toEqual(['applications']);
        expect(ids(dump.applications!)).toEqual(['2']);
      });
    });
  });
}
