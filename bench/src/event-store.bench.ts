/**
 * Event store benchmark: Fahrplan's SqliteEventStore beside @event-driven-io/emmett-sqlite,
 * measured in the same run on files in one temporary directory. Durable settings on both sides;
 * Emmett runs on its defaults. Scale with the BENCH_* variables below.
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { getSQLiteEventStore, readMessagesBatch, sqliteConnection } from '@event-driven-io/emmett-sqlite';
import { SqliteEventStore } from '@fahrplan/platform';
import type { NewEvent } from '@fahrplan/platform';
import { format, printTable, seconds, setting } from './figures';

const config = {
  sequential: setting('BENCH_SEQUENTIAL', 2000),
  concurrent: setting('BENCH_CONCURRENT', 2000),
  writers: setting('BENCH_WRITERS', 32),
  batches: setting('BENCH_BATCHES', 1000),
  batchSize: setting('BENCH_BATCH_SIZE', 100),
  readBatch: setting('BENCH_READ_BATCH', 1000),
  log: setting('BENCH_LOG', 1_000_000),
};

const directory = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'fahrplan-bench-'));
const file = (name: string) => join(directory, `${name}.db`);

const tenant = 'acme';
const user = 'planner@acme.example';

/** An event shaped like Fahrplan's: a saved planning item with its metadata (about 400 bytes as JSON). */
const payload = (seq: number) => ({
  type: 'ItemSaved',
  data: {
    id: 100_000 + seq,
    seq,
    groupId: 4711,
    name: `Rollout wave ${seq % 97}`,
    start: '2025-03-03',
    end: '2025-06-27',
    workload: 12.5,
    priority: 'HIGH',
    jiraid: `PLAN-${seq % 10_000}`,
  },
  metadata: {
    tenant,
    user,
    correlationId: randomUUID(),
    causationId: randomUUID(),
    timestamp: '2025-03-01T09:30:00.000Z',
    schemaVersion: 1,
  },
});

const fahrplanEvent = (seq: number): NewEvent => ({ id: randomUUID(), ...payload(seq) });
const emmettEvent = (seq: number) => payload(seq);

/** Flushes the previous phase's dirty pages, so its write-back does not slow the next one. */
const settle = () => execSync('sync');

interface Replay {
  readonly events: number;
  readonly seconds: number;
  readonly checksum: number;
}

/** What a projector touches of every event: type, data and metadata (so parsing cannot be skipped). */
const touch = (type: string, data: { seq: number }, metadata: { tenant: string }) =>
  data.seq + type.length + metadata.tenant.length;

async function fahrplanSequential(n: number): Promise<number> {
  const store = new SqliteEventStore(file('fahrplan-sequential'));
  const start = performance.now();
  for (let i = 0; i < n; i += 1) await store.append(`item-${i}`, [fahrplanEvent(i)], 'no_stream');
  const rate = n / seconds(start);
  await store.close();
  return rate;
}

async function emmettSequential(n: number): Promise<number> {
  const store = getSQLiteEventStore({ fileName: file('emmett-sequential') });
  const start = performance.now();
  for (let i = 0; i < n; i += 1) await store.appendToStream(`item-${i}`, [emmettEvent(i)]);
  return n / seconds(start);
}

async function concurrently(
  n: number,
  writers: number,
  append: (stream: string, seq: number) => Promise<unknown>,
) {
  const perWriter = Math.ceil(n / writers);
  const start = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; i < perWriter; i += 1) await append(`item-${writer}x${i}`, writer * perWriter + i);
    }),
  );
  return (perWriter * writers) / seconds(start);
}

async function fahrplanConcurrent(n: number, writers: number): Promise<number> {
  const store = new SqliteEventStore(file('fahrplan-concurrent'));
  const rate = await concurrently(n, writers, (stream, seq) =>
    store.append(stream, [fahrplanEvent(seq)], 'no_stream'),
  );
  await store.close();
  return rate;
}

/**
 * Emmett 0.38.5's SQLite store shares one connection between calls and closes it after each, so
 * concurrent calls on one store fail (SQLITE_MISUSE) and one store per writer fails with
 * SQLITE_BUSY (no busy timeout is set). The writers therefore share one store through a queue.
 */
async function emmettConcurrent(n: number, writers: number): Promise<number> {
  const store = getSQLiteEventStore({ fileName: file('emmett-concurrent') });
  let queue: Promise<unknown> = Promise.resolve();
  return concurrently(n, writers, (stream, seq) => {
    const appended = queue.then(() => store.appendToStream(stream, [emmettEvent(seq)]));
    queue = appended.catch(() => undefined);
    return appended;
  });
}

async function fahrplanBatches(name: string, batches: number, size: number): Promise<number> {
  const store = new SqliteEventStore(file(name));
  const start = performance.now();
  for (let b = 0; b < batches; b += 1) {
    const events = Array.from({ length: size }, (_, i) => fahrplanEvent(b * size + i));
    await store.append(`item-${b}`, events, 'no_stream');
  }
  const rate = (batches * size) / seconds(start);
  await store.close();
  return rate;
}

async function emmettBatches(name: string, batches: number, size: number): Promise<number> {
  const store = getSQLiteEventStore({ fileName: file(name) });
  const start = performance.now();
  for (let b = 0; b < batches; b += 1) {
    const events = Array.from({ length: size }, (_, i) => emmettEvent(b * size + i));
    await store.appendToStream(`item-${b}`, events);
  }
  return (batches * size) / seconds(start);
}

async function fahrplanReplay(name: string, batch: number): Promise<Replay> {
  const store = new SqliteEventStore(file(name));
  const start = performance.now();
  let after = 0;
  let events = 0;
  let checksum = 0;
  for (;;) {
    const page = await store.readAll({ after, maxCount: batch });
    if (page.length === 0) break;
    for (const event of page) {
      checksum += touch(event.type, event.data as { seq: number }, event.metadata);
      events += 1;
    }
    after = page[page.length - 1]!.position;
  }
  const result = { events, seconds: seconds(start), checksum };
  await store.close();
  return result;
}

/** Emmett's stores have no global read; its consumers page through readMessagesBatch, as this does. */
async function emmettReplay(name: string, batch: number): Promise<Replay> {
  const connection = sqliteConnection({ fileName: file(name) });
  const start = performance.now();
  let after = 0n;
  let events = 0;
  let checksum = 0;
  for (;;) {
    const page = await readMessagesBatch(connection, { after, batchSize: batch });
    if (page.messages.length === 0) break;
    for (const message of page.messages) {
      checksum += touch(
        message.type,
        message.data as unknown as { seq: number },
        message.metadata as unknown as { tenant: string },
      );
      events += 1;
    }
    after = page.currentGlobalPosition;
  }
  const result = { events, seconds: seconds(start), checksum };
  connection.close();
  return result;
}

/** The floor under any durable single append here: one committed row per fsync'd transaction. */
function bareCommits(n: number): number {
  const db = new DatabaseSync(file('bare'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE t (x TEXT)');
  const insert = db.prepare('INSERT INTO t (x) VALUES (?)');
  const start = performance.now();
  for (let i = 0; i < n; i += 1) {
    db.exec('BEGIN IMMEDIATE');
    insert.run('x');
    db.exec('COMMIT');
  }
  const rate = n / seconds(start);
  db.close();
  return rate;
}

async function emmettPragmas(): Promise<string> {
  const connection = sqliteConnection({ fileName: file('emmett-sequential') });
  const [journal] = await connection.query<{ journal_mode: string }>('PRAGMA journal_mode');
  const [synchronous] = await connection.query<{ synchronous: number }>('PRAGMA synchronous');
  connection.close();
  const names = ['OFF', 'NORMAL', 'FULL', 'EXTRA'];
  return `journal_mode=${journal?.journal_mode}, synchronous=${names[synchronous?.synchronous ?? -1]}`;
}

async function main() {
  const began = performance.now();
  const log = (line: string) => console.log(line);
  log(`Fahrplan event store benchmark — ${new Date().toISOString()}`);
  log(
    `node ${process.version}, SQLite ${String((new DatabaseSync(':memory:').prepare('SELECT sqlite_version() AS v').get() as { v: string }).v)} (node:sqlite), ` +
      `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, files in ${directory}`,
  );
  log(`settings: ${JSON.stringify(config)}`);
  log('');

  const bare = bareCommits(500);
  settle();

  const fSequential = await fahrplanSequential(config.sequential);
  settle();
  const eSequential = await emmettSequential(config.sequential);
  settle();
  const emmettSettings = await emmettPragmas();

  const fConcurrent = await fahrplanConcurrent(config.concurrent, config.writers);
  settle();
  const eConcurrent = await emmettConcurrent(config.concurrent, config.writers);
  settle();

  const fBatches = await fahrplanBatches('fahrplan-batches', config.batches, config.batchSize);
  settle();
  const eBatches = await emmettBatches('emmett-batches', config.batches, config.batchSize);
  settle();

  const fReplay = await fahrplanReplay('fahrplan-batches', config.readBatch);
  const eReplay = await emmettReplay('emmett-batches', config.readBatch);
  const replayed = config.batches * config.batchSize;
  if (fReplay.events !== replayed || eReplay.events !== replayed || fReplay.checksum !== eReplay.checksum) {
    throw new Error(`replays disagree: ${JSON.stringify({ fReplay, eReplay, replayed })}`);
  }
  settle();

  const logBatches = Math.ceil(config.log / config.batchSize);
  const fLogBuild = await fahrplanBatches('fahrplan-log', logBatches, config.batchSize);
  settle();
  const fLogReplay = await fahrplanReplay('fahrplan-log', config.readBatch);
  const logSize = statSync(file('fahrplan-log')).size;
  const eLogSeconds = fLogReplay.events / (eReplay.events / eReplay.seconds);

  const rows: [string, string, string, string, string, string][] = [];
  const ratioRow = (label: string, fahrplan: number, emmett: number, unit: string, target: number) => {
    const ratio = fahrplan / emmett;
    rows.push([
      label,
      `${format(fahrplan)} ${unit}`,
      `${format(emmett)} ${unit}`,
      `${format(ratio, 1)}×`,
      `≥ ${target}×`,
      ratio >= target ? 'met' : 'MISSED',
    ]);
  };
  ratioRow('(a) single-event appends, 1 writer, sequential', fSequential, eSequential, 'appends/s', 10);
  ratioRow(
    `(a) single-event appends, ${config.writers} concurrent writers`,
    fConcurrent,
    eConcurrent,
    'appends/s',
    10,
  );
  ratioRow(`(b) ${config.batchSize}-event batch appends: events`, fBatches, eBatches, 'events/s', 2);
  ratioRow(
    `(b) ${config.batchSize}-event batch appends: batches`,
    fBatches / config.batchSize,
    eBatches / config.batchSize,
    'batches/s',
    2,
  );
  ratioRow(
    `(c) full-log replay of ${format(replayed)} events`,
    fReplay.events / fReplay.seconds,
    eReplay.events / eReplay.seconds,
    'events/s',
    2,
  );
  rows.push([
    `(d) replay of ${format(fLogReplay.events)} events`,
    `${format(fLogReplay.seconds, 2)} s`,
    `≈ ${format(eLogSeconds, 1)} s (extrapolated)`,
    `${format(eLogSeconds / fLogReplay.seconds, 1)}× faster`,
    '< 5 s',
    fLogReplay.seconds < 5 ? 'met' : 'MISSED',
  ]);

  const header: [string, string, string, string, string, string] = [
    'measure',
    'Fahrplan SqliteEventStore',
    'Emmett emmett-sqlite 0.38.5',
    'Fahrplan/Emmett',
    'target',
    '',
  ];
  printTable(log, [header, ...rows], 'all');
  log('');
  log('Notes');
  log(
    `- Floor on this disk: bare node:sqlite, one-row transactions, WAL + synchronous=FULL: ${format(bare)} commits/s.`,
  );
  log(
    '- Fahrplan: WAL, synchronous=FULL, busy_timeout=5000; appends requested in the same event-loop turn ' +
      'share one transaction (group commit; a savepoint around each multi-event append); an append is acknowledged after COMMIT returns.',
  );
  log(
    `- Emmett: its defaults (it sets journal_mode=WAL; synchronous is SQLite's default): measured ${emmettSettings}. ` +
      'getSQLiteEventStore opens a connection for every call and closes it afterwards (closing checkpoints the WAL).',
  );
  log(
    `- (a) concurrent: ${config.writers} writers append to distinct streams. Emmett's writers share one store through a ` +
      'promise queue: concurrent calls on one store fail with SQLITE_MISUSE (it closes the shared connection after each ' +
      'call), and one store per writer fails with SQLITE_BUSY.',
  );
  log(
    `- (b) ${format(config.batches)} batches of ${config.batchSize} events, one new stream per batch, fresh files. ` +
      `Building the ${format(config.log)}-event file for (d): ${format(fLogBuild)} events/s ` +
      `(${format(logSize / 2 ** 20)} MiB).`,
  );
  log(
    `- (c) reads the (b) files back in pages of ${config.readBatch}, touching every event's type, data and metadata ` +
      '(both stores parse JSON eagerly); files are in the page cache. Emmett has no global read on its event store; ' +
      "this uses emmett-sqlite's exported readMessagesBatch, the reader of its consumers.",
  );
  log(
    `- (d) Fahrplan measured on a ${format(fLogReplay.events)}-event file; Emmett not built at that size ` +
      `(about ${format(config.log / eBatches)} s at its (b) rate), its time extrapolated linearly from (c).`,
  );
  log(`- total bench time ${format(seconds(began), 0)} s.`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(directory, { recursive: true, force: true }));
