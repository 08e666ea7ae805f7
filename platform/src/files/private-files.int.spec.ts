import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventMetadata } from '../event-store/metadata';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { createPrivateFile, securePrivateFolder } from './private-files';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('private data files', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'fahrplan-modes-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the SQLite event log, its WAL and shared memory files readable by the owner only', async () => {
    const store = new SqliteEventStore(join(dir, 'events.db'));
    const metadata = eventMetadata({ tenant: 'demo', user: 'test', timestamp: new Date().toISOString() });
    await store.append('user-1', [{ id: crypto.randomUUID(), type: 'Noted', data: {}, metadata }], 'any');

    const files = readdirSync(dir).sort();
    expect(files).toEqual(['events.db', 'events.db-shm', 'events.db-wal']);
    for (const file of files) expect([file, modeOf(join(dir, file))]).toEqual([file, '600']);
    await store.close();
  });

  it('narrows an existing file to 600 and creates new ones so', () => {
    const file = join(dir, 'token.key');
    writeFileSync(file, 'key', { mode: 0o644 });

    createPrivateFile(file);
    createPrivateFile(join(dir, 'new.key'));

    expect(modeOf(file)).toBe('600');
    expect(modeOf(join(dir, 'new.key'))).toBe('600');
  });

  it('checks a data folder at start: 700, every file in it 600, and says what it narrowed', () => {
    const data = join(dir, 'data');
    mkdirSync(join(data, 'old'), { recursive: true, mode: 0o755 });
    chmodSync(data, 0o755);
    writeFileSync(join(data, 'events.db'), '', { mode: 0o644 });
    writeFileSync(join(data, 'old', 'bus.db'), '', { mode: 0o666 });
    writeFileSync(join(data, 'tracker.key'), '', { mode: 0o600 });

    const narrowed = securePrivateFolder(data);

    expect(narrowed.sort()).toEqual(
      [data, join(data, 'events.db'), join(data, 'old'), join(data, 'old', 'bus.db')].sort(),
    );
    expect([data, join(data, 'old')].map(modeOf)).toEqual(['700', '700']);
    expect(['events.db', 'old/bus.db', 'tracker.key'].map((f) => modeOf(join(data, f)))).toEqual([
      '600',
      '600',
      '600',
    ]);
    expect(securePrivateFolder(join(dir, 'fresh'))).toEqual([]);
    expect(modeOf(join(dir, 'fresh'))).toBe('700');
  });
});
