import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readModelCollections } from '../projections/all-projections';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { threadSetup } from './query-threads';

/*
 * A query thread opens the read models' file with what it was sent of the collections: it must plan
 * every indexed query as the writer does (the same index, the same key expressions), or a query that
 * the writer answers from an index scans a million rows in the thread.
 */
describe('threadSetup: what a query thread is sent of the collections', () => {
  let directory: string;
  beforeEach(() => (directory = mkdtempSync(join(tmpdir(), 'fahrplan-thread-setup-'))));
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('is data a worker can receive', () => {
    const setup = threadSetup({ file: 'read.db', collections: readModelCollections });
    expect(structuredClone(setup)).toEqual(setup);
  });

  it('plans every index of every collection, live and as of a position, as the writer does', () => {
    const file = join(directory, 'read.db');
    const writer = new SqliteReadStore(file, readModelCollections);
    const reader = new SqliteReadStore(
      file,
      threadSetup({ file, collections: readModelCollections }).collections,
      { readOnly: true },
    );
    const plans: [string, string[], string[]][] = [];
    for (const { collection, indexes, version } of readModelCollections)
      for (const keys of indexes) {
        const filter = Object.fromEntries(
          Object.keys(keys).map((field) => [field, field === 'deleted' ? false : 'x']),
        );
        for (const position of version === undefined ? [undefined] : [undefined, 1])
          plans.push([
            `${collection} ${Object.keys(keys).join(',')} at ${position ?? 'now'}`,
            reader.explain(collection, filter, {}, position),
            writer.explain(collection, filter, {}, position),
          ]);
      }
    reader.close();
    writer.close();

    expect(plans.length).toBeGreaterThan(30);
    for (const [query, read, written] of plans)
      expect({ query, plan: read }).toEqual({ query, plan: written });
    // and the writer's own plans use the indexes (the comparison means something)
    const items = plans.filter(([query]) => query.startsWith('items ')).flatMap(([, , written]) => written);
    expect(items.join('\n')).toMatch(/USING (COVERING )?INDEX ix\d*:items:/);
  });
});
