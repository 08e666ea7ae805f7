import { allPermissions, isScenarioStream } from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import type { DirectoryCache } from '@fahrplan/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections, readModelCollections } from '../../projections/all-projections';
import { documentIdsOf } from '../../projections/projection';
import { CHECKPOINT } from '../../projections/projection-runner';
import { MemoryReadStore } from '../../read-store/memory-read-store';
import { MongoReadStore } from '../../read-store/mongo-read-store';
import type { ReadStore } from '../../read-store/read-store';
import { SqliteReadStore } from '../../read-store/sqlite-read-store';
import { describeWithMongo } from '../../read-store/testing/mongo-server';

/** A directory in which every user has every permission: the query specs test data, not access rights. */
export const allowingDirectory = {
  user: () => ({ permissions: allPermissions }),
} as unknown as DirectoryCache;

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

/**
 * A query spec on every read store: `history` projected into memory and into the embedded SQLite
 * store (their answers as `expectAnswers` says), and into MongoDB where one runs.
 */
export const describeAnswersOnEveryStore = <A>(
  name: string,
  history: readonly StoredEvent[],
  answers: (store: ReadStore) => Promise<A>,
  expectAnswers: (answered: A) => void,
): void => {
  describe(name, () => {
    it('on the in-memory store', async () => {
      const memory = new MemoryReadStore();
      await projectHistory(memory, history);
      expectAnswers(await answers(memory));
    });

    it('on the embedded SQLite store, as in memory', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'fahrplan-queries-'));
      const sqlite = new SqliteReadStore(join(directory, 'read.db'), readModelCollections);
      try {
        await projectHistory(sqlite, history);
        expectAnswers(await answers(sqlite));
      } finally {
        sqlite.close();
        rmSync(directory, { recursive: true, force: true });
      }
    });
  });
  describeAnswersOnMongo(`${name} on MongoDB`, history, answers, expectAnswers);
};
