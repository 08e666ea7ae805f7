import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
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

  it('leaves no log behind when it closes, though a connection of its thread may close after it', async () => {
    const file = join(dir, 'read.db');
    store = new SqliteReadStore(file, [things], { backgroundCheckpoints: true });
    for (let page = 0; page < 4; page++) await store.write(writes(page * 500 + 1, 500));
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(100_000);
    // a connection still open, as its thread's is while the thread is on its way to close
    const late = new DatabaseSync(file);
    expect(late.prepare('SELECT count(*) AS n FROM sqlite_master').get()!.n).toBeGreaterThan(0);
    const { ended } = store.background!;
    store.close();
    store = undefined;

    expect(statSync(`${file}-wal`).size).toBe(0);
    late.close();
    await ended;
    const reader = new SqliteReadStore(file, [things], { readOnly: true });
    expect(await reader.count('things', {})).toBe(2_000);
    reader.close();
  });

  it('leaves the checkpoints to the writer unless asked', () => {
    store = new SqliteReadStore(join(dir, 'read.db'), [things]);
    expect(store.background).toBeUndefined();
  });
});
