/** The seeded data folders of `npm run bench:scale`, the copies each run works on, and what requests pick from them. */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { format, setting } from '../figures';

/**
 * The settings every bench on the seeded folders shares: where they are (`<dir>/<items>/`), the demo
 * administrator's password set at their first start, how long a server may take to start on one, and
 * the seed of the random picks.
 */
export const seededFolderSettings = (startTimeoutMs: number) => ({
  dir: process.env.BENCH_SCALE_DIR ?? join(tmpdir(), 'fahrplan-scale'),
  password: process.env.BENCH_SCALE_PASSWORD ?? 'bench-password-1',
  startTimeoutMs: setting('BENCH_SCALE_START_TIMEOUT_MS', startTimeoutMs),
  seed: setting('BENCH_SCALE_SEED', 4711),
});

/** The seeded folder of `items` under `dir`, which a bench only reads: an error saying how to make it when missing. */
export const existingSeededFolder = (dir: string, items: number): string => {
  const folder = join(dir, String(items));
  if (!existsSync(join(folder, 'seeded')))
    throw new Error(
      `no seeded folder at ${folder}: run npm run bench:scale once (it seeds), or set BENCH_SCALE_DIR`,
    );
  return folder;
};

/** What a run copies: the log, the tracker topics and the keys; never the read models. */
const runFiles = ['events.db', 'bus.db', 'token.key', 'tracker.key'];

/**
 * The folder of `items` seeded items under `dir`, left as it is when its `seeded` marker exists (runs
 * only read it). Otherwise made once, as an operator would: a first start of `main` creates the demo
 * tenant, then `seed` adds `items / 100` projects with their items.
 */
export const seededFolder = async (
  dir: string,
  items: number,
  firstStart: (folder: string) => Promise<void>,
  seed: string,
  log: (line: string) => void,
): Promise<string> => {
  const folder = join(dir, String(items));
  if (existsSync(join(folder, 'seeded'))) return folder;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  log(`seeding ${format(items)} items into ${folder} (kept for later runs)`);
  await firstStart(folder);
  execFileSync(
    process.execPath,
    [seed, '--data-dir', folder, '--seed', '42', '--projects', String(items / 100), '--items', String(items)],
    { stdio: 'inherit' },
  );
  writeFileSync(join(folder, 'seeded'), new Date().toISOString());
  return folder;
};

/**
 * A fresh copy of the seeded log and keys in `target` (the folder 700, its files 600, as issue 18's
 * servers expect), without read models; refuses when the disk would keep less than 1 GB free.
 */
export const runFolder = (from: string, target: string): string => {
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true, mode: 0o700 });
  const files = runFiles.filter((file) => existsSync(join(from, file)));
  const bytes = files.reduce((sum, file) => sum + statSync(join(from, file)).size, 0);
  const disk = statfsSync(target);
  if (disk.bavail * disk.bsize - bytes < 2 ** 30)
    throw new Error(`copying ${format(bytes / 2 ** 20)} MB into ${target} would leave less than 1 GB free`);
  for (const file of files) {
    copyFileSync(join(from, file), join(target, file));
    chmodSync(join(target, file), 0o600);
  }
  return target;
};

/** What the requests pick from, read from a copy of the log before a server opens it. */
export interface LogSample {
  readonly itemIds: readonly number[];
  /** Words (≥ 5 letters) of project titles: the text filter's terms. */
  readonly words: readonly string[];
  /** Instants of random events in the log, in random order: the as-of requests. */
  readonly instants: readonly string[];
  /** The first and the last start day of an item. */
  readonly span: readonly [string, string];
  /** The log's last position: a start is ready once the projections have reached it. */
  readonly head: number;
}

export const sampleLog = (folder: string, instants: number, random: () => number): LogSample => {
  const db = new DatabaseSync(join(folder, 'events.db'), { readOnly: true });
  const column = (sql: string, ...params: number[]) =>
    db
      .prepare(sql)
      .all(...params)
      .map((row) => Object.values(row)[0]);
  const itemIds = column(
    "SELECT json_extract(data, '$.id') FROM events WHERE type = 'ItemCreated' ORDER BY random() LIMIT 2000",
  ).map(Number);
  const words = column(
    "SELECT json_extract(data, '$.title') FROM events WHERE type = 'GroupCreated' ORDER BY random() LIMIT 300",
  ).flatMap((title) =>
    String(title)
      .split(/\s+/)
      .filter((word) => word.length >= 5),
  );
  // positions drawn at random, each a distinct instant (the seed writes a few events per millisecond)
  const [last] = column('SELECT max(position) FROM events').map(Number);
  const at = column(
    `SELECT DISTINCT json_extract(metadata, '$.timestamp') FROM events WHERE position IN (${Array.from(
      { length: instants * 4 },
      () => 1 + Math.floor(random() * last!),
    ).join(',')}) ORDER BY random() LIMIT ?`,
    instants,
  ).map(String);
  const span = column(
    "SELECT min(json_extract(data, '$.start')) FROM events WHERE type = 'ItemCreated' UNION ALL SELECT max(json_extract(data, '$.start')) FROM events WHERE type = 'ItemCreated'",
  ).map((start) => String(start).slice(0, 10));
  db.close();
  return { itemIds, words: [...new Set(words)], instants: at, span: [span[0]!, span[1]!], head: last! };
};
