import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@fahrplan/platform/testing';
import type { CollectionSpec, DocumentWrite } from './read-store';
import { SqliteReadStore } from './sqlite-read-store';

/* The read models' log copied into the file by a thread of its own (docs/design/background-checkpoints.md). */

const things: CollectionSpec = { collection: 'things', version: 1, indexes: [{ tenant: 1, name: 1 }] };
const writes = (from: number, count: number): DocumentWrite[] =>
  Array.from({ length: count }, (_, i) => ({
    collection: 'things',
    id: String(from + i),
    position: from + i,
    document: { tenant: 'acme', name: `Thing ${from + i} ${'x'.repeat(200)}` },
  }));

describe('SqliteReadStore with background checkpoints', () => {
  let dir: string;
  let store: SqliteReadStore | undefined;

  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'checkpoints-'))));
  afterEach(() => {
    store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies the log of its commits into the file from its own thread', async () => {
    store = new SqliteReadStore(join(dir, 'read.db'), [things], { backgroundCheckpoints: true });
    const before = statSync(join(dir, 'read.db')).size;
    // about 1,000 pages of log: below the writer's own checkpoint, which then never runs
    for (let page = 0; page < 20; page++) await store.write(writes(page * 500 + 1, 500));

    await eventually(() => expect(store!.background!.checkpoints).toBeGreaterThan(0));
    await eventually(() => expect(statSync(join(dir, 'read.db')).size).toBeGreaterThan(before + 2_000_000));
    expect(await store.count('things', {})).toBe(10_000);
  });

  it('leaves the checkpoints to the writer unless asked', () => {
    store = new SqliteReadStore(join(dir, 'read.db'), [things]);
    expect(store.background).toBeUndefined();
  });
});
