import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@fahrplan/platform';
import { appendPlanningWorkload, compileForNode } from '@fahrplan/platform/testing';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { MongoReadStore } from '../read-store/mongo-read-store';
import type { ReadDocument } from '../read-store/read-store';
import { describeWithMongo } from '../read-store/testing/mongo-server';
import { allProjections } from './all-projections';
import { ProjectionRunner, rebuild } from './projection-runner';

const EVENTS = 6000;
const PAGE = 200;
const KILLS = 20;

interface Run {
  /** How the child ended: killed, or done by itself. */
  readonly signal: NodeJS.Signals | null;
  readonly lines: readonly string[];
}

/**
 * Runs the catch-up child; with `killAt`, sends SIGKILL `delayMs` after the child announced the
 * bulk write of the page holding that event (so the kill lands in the write, between the write and
 * the checkpoint, or in the next page).
 */
function catchUp(
  script: string,
  args: readonly string[],
  kill?: { readonly atEvent: number; readonly delayMs: number },
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let pending = '';
    let errors = '';
    let aimed = false;
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete) {
        lines.push(line);
        const [step, , last] = line.split(' ');
        if (kill && !aimed && step === 'bulk' && Number(last) >= kill.atEvent) {
          aimed = true;
          setTimeout(() => child.kill('SIGKILL'), kill.delayMs);
        }
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL' || code === 0) resolve({ signal, lines });
      else reject(new Error(`the catch-up child failed (${String(code ?? signal)}): ${errors}`));
    });
  });
}

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
    const child = compileForNode(join(__dirname, 'testing/catch-up-until-killed.ts'), [
      'contracts',
      'platform',
      'projection-service',
    ]);
    const database = server().freshDatabase();
    const store = new MongoReadStore(server().client.db(database));
    const args = [file, server().url, database, String(PAGE)];
    const kills: { atEvent: number; checkpoint: number; newestWrite: number }[] = [];
    try {
      for (let run = 0; run < KILLS; run += 1) {
        const from = await store.checkpoint('projections');
        // aim within the next share of what is left, so that every run dies mid-catch-up
        const atEvent = from + 1 + Math.floor(Math.random() * ((head - from) / (KILLS - run + 1)));
        const { signal } = await catchUp(child.script, args, { atEvent, delayMs: Math.random() * 40 });
        expect({ run, signal }).toEqual({ run, signal: 'SIGKILL' });
        kills.push({
          atEvent,
          checkpoint: await store.checkpoint('projections'),
          newestWrite: await newestWrite(store),
        });
      }
      const last = await catchUp(child.script, args);
      expect(last.lines.at(-1)).toBe(`done ${head}`);
    } finally {
      child.dispose();
    }

    expect(await store.checkpoint('projections')).toBe(head);
    expect(kills.at(-1)!.checkpoint).toBeLessThan(head);
    // the case that matters: killed after writing (part of) a page, before its checkpoint
    const midPage = kills.filter((kill) => kill.newestWrite > kill.checkpoint).length;
    process.stdout.write(
      `${KILLS} kills at events ${kills.map((kill) => kill.atEvent).join(', ')} of ${head}; ` +
        `${midPage} left writes ahead of the checkpoint\n`,
    );
    expect(midPage).toBeGreaterThan(0);
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
