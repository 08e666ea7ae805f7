import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterFilter } from '../http/paging';
import { allProjections } from '../projections/all-projections';
import { TrackerMirror } from '../tracker/tracker-mirror';
import { groupStatsOf } from './read-store';
import type { FindOptions, GroupStats, ReadView } from './read-store';
import { whereOf } from './sqlite-query';
import { SqliteReadStore } from './sqlite-read-store';
import { aDoc, nextPosition, putOf } from './testing/documents';
import { readStoreContract } from './testing/read-store.contract';

readStoreContract('SqliteReadStore', async (collections) => {
  const store = new SqliteReadStore(':memory:', collections);
  return { store, dispose: async () => store.close() };
});

describe('SqliteReadStore', () => {
  const opened: SqliteReadStore[] = [];
  const open = (...args: ConstructorParameters<typeof SqliteReadStore>) => {
    const store = new SqliteReadStore(...args);
    opened.push(store);
    return store;
  };
  afterEach(() => opened.splice(0).forEach((store) => store.close()));

  describe('query plans: the declared indexes serve the main queries', () => {
    let store: SqliteReadStore;
    beforeEach(() => {
      store = open(':memory:', [
        ...allProjections,
        ...TrackerMirror.indexes,
        // an index over derived keys declared later (the timeline's interval levels): created alike
        { collection: 'items', indexes: [{ tenant: 1, deleted: 1, _lvl: 1, _startDay: 1 }] },
      ]);
    });
    const plan = (collection: string, filter: Record<string, unknown>, options?: FindOptions) =>
      store.explain(collection, filter, options).join('\n');
    const live = { tenant: 'acme', deleted: false };

    // the index used and how many of its columns the search constrains (`=`, then one range)
    const eq = 'k:[\\w.]+=\\?';
    const searching = (index: string, equal: number, range = '') =>
      new RegExp(
        `SEARCH d USING INDEX ix1:${index} \\(${[...Array(equal).fill(eq), ...(range ? [range] : [])].join(' AND ')}\\)`,
      );
    it.each([
      [
        'items',
        { ...live, group: 7 },
        { sort: { _rank: 1, start: 1, id: 1, _id: 1 }, limit: 101 },
        searching('items:tenant,deleted,group,_rank,start,id', 3),
      ],
      [
        'items',
        { ...live, _search: { $regex: 'roll' } },
        { sort: { _search: 1, _id: 1 }, limit: 101 },
        searching('items:tenant,deleted,_search', 2),
      ],
      // an item by its title (findByName): by the folded title, then tested exactly
      [
        'items',
        { ...live, _search: 'rollout' },
        { sort: { _id: 1 }, limit: 1000 },
        searching('items:tenant,deleted,_search', 3),
      ],
      [
        'items',
        {
          ...live,
          group: { $in: [1, 2, 3] },
          _startDay: { $gt: 20500, $lt: 20600 },
          _endDay: { $gt: 20536 },
        },
        {},
        searching(
          'items:tenant,deleted,group,_startDay,_endDay,_lvl,id,title,subgroup,start,end,type,className,rank,status,version',
          3,
          'k:[\\w.]+>\\? AND k:[\\w.]+<\\?',
        ),
      ],
      [
        'items',
        { ...live, _lvl: 9, group: { $in: [1, 2, 3] }, _startDay: { $gt: 20024, $lte: 20472 } },
        {},
        searching('items:tenant,deleted,_lvl,group,_startDay', 4, 'k:[\\w.]+>\\? AND k:[\\w.]+<\\?'),
      ],
      [
        'applications',
        { ...live, status: 'PRODUKTIV' },
        { sort: { _name: 1, _id: 1 }, limit: 101 },
        searching('applications:tenant,deleted,status,_name', 3),
      ],
      [
        'comments',
        { tenant: 'acme', refType: 'PROJECT', refId: 8 },
        { sort: { createdAt: 1, id: 1, _id: 1 } },
        searching('comments:tenant,refType,refId,createdAt,id', 3),
      ],
      [
        'goals',
        { tenant: 'acme', deleted: false },
        { sort: { _rank: 1, id: 1, _id: 1 } },
        searching('goals:tenant,deleted,_rank,id', 2),
      ],
      [
        'trackerIssues',
        { ...live, key: { $in: ['A-1', 'A-2'] } },
        {},
        searching('trackerIssues:tenant,deleted,key', 3),
      ],
      [
        'groups',
        { ...live, 'jirarepo.id': { $in: ['7/1'] } },
        {},
        searching('groups:tenant,deleted,jirarepo.id', 3),
      ],
    ] as const)('%s %j %j: %s', (collection, filter, options, expected) => {
      const detail = plan(collection, filter, options as FindOptions);
      expect(detail).toMatch(expected);
      expect(detail).not.toMatch(/SCAN d\b|TEMP B-TREE/);
    });

    it('reads a keyset page from the cursor on, in index order (no sort, no scan from the start)', () => {
      const order = [['name', 1]] as const;
      const filter = { $and: [live, afterFilter(order, ['Payroll', '42'])] };
      const detail = plan('applications', filter, { sort: { name: 1, _id: 1 }, limit: 101 });
      expect(detail).toMatch(
        /USING INDEX ix1:applications:tenant,deleted,name \(k:tenant=\? AND k:deleted=\? AND k:name>\?\)/,
      );
      expect(detail).not.toMatch(/TEMP B-TREE/);
    });

    it('finds the projects holding a text through the trigram index, walking the title index', () => {
      const detail = plan(
        'groups',
        { ...live, _search: { $regex: 'payroll' } },
        { sort: { _title: 1, _id: 1 }, limit: 101 },
      );
      expect(detail).toMatch(/SCAN txt1:groups:_search VIRTUAL TABLE/);
      expect(detail).toMatch(/USING INDEX ix1:groups:tenant,deleted,_title/);
      // two characters are too few for trigrams: the texts are read
      expect(plan('groups', { ...live, _search: { $regex: 'pa' } })).not.toMatch(/txt1:groups/);
    });

    it('finds a multikey value through its side table', () => {
      const detail = plan('groups', { acceptedBy: 'acme', deleted: false }, { sort: { title: 1 } });
      expect(detail).toMatch(
        /SEARCH mk:groups USING COVERING INDEX mk:groups:value \(field=\? AND value=\?\)/,
      );
      expect(detail).toMatch(/SEARCH d USING INDEX sqlite_autoindex_doc:groups_1 \(id=\?\)/);
    });
  });

  describe("query plans as of a position: the items' versions keep the indexes those queries use", () => {
    const live = { tenant: 'acme', deleted: false };
    const asOf = (filter: Record<string, unknown>, options?: FindOptions) => {
      const store = open(':memory:', allProjections);
      return store.explain('items', filter, options, 9).join('\n');
    };
    it.each([
      // an item by its title (findByName): by the folded title, then tested exactly
      [{ ...live, _search: 'rollout' }, { sort: { _id: 1 }, limit: 1000 }, 'items:tenant,deleted,_search'],
      [
        { ...live, group: 7 },
        { sort: { _rank: 1, start: 1, id: 1, _id: 1 }, limit: 101 },
        'items:tenant,deleted,group,_rank,start,id',
      ],
      [
        { ...live, _search: { $regex: 'roll' } },
        { sort: { _search: 1, _id: 1 }, limit: 101 },
        'items:tenant,deleted,_search',
      ],
      [
        { ...live, group: { $in: [1, 2] }, _startDay: { $gt: 20500, $lt: 20600 }, _endDay: { $gt: 20536 } },
        {},
        'items:tenant,deleted,group,_startDay,_endDay,_lvl',
      ],
      [
        { ...live, _lvl: 9, group: { $in: [1, 2] }, _startDay: { $gt: 20024, $lte: 20472 } },
        {},
        'items:tenant,deleted,_lvl,group,_startDay',
      ],
      [{ ...live, _lvl: 3 }, { limit: 1 }, 'items:tenant,deleted,_lvl,group,_startDay'],
    ] as const)('%j %j: %s', (filter, options, index) => {
      const detail = asOf(filter, options as FindOptions);
      expect(detail).toContain(`SEARCH d USING INDEX vx1:${index} (`);
      expect(detail).not.toMatch(/SCAN d\b/);
    });

    it('indexes no version for the impact preview, which never reads the past', () => {
      const store = open(':memory:', allProjections);
      const detail = store
        .explain('items', { ...live, _lvl: 3, _startDay: { $gt: 20024, $lt: 20472 } }, {}, 9)
        .join('\n');
      expect(detail).toContain('ix1:items:tenant,deleted,_lvl,_startDay,_endDay,group,id,start,end');
      expect(detail).not.toContain('vx1:items:tenant,deleted,_lvl,_startDay');
    });
  });

  describe('refusing what is outside the filter subset, naming it', () => {
    let store: SqliteReadStore;
    beforeEach(async () => {
      store = open(':memory:', [{ collection: 'applications', indexes: [], multikey: ['tags'] }]);
      await store.put('applications', aDoc('1', { tags: ['x'] }));
    });

    it.each([
      [{ status: { $nin: ['A'] } }, '$nin'],
      [{ tags: { $elemMatch: { $eq: 'x' } } }, '$elemMatch'],
      [{ tags: { $all: ['x'] } }, '$all'],
      [{ tags: { $size: 1 } }, '$size'],
      [{ status: { $not: { $eq: 'A' } } }, '$not'],
      [{ status: { $eq: 'A' } }, '$eq'],
      [{ status: { $type: 'string' } }, '$type'],
      [{ $nor: [{ status: 'A' }] }, '$nor'],
      [{ $expr: { $eq: ['$a', '$b'] } }, '$expr'],
      [{ $where: 'true' }, '$where'],
      [{ name: { $regex: 'a', $options: 'm' } }, "$options 'm'"],
      [{ name: { $regex: '(' } }, "the $regex '(', which is not a valid regular expression"],
      [{ tags: ['x'] }, 'equality with an array value'],
      [{ owner: { name: 'Ann' } }, 'equality with an embedded document'],
      [{ 'tags.0': 'x' }, "the array position in 'tags.0'"],
      [{ rank: { $gt: true } }, '$gt with a value other than a number or a string'],
      [{ $or: [] }, '$or without a non-empty list of filters'],
      [{ status: { $in: 'A' } }, '$in without a list of values'],
    ])('%j', async (filter, named) => {
      await expect(store.find('applications', filter)).rejects.toThrow(
        `the SQLite read store does not support ${named} (a query of applications)`,
      );
      await expect(store.count('applications', filter)).rejects.toThrow(named);
    });

    it('refuses sorting by a multikey field', async () => {
      await expect(store.find('applications', {}, { sort: { tags: 1 } })).rejects.toThrow(
        'sorting by the multikey field tags',
      );
    });

    it('refuses before it looks at the data: also on a collection without documents', async () => {
      await expect(store.find('comments', { a: { $nin: [] } })).rejects.toThrow('$nin');
    });
  });

  it.each([
    ['abc', '', 'instr(d.body ->> \'$."name"\', ?) > 0'],
    ['^abc', '', 'instr(d.body ->> \'$."name"\', ?) = 1'],
    ['abc$', '', 'substr(d.body ->> \'$."name"\', -3) = ?'],
    ['^a\\.c$', 'i', 'lower(d.body ->> \'$."name"\') = ?'],
    ['ärz', 'i', 'fahrplan_regexp(?, ?, d.body ->> \'$."name"\')'],
    ['a.c', '', 'fahrplan_regexp(?, ?, d.body ->> \'$."name"\')'],
  ])('tests the pattern %s (options %j) as %s', (pattern, options, test) => {
    const where = whereOf(
      { collection: 'c', sideTable: 'mk', multikey: new Set() },
      { name: { $regex: pattern, $options: options } },
    );
    expect(where.sql).toBe(`json_type(d.body, '$."name"') = 'text' AND ${test}`);
  });

  it('groups where it reads as groupStatsOf groups the rows, live and as of a position', async () => {
    const store = open(':memory:', allProjections);
    const item = (id: number, group: number, fields: Record<string, unknown>) =>
      putOf('items', aDoc(String(id), { id, group, start: `2026-03-${10 + (id % 20)}T00:00`, ...fields }));
    // tasks and milestones of two tenants' projects, one without a type, one deleted
    const writes = Array.from({ length: 60 }, (_, i) =>
      item(i, i % 4, {
        tenant: i % 5 === 0 ? 'other' : 'acme',
        end: i % 3 === 0 ? null : `2026-04-${10 + (i % 15)}T00:00`,
        ...(i % 7 === 0 ? {} : { type: i % 2 === 0 ? null : 'background' }),
        deleted: i === 11,
      }),
    );
    await store.write(writes.slice(0, 40));
    const middle = nextPosition();
    await store.write(writes.slice(40));
    await store.write([item(3, 2, { start: '2026-01-01T00:00', end: '2027-01-01T00:00' })]);
    const filters = [
      { tenant: 'acme', deleted: false, group: { $in: [0, 1, 2] } },
      { tenant: 'other', deleted: false },
    ];
    const sorted = (stats: GroupStats[]) =>
      stats.sort((a, b) => (JSON.stringify(a.keys) < JSON.stringify(b.keys) ? -1 : 1));
    const expected = async (view: ReadView) =>
      sorted(
        groupStatsOf(
          await view.findFields('items', filters, ['group', 'type', 'start', 'end']),
          ['group', 'type'],
          ['start', 'end'],
        ),
      );
    const live = sorted(await store.groupStats('items', filters, ['group', 'type'], ['start', 'end']));
    expect(live).toEqual(await expected(store));
    expect(live.reduce((sum, s) => sum + s.count, 0)).toBeGreaterThan(30);
    const past = store.at(middle);
    expect(sorted(await past.groupStats!('items', filters, ['group', 'type'], ['start', 'end']))).toEqual(
      await expected(past),
    );
    expect(await store.groupStats('items', [], ['group'], ['start'])).toEqual([]);
  });

  it('matches $regex on strings only, as MongoDB does', async () => {
    const store = open(':memory:');
    await store.write([putOf('c', aDoc('1', { rank: 1 })), putOf('c', aDoc('2', { rank: '1' }))]);
    expect((await store.find('c', { rank: { $regex: '1' } })).map((doc) => doc._id)).toEqual(['2']);
  });

  it('leaves out a condition whose value is undefined, as the MongoDB driver does', async () => {
    const store = open(':memory:');
    await store.write([putOf('c', aDoc('1', { status: 'A' })), putOf('c', aDoc('2'))]);
    expect((await store.find('c', { tenant: 'acme', status: undefined })).map((doc) => doc._id)).toEqual([
      '1',
      '2',
    ]);
  });

  it('writes the documents of a bulk and its checkpoint in one transaction: all or nothing', async () => {
    const store = open(':memory:');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(
      store.write(
        [
          putOf('applications', aDoc('1')),
          { collection: 'applications', id: '2', position: 99, document: circular },
        ],
        { name: 'projections', position: 99 },
      ),
    ).rejects.toThrow(/circular/);
    expect(await store.get('applications', '1')).toBeNull();
    expect(await store.checkpoint('projections')).toBe(0);
  });

  describe('in a file', () => {
    let directory: string;
    beforeEach(() => (directory = mkdtempSync(join(tmpdir(), 'fahrplan-read-store-'))));
    afterEach(() => rmSync(directory, { recursive: true, force: true }));

    it('keeps documents, tombstones, checkpoints and versions across a reopen', async () => {
      const file = join(directory, 'read.db');
      const first = open(file, allProjections);
      const doc = aDoc('1', { acceptedBy: ['globex'] });
      await first.write([putOf('groups', doc), putOf('groups', aDoc('2'))], {
        name: 'projections',
        position: 7,
      });
      const removedAt = nextPosition();
      await first.delete('groups', '2', removedAt);
      await first.saveVersions({ groups: 2 });
      first.close();
      opened.splice(opened.indexOf(first), 1);

      const again = open(file, allProjections);
      expect(await again.dump()).toEqual({ groups: [doc] });
      expect((await again.getMany('groups', ['2'])).get('2')).toEqual({
        _id: '2',
        _position: removedAt,
        _deleted: true,
      });
      expect(await again.checkpoint('projections')).toBe(7);
      expect(await again.versions()).toEqual({ groups: 2 });
      expect((await again.find('groups', { acceptedBy: 'globex' })).map((d) => d._id)).toEqual(['1']);
    });

    it('makes the trigram index of a newly declared text field from the stored documents, and drops it when no longer declared', async () => {
      const file = join(directory, 'read.db');
      const before = open(file, [{ collection: 'c', indexes: [] }]);
      await before.write([
        putOf('c', aDoc('1', { _search: 'payroll' })),
        putOf('c', aDoc('2', { _search: 'billing' })),
      ]);
      before.close();
      opened.splice(opened.indexOf(before), 1);

      const indexed = open(file, [{ collection: 'c', indexes: [], textIndex: '_search' }]);
      expect(indexed.explain('c', { _search: { $regex: 'roll' } }).join()).toContain('txt1:c:_search');
      expect((await indexed.find('c', { _search: { $regex: 'roll' } })).map((d) => d._id)).toEqual(['1']);
      indexed.close();
      opened.splice(opened.indexOf(indexed), 1);

      const plain = open(file, [{ collection: 'c', indexes: [] }]);
      expect(plain.explain('c', { _search: { $regex: 'roll' } }).join()).not.toContain('txt1:c:_search');
      await plain.put('c', aDoc('3', { _search: 'rollout' }));
      expect((await plain.find('c', { _search: { $regex: 'roll' } })).map((d) => d._id)).toEqual(['1', '3']);
    });

    it('keeps the trigram index through writes: a new text replaces the old, a write of other fields keeps it', async () => {
      const store = open(':memory:', [{ collection: 'c', indexes: [], textIndex: '_search' }]);
      const found = async (text: string) =>
        (await store.find('c', { _search: { $regex: text } })).map((d) => d._id);
      await store.put('c', aDoc('1', { _search: 'payroll', start: 'monday' }));
      await store.put('c', aDoc('1', { _search: 'payroll', start: 'tuesday' }));
      expect(await found('roll')).toEqual(['1']);
      await store.put('c', aDoc('1', { _search: 'billing', start: 'tuesday' }));
      expect(await found('roll')).toEqual([]);
      expect(await found('bill')).toEqual(['1']);
      await store.delete('c', '1', nextPosition());
      expect(await found('bill')).toEqual([]);
    });

    it('follows a changed declaration: drops the indexes no longer declared, indexes the new multikey fields of stored documents', async () => {
      const file = join(directory, 'read.db');
      const before = open(file, [{ collection: 'c', indexes: [{ tenant: 1, status: 1 }] }]);
      await before.write([putOf('c', aDoc('1', { tags: ['x', 'y'] })), putOf('c', aDoc('2', { tags: 'y' }))]);
      expect(before.explain('c', { tenant: 'acme', status: 'A' }).join()).toContain('ix1:c:tenant,status');
      before.close();
      opened.splice(opened.indexOf(before), 1);

      const after = open(file, [{ collection: 'c', indexes: [{ tenant: 1, name: 1 }], multikey: ['tags'] }]);

      expect(after.explain('c', { tenant: 'acme', status: 'A' }).join()).not.toContain('ix1:c:tenant,status');
      expect(after.explain('c', { tenant: 'acme', name: 'A' }).join()).toContain('ix1:c:tenant,name');
      expect((await after.find('c', { tags: 'y' })).map((d) => d._id)).toEqual(['1', '2']);
      await after.put('c', aDoc('1', { tags: ['z'] }));
      expect((await after.find('c', { tags: 'y' })).map((d) => d._id)).toEqual(['2']);
      expect((await after.find('c', { tags: 'z' })).map((d) => d._id)).toEqual(['1']);
    });
  });
});
