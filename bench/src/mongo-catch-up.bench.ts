/**
 * Read-side catch-up benchmark: a realistic event log in SQLite projected into MongoDB (or any
 * MongoDB-wire server at MONGODB_URL), batched (pages, one bulk write each) against one at a time
 * (one write per document and a checkpoint per event, as the live path does), in the same run, each
 * into a fresh database. Scale with the BENCH_MONGO_* variables below.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { SqliteEventStore } from '@fahrplan/platform';
import { appendPlanningWorkload } from '@fahrplan/platform/testing';
import {
  MemoryReadStore,
  MongoReadStore,
  ProjectionRunner,
  allProjections,
} from '@fahrplan/projection-service';
import type { DocumentWrite } from '@fahrplan/projection-service';
import { format, printTable, seconds, setting } from './figures';

const config = {
  events: setting('BENCH_MONGO_EVENTS', 10_000),
  /** Events the one-at-a-time run projects (the first ones of the same log): it is the slow one. */
  single: setting('BENCH_MONGO_SINGLE_EVENTS', setting('BENCH_MONGO_EVENTS', 10_000)),
  page: setting('BENCH_MONGO_PAGE', 5000),
};

interface Measured {
  readonly events: number;
  readonly seconds: number;
  readonly equal: boolean;
}

/** The read models after the first `events` events, projected in memory: what both runs must hold. */
async function reference(store: SqliteEventStore, events: number) {
  const memory = new MemoryReadStore();
  await new ProjectionRunner(store, memory, allProjections).applyBatch(
    await store.readAll({ maxCount: events }),
  );
  return memory.dump();
}

/** Counts the documents of each bulk the runner hands over. */
class CountingReadStore extends MongoReadStore {
  readonly bulks: number[] = [];

  override async write(writes: readonly DocumentWrite[]): Promise<void> {
    this.bulks.push(writes.length);
    await super.write(writes);
  }
}

async function batched(
  store: SqliteEventStore,
  target: MongoReadStore,
  page: number,
): Promise<Measured & { bulks: number[] }> {
  const counting = new CountingReadStore(target.database);
  await counting.ensureIndexes(allProjections);
  const start = performance.now();
  const { events } = await new ProjectionRunner(store, counting, allProjections, {
    batchSize: page,
  }).catchUp();
  const elapsed = seconds(start);
  return {
    events,
    seconds: elapsed,
    equal: isDeepStrictEqual(await counting.dump(), await reference(store, events)),
    bulks: counting.bulks,
  };
}

async function oneAtATime(store: SqliteEventStore, target: MongoReadStore, count: number): Promise<Measured> {
  await target.ensureIndexes(allProjections);
  const runner = new ProjectionRunner(store, target, allProjections);
  const start = performance.now();
  let after = 0;
  let events = 0;
  while (events < count) {
    const page = await store.readAll({ after, maxCount: Math.min(1000, count - events) });
    if (page.length === 0) break;
    for (const event of page) {
      await runner.apply(event);
      await target.saveCheckpoint('projections', event.position);
    }
    after = page.at(-1)!.position;
    events += page.length;
  }
  const elapsed = seconds(start);
  return {
    events,
    seconds: elapsed,
    equal: isDeepStrictEqual(await target.dump(), await reference(store, count)),
  };
}

async function serverName(store: MongoReadStore): Promise<string> {
  const info = await store.database.admin().command({ buildInfo: 1 });
  return info.ferretdbVersion
    ? `FerretDB ${String(info.ferretdbVersion)}`
    : `MongoDB ${String(info.version)}`;
}

async function main() {
  const url = process.env.MONGODB_URL;
  if (!url) {
    console.log(
      'MongoDB catch-up bench skipped: MONGODB_URL is not set (e.g. eval "$(bash .ci/servers.sh start)").',
    );
    return;
  }
  const directory = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'fahrplan-mongo-bench-'));
  const prefix = `fahrplan_bench_${process.pid}`;
  const stores = {
    batched: await MongoReadStore.connect(url, `${prefix}_batched`),
    single: await MongoReadStore.connect(url, `${prefix}_single`),
  };
  const log = (line: string) => console.log(line);
  try {
    log(`Fahrplan read-side catch-up benchmark — ${new Date().toISOString()}`);
    log(
      `node ${process.version}, ${await serverName(stores.batched)} at ${new URL(url).host}, ` +
        `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
    );
    log(`settings: ${JSON.stringify(config)}`);
    const eventStore = new SqliteEventStore(join(directory, 'events.db'));
    const began = performance.now();
    const written = await appendPlanningWorkload(eventStore, { events: config.events });
    log(
      `event log: ${format(written.events)} events of applications, comments and accounts (${format(seconds(began), 1)} s to write)`,
    );
    log('');

    const bulk = await batched(eventStore, stores.batched, config.page);
    const single = await oneAtATime(eventStore, stores.single, Math.min(config.single, written.events));
    await eventStore.close();

    const rate = (run: Measured) => run.events / run.seconds;
    const rows = [
      ['measure', 'events', 'seconds', 'events/s', 'read models = replay'],
      [
        `batched: pages of ${format(config.page)}, one bulk write each`,
        format(bulk.events),
        format(bulk.seconds, 2),
        format(rate(bulk)),
        bulk.equal ? 'yes' : 'NO',
      ],
      [
        'one at a time: a write per document, a checkpoint per event',
        format(single.events),
        format(single.seconds, 2),
        format(rate(single)),
        single.equal ? 'yes' : 'NO',
      ],
      ['batched / one at a time', '', '', `${format(rate(bulk) / rate(single), 1)}×`, ''],
    ];
    printTable(log, rows, 'all');
    log('');
    log(
      "- Both runs start from an empty database with the projections' indexes, read the same SQLite log " +
        'and end with the checkpoint at the last event; both are compared with a rebuild in memory.',
    );
    log(
      "- batched: each page's touched documents are loaded with one query per collection, folded in " +
        'memory and written with one unordered bulk per collection, then the checkpoint is saved.',
    );
    log(
      `- batched wrote ${format(bulk.bulks.length)} bulks of ${format(Math.min(...bulk.bulks))} to ` +
        `${format(Math.max(...bulk.bulks))} documents (split per collection into unordered bulkWrite calls).`,
    );
    log('- one at a time: per event, one read, one conditional replace per document, one checkpoint save.');
    log(
      '- A write is conditional on the stored position ({ _id, _position: { $lt } }). MongoDB serves that ' +
        'filter from the _id index; mongo-java-server uses its _id index only for a bare { _id } filter and ' +
        'scans the collection otherwise, so there replaces slow down as collections grow (inserts do not).',
    );
    if (!bulk.equal || !single.equal) process.exitCode = 1;
  } finally {
    for (const store of Object.values(stores)) {
      await store.database.dropDatabase();
      await store.close();
    }
    rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
