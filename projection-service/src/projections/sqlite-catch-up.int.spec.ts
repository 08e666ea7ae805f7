import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SqliteEventStore } from '@fahrplan/platform';
import { appendPlanningWorkload, seeded } from '@fahrplan/platform/testing';
import type { ReadDocument } from '../read-store/read-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { allProjections, readModelCollections } from './all-projections';
import { rebuild } from './projection-runner';
import { killWhileCatchingUp } from './testing/killed-catch-ups';

const EVENTS = 20_000;
const PAGE = 500;
const KILLS = 12;

/** Reads `read.db` as the killed child left it: the checkpoint, and the newest position of any document. */
const inspect = (file: string) => {
  if (!existsSync(file)) return { checkpoint: 0, newestWrite: 0 };
  const db = new DatabaseSync(file);
  try {
    const checkpoint =
      (
        db.prepare(`SELECT position FROM checkpoints WHERE name = 'projections'`).get() as
          { position: number } | undefined
      )?.position ?? 0;
    const tables = db
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'doc:%'`)
      .all() as {
      name: string;
    }[];
    const newestWrite = Math.max(
      0,
      ...tables.map(
        ({ name }) =>
          (db.prepare(`SELECT max(position) AS newest FROM "${name}"`).get() as { newest: number | null })
            .newest ?? 0,
      ),
    );
    return { checkpoint, newestWrite };
  } finally {
    db.close();
  }
};

describe('Catching up into read.db (SQLite)', () => {
  const directory = mkdtempSync(join(tmpdir(), 'fahrplan-sqlite-catch-up-'));
  const events = join(directory, 'events.db');
  const readDb = join(directory, 'read.db');
  let head = 0;
  let replayed: Record<string, ReadDocument[]>;
  /** Random positions of the log, and the instants its events were decided at. */
  let positions: number[];
  let instants: Date[];

  beforeAll(async () => {
    const eventStore = new SqliteEventStore(events);
    ({ position: head } = await appendPlanningWorkload(eventStore, { events: EVENTS }));
    const fresh = new SqliteReadStore(join(directory, 'rebuilt.db'), readModelCollections);
    await rebuild(eventStore, fresh, allProjections);
    replayed = await fresh.dump();
    fresh.close();
    const { next } = seeded(23);
    positions = Array.from({ length: 20 }, () => 1 + Math.floor(next() * head));
    const log = await eventStore.readAll();
    instants = positions.map((position) => new Date(log[position - 1]!.metadata.timestamp));
    await eventStore.close();
  }, 120_000);

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it(`resumes from its checkpoint after ${KILLS} kills mid-catch-up and deep-equals a rebuild`, async () => {
    const { kills, lastRun } = await killWhileCatchingUp({
      args: [events, String(PAGE), 'sqlite', readDb],
      kills: KILLS,
      head,
      checkpoint: async () => inspect(readDb).checkpoint,
      newestWrite: async () => inspect(readDb).newestWrite,
    });
    expect(lastRun.lastLine).toBe(`done ${head}`);

    process.stdout.write(
      `${KILLS} kills at events ${kills.map((kill) => kill.atEvent).join(', ')} of ${head}; ` +
        `checkpoints ${kills.map((kill) => kill.checkpoint).join(', ')}\n`,
    );
    // a page's documents and its checkpoint commit together: no document is ever ahead of the checkpoint
    expect(kills.filter((kill) => kill.newestWrite > kill.checkpoint)).toEqual([]);
    // every run went on from the checkpoint the run before left, replaying nothing before it
    const resumed = [...kills.slice(1), lastRun].map((run, i) => run.firstWrite > kills[i]!.checkpoint);
    expect(resumed).toEqual(resumed.map(() => true));
    expect(kills.at(-1)!.checkpoint).toBeLessThan(head);
    expect(inspect(readDb).checkpoint).toBe(head);

    const store = new SqliteReadStore(readDb, readModelCollections);
    try {
      expect(Object.keys(await store.dump()).sort()).toEqual(Object.keys(replayed).sort());
      expect(await store.dump()).toEqual(replayed);
      expect(await store.versions()).toEqual(
        Object.fromEntries(allProjections.map((projection) => [projection.collection, projection.version])),
      );
      // and the past: the versions and the time index the killed runs left equal the rebuild's
      const rebuilt = new SqliteReadStore(join(directory, 'rebuilt.db'), readModelCollections);
      try {
        for (const position of positions)
          expect({ position, dump: await store.at(position).dump() }).toEqual({
            position,
            dump: await rebuilt.at(position).dump(),
          });
        for (const instant of instants)
          expect({ instant, position: await store.positionAt(instant) }).toEqual({
            instant,
            position: await rebuilt.positionAt(instant),
          });
        expect(await store.positionAt(new Date('2999-01-01T00:00:00Z'))).toBe(head);
      } finally {
        rebuilt.close();
      }
    } finally {
      store.close();
    }
  }, 300_000);
});
