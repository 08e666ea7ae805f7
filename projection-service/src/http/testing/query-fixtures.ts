import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allPermissions, isScenarioStream } from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import { SqliteEventStore } from '@fahrplan/platform';
import type { DirectoryCache, EventStore, Principal } from '@fahrplan/platform';
import { allProjections, readModelCollections } from '../../projections/all-projections';
import { documentIdsOf } from '../../projections/projection';
import type { QueryParams } from '../query-params';
import type { ReadRequest } from '../read-request';
import { CHECKPOINT, ProjectionRunner } from '../../projections/projection-runner';
import { MemoryReadStore } from '../../read-store/memory-read-store';
import { MongoReadStore } from '../../read-store/mongo-read-store';
import type { ReadStore } from '../../read-store/read-store';
import { SqliteReadStore } from '../../read-store/sqlite-read-store';
import { describeWithMongo } from '../../read-store/testing/mongo-server';

/** A directory in which every user has every permission: the query specs test data, not access rights. */
export const allowingDirectory = {
  user: () => ({ permissions: allPermissions }),
} as unknown as DirectoryCache;

/** A query asked by `principal`, as the `@Asked()` parameter hands it to a handler. */
export const asked = <P extends string = never>(
  principal: Principal,
  query: QueryParams = {},
  params = {} as Record<P, string>,
): ReadRequest<P> => ({ principal, query, params });

/**
 * The data of an ItemCreated event of project `group` (a task, or a milestone when `end` is null) with no
 * optional field set, titled `Item <id>` and ranked by id; override what the test is about.
 */
export const itemCreatedData = (
  id: number,
  group: number,
  start: string,
  end: string | null,
  overrides: Record<string, unknown> = {},
) => ({
  id,
  title: `Item ${id}`,
  subtitle: null,
  shortname: null,
  description: null,
  effort: null,
  jiraid: null,
  group,
  subgroup: end === null ? 'milestones' : 'tasks',
  resource: null,
  jiragroup: null,
  start,
  end,
  status: 0,
  docUrl: null,
  rank: `0|${String(id).padStart(6, '0')}`,
  className: null,
  type: null,
  attributes: [],
  storedStatus: null,
  ...overrides,
});

/** The data of a GroupCreated event with no optional field set; override what the test is about. */
export const groupCreatedData = (id: number, title: string, overrides: Record<string, unknown> = {}) => ({
  id,
  title,
  shortname: null,
  description: null,
  contact: null,
  projectNr: null,
  docUrl: null,
  iamId: null,
  start: null,
  end: null,
  parent: null,
  parentOrder: null,
  jirarepo: null,
  jiraid: null,
  cockpitid: null,
  metric1: 0,
  metric2: 0,
  metric3: 0,
  metric4: 0,
  metrics: [],
  healthStatus: 0,
  phase: 0,
  status: 3,
  art: 0,
  klasse: 0,
  resource: null,
  applications: [],
  attributes: [],
  account: null,
  visible: true,
  ...overrides,
});

/**
 * The read models the projections make of `history`, written to `store` at the history's last position:
 * the same documents on every store, so queries can be compared across stores.
 */
export const projectHistory = async (store: ReadStore, history: readonly StoredEvent[]): Promise<void> => {
  const docs = new Map<string, Record<string, unknown> | null>();
  for (const e of history)
    for (const projection of allProjections.filter(
      (p) => p.handles.includes(e.type) && isScenarioStream(e.streamId) === (p.scenarioStreams === true),
    ))
      for (const id of documentIdsOf(projection, e)) {
        const key = `${projection.collection}/${id}`;
        docs.set(
          key,
          projection.evolve((docs.get(key) ?? null) as never, e) as Record<string, unknown> | null,
        );
      }
  const position = history.at(-1)?.position ?? 0;
  for (const [key, doc] of docs) {
    const [collection, id] = key.split('/') as [string, string];
    if (doc) await store.put(collection, { ...doc, _id: id, _position: position });
  }
  // the running totals as the projection runner keeps them (it alone knows a document's states)
  const summed = new MemoryReadStore();
  await new ProjectionRunner({} as EventStore, summed, allProjections).applyBatch(history);
  for (const summary of allProjections.filter((p) => p.summary))
    for (const doc of (await summed.dump())[summary.collection] ?? [])
      await store.put(summary.collection, { ...doc, _position: position });
  // as the projection runner does: the checkpoint moves with the documents
  await store.saveCheckpoint(CHECKPOINT, position);
};

/**
 * A query spec's MongoDB suite (where MONGODB_URL is set, or a container runs): `history` projected
 * into MongoDB and into memory, the same answers from both, and those as `expectAnswers` says.
 */
export const describeAnswersOnMongo = <A>(
  name: string,
  history: readonly StoredEvent[],
  answers: (store: ReadStore) => Promise<A>,
  expectAnswers: (answered: A) => void,
): void =>
  describeWithMongo(name, (server) => {
    it('answer as on the in-memory store', async () => {
      const mongo = new MongoReadStore(server().client.db(server().freshDatabase()));
      await mongo.ensureIndexes(allProjections);
      const memory = new MemoryReadStore();
      await Promise.all([projectHistory(mongo, history), projectHistory(memory, history)]);

      const fromMongo = await answers(mongo);
      expect(fromMongo).toEqual(await answers(memory));
      expectAnswers(fromMongo);
    });
  });

/** An event of a log written by a spec: its stream, its tenant and when it was decided. */
export interface LoggedEvent {
  readonly stream: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly tenant: string;
  /** ISO date-time: what as-of views and baselines find it by. */
  readonly at: string;
}

/** The events `tenant` records at `at`: `did(stream, type, data)`. */
export const loggedBy =
  (tenant: string, at: string) =>
  (stream: string, type: string, data: Record<string, unknown>): LoggedEvent => ({
    stream,
    type,
    data,
    tenant,
    at,
  });

/** `events` appended in order to a fresh in-memory event store, each to its stream. */
export const logOf = async (events: readonly LoggedEvent[]): Promise<SqliteEventStore> => {
  const log = new SqliteEventStore(':memory:');
  for (const event of events) await appendLogged(log, event);
  return log;
};

/** `event` appended to its stream of `log`. */
export const appendLogged = async (log: EventStore, { stream, type, data, tenant, at }: LoggedEvent) => {
  await log.append(
    stream,
    [
      {
        id: randomUUID(),
        type,
        data,
        metadata: {
          tenant,
          user: 'alice',
          correlationId: randomUUID(),
          causationId: randomUUID(),
          timestamp: at,
          schemaVersion: 1,
        },
      },
    ],
    'any',
  );
};

/**
 * A query spec on every read store: in memory, the embedded SQLite store, and MongoDB where
 * MONGODB_URL is set (or a container runs); `answered` fills the store it is given and asks it. Each
 * store's answers are as `expectAnswers` says, and the SQLite and MongoDB ones equal those in memory.
 */
export const describeOnStores = <A>(
  name: string,
  answered: (store: ReadStore) => Promise<A>,
  expectAnswers: (answered: A) => void,
): void => {
  describe(name, () => {
    it('in memory', async () => {
      expectAnswers(await answered(new MemoryReadStore()));
    });

    it('on the embedded SQLite store, as in memory', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'fahrplan-queries-'));
      const sqlite = new SqliteReadStore(join(directory, 'read.db'), readModelCollections);
      try {
        const fromSqlite = await answered(sqlite);
        expect(fromSqlite).toEqual(await answered(new MemoryReadStore()));
        expectAnswers(fromSqlite);
      } finally {
        sqlite.close();
        rmSync(directory, { recursive: true, force: true });
      }
    });
  });
  describeWithMongo(`${name} on MongoDB`, (server) => {
    it('as in memory', async () => {
      const mongo = new MongoReadStore(server().client.db(server().freshDatabase()));
      await mongo.ensureIndexes(allProjections);
      const fromMongo = await answered(mongo);
      expect(fromMongo).toEqual(await answered(new MemoryReadStore()));
      expectAnswers(fromMongo);
    });
  });
};

/** A query spec on every read store, each filled with the documents the projections make of `history`. */
export const describeAnswersOnEveryStore = <A>(
  name: string,
  history: readonly StoredEvent[],
  answers: (store: ReadStore) => Promise<A>,
  expectAnswers: (answered: A) => void,
): void =>
  describeOnStores(
    name,
    async (store) => {
      await projectHistory(store, history);
      return answers(store);
    },
    expectAnswers,
  );

/**
 * A query spec on every read store, each filled by the projection runner from the same log (so the
 * SQLite store keeps its versions, as in production). `log` is made afresh per store.
 */
export const describeOnEveryReadStore = <A>(
  name: string,
  log: () => Promise<EventStore & { close(): Promise<void> }>,
  answers: (store: ReadStore, log: EventStore) => Promise<A>,
  expectAnswers: (answered: A) => void,
): void =>
  describeOnStores(
    name,
    async (store) => {
      const events = await log();
      try {
        await new ProjectionRunner(events, store, allProjections).catchUp(0);
        return await answers(store, events);
      } finally {
        await events.close();
      }
    },
    expectAnswers,
  );
