import { randomUUID } from 'node:crypto';
import { streamName } from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import type { EventStore, NewEvent } from '@fahrplan/platform';
import { appendPlanningWorkload, eventually, seeded } from '@fahrplan/platform/testing';
import { anApplication } from '@fahrplan/contracts/testing';
import { allProjections } from '../projections/all-projections';
import { ProjectionRunner } from '../projections/projection-runner';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { allProjections as projections, readModelCollections } from '../projections/all-projections';
import { AsOfStores, SwitchingReadStore, asOfContext } from './as-of-stores';
import { memoryEventStores } from '../projections/testing/memory-event-stores';

const eventStore = memoryEventStores();

const at = (time: string) => new Date(`2026-03-02T${time}Z`);

const metadata = (timestamp: string) => ({
  tenant: 'acme',
  user: 'alice',
  correlationId: randomUUID(),
  causationId: randomUUID(),
  timestamp,
  schemaVersion: 1,
});
const created = (id: number, time: string): NewEvent => ({
  id: randomUUID(),
  type: 'ApplicationCreated',
  data: { id, ...anApplication({ name: `App ${id}` }) },
  metadata: metadata(at(time).toISOString()),
});
const renamed = (id: number, name: string, time: string): NewEvent => ({
  id: randomUUID(),
  type: 'ApplicationUpdated',
  data: { id, changes: { name } },
  metadata: metadata(at(time).toISOString()),
});

/** One new application per entry, each in its own stream, in this order (positions 1, 2, …). */
const createInOrder = async (store: EventStore, times: readonly string[], firstId = 1) => {
  for (const [index, time] of times.entries())
    await store.append(
      streamName('application', firstId + index),
      [created(firstId + index, time)],
      'no_stream',
    );
};

/** The reference: every event up to `position` applied on its own, by a runner of its own. */
const replayedTo = async (events: readonly StoredEvent[], position: number) => {
  const readStore = new MemoryReadStore();
  const runner = new ProjectionRunner({} as never, readStore, allProjections);
  for (const event of events.filter((e) => e.position <= position)) await runner.apply(event);
  return readStore.dump();
};

describe('AsOfStores.positionAt', () => {
  it('is 0 on an empty log and before the first event', async () => {
    const store = eventStore();
    const asOf = new AsOfStores(store, allProjections);
    expect(await asOf.positionAt(at('10:00:00'))).toBe(0);

    await createInOrder(store, ['10:00:00', '10:05:00']);

    expect(await asOf.positionAt(at('09:59:59.999'))).toBe(0);
  });

  it('takes the last of several events with the same timestamp, at that instant and until the next', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00', '10:05:00', '10:05:00', '10:05:00', '10:10:00']);
    const asOf = new AsOfStores(store, allProjections);

    expect(await asOf.positionAt(at('10:00:00'))).toBe(1);
    expect(await asOf.positionAt(at('10:04:59.999'))).toBe(1);
    expect(await asOf.positionAt(at('10:05:00'))).toBe(4);
    expect(await asOf.positionAt(at('10:09:59'))).toBe(4);
    expect(await asOf.positionAt(at('10:10:00'))).toBe(5);
  });

  it('is the head after the last event', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00', '10:05:00', '10:10:00']);
    const asOf = new AsOfStores(store, allProjections);

    expect(await asOf.positionAt(at('23:00:00'))).toBe(3);
    expect(await asOf.positionAt(new Date('2099-01-01T00:00:00Z'))).toBe(3);
  });

  it('keeps to the prefix decided by then when writers’ clocks disagree', async () => {
    const store = eventStore();
    // position 3 was stored after position 2 with an earlier timestamp (a writer whose clock lags)
    await createInOrder(store, ['10:00:00', '10:05:00', '10:02:00', '10:10:00', '10:07:00']);
    const asOf = new AsOfStores(store, allProjections);

    // 10:03: event 3 claims 10:02, but event 2 (10:05) precedes it in the log, so the prefix ends at 1
    expect(await asOf.positionAt(at('10:03:00'))).toBe(1);
    expect(await asOf.positionAt(at('10:01:59'))).toBe(1);
    expect(await asOf.positionAt(at('10:05:00'))).toBe(3);
    expect(await asOf.positionAt(at('10:08:00'))).toBe(3);
    expect(await asOf.positionAt(at('10:10:00'))).toBe(5);
  });

  it('ignores an unparsable timestamp for the running maximum (the event joins the prefix before it)', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00']);
    await store.append(
      streamName('application', 2),
      [{ ...created(2, '10:00:00'), metadata: metadata('not a time') }],
      'no_stream',
    );
    await createInOrder(store, ['10:10:00'], 3);
    const asOf = new AsOfStores(store, allProjections);

    expect(await asOf.positionAt(at('10:00:00'))).toBe(2);
    expect(await asOf.positionAt(at('10:10:00'))).toBe(3);
  });

  it('sees events appended between calls, beyond a page of the index', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00', '10:05:00']);
    const asOf = new AsOfStores(store, allProjections);
    expect(await asOf.positionAt(at('12:00:00'))).toBe(2);

    await createInOrder(store, ['10:30:00'], 3);
    expect(await asOf.positionAt(at('12:00:00'))).toBe(3);
    expect(await asOf.positionAt(at('10:10:00'))).toBe(2);

    // more than one page (10,000 events) of the index at once
    const { position } = await appendPlanningWorkload(store, { events: 12_000 });
    expect(position).toBeGreaterThan(10_003);
    expect(await asOf.positionAt(new Date('2099-01-01T00:00:00Z'))).toBe(position);
  }, 30_000);

  it('answers as a scan of the whole log would, across the samples of its index', async () => {
    const store = eventStore();
    // 2,600 events, a second apart, every seventh from a writer whose clock lags by a minute
    const start = at('08:00:00').getTime();
    const times = Array.from({ length: 2600 }, (_, i) =>
      new Date(start + i * 1000 - (i % 7 === 3 ? 60_000 : 0)).toISOString().slice(11, -1),
    );
    await createInOrder(store, times);
    const events = await store.readAll();
    const scanned = (instant: Date) => {
      let [running, answer] = [Number.NEGATIVE_INFINITY, 0];
      for (const event of events) {
        running = Math.max(running, Date.parse(event.metadata.timestamp));
        if (running > instant.getTime()) break;
        answer = event.position;
      }
      return answer;
    };
    const asOf = new AsOfStores(store, allProjections);

    for (let i = -5; i < 2700; i += 37) {
      const instant = new Date(start + i * 1000 + (i % 2) * 500);
      expect({ i, position: await asOf.positionAt(instant) }).toEqual({ i, position: scanned(instant) });
    }
  }, 30_000);

  it('recovers from a failed read of the log: the next call indexes again', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00', '10:05:00']);
    let failures = 1;
    const flaky: EventStore = Object.assign(Object.create(store) as EventStore, {
      readAll: (...args: Parameters<EventStore['readAll']>) =>
        failures-- > 0 ? Promise.reject(new Error('the log is away')) : store.readAll(...args),
    });
    const asOf = new AsOfStores(flaky, allProjections);

    await expect(asOf.positionAt(at('12:00:00'))).rejects.toThrow('the log is away');

    expect(await asOf.positionAt(at('12:00:00'))).toBe(2);
  });

  it('answers concurrent calls from one index', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00', '10:05:00', '10:10:00']);
    const asOf = new AsOfStores(store, allProjections);

    const answers = await Promise.all(
      ['09:00:00', '10:00:00', '10:06:00', '11:00:00'].map((time) => asOf.positionAt(at(time))),
    );

    expect(answers).toEqual([0, 1, 2, 3]);
  });
});

describe('AsOfStores.storeAt', () => {
  it('folds the read models of every event up to the position, and none after it', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00', '10:01:00']);
    await store.append(streamName('application', 1), [renamed(1, 'Payroll', '10:02:00')], 0);
    await store.append(streamName('application', 1), [renamed(1, 'Ledger', '10:03:00')], 1);
    const asOf = new AsOfStores(store, allProjections);

    expect(await (await asOf.storeAt(0)).dump()).toEqual({});
    expect(await (await asOf.storeAt(1)).get('applications', '2')).toBeNull();
    expect(await (await asOf.storeAt(3)).get('applications', '1')).toMatchObject({
      name: 'Payroll',
      _position: 3,
    });
    expect(await (await asOf.storeAt(4)).get('applications', '1')).toMatchObject({
      name: 'Ledger',
      _position: 4,
    });
  });

  it.each([1, 7, 5000])(
    'equals applying each event up to the position on its own (pages of %i)',
    async (batchSize) => {
      const store = eventStore();
      const { position: head } = await appendPlanningWorkload(store, { events: 1500, seed: batchSize });
      const events = await store.readAll();
      const asOf = new AsOfStores(store, allProjections, { batchSize, cacheSize: 1 });

      for (const position of [1, 499, 500, 777, head - 1, head]) {
        const dump = await (await asOf.storeAt(position)).dump();
        expect({ position, dump }).toEqual({ position, dump: await replayedTo(events, position) });
      }
    },
    30_000,
  );

  it('hands out the same fold for the same position', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00', '10:05:00']);
    const asOf = new AsOfStores(store, allProjections);

    const first = asOf.storeAt(1);
    const second = asOf.storeAt(1);

    expect(second).toBe(first);
    expect(asOf.storeAt(2)).not.toBe(first);
    expect(await second).toBe(await first);
  });

  it('keeps the most recently used folds up to cacheSize', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00', '10:01:00', '10:02:00', '10:03:00']);
    const asOf = new AsOfStores(store, allProjections, { cacheSize: 2 });

    const one = asOf.storeAt(1);
    const two = asOf.storeAt(2);
    expect(asOf.storeAt(1)).toBe(one); // 1 is now the most recently used
    const three = asOf.storeAt(3); // evicts 2

    expect(asOf.storeAt(1)).toBe(one);
    expect(asOf.storeAt(3)).toBe(three);
    const twoAgain = asOf.storeAt(2); // folded anew, evicts 1
    expect(twoAgain).not.toBe(two);
    expect(await (await twoAgain).dump()).toEqual(await (await two).dump());
    expect(asOf.storeAt(1)).not.toBe(one);
  });

  it('keeps the folds within maxDocuments, the newest in any case', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00', '10:01:00', '10:02:00']);
    const roomy = new AsOfStores(store, allProjections, { maxDocuments: 100 });
    const tight = new AsOfStores(store, allProjections, { maxDocuments: 0 });

    for (const asOf of [roomy, tight]) {
      const one = asOf.storeAt(1);
      await one;
      const two = asOf.storeAt(2);
      await two;
      expect(asOf.storeAt(2)).toBe(two);
      expect(asOf.storeAt(1) === one).toBe(asOf === roomy);
    }
  });

  it('forgets a fold that failed, so the next request folds again', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00']);
    let failures = 1;
    const flaky: EventStore = Object.assign(Object.create(store) as EventStore, {
      readAll: (...args: Parameters<EventStore['readAll']>) =>
        failures-- > 0 ? Promise.reject(new Error('the log is away')) : store.readAll(...args),
    });
    const asOf = new AsOfStores(flaky, allProjections);

    await expect(asOf.storeAt(1)).rejects.toThrow('the log is away');

    expect(await (await asOf.storeAt(1)).get('applications', '1')).toMatchObject({ name: 'App 1' });
  });
  it('folds on from a copy of an earlier kept fold, leaving that fold as it was', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00', '10:01:00', '10:02:00']);
    const asOf = new AsOfStores(store, allProjections);
    const one = await asOf.storeAt(1);
    const before = await one.dump();

    const three = await asOf.storeAt(3);

    expect(await one.dump()).toEqual(before);
    expect(await three.dump()).toEqual(await (await new AsOfStores(store, allProjections).storeAt(3)).dump());
    expect(Object.values(await three.dump()).flat().length).toBeGreaterThan(
      Object.values(before).flat().length,
    );
  });

  it('keeps a newer fold of the same position when an evicted older one fails late', async () => {
    const store = eventStore();
    await createInOrder(store, ['10:00:00', '10:01:00']);
    let release: (() => void) | undefined;
    let slowFailure = true;
    const flaky: EventStore = Object.assign(Object.create(store) as EventStore, {
      readAll: async (...args: Parameters<EventStore['readAll']>) => {
        if (slowFailure && args[0]?.maxCount !== 10_000) {
          slowFailure = false;
          await new Promise<void>((resolve) => (release = resolve));
          throw new Error('the log is away');
        }
        return store.readAll(...args);
      },
    });
    const asOf = new AsOfStores(flaky, allProjections, { cacheSize: 1 });
    const failing = asOf.storeAt(1);
    await eventually(() => expect(release).toBeDefined());
    asOf.storeAt(2); // evicts the failing fold
    const newer = asOf.storeAt(1); // evicts 2, folds 1 anew (after the failing one: folds run one at a time)

    release!();
    await expect(failing).rejects.toThrow('the log is away');
    await newer;

    expect(asOf.storeAt(1)).toBe(newer);
  });
});

describe('AsOfStores on a SQLite store that keeps history: no fold', () => {
  const opened: SqliteReadStore[] = [];
  const sqlite = () => {
    const store = new SqliteReadStore(':memory:', readModelCollections);
    opened.push(store);
    return store;
  };
  afterEach(() => opened.splice(0).forEach((store) => store.close()));

  /** The read models a runner builds into a fresh SQLite store, `batchSize` events a page. */
  const built = async (store: EventStore, batchSize: number) => {
    const readStore = sqlite();
    await new ProjectionRunner(store, readStore, allProjections, { batchSize }).catchUp();
    return readStore;
  };
  /** 20 positions and instants of the log, drawn at random (seeded), and its first and last. */
  const randomly = (events: readonly StoredEvent[], seed: number) => {
    const { pick } = seeded(seed);
    const chosen = [events[0]!, events.at(-1)!, ...Array.from({ length: 20 }, () => pick(events))];
    return {
      positions: chosen.map((event) => event.position),
      instants: chosen.flatMap((event) => {
        const time = Date.parse(event.metadata.timestamp);
        return [new Date(time - 1), new Date(time), new Date(time + 30_000)];
      }),
    };
  };

  it('answers as of random positions what a fold up to them holds, however the runner paged the log', async () => {
    const store = eventStore();
    await appendPlanningWorkload(store, { events: 1500, seed: 17 });
    const events = await store.readAll();
    const { positions } = randomly(events, 17);

    for (const batchSize of [1, 5000]) {
      const asOf = new AsOfStores(store, allProjections, { live: await built(store, batchSize) });
      for (const position of positions) {
        const dump = await (await asOf.storeAt(position)).dump();
        expect({ batchSize, position, dump }).toEqual({
          batchSize,
          position,
          dump: await replayedTo(events, position),
        });
      }
    }
  }, 60_000);

  it('keeps the same past whether the events came in pages or live, one by one', async () => {
    const store = eventStore();
    const live = sqlite();
    const runner = new ProjectionRunner(store, live, allProjections);
    await runner.start();
    const { position: head } = await appendPlanningWorkload(store, { events: 300, seed: 5, chunk: 3 });
    expect(await runner.waitFor(head, 10_000)).toBe(true);
    await runner.stop();
    const paged = await built(store, 5000);

    for (let position = 0; position <= head; position++)
      expect({ position, dump: await live.at(position).dump() }).toEqual({
        position,
        dump: await paged.at(position).dump(),
      });
    expect(await paged.at(head).dump()).toEqual(await live.dump());
  }, 60_000);

  it('finds the position of an instant in the index the runner wrote, as the log’s own index does', async () => {
    const store = eventStore();
    // a writer whose clock lags, same timestamps, and an unreadable one
    await createInOrder(store, ['10:00:00', '10:05:00', '10:02:00', '10:05:00', '10:10:00', '10:07:00']);
    await store.append(
      streamName('application', 7),
      [{ ...created(7, '10:00:00'), metadata: metadata('not a time') }],
      'no_stream',
    );
    await appendPlanningWorkload(store, { events: 300, seed: 3 });
    const events = await store.readAll();
    const fromLog = new AsOfStores(store, allProjections);

    for (const batchSize of [1, 7, 5000]) {
      const asOf = new AsOfStores(store, allProjections, { live: await built(store, batchSize) });
      const instants = [
        ...['09:00:00', '10:00:00', '10:03:00', '10:05:00', '10:08:00', '10:10:00'].map(at),
        ...randomly(events, batchSize).instants,
      ];
      for (const instant of instants)
        expect({ batchSize, instant, position: await asOf.positionAt(instant) }).toEqual({
          batchSize,
          instant,
          position: await fromLog.positionAt(instant),
        });
    }
  }, 30_000);

  it('rebuilds the past of a projection whose version changed', async () => {
    const store = eventStore();
    await appendPlanningWorkload(store, { events: 600, seed: 9 });
    const events = await store.readAll();
    const readStore = sqlite();
    await new ProjectionRunner(store, readStore, allProjections).rebuild();
    // the next version of the applications' projection names every application anew
    const renamedApps = projections.map((projection) =>
      projection.collection === 'applications'
        ? {
            ...projection,
            version: projection.version + 1,
            evolve: (doc: object | null, event: StoredEvent) => {
              const next = projection.evolve(doc, event) as Record<string, unknown> | null;
              return next && { ...next, name: `v2 ${String(next.name)}` };
            },
          }
        : projection,
    );

    const runner = new ProjectionRunner(store, readStore, renamedApps);
    await runner.start();
    expect(await runner.waitFor(events.at(-1)!.position, 10_000)).toBe(true);
    await runner.stop();

    const asOf = new AsOfStores(store, renamedApps, { live: readStore });
    for (const position of randomly(events, 9).positions) {
      const reference = new MemoryReadStore();
      const replay = new ProjectionRunner({} as never, reference, renamedApps);
      for (const event of events.filter((e) => e.position <= position)) await replay.apply(event);
      const dump = await (await asOf.storeAt(position)).dump();
      expect({ position, dump }).toEqual({ position, dump: await reference.dump() });
    }
    const apps = (await (await asOf.storeAt(events.at(-1)!.position)).dump()).applications!;
    expect(apps.length).toBeGreaterThan(0);
    expect(apps.every((app) => String(app.name).startsWith('v2 '))).toBe(true);
  }, 30_000);
});

describe('SwitchingReadStore', () => {
  it('reads the as-of store inside asOfContext, the live one outside, and always writes live', async () => {
    const live = new MemoryReadStore();
    const past = new MemoryReadStore();
    await live.put('applications', { _id: '1', _position: 2, name: 'now' });
    await past.put('applications', { _id: '1', _position: 1, name: 'then' });
    const switching = new SwitchingReadStore(live);

    expect(await switching.get('applications', '1')).toMatchObject({ name: 'now' });
    await asOfContext.run({ store: past, position: 1 }, async () => {
      expect(await switching.get('applications', '1')).toMatchObject({ name: 'then' });
      expect(await switching.find('applications', {})).toEqual([{ _id: '1', _position: 1, name: 'then' }]);
      await switching.put('applications', { _id: '2', _position: 3, name: 'written' });
    });

    expect(await live.get('applications', '2')).toMatchObject({ name: 'written' });
    expect(await past.get('applications', '2')).toBeNull();
  });

  it('counts in the store it reads, and keeps checkpoints, versions and clearing on the live one', async () => {
    const live = new MemoryReadStore();
    const past = new MemoryReadStore();
    await live.put('applications', { _id: '1', _position: 1, name: 'now' });
    const switching = new SwitchingReadStore(live);

    await asOfContext.run({ store: past, position: 1 }, async () => {
      expect(await switching.count('applications', {})).toBe(0);
      await switching.write([{ collection: 'comments', id: 'c', position: 4, document: {} }], {
        name: 'projections',
        position: 4,
      });
      await switching.saveVersions({ comments: 2 });
      await switching.clear('applications');
      expect(await switching.versions()).toEqual({ comments: 2 });
    });

    expect(await switching.count('comments', {})).toBe(1);
    expect(await live.checkpoint('projections')).toBe(4);
    expect(await live.count('applications', {})).toBe(0);
    expect([await past.checkpoint('projections'), await past.versions()]).toEqual([0, {}]);
  });
});
