import type { CollectionSpec, FindOptions, ReadDocument, ReadStore } from '../read-store';
import { aDoc } from './documents';

/** The indexes and multikey fields of the contract's queries, for the stores that need to know them. */
export const contractCollections: readonly CollectionSpec[] = [
  {
    collection: 'applications',
    indexes: [
      { tenant: 1, status: 1, rank: 1 },
      { tenant: 1, _priority: -1, _title: 1 },
      { tenant: 1, tags: 1 },
      { tenant: 1, deleted: 1, rank: 1 },
    ],
    multikey: ['tags'],
    textIndex: '_search',
  },
  {
    // rows written as JSON where they are read (a timeline page's items): texts and numbers declared scalar
    collection: 'rows',
    indexes: [{ tenant: 1, group: 1, start: 1, title: 1, rank: 1, version: 1 }],
    scalarFields: ['tenant', 'group', 'start', 'title', 'rank', 'version'],
  },
  {
    // the links of a graph read from either end (issue 21: an item's dependencies)
    collection: 'links',
    indexes: [
      { tenant: 1, from: 1, _id: 1 },
      { tenant: 1, to: 1, _id: 1 },
    ],
  },
];

type Filter = Readonly<Record<string, unknown>>;

/**
 * The filter subset of the read-store port, each case as MongoDB answers it: null and missing
 * fields, types (true is not 1, '10' is not 10), multikey membership, ranges within one type, regular
 * expressions, nested `$and`/`$or`, and the sort order across types.
 */
export function queryContract(
  storeWith: (collection: string, docs: readonly ReadDocument[]) => Promise<ReadStore>,
): void {
  describe('the filter subset, as MongoDB answers it', () => {
    const docs = () => [
      aDoc('1', {
        name: 'Billing (EU)',
        status: 'A',
        rank: 1,
        score: 10,
        label: null,
        tags: ['x', 'y'],
        flag: true,
        owner: { name: 'Ann' },
      }),
      aDoc('2', {
        name: 'billing',
        status: 'B',
        rank: 2,
        score: '10',
        tags: ['y'],
        flag: false,
        owner: { name: 'Bob' },
      }),
      aDoc('3', { name: 'Payroll a.b', status: 'A', rank: 3, tags: [], flag: 1, owner: null }),
      aDoc('4', { name: 'Payroll axb', status: null, rank: 0, score: 5.5, tags: 'x', flag: 0 }),
      aDoc('5', { name: 'Ärzte', rank: -1, score: null, tags: [null, 'z'], _search: 'arzte\npraxis' }),
    ];
    let store: ReadStore;
    beforeEach(async () => {
      store = await storeWith('applications', docs());
    });
    const matching = async (filter: Filter) =>
      (await store.find('applications', filter)).map((doc) => doc._id).sort();
    const ordered = async (sort: FindOptions['sort'], limit?: number) =>
      (await store.find('applications', {}, { sort, ...(limit ? { limit } : {}) })).map((doc) => doc._id);

    const cases = (title: string, table: readonly (readonly [Filter, readonly string[]])[]) =>
      it(title, async () => {
        const answers = [];
        for (const [filter] of table) answers.push([filter, await matching(filter)]);
        expect(answers).toEqual(table.map(([filter, ids]) => [filter, ids]));
      });

    cases('matches null to null and to a missing field, also on a path', [
      [{ status: null }, ['4', '5']],
      [{ label: null }, ['1', '2', '3', '4', '5']],
      [{ 'owner.name': null }, ['3', '4', '5']],
    ]);

    cases('tells null and missing apart with $ne and $exists', [
      [{ status: { $ne: null } }, ['1', '2', '3']],
      [{ status: { $ne: 'A' } }, ['2', '4', '5']],
      [{ label: { $exists: true } }, ['1']],
      [{ score: { $exists: false } }, ['3']],
      [{ score: { $exists: true } }, ['1', '2', '4', '5']],
    ]);

    cases('matches by value and type: true is not 1, "10" is not 10', [
      [{ flag: true }, ['1']],
      [{ flag: 1 }, ['3']],
      [{ flag: false }, ['2']],
      [{ flag: 0 }, ['4']],
      [{ score: 10 }, ['1']],
      [{ score: '10' }, ['2']],
      [{ score: 5.5 }, ['4']],
      [{ 'owner.name': 'Ann' }, ['1']],
      [{ flag: { $ne: true } }, ['2', '3', '4', '5']],
    ]);

    cases('matches any element of a multikey field, or its single value', [
      [{ tags: 'y' }, ['1', '2']],
      [{ tags: 'x' }, ['1', '4']],
      [{ tags: null }, ['5']],
      [{ tags: { $ne: 'y' } }, ['3', '4', '5']],
      [{ tags: { $in: ['z', 'x'] } }, ['1', '4', '5']],
      [{ tags: { $gt: 'x' } }, ['1', '2', '5']],
    ]);

    cases('matches $in, where null also matches a missing field', [
      [{ status: { $in: ['B', null] } }, ['2', '4', '5']],
      [{ rank: { $in: [0, 3] } }, ['3', '4']],
      [{ flag: { $in: [true, 0] } }, ['1', '4']],
      [{ status: { $in: [] } }, []],
      [{ _id: { $in: ['1', '3', '99'] } }, ['1', '3']],
    ]);

    cases('compares ranges with values of their own type only', [
      [{ score: { $gt: 5 } }, ['1', '4']],
      [{ score: { $gte: '1' } }, ['2']],
      [{ score: { $lt: 100 } }, ['1', '4']],
      [{ rank: { $gte: 0, $lt: 3 } }, ['1', '2', '4']],
      [{ flag: { $gte: 0 } }, ['3', '4']],
      [{ name: { $lt: 'P' } }, ['1']],
      [{ name: { $gte: 'b' } }, ['2', '5']],
      [{ _id: { $gt: '3' } }, ['4', '5']],
    ]);

    // ($regex over numbers is left out: MongoDB matches strings only, mongo-java-server numbers too)
    cases('matches $regex, an escaped pattern literally, anchored or not, with $options i', [
      [{ name: { $regex: 'a\\.b' } }, ['3']],
      [{ name: { $regex: '\\(EU\\)' } }, ['1']],
      [{ name: { $regex: 'BILL', $options: 'i' } }, ['1', '2']],
      [{ name: { $regex: '^b' } }, ['2']],
      [{ tags: { $regex: '^[xz]$' } }, ['1', '4', '5']],
      [{ _search: { $regex: 'praxis' } }, ['5']],
      [{ name: { $regex: '^billing$', $options: 'i' } }, ['2']],
      [{ name: { $regex: '^PAY', $options: 'i' } }, ['3', '4']],
      [{ name: { $regex: 'a\\.b$' } }, ['3']],
      [{ name: { $regex: 'EU\\)$', $options: 'i' } }, ['1']],
      [{ name: { $regex: 'bil+ing \\(', $options: 'i' } }, ['1']],
      [{ name: { $regex: '' } }, ['1', '2', '3', '4', '5']],
    ]);

    cases('nests $and and $or', [
      [
        { $or: [{ status: 'A', rank: { $gt: 1 } }, { $and: [{ tags: 'x' }, { flag: { $ne: true } }] }] },
        ['3', '4'],
      ],
      [
        { $and: [{ $or: [{ status: 'A' }, { status: 'B' }] }, { $or: [{ rank: 1 }, { rank: 2 }] }] },
        ['1', '2'],
      ],
    ]);

    it('sorts null and missing first, then numbers, strings and booleans, as MongoDB does', async () => {
      expect(await ordered({ score: 1, _id: 1 })).toEqual(['3', '5', '4', '1', '2']);
      expect(await ordered({ score: -1, _id: 1 })).toEqual(['2', '1', '4', '3', '5']);
      expect(await ordered({ flag: 1, _id: 1 })).toEqual(['5', '4', '3', '2', '1']);
    });

    it('sorts by several keys, ties by the next one, and limits after sorting', async () => {
      expect(await ordered({ status: 1, rank: -1 })).toEqual(['4', '5', '3', '1', '2']);
      expect(await ordered({ status: 1, rank: -1 }, 3)).toEqual(['4', '5', '3']);
    });

    it('counts as it finds', async () => {
      expect(await store.count('applications', { tags: 'y' })).toBe(2);
      expect(await store.count('applications', { status: null })).toBe(2);
    });
  });
}
