import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@fahrplan/platform';
import { appendPlanningWorkload } from '@fahrplan/platform/testing';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { MongoReadStore } from '../read-store/mongo-read-store';
import type { ReadDocument } from '../read-store/read-store';
import { describeWithMongo } from '../read-store/testing/mongo-server';
import { allProjections } from './all-projections';
import { ProjectionRunner, rebuild } from './projection-runner';
import { killWhileCatchingUp } from './testing/killed-catch-ups';

const EVENTS = 6000;
const PAGE = 200;
const KILLS = 20;

/** The highest position any stored document reflects, tombstones included. */
const newestWrite = async (store: MongoReadStore) => {
  let newest = 0;
  for (const projection of allProjections) {
    const [doc] = await store.database
      .collection<ReadDocument & { _id: string }>(projection.collection)
      .find({}, { sort: { _position: -1 }, limit: 1, projection: { _position: 1 } })
      .toArray();
    newest = Math.max(newest, doc?._position ?? 0);
  }
  return newest;
};

describeWithMongo('Catching up into MongoDB', (server) => {
  const directory = mkdtempSync(join(tmpdir(), 'fahrplan-catch-up-'));
  const file = join(directory, 'events.db');
  let eventStore: SqliteEventStore;
  let head = 0;
  let replayed: Record<string, ReadDocument[]>;

  beforeAll(async () => {
    eventStore = new SqliteEventStore(file);
    ({ position: head } = await appendPlanningWorkload(eventStore, { events: EVENTS }));
    const memory = new MemoryReadStore();
    await rebuild(eventStore, memory, allProjections);
    replayed = await memory.dump();
  }, 60_000);

  afterAll(async () => {
    await eventStore?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it(`deep-equals a full replay after being killed ${KILLS} times at random events mid-catch-up`, async () => {
    const database = server().freshDatabase();
    const store = new MongoReadStore(server().client.db(database));
    const { kills, lastRun } = await killWhileCatchingUp({
      args: [file, String(PAGE), 'mongodb', server().url, database],
      kills: KILLS,
      head,
      checkpoint: () => store.checkpoint('projections'),
      newestWrite: () => newestWrite(store),
    });
    expect(lastRun.lastLine).toBe(`done ${head}`);

    expect(await store.checkpoint('projections')).toBe(head);
    expect(kills.at(-1)!.checkpoint).toBeLessThan(head);
    // the case that matters: killed after writing (part of) a page, before its checkpoint
    const midPage = kills.filter((kill) => kill.newestWrite > kill.checkpoint).length;
    process.stdout.write(
      `${KILLS} kills at events ${kills.map((kill) => kill.atEvent).join(', ')} of ${head}; ` +
        `${midPage} left writes ahead of the checkpoint\n`,
    );
    expect(midPage).toBeGreaterThan(0);
    // every run went on from the checkpoint the run before left
    const resumed = [...kills.slice(1), lastRun].map((run, i) => run.firstWrite > kills[i]!.checkpoint);
    expect(resumed).toEqual(resumed.map(() => true));
    const dump = await store.dump();
    expect(Object.keys(dump).sort()).toEqual(['accountBudgets', 'accounts', 'applications', 'comments']);
    expect(dump).toEqual(replayed);
  }, 300_000);

  it('leaves the same read models when every event is delivered twice', async () => {
    const store = new MongoReadStore(server().client.db(server().freshDatabase()));
    const runner = new ProjectionRunner(eventStore, store, allProjections);
    const events = await eventStore.readAll();

    for (let from = 0; from < events.length; from += 1000) {
      const page = events.slice(from, from + 1000);
      await runner.applyBatch(page);
      await runner.applyBatch(page);
      await store.saveCheckpoint('projections', page.at(-1)!.position);
    }
    const once = await store.dump();
    expect(once).toEqual(replayed);

    await runner.applyBatch(events.flatMap((event) => [event, event]));
    expect(await runner.catchUp(0)).toEqual({ events: events.length, position: head });
    for (const event of events.slice(-300)) await runner.apply(event);
    expect(await store.dump()).toEqual(once);
  }, 300_000);
});
