import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CollectionSpec, DocumentWrite } from './read-store';
import { SqliteReadStore } from './sqlite-read-store';

/*
 * `writeTogether`: a catch-up's pages in one transaction (docs/design/catch-up-groups.md). Another
 * connection (a query thread's) sees none of the group's writes before it settles, and each write in
 * it stays all or nothing with its checkpoint.
 */

const things: CollectionSpec = { collection: 'things', version: 1, indexes: [{ tenant: 1, name: 1 }] };
const thing = (id: string, position: number, name = `Thing ${id}`): DocumentWrite => ({
  collection: 'things',
  id,
  position,
  document: { tenant: 'acme', name },
});

describe('SqliteReadStore.writeTogether', () => {
  let dir: string;
  let writer: SqliteReadStore;
  let reader: SqliteReadStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'write-together-'));
    writer = new SqliteReadStore(join(dir, 'read.db'), [things]);
    reader = new SqliteReadStore(join(dir, 'read.db'), [things], { readOnly: true });
  });
  afterEach(() => {
    reader.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the other connection sees: the documents' names and the checkpoint. */
  const seen = async () => ({
    names: (await reader.find('things', {}, { sort: { _id: 1 } })).map((doc) => doc.name),
    checkpoint: await reader.checkpoint('main'),
  });

  it('commits the writes of every call once the work resolves, none before', async () => {
    const during: Awaited<ReturnType<typeof seen>>[] = [];
    const answer = await writer.writeTogether(async () => {
      await writer.write([thing('1', 1)], { name: 'main', position: 1 });
      await new Promise((resolve) => setImmediate(resolve));
      await writer.write([thing('2', 2)], { name: 'main', position: 2 });
      during.push(await seen());
      return 'done';
    });

    expect(answer).toBe('done');
    expect(during).toEqual([{ names: [], checkpoint: 0 }]);
    expect(await seen()).toEqual({ names: ['Thing 1', 'Thing 2'], checkpoint: 2 });
  });

  it('commits what was written when the work fails, without the failed write, and rethrows', async () => {
    const failure = new Error('the fold failed');
    await expect(
      writer.writeTogether(async () => {
        await writer.write([thing('1', 1)], { name: 'main', position: 1 });
        // a write that fails in the middle (an id SQLite cannot bind) undoes its own documents alone
        await expect(
          writer.write([thing('2', 2), { ...thing('3', 2), id: undefined as never }], {
            name: 'main',
            position: 2,
          }),
        ).rejects.toThrow();
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(await seen()).toEqual({ names: ['Thing 1'], checkpoint: 1 });
  });

  it('joins a group already open instead of committing it early', async () => {
    await writer.writeTogether(async () => {
      await writer.writeTogether(() => writer.write([thing('1', 1)], { name: 'main', position: 1 }));
      expect(await seen()).toEqual({ names: [], checkpoint: 0 });
    });
    expect(await seen()).toEqual({ names: ['Thing 1'], checkpoint: 1 });
  });
});
