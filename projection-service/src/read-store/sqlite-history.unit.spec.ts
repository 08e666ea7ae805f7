import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { eventually, seeded } from '@fahrplan/platform/testing';
import { MemoryReadStore } from './memory-read-store';
import type { CollectionSpec, DocumentWrite, FindOptions, ReadView } from './read-store';
import { SqliteReadStore } from './sqlite-read-store';

/*
 * Time travel in the SQLite store: `at(P)` answers every query exactly as a store holding only the
 * writes up to P would, for a generated history of creates, updates, deletes and re-creates written
 * in bulks of any size (a document may change several times within one transaction).
 */

const things: CollectionSpec = {
  collection: 'things',
  version: 1,
  indexes: [
    { tenant: 1, deleted: 1, rank: 1 },
    { tenant: 1, status: 1, name: 1 },
  ],
  multikey: ['tags'],
};
/** Its versions indexed for fewer queries than its documents (`asOfIndexes`): the same answers, from other plans. */
const narrowPast: CollectionSpec = { ...things, asOfIndexes: [{ tenant: 1, deleted: 1 }] };
/** Its fields that never hold a boolean, an object or an array declared so (`scalarFields`): the same answers. */
const scalarThings: CollectionSpec = { ...things, scalarFields: ['tenant', 'name', 'rank', 'status'] };
/** Written alike, but not a projection's (no version): it has no past. */
const mirrored: CollectionSpec = { collection: 'mirrored', indexes: [] };

const ids = Array.from({ length: 24 }, (_, i) => String(i + 1));

/** A history of bulks, each a list of writes at increasing positions (some positions touch nothing). */
const generate = (seed: number, writes: number): DocumentWrite[][] => {
  const { next, pick } = seeded(seed);
  const alive = new Set<string>();
  const bulks: DocumentWrite[][] = [];
  let bulk: DocumentWrite[] = [];
  let position = 0;
  for (let i = 0; i < writes; i++) {
    position += 1 + Math.floor(next() * 3);
    const id = pick(ids);
    const remove = alive.has(id) && next() < 0.25;
    const document = remove
      ? null
      : {
          tenant: pick(['acme', 'globex']),
          name: `${pick(['Billing', 'Portal', 'ledger', 'Archive'])} ${Math.floor(next() * 5)}`,
          // ties on purpose: the sorts end with _id
          rank: Math.floor(next() * 6),
          deleted: next() < 0.2,
          tags: ['x', 'y', 'z'].filter(() => next() < 0.4),
          owner: { name: pick(['Ann', 'Bo']) },
          ...(next() < 0.7 ? { status: pick(['A', 'B', null]) } : {}),
        };
    if (remove) alive.delete(id);
    else alive.add(id);
    bulk.push({
      collection: pick([things.collection, things.collection, mirrored.collection]),
      id,
      position,
      document,
    });
    // a write redelivered now and then, which changes nothing
    if (next() < 0.05) bulk.push({ ...bulk[0]! });
    if (next() < 0.3) {
      bulks.push(bulk);
      bulk = [];
    }
  }
  if (bulk.length > 0) bulks.push(bulk);
  return bulks;
};

/** The reference: a memory store given only the writes up to `position` (of the collection that keeps history). */
const foldedTo = async (bulks: readonly DocumentWrite[][], position: number) => {
  const store = new MemoryReadStore();
  for (const bulk of bulks)
    await store.write(
      bulk.filter((write) => write.position <= position && write.collection === things.collection),
    );
  return store;
};

const queries: [Record<string, unknown>, FindOptions][] = [
  [{}, { sort: { _id: 1 } }],
  [
    { tenant: 'acme', deleted: false },
    { sort: { rank: 1, _id: 1 }, limit: 5 },
  ],
  [{ tenant: 'globex' }, { sort: { rank: -1, _id: 1 } }],
  [
    { tenant: 'acme', status: 'A' },
    { sort: { name: 1, _id: -1 }, limit: 3 },
  ],
  [{ status: null }, { sort: { _id: 1 } }],
  [{ status: { $ne: 'B' }, rank: { $gte: 2, $lt: 5 } }, { sort: { _id: 1 } }],
  [{ tags: 'x' }, { sort: { name: -1, _id: 1 }, limit: 4 }],
  [{ tags: { $in: ['y', 'z'] }, 'owner.name': 'Ann' }, { sort: { _id: 1 } }],
  [{ $or: [{ status: 'B' }, { rank: { $gt: 4 } }] }, { sort: { rank: -1, _id: 1 }, limit: 7 }],
  [{ name: { $regex: '^b', $options: 'i' } }, { sort: { _id: 1 } }],
  [{ status: { $exists: false } }, { sort: { _position: -1, _id: 1 } }],
  // a keyset page after (rank 3, id '5')
  [
    { $and: [{ tenant: 'acme' }, { $or: [{ rank: { $gt: 3 } }, { rank: 3, _id: { $gt: '5' } }] }] },
    { sort: { rank: 1, _id: 1 }, limit: 6 },
  ],
];

/** What `findFields` asks: indexed fields (typed, a boolean among them) and others (an array, an object). */
const shown = ['name', 'rank', 'deleted', 'status', 'tags', 'owner'] as const;

/** Everything a view answers, for comparing two of them whole (`asked`: the queries, by default all). */
const answers = async (view: ReadView, asked = queries) => ({
  finds: await Promise.all(asked.map(([filter, options]) => view.find(things.collection, filter, options))),
  fields: await Promise.all(
    asked.map(([filter, options]) => view.findFields(things.collection, filter, shown, options)),
  ),
  fieldsOfMany: await view.findFields(
    things.collection,
    asked.map(([filter]) => filter),
    shown,
    { sort: { _id: 1 }, limit: 3 },
  ),
  counts: await Promise.all(asked.map(([filter]) => view.count(things.collection, filter))),
  gets: await Promise.all(ids.map((id) => view.get(things.collection, id))),
  many: Object.fromEntries(await view.getMany(things.collection, [...ids, 'never'])),
  dump: await view.dump(),
});

describe('SqliteReadStore.at: the read models as the writes up to a position left them', () => {
  let directory: string;
  beforeEach(() => (directory = mkdtempSync(join(tmpdir(), 'fahrplan-history-'))));
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it.each([
    [11, things],
    [4711, things],
    [11, narrowPast],
    [4711, scalarThings],
  ])(
    'answers every query as a store folded to the position does, at random positions (seed %i, %j)',
    async (seed, spec) => {
      const bulks = generate(seed, 400);
      const store = new SqliteReadStore(':memory:', [spec, mirrored]);
      for (const bulk of bulks) await store.write(bulk);
      const last = bulks.at(-1)!.at(-1)!.position;
      const { next } = seeded(seed + 1);
      const positions = [0, last, ...Array.from({ length: 40 }, () => Math.floor(next() * (last + 3)))];

      let differing = 0;
      let previous: unknown;
      for (const position of positions) {
        const expected = await answers(await foldedTo(bulks, position));
        const actual = await answers(store.at(position));
        expect({ position, ...actual }).toEqual({ position, ...expected });
        if (previous !== undefined && JSON.stringify(expected) !== JSON.stringify(previous)) differing++;
        previous = expected;
      }
      // the history moves: most instants differ from the one before (the comparison can fail)
      expect(differing).toBeGreaterThan(positions.length / 2);
      // and at the last position the past is the present (of the collection that has a past)
      const { dump: past, ...then } = await answers(store.at(last));
      const { dump: present, ...now } = await answers(store);
      expect({ ...then, things: past.things }).toEqual({ ...now, things: present.things });
      store.close();
    },
    30_000,
  );

  it('keeps the past across a reopen, and forgets a collection’s past when it is cleared', async () => {
    const file = join(directory, 'read.db');
    const bulks = generate(7, 200);
    const first = new SqliteReadStore(file, [things, mirrored]);
    for (const bulk of bulks) await first.write(bulk);
    const middle = bulks[Math.floor(bulks.length / 2)]![0]!.position;
    const before = await answers(first.at(middle));
    first.close();

    const again = new SqliteReadStore(file, [things, mirrored]);
    expect(await answers(again.at(middle))).toEqual(before);
    expect(before.dump.things?.length).toBeGreaterThan(0);

    await again.clear(things.collection);
    expect(await again.at(middle).dump()).toEqual({});
    expect(await again.at(middle).getMany(things.collection, ids)).toEqual(new Map());
    again.close();
  });

  it('shows a collection that is not a projection’s (no version) at no position', async () => {
    const store = new SqliteReadStore(':memory:', [things, mirrored]);
    await store.write([{ collection: 'mirrored', id: '1', position: 1, document: { tenant: 'acme' } }]);

    expect(await store.get('mirrored', '1')).not.toBeNull();
    expect(await store.at(5).get('mirrored', '1')).toBeNull();
    expect(await store.at(5).find('mirrored', { tenant: 'acme' }, { sort: { _id: 1 } })).toEqual([]);
    expect(await store.at(5).count('mirrored', {})).toBe(0);
    // and still refuses what is outside the filter subset
    await expect(store.at(5).find('mirrored', { tenant: { $nin: [] } })).rejects.toThrow('$nin');
    store.close();
  });

  it('serves a query as of a position from the declared indexes of the documents and of the versions, merged in order', () => {
    const store = new SqliteReadStore(':memory:', [things]);
    const plan = store
      .explain(
        things.collection,
        { tenant: 'acme', deleted: false },
        { sort: { rank: 1, _id: 1 }, limit: 101 },
        9,
      )
      .join('\n');
    store.close();

    expect(plan).toMatch(/MERGE \(UNION ALL\)/);
    expect(plan).toMatch(
      /SEARCH d USING INDEX ix1:things:tenant,deleted,rank \(k:tenant=\? AND k:deleted=\?\)/,
    );
    expect(plan).toMatch(
      /SEARCH d USING INDEX vx1:things:tenant,deleted,rank \(k:tenant=\? AND k:deleted=\?\)/,
    );
    expect(plan).not.toMatch(/SCAN d\b|TEMP B-TREE/);
  });

  it('indexes the versions with the declared asOfIndexes alone, the documents with every index', () => {
    const store = new SqliteReadStore(':memory:', [narrowPast]);
    const names = (store as unknown as { db: DatabaseSync }).db
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'index' AND name LIKE '_x1:things:%' ORDER BY name`,
      )
      .all()
      .map((row) => (row as { name: string }).name);
    const plan = store.explain(things.collection, { tenant: 'acme', deleted: false }, {}, 9).join('\n');
    store.close();

    expect(names).toEqual([
      'ix1:things:tenant,deleted,rank',
      'ix1:things:tenant,status,name',
      'vx1:things:tenant,deleted',
    ]);
    expect(plan).toMatch(/SEARCH d USING INDEX vx1:things:tenant,deleted \(k:tenant=\? AND k:deleted=\?\)/);
  });

  it('fills the key columns of a file written without them, and of a field newly indexed, and answers as before', async () => {
    const file = join(directory, 'read.db');
    const bulks = generate(5, 200);
    const first = new SqliteReadStore(file, [things, mirrored]);
    for (const bulk of bulks) await first.write(bulk);
    const middle = bulks[Math.floor(bulks.length / 2)]![0]!.position;
    const before = { now: await answers(first), then: await answers(first.at(middle)) };
    first.close();

    // the file as a store before the key columns left it: indexes over the bodies' values, no key columns
    const old = new DatabaseSync(file);
    const schema = old
      .prepare(
        `SELECT type, name FROM sqlite_schema WHERE type IN ('index', 'trigger') AND name NOT LIKE 'sqlite_%'`,
      )
      .all() as { type: string; name: string }[];
    for (const { type, name } of schema)
      if (/^(ix|vx|ver)\d/.test(name)) old.exec(`DROP ${type.toUpperCase()} "${name}"`);
    for (const table of ['doc:things', 'ver:things', 'doc:mirrored'])
      for (const { name } of old.prepare('SELECT name FROM pragma_table_info(?)').all(table) as {
        name: string;
      }[])
        if (name === 'live' || name.startsWith('k:'))
          old.exec(`ALTER TABLE "${table}" DROP COLUMN "${name}"`);
    // and the history trigger as it was: of every update
    old.exec(
      'CREATE TRIGGER "ver1:things" AFTER UPDATE ON "doc:things" BEGIN INSERT INTO "ver:things" ' +
        '(id, position, until, body) VALUES (old.id, old.position, new.position, old.body); END',
    );
    const versions = () => (old.prepare('SELECT count(*) AS n FROM "ver:things"').get() as { n: number }).n;
    const kept = versions();
    old.close();

    const byOwner = { tenant: 1, 'owner.name': 1 } as const;
    const again = new SqliteReadStore(file, [{ ...things, indexes: [...things.indexes, byOwner] }, mirrored]);
    // filling the columns kept no version
    expect(
      (
        (again as unknown as { db: DatabaseSync }).db
          .prepare('SELECT count(*) AS n FROM "ver:things"')
          .get() as { n: number }
      ).n,
    ).toBe(kept);
    expect(await answers(again)).toEqual(before.now);
    expect(await answers(again.at(middle))).toEqual(before.then);
    expect(again.explain(things.collection, { tenant: 'acme', 'owner.name': 'Ann' }).join()).toContain(
      'USING INDEX ix1:things:tenant,owner.name (k:tenant=? AND k:owner.name=?)',
    );
    const owners = await again.find(
      things.collection,
      { tenant: 'acme', 'owner.name': 'Ann' },
      { sort: { _id: 1 } },
    );
    expect(owners.map((doc) => doc._id)).toEqual(
      before.now.dump
        .things!.filter((doc) => doc.tenant === 'acme' && (doc.owner as { name: string }).name === 'Ann')
        .map((doc) => doc._id),
    );
    // and a write keeps what it replaces again
    const last = bulks.at(-1)!.at(-1)!.position;
    const [owner] = owners;
    await again.write([
      { collection: things.collection, id: owner!._id, position: last + 1, document: { tenant: 'globex' } },
    ]);
    expect(await again.at(last).get(things.collection, owner!._id)).toEqual(owner);
    expect(await again.count(things.collection, { tenant: 'acme', 'owner.name': 'Ann' })).toBe(
      owners.length - 1,
    );
    again.close();
  });

  it('sets only the key columns a write changes, so that SQLite leaves the other indexes alone', async () => {
    const store = new SqliteReadStore(':memory:', [things]);
    const db = (store as unknown as { db: DatabaseSync }).db;
    const doc = { tenant: 'acme', name: 'Billing', rank: 2, deleted: false, status: 'A', tags: ['x'] };
    await store.write([{ collection: things.collection, id: '1', position: 1, document: doc }]);
    const traced: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = (sql: string) => (traced.push(sql), prepare(sql));
    await store.write([
      { collection: things.collection, id: '1', position: 2, document: { ...doc, rank: 3 } },
    ]);
    expect(traced.filter((sql) => sql.startsWith('UPDATE'))).toEqual([
      'UPDATE "doc:things" SET position = ?, body = jsonb(?), "k:rank" = ? WHERE id = ?',
    ]);
    expect(
      await store.find(things.collection, { tenant: 'acme', deleted: false }, { sort: { rank: 1, _id: 1 } }),
    ).toEqual([{ ...doc, rank: 3, _id: '1', _position: 2 }]);
    expect(
      await store
        .at(1)
        .find(things.collection, { tenant: 'acme', deleted: false }, { sort: { rank: 1, _id: 1 } }),
    ).toEqual([{ ...doc, _id: '1', _position: 1 }]);
    store.close();
  });

  it('finds a document as of a position by its id and the end of its versions', async () => {
    const store = new SqliteReadStore(':memory:', [things]);
    const plan = (store as unknown as { db: DatabaseSync }).db
      .prepare(`EXPLAIN QUERY PLAN SELECT id FROM "ver:things" WHERE id = ? AND position <= ? AND until > ?`)
      .all('1', 3, 3)
      .map((row) => (row as { detail: string }).detail)
      .join('\n');
    store.close();
    expect(plan).toMatch(/SEARCH ver:things USING INDEX ver:things:id \(id=\? AND until>\?\)/);
  });
});

describe('SqliteReadStore.positionAt: the log’s time index, written with the checkpoint', () => {
  const decided = (position: number, timestamp: string) => ({ position, timestamp });

  it('gives the last position of the longest prefix decided at or before the instant, the running maximum of the timestamps', async () => {
    const store = new SqliteReadStore(':memory:', [things]);
    const checkpoint = (position: number, events: { position: number; timestamp: string }[]) =>
      store.write([], { name: 'projections', position, decided: events });
    await checkpoint(3, [
      decided(1, '2026-03-02T10:00:00Z'),
      decided(2, '2026-03-02T10:05:00Z'),
      // a writer whose clock lags: it belongs to the prefix up to 10:05
      decided(3, '2026-03-02T10:04:00Z'),
    ]);
    await checkpoint(5, [decided(4, 'not a time'), decided(5, '2026-03-02T10:10:00Z')]);
    const at = (time: string) => store.positionAt(new Date(`2026-03-02T${time}Z`));

    expect(await at('09:59:59')).toBe(0);
    expect(await at('10:00:00')).toBe(1);
    expect(await at('10:04:30')).toBe(1);
    expect(await at('10:05:00')).toBe(4);
    expect(await at('10:09:59')).toBe(4);
    expect(await at('11:00:00')).toBe(5);
    // a repeated checkpoint changes nothing
    await checkpoint(5, [decided(4, 'not a time'), decided(5, '2026-03-02T10:10:00Z')]);
    expect(await at('10:05:00')).toBe(4);
    store.close();
  });

  it('is written with the checkpoint, in one transaction: all or nothing', async () => {
    const store = new SqliteReadStore(':memory:', [things]);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(
      store.write([{ collection: 'things', id: '1', position: 1, document: circular }], {
        name: 'projections',
        position: 1,
        decided: [decided(1, '2026-03-02T10:00:00Z')],
      }),
    ).rejects.toThrow(/circular/);
    expect(await store.positionAt(new Date('2030-01-01T00:00:00Z'))).toBe(0);
    store.close();
  });
});

describe('a read.db of an older format: before the versions (0), before the key columns (1)', () => {
  it.each([0, 1])('of format %i starts empty, so that the runner rebuilds it', async (format) => {
    const directory = mkdtempSync(join(tmpdir(), 'fahrplan-history-'));
    try {
      const file = join(directory, 'read.db');
      const store = new SqliteReadStore(file, [things]);
      await store.write([{ collection: 'things', id: '1', position: 1, document: { tenant: 'acme' } }], {
        name: 'projections',
        position: 1,
      });
      await store.saveVersions({ things: 1 });
      store.close();
      const old = new DatabaseSync(file);
      old.exec(`PRAGMA user_version = ${format}`);
      old.close();

      const reopened = new SqliteReadStore(file, [things]);
      expect([
        await reopened.dump(),
        await reopened.checkpoint('projections'),
        await reopened.versions(),
      ]).toEqual([{}, 0, {}]);
      reopened.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

/*
 * The version archive (docs/design/version-archive.md): in a file, the versions of a collection without
 * multikey fields are inserted without indexes and moved into `read.versions.db`, where theirs are. The
 * past must read the same wherever each version is: not moved yet, moved, or moved and dropped here.
 */
describe('SqliteReadStore: the versions archived beside the file', () => {
  /** `things` without its multikey field: its versions go to the archive (the queries of `tags` left out). */
  const flat: CollectionSpec = { collection: 'things', version: 1, indexes: things.indexes };
  const flatQueries = queries.filter(([filter]) => !JSON.stringify(filter).includes('tags'));
  let directory: string;
  beforeEach(() => (directory = mkdtempSync(join(tmpdir(), 'fahrplan-archive-'))));
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const count = (store: SqliteReadStore, table: string) =>
    (
      (store as unknown as { db: DatabaseSync }).db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as {
        n: number;
      }
    ).n;

  it.each([3, 99])(
    'answers every query as a store folded to the position does, whatever part of the versions is archived (seed %i)',
    async (seed) => {
      const bulks = generate(seed, 400);
      const store = new SqliteReadStore(join(directory, 'read.db'), [flat, mirrored]);
      const { next } = seeded(seed + 2);
      let archivedAt = 0;
      for (const bulk of bulks) {
        await store.write(bulk);
        if (next() < 0.3) store.archiveNow();
        archivedAt = count(store, 'archive."ver:things"');
      }
      // some versions archived (and dropped from the file's table, all but its last), some not
      expect(archivedAt).toBeGreaterThan(20);
      expect(count(store, 'main."ver:things"')).toBeLessThan(archivedAt);
      const last = bulks.at(-1)!.at(-1)!.position;
      const positions = [0, last, ...Array.from({ length: 30 }, () => Math.floor(next() * (last + 3)))];
      for (const position of positions) {
        const expected = await answers(await foldedTo(bulks, position), flatQueries);
        expect({ position, ...(await answers(store.at(position), flatQueries)) }).toEqual({
          position,
          ...expected,
        });
      }
      // all moved: the same answers again, from the archive alone
      store.archiveNow();
      expect(count(store, 'main."ver:things"')).toBeLessThanOrEqual(1);
      for (const position of positions.slice(0, 10))
        expect(await answers(store.at(position), flatQueries)).toEqual(
          await answers(await foldedTo(bulks, position), flatQueries),
        );
      store.close();
    },
    30_000,
  );

  it('reads the archive by its indexes, and the versions not archived yet after its last', () => {
    const store = new SqliteReadStore(join(directory, 'read.db'), [flat]);
    const plan = store
      .explain(
        things.collection,
        { tenant: 'acme', deleted: false },
        { sort: { rank: 1, _id: 1 }, limit: 10 },
        9,
      )
      .join('\n');
    const names = (schema: string) =>
      (store as unknown as { db: DatabaseSync }).db
        .prepare(`SELECT name FROM ${schema}.sqlite_schema WHERE type = 'index' AND tbl_name = 'ver:things'`)
        .all()
        .map((row) => (row as { name: string }).name)
        .sort();
    const [here, there] = [names('main'), names('archive')];
    store.close();

    expect(here).toEqual([]);
    expect(there).toEqual([
      'ver:things:id',
      'vx1:things:tenant,deleted,rank',
      'vx1:things:tenant,status,name',
    ]);
    expect(plan).toMatch(
      /SEARCH d USING INDEX vx1:things:tenant,deleted,rank \(k:tenant=\? AND k:deleted=\?\)/,
    );
    expect(plan).toMatch(/SEARCH d USING INTEGER PRIMARY KEY \(rowid>\?\)/);
    // only the versions not archived yet are sorted: they follow the archive's last
    expect(plan.split('\n').slice(-6).join('\n')).toMatch(
      /SEARCH d USING INTEGER PRIMARY KEY \(rowid>\?\)(.|\n)*USE TEMP B-TREE FOR ORDER BY$/,
    );
    expect(plan.match(/TEMP B-TREE/g)).toHaveLength(1);
  });

  it('forgets a cleared past wherever its versions are, and keeps what is written after', async () => {
    const file = join(directory, 'read.db');
    const store = new SqliteReadStore(file, [flat]);
    const write = (id: string, position: number, name: string) =>
      store.write([{ collection: 'things', id, position, document: { tenant: 'acme', name } }]);
    await write('1', 1, 'one');
    await write('1', 2, 'two');
    await write('2', 3, 'three');
    await write('2', 4, 'four');
    store.archiveNow();
    await write('1', 5, 'five');
    expect((await store.at(1).get('things', '1'))?.name).toBe('one');
    expect((await store.at(4).get('things', '1'))?.name).toBe('two');

    await store.clear('things');
    expect(await store.at(1).dump()).toEqual({});
    expect(await store.at(4).get('things', '1')).toBeNull();
    // the rebuilt history: its versions numbered after the cleared ones, archived or not
    await write('1', 1, 'again one');
    await write('1', 2, 'again two');
    expect((await store.at(1).get('things', '1'))?.name).toBe('again one');
    store.archiveNow();
    await write('1', 3, 'again three');
    expect((await store.at(1).get('things', '1'))?.name).toBe('again one');
    expect((await store.at(2).get('things', '1'))?.name).toBe('again two');
    expect(await store.at(2).get('things', '2')).toBeNull();
    expect(count(store, 'archive."ver:things"')).toBe(1);
    store.close();
  });

  it('empties an archive that is not the file’s (a replaced read.db), and fills it from the file', async () => {
    /** A store in `file` whose document `id` was `names[0]` at position 1 and `names[1]` at 2. */
    const twice = async (file: string, id: string, names: [string, string]) => {
      const store = new SqliteReadStore(file, [flat]);
      for (const [i, name] of names.entries())
        await store.write([
          { collection: 'things', id, position: i + 1, document: { tenant: 'acme', name } },
        ]);
      return store;
    };
    const file = join(directory, 'read.db');
    const first = await twice(file, '1', ['a', 'b']);
    first.archiveNow();
    first.close();
    // another file put in its place, as npm run replay does: its versions are numbered from 1 again
    const other = join(directory, 'other.db');
    (await twice(other, '7', ['x', 'y'])).close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    renameSync(other, file);

    const reopened = new SqliteReadStore(file, [flat]);
    expect(await reopened.at(1).get('things', '1')).toBeNull();
    expect((await reopened.at(1).get('things', '7'))?.name).toBe('x');
    reopened.archiveNow();
    expect((await reopened.at(1).get('things', '7'))?.name).toBe('x');
    expect(count(reopened, 'archive."ver:things"')).toBe(1);
    reopened.close();
  });

  it('is moved by the background thread, and a reader beside the writer reads it', async () => {
    const file = join(directory, 'read.db');
    const store = new SqliteReadStore(file, [flat], { backgroundCheckpoints: true });
    const reader = new SqliteReadStore(file, [flat], { readOnly: true });
    try {
      for (let position = 1; position <= 60; position++)
        await store.write([
          {
            collection: 'things',
            id: String(position % 5),
            position,
            document: { tenant: 'acme', name: `v${position}` },
          },
        ]);
      await eventually(() => expect(store.background!.archived).toBe(55));
      // the next write drops what was archived from the file's table
      await store.write([
        { collection: 'things', id: '9', position: 61, document: { tenant: 'acme', name: 'new' } },
      ]);
      expect(count(store, 'main."ver:things"')).toBe(1);
      for (const view of [store.at(12), reader.at(12)])
        expect(
          (await view.find('things', { tenant: 'acme' }, { sort: { _id: 1 } })).map((doc) => doc.name),
        ).toEqual(['v10', 'v11', 'v12', 'v8', 'v9']);
    } finally {
      reader.close();
      store.close();
    }
  });
});
