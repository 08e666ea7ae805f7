/**
 * Issue 17, tracker-sync's start: what tracker-sync costs at the start of a server on the seeded
 * 1,000,000-item folder (its demo tenant has a tracker connection), folding its world from the
 * beginning of the log (a first start, or a start without FAHRPLAN_TRACKER_STATE_DIR) beside a
 * restart from its checkpoint, right after the checkpoint and after more item events were appended.
 * In process on a copy of the folder's event log: the main thread's CPU (process.cpuUsage), the
 * events read, the heap the world keeps (after a GC) and the wall time, with the load beside them.
 *
 * BENCH_SCALE_DIR: where the seeded folders are (as `npm run bench:scale`); BENCH_TRACKER_ITEMS: which
 * one (default 1000000); BENCH_TRACKER_APPENDED: item events appended before the last restart.
 * Run with `node --expose-gc`.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventMetadata, SqliteEventStore } from '@fahrplan/platform';
import type { DirectoryCache, ReadAllOptions, SecretBox } from '@fahrplan/platform';
import { TrackerSync, TrackerWorldFile } from '@fahrplan/tracker-sync';
import type { TrackerSyncOptions, TrackerWorldStore } from '@fahrplan/tracker-sync';
import { format, load, printTable, setting } from './figures';
import { existingSeededFolder, seededFolderSettings } from './scale/data-folder';

const items = setting('BENCH_TRACKER_ITEMS', 1_000_000);
const appended = setting('BENCH_TRACKER_APPENDED', 10_000);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** One start of the worker on `store`: its wall and CPU time, the events it read, the heap it keeps. */
const measureStart = async (store: SqliteEventStore, checkpoints?: TrackerWorldStore) => {
  let read = 0;
  const counted = Object.assign(Object.create(store) as SqliteEventStore, {
    readAll: async (options?: ReadAllOptions) => {
      const events = await store.readAll(options);
      read += events.length;
      return events;
    },
  });
  // no tenant has the jira feature here: the worker folds its world and mirrors nothing
  const options: TrackerSyncOptions = {
    store: counted,
    bus: { publish: async () => undefined } as unknown as TrackerSyncOptions['bus'],
    directory: { tenant: () => undefined } as unknown as DirectoryCache,
    secrets: {} as SecretBox,
    client: () => {
      throw new Error('no tracker in this bench');
    },
    describe: () => ({ code: 'x', status: null, statusText: null, message: 'x' }),
    links: { hostsWithoutReleaseReportSuffix: [] },
    log: () => undefined,
    ...(checkpoints ? { checkpoints } : {}),
  };
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const sync = new TrackerSync(options);
  await sync.start();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  gc();
  const kept = process.memoryUsage().heapUsed - heapBefore;
  await sync.stop();
  return { wall, cpu: (used.user + used.system) / 1000, read, kept };
};

/** Appends `count` item events (a title change each) to the demo tenant's first items. */
const appendItemEvents = async (store: SqliteEventStore, count: number) => {
  const metadata = eventMetadata({ tenant: 'demo', user: 'bench', timestamp: new Date().toISOString() });
  for (let done = 0; done < count; done += 500)
    await store.appendMany(
      Array.from({ length: Math.min(500, count - done) }, (_, index) => ({
        streamId: `item-${done + index + 1}`,
        expected: 'any' as const,
        events: [
          {
            id: randomUUID(),
            type: 'ItemUpdated',
            data: { id: done + index + 1, changes: { title: `bench ${done + index}` } },
            metadata,
          },
        ],
      })),
    );
};

const main = async () => {
  const folder = existingSeededFolder(seededFolderSettings(0).dir, items);
  const dir = mkdtempSync(join(tmpdir(), 'fahrplan-tracker-world-bench-'));
  try {
    // the log with what its write-ahead log holds, if the seeder left one
    for (const file of ['events.db', 'events.db-wal'])
      if (existsSync(join(folder, file))) copyFileSync(join(folder, file), join(dir, file));
    const store = new SqliteEventStore(join(dir, 'events.db'));
    const checkpoints = new TrackerWorldFile(join(dir, 'tracker-world.json'));
    console.log(`tracker-sync's start on ${folder} (${format(items)} items), load ${load()}`);
    const rows = [['start', 'wall ms', 'CPU ms', 'events read', 'heap kept MB', 'load']];
    const row = (label: string, figures: Awaited<ReturnType<typeof measureStart>>) =>
      rows.push([
        label,
        format(figures.wall),
        format(figures.cpu),
        format(figures.read),
        format(figures.kept / 2 ** 20, 1),
        load(),
      ]);
    row('from the beginning of the log, no checkpoint', await measureStart(store));
    row('from the beginning, writing the checkpoint', await measureStart(store, checkpoints));
    row('restart from the checkpoint', await measureStart(store, checkpoints));
    await appendItemEvents(store, appended);
    row(`restart after ${format(appended)} item events`, await measureStart(store, checkpoints));
    printTable(console.log, rows, new Set([0]));
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
