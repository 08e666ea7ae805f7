import { randomUUID } from 'node:crypto';
import { scenarioStreamName, streamName } from '@fahrplan/contracts';
import type { ApplicationFields, StoredEvent } from '@fahrplan/contracts';
import { SqliteEventStore } from '@fahrplan/platform';
import type { NewEvent } from '@fahrplan/platform';
import { appendPlanningWorkload, eventually } from '@fahrplan/platform/testing';
import { anApplication } from '@fahrplan/contracts/testing';
import { MemoryReadStore } from '../read-store/memory-read-store';
import type { CheckpointWrite, DocumentWrite } from '../read-store/read-store';
import { allProjections } from './all-projections';
import type { Projection } from './projection';
import { ProjectionRunner, rebuild } from './projection-runner';
import type { Change } from './projection-runner';
import { memoryEventStores } from './testing/memory-event-stores';

/** A MemoryReadStore that records its writes and checkpoint saves, and fails writes on request. */
class RecordingReadStore extends MemoryReadStore {
  readonly calls: string[] = [];
  failWrites = false;

  override async write(writes: readonly DocumentWrite[], checkpoint?: CheckpointWrite): Promise<void> {
    if (this.failWrites) throw new Error('the read store is down');
    this.calls.push(`write ${writes.length}${checkpoint ? ` with checkpoint ${checkpoint.position}` : ''}`);
    await super.write(writes, checkpoint);
  }

  override async saveCheckpoint(name: string, position: number): Promise<void> {
    this.calls.push(`checkpoint ${position}`);
    await super.saveCheckpoint(name, position);
  }
}

const eventStore = memoryEventStores();

const metadata = (tenant: string) => ({
  tenant,
  user: 'alice',
  correlationId: randomUUID(),
  causationId: randomUUID(),
  timestamp: '2026-03-02T09:30:00.000Z',
  schemaVersion: 1,
});
const created = (id: number, tenant = 'acme', fields: Partial<ApplicationFields> = {}): NewEvent => ({
  id: randomUUID(),
  type: 'ApplicationCreated',
  data: { id, ...anApplication({ name: `App ${id}`, ...fields }) },
  metadata: metadata(tenant),
});
const updated = (id: number, changes: Partial<ApplicationFields>, tenant = 'acme'): NewEvent => ({
  id: randomUUID(),
  type: 'ApplicationUpdated',
  data: { id, changes },
  metadata: metadata(tenant),
});
const commented = (id: number, refId: number, tenant = 'acme'): NewEvent => ({
  id: randomUUID(),
  type: 'CommentCreated',
  data: {
    id,
    refType: 'application',
    refId,
    description: 'Looks good',
    createdAt: 'now',
    createdBy: 'alice',
  },
  metadata: metadata(tenant),
});

/** Appends one new application per id, each in its own stream. */
const createApplications = async (store: SqliteEventStore, ids: readonly number[]) => {
  await Promise.all(ids.map((id) => store.append(streamName('application', id), [created(id)], 'no_stream')));
};
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** The read models as applying every event on its own leaves them: the reference for the batched path. */
const oneAtATime = async (events: readonly StoredEvent[]) => {
  const readStore = new MemoryReadStore();
  const runner = new ProjectionRunner({} as never, readStore, allProjections);
  for (const event of events) await runner.apply(event);
  return readStore.dump();
};

/** Counts the events it saw, so applying one twice would show; `Dropped` removes the document. */
const counting: Projection<{ count: number }> = {
  collection: 'counts',
  version: 1,
  handles: ['Counted', 'Dropped'],
  documentId: () => 'the-one',
  evolve: (doc, event) => (event.type === 'Dropped' ? null : { count: (doc?.count ?? 0) + 1 }),
  indexes: [],
};
const aStored = (type: string, position: number): StoredEvent => ({
  type,
  data: {},
  metadata: metadata('acme'),
  id: randomUUID(),
  streamId: 'count-1',
  revision: position - 1,
  position,
});

describe('ProjectionRunner catching up', () => {
  it('writes each page of events in one bulk, together with the checkpoint after it', async () => {
    const store = eventStore();
    await createApplications(store, range(1, 2500));
    const readStore = new RecordingReadStore();

    const result = await new ProjectionRunner(store, readStore, allProjections, {
      batchSize: 1000,
    }).catchUp();

    expect(result).toEqual({ events: 2500, position: 2500 });
    expect(readStore.calls).toEqual([
      'write 1000 with checkpoint 1000',
      'write 1000 with checkpoint 2000',
      'write 500 with checkpoint 2500',
    ]);
    expect((await readStore.dump()).applications).toHaveLength(2500);
  });

  it('writes a document that several events of a page touch once, as the last of them leaves it', async () => {
    const store = eventStore();
    const stream = streamName('application', 7);
    await store.append(stream, [created(7)], 'no_stream');
    await store.append(stream, [updated(7, { name: 'Payroll' }), updated(7, { status: 'PLANUNG' })], 0);
    await store.append(streamName('comment', 8), [commented(8, 7)], 'no_stream');
    const readStore = new RecordingReadStore();

    await rebuild(store, readStore, allProjections);

    expect(readStore.calls).toEqual(['write 2 with checkpoint 4']);
    expect(await readStore.get('applications', '7')).toMatchObject({
      _position: 3,
      name: 'Payroll',
      status: 'PLANUNG',
      version: 2,
    });
    expect(await readStore.dump()).toEqual(await oneAtATime(await store.readAll()));
  });

  it.each([1, 7, 1000])(
    'leaves a realistic log exactly as applying one event at a time does (pages of %i)',
    async (batchSize) => {
      const store = eventStore();
      await appendPlanningWorkload(store, { events: 3000, seed: batchSize });
      const readStore = new MemoryReadStore();

      await rebuild(store, readStore, allProjections, batchSize);

      const dump = await readStore.dump();
      expect(Object.keys(dump).sort()).toEqual(['accountBudgets', 'accounts', 'applications', 'comments']);
      expect(dump).toEqual(await oneAtATime(await store.readAll()));
    },
  );

  it('folds only the live streams: a scenario’s events of the same types pass by the read models (issue 22)', async () => {
    const store = eventStore();
    await store.append(streamName('application', 7), [created(7)], 'no_stream');
    await store.append(
      scenarioStreamName(3, 'application-7'),
      [updated(7, { name: 'What if' })],
      'no_stream',
    );
    const readStore = new RecordingReadStore();

    const result = await rebuild(store, readStore, allProjections);

    expect(result.position).toBe(2);
    expect(await readStore.get('applications', '7')).toMatchObject({ name: 'App 7', version: 0 });
    expect(await readStore.checkpoint('projections')).toBe(2);
  });

  it('moves the checkpoint only after the writes succeed, and resumes from it', async () => {
    const store = eventStore();
    await createApplications(store, range(1, 30));
    const readStore = new RecordingReadStore();
    const runner = new ProjectionRunner(store, readStore, allProjections, { batchSize: 10 });
    await runner.catchUp();
    await createApplications(store, range(31, 10));
    readStore.failWrites = true;

    await expect(runner.catchUp()).rejects.toThrow('the read store is down');
    expect(await readStore.checkpoint('projections')).toBe(30);

    readStore.failWrites = false;
    expect(await runner.catchUp()).toEqual({ events: 10, position: 40 });
    expect(await readStore.dump()).toEqual(await oneAtATime(await store.readAll()));
  });
});

/** A RecordingReadStore that can write pages together (`writeTogether`), recording where each group begins and ends. */
class GroupingReadStore extends RecordingReadStore {
  async writeTogether<T>(work: () => Promise<T>): Promise<T> {
    this.calls.push('begin');
    try {
      return await work();
    } finally {
      this.calls.push('commit');
    }
  }
}

describe('ProjectionRunner catching up into a store that writes pages together', () => {
  it('commits groups of pages, and tells the listeners and moves its position only after each commit', async () => {
    const store = eventStore();
    await createApplications(store, range(1, 45));
    const readStore = new GroupingReadStore();
    const runner = new ProjectionRunner(store, readStore, allProjections, { batchSize: 10, groupEvents: 20 });
    runner.onChange(({ position }) => readStore.calls.push(`told ${position} at ${runner.checkpoint}`));

    const result = await runner.catchUp();

    expect(result).toEqual({ events: 45, position: 45 });
    expect(readStore.calls).toEqual([
      'begin',
      'write 10 with checkpoint 10',
      'write 10 with checkpoint 20',
      'commit',
      'told 10 at 10',
      'told 20 at 20',
      'begin',
      'write 10 with checkpoint 30',
      'write 10 with checkpoint 40',
      'commit',
      'told 30 at 30',
      'told 40 at 40',
      'begin',
      'write 5 with checkpoint 45',
      'commit',
      'told 45 at 45',
    ]);
    expect(runner.eventsApplied).toBe(45);
    expect(await readStore.dump()).toEqual(
      await oneAtATime(await store.readAll({ after: 0, maxCount: 100 })),
    );
  });

  it('commits the pages written before a failed one, and resumes after them', async () => {
    const store = eventStore();
    await createApplications(store, range(1, 30));
    const readStore = new GroupingReadStore();
    const options = { batchSize: 10, groupEvents: 30 };
    const write = readStore.write.bind(readStore);
    readStore.write = async (writes, checkpoint) => {
      if (checkpoint?.position === 20) throw new Error('the read store is down');
      await write(writes, checkpoint);
    };

    await expect(new ProjectionRunner(store, readStore, allProjections, options).catchUp()).rejects.toThrow(
      'the read store is down',
    );
    expect(readStore.calls).toEqual(['begin', 'write 10 with checkpoint 10', 'commit']);

    readStore.write = write;
    readStore.calls.length = 0;
    expect(await new ProjectionRunner(store, readStore, allProjections, options).catchUp()).toEqual({
      events: 20,
      position: 30,
    });
    expect(readStore.calls).toEqual([
      'begin',
      'write 10 with checkpoint 20',
      'write 10 with checkpoint 30',
      'commit',
    ]);
    expect((await readStore.dump()).applications).toHaveLength(30);
  });
});

describe('ProjectionRunner delivering again', () => {
  it('changes nothing when every event comes twice, within a page and as a whole stream', async () => {
    const store = eventStore();
    await appendPlanningWorkload(store, { events: 2000 });
    const events = await store.readAll();
    const expected = await oneAtATime(events);
    const readStore = new MemoryReadStore();
    const runner = new ProjectionRunner(store, readStore, allProjections);

    for (let from = 0; from < events.length; from += 500) {
      const page = events.slice(from, from + 500);
      await runner.applyBatch(page.flatMap((event) => [event, event]));
      await runner.applyBatch(page);
    }
    expect(await readStore.dump()).toEqual(expected);

    await runner.applyBatch(events);
    for (const event of events.slice(-200)) await runner.apply(event);
    expect(await readStore.dump()).toEqual(expected);
  });

  it('keeps a removed document removed when an older event comes again', async () => {
    const readStore = new MemoryReadStore();
    const runner = new ProjectionRunner({} as never, readStore, [counting as Projection]);
    const [first, second, dropped] = [aStored('Counted', 1), aStored('Counted', 2), aStored('Dropped', 3)];

    await runner.applyBatch([first!, second!, dropped!]);
    await runner.applyBatch([first!, second!]);
    await runner.apply(second!);

    expect(await readStore.get('counts', 'the-one')).toBeNull();
    expect((await readStore.getMany('counts', ['the-one'])).get('the-one')).toEqual({
      _id: 'the-one',
      _position: 3,
      _deleted: true,
    });
    await runner.apply(aStored('Counted', 4));
    expect(await readStore.get('counts', 'the-one')).toMatchObject({ count: 1, _position: 4 });
  });
});

describe('ProjectionRunner running', () => {
  /** A runner over `applications` new applications, recording its writes and the changes it tells. */
  const recording = async (applications: number, batchSize: number) => {
    const store = eventStore();
    await createApplications(store, range(1, applications));
    const readStore = new RecordingReadStore();
    const runner = new ProjectionRunner(store, readStore, allProjections, { batchSize });
    const changes: Change[] = [];
    runner.onChange((change) => changes.push(change));
    return { store, readStore, runner, changes };
  };

  it('catches up in pages, then writes each live event with its checkpoint and tells the listeners', async () => {
    const { store, readStore, runner, changes } = await recording(25, 10);

    await runner.start();
    expect(await runner.waitFor(25, 5000)).toBe(true);
    await store.append(streamName('comment', 100), [commented(100, 1, 'globex')], 'no_stream');
    await store.append(streamName('application', 1), [updated(1, { name: 'Renamed' })], 0);
    expect(await runner.waitFor(27, 5000)).toBe(true);
    await runner.stop();

    expect(readStore.calls).toEqual([
      'write 10 with checkpoint 10',
      'write 10 with checkpoint 20',
      'write 5 with checkpoint 25',
      'write 1 with checkpoint 26',
      'write 1 with checkpoint 27',
    ]);
    expect(changes).toEqual([
      { tenant: 'acme', position: 10, collections: ['applications'] },
      { tenant: 'acme', position: 20, collections: ['applications'] },
      { tenant: 'acme', position: 25, collections: ['applications'] },
      { tenant: 'globex', position: 26, collections: ['comments'] },
      { tenant: 'acme', position: 27, collections: ['applications'] },
    ]);
    expect(runner.checkpoint).toBe(27);
    expect(await readStore.get('applications', '1')).toMatchObject({ name: 'Renamed', _position: 27 });
  });

  it('writes live events that arrived together in one write, at most a page of them', async () => {
    const { store, readStore, runner, changes } = await recording(6, 4);
    await runner.start();
    expect(await runner.waitFor(6, 5000)).toBe(true);
    readStore.calls.length = 0;
    changes.length = 0;

    await store.appendMany(
      range(1, 6).map((id) => ({
        streamId: streamName('application', id),
        events: [updated(id, { name: `Renamed ${id}` })],
        expected: 0,
      })),
    );
    expect(await runner.waitFor(12, 5000)).toBe(true);
    await runner.stop();

    expect(readStore.calls).toEqual(['write 4 with checkpoint 10', 'write 2 with checkpoint 12']);
    expect(changes).toEqual([
      { tenant: 'acme', position: 10, collections: ['applications'] },
      { tenant: 'acme', position: 12, collections: ['applications'] },
    ]);
    expect(await readStore.get('applications', '6')).toMatchObject({ name: 'Renamed 6', _position: 12 });
  });

  it('resumes from the stored checkpoint after a stop', async () => {
    const store = eventStore();
    await createApplications(store, range(1, 5));
    const readStore = new RecordingReadStore();
    const runner = new ProjectionRunner(store, readStore, allProjections);
    await runner.start();
    expect(await runner.waitFor(5, 5000)).toBe(true);
    await runner.stop();
    await createApplications(store, range(6, 3));
    readStore.calls.length = 0;

    await runner.start();
    expect(await runner.waitFor(8, 5000)).toBe(true);
    await runner.stop();

    expect(readStore.calls).toEqual(['write 3 with checkpoint 8']);
    expect(await readStore.dump()).toEqual(await oneAtATime(await store.readAll()));
  });

  it('waits on the stored checkpoint when it does not run itself (a standby instance)', async () => {
    const store = eventStore();
    const readStore = new MemoryReadStore();
    const standby = new ProjectionRunner(store, readStore, allProjections, { pollIntervalMs: 5 });
    const leader = new ProjectionRunner(store, readStore, allProjections);
    await createApplications(store, range(1, 3));

    expect(await standby.waitFor(3, 50)).toBe(false);
    const waiting = standby.waitFor(3, 5000);
    await leader.start();

    expect(await waiting).toBe(true);
    expect(standby.checkpoint).toBe(3);
    await leader.stop();
  });

  it('stops at the end of a page when asked during a catch-up, and goes no further', async () => {
    const store = eventStore();
    await createApplications(store, range(1, 50));
    const readStore = new MemoryReadStore();
    const runner = new ProjectionRunner(store, readStore, allProjections, { batchSize: 10 });
    let stopped: Promise<void> | undefined;
    runner.onChange((change) => {
      if (change.position === 20) stopped = runner.stop();
    });

    await runner.start();
    await eventually(() => expect(stopped).toBeDefined());
    await stopped;

    expect(await readStore.checkpoint('projections')).toBe(20);
    expect(runner.checkpoint).toBe(20);
    expect((await readStore.dump()).applications).toHaveLength(20);
  });
});

describe('ProjectionRunner and projection versions', () => {
  const applications = allProjections.find((p) => p.collection === 'applications')!;
  /** The applications projection as a new version that adds a field to every document. */
  const applicationsV2: Projection = {
    ...applications,
    version: applications.version + 1,
    evolve: (doc, event) => {
      const next = applications.evolve(doc, event) as object | null;
      return next && { ...next, revised: true };
    },
  };
  const withV2 = allProjections.map((p) => (p === applications ? applicationsV2 : p));

  /** Records which collections each write touched and which were cleared. */
  class CollectionsReadStore extends RecordingReadStore {
    override async write(writes: readonly DocumentWrite[], checkpoint?: CheckpointWrite): Promise<void> {
      const collections = [...new Set(writes.map((write) => write.collection))].sort().join('+');
      this.calls.push(`${collections || 'nothing'}${checkpoint ? ` to ${checkpoint.position}` : ''}`);
      await MemoryReadStore.prototype.write.call(this, writes, checkpoint);
    }

    override async clear(collection: string): Promise<void> {
      this.calls.push(`clear ${collection}`);
      await super.clear(collection);
    }
  }

  const runUntilCaughtUp = async (
    store: SqliteEventStore,
    readStore: MemoryReadStore,
    projections = allProjections,
  ) => {
    const runner = new ProjectionRunner(store, readStore, projections, { batchSize: 10 });
    await runner.start();
    expect(await runner.waitFor(await store.headPosition(), 5000)).toBe(true);
    await runner.stop();
    return runner;
  };

  const logWithComments = async () => {
    const store = eventStore();
    await createApplications(store, range(1, 12));
    for (const id of range(100, 3))
      await store.append(streamName('comment', id), [commented(id, 1)], 'no_stream');
    return store;
  };

  it('records the versions on a fresh store, and an unchanged store resumes from its checkpoint with no replay', async () => {
    const store = await logWithComments();
    const readStore = new CollectionsReadStore();
    await runUntilCaughtUp(store, readStore);
    expect(await readStore.versions()).toEqual(
      Object.fromEntries(allProjections.map((p) => [p.collection, p.version])),
    );
    await createApplications(store, range(13, 2));
    readStore.calls.length = 0;

    await runUntilCaughtUp(store, readStore);

    expect(readStore.calls).toEqual(['applications to 17']);
  });

  it('rebuilds only a projection whose version changed, up to the checkpoint, then goes on with all', async () => {
    const store = await logWithComments();
    const readStore = new CollectionsReadStore();
    await runUntilCaughtUp(store, readStore);
    const comments = (await readStore.dump()).comments;
    await createApplications(store, range(13, 2));
    await store.append(streamName('comment', 200), [commented(200, 13)], 'no_stream');
    readStore.calls.length = 0;

    await runUntilCaughtUp(store, readStore, withV2);

    // pages of ten up to the checkpoint (15) through the applications alone, without a checkpoint;
    // then the three events after it through every projection
    expect(readStore.calls).toEqual([
      'clear applications',
      'applications',
      'applications',
      'applications+comments to 18',
    ]);
    const dump = await readStore.dump();
    expect(dump.applications).toHaveLength(14);
    expect(dump.applications!.every((doc) => doc.revised === true)).toBe(true);
    expect(dump.comments!.slice(0, 3)).toEqual(comments);
    expect((await readStore.versions()).applications).toBe(applicationsV2.version);
    const expected = new MemoryReadStore();
    await rebuild(store, expected, withV2);
    expect(dump).toEqual(await expected.dump());
  });

  it('reports only the position a rebuild reached, and starts it over when stopped before it ends', async () => {
    const store = await logWithComments();
    const readStore = new MemoryReadStore();
    await runUntilCaughtUp(store, readStore);
    const runner = new ProjectionRunner(store, readStore, withV2, { batchSize: 5 });
    const seen: number[] = [];
    let stopped: Promise<void> | undefined;
    runner.onChange((change) => {
      seen.push(runner.checkpoint);
      if (change.position === 10) stopped = runner.stop();
    });

    await runner.start();
    expect(runner.checkpoint).toBe(0);
    await eventually(() => expect(stopped).toBeDefined());
    await stopped;

    expect(seen).toEqual([5, 10]);
    expect((await readStore.versions()).applications).toBe(applications.version);
    await runUntilCaughtUp(store, readStore, withV2);
    const expected = new MemoryReadStore();
    await rebuild(store, expected, withV2);
    expect(await readStore.dump()).toEqual(await expected.dump());
    expect((await readStore.versions()).applications).toBe(applicationsV2.version);
  });

  it('refuses two projections writing one collection', () => {
    expect(
      () =>
        new ProjectionRunner({} as never, new MemoryReadStore(), [
          counting as Projection,
          { ...counting } as Projection,
        ]),
    ).toThrow('two projections write the collection counts');
  });
});
