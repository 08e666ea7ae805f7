import { randomUUID } from 'node:crypto';
import { EventStoreDBClient, jsonEvent } from '@eventstore/db-client';
import { GenericContainer, Wait } from 'testcontainers';
import type { StartedTestContainer } from 'testcontainers';
import { createEventStore } from './create-event-store';
import { EsdbEventStore } from './esdb-event-store';
import { probeContainerRuntime } from '../testing/container-runtime';
import { eventually } from '../testing/eventually';
import { eventStoreContract } from './testing/event-store.contract';
import { collect, newEvent } from './testing/events';

/**
 * The contract suite on a real EventStoreDB/KurrentDB: EVENTSTORE_URL (e.g.
 * esdb://127.0.0.1:2113?tls=false) when set, else a KurrentDB container, else skipped with the reason.
 */
const IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1';
const PORT = 2113;

const configured = process.env.EVENTSTORE_URL;
const runtime = configured ? undefined : probeContainerRuntime();
const skipReason =
  runtime && !runtime.available
    ? `EventStoreDB suite skipped: no EVENTSTORE_URL and no container runtime (testcontainers: ${runtime.reason})`
    : undefined;

if (skipReason) {
  process.stdout.write(`${skipReason}\n`);
  describe.skip('EsdbEventStore (event store contract, needs EventStoreDB)', () => {
    it('runs the event store contract against EventStoreDB/KurrentDB', () => undefined);
  });
} else {
  let url = configured ?? '';
  let container: StartedTestContainer | undefined;

  beforeAll(async () => {
    if (!configured) {
      container = await new GenericContainer(IMAGE)
        .withEnvironment({
          KURRENTDB_INSECURE: 'true',
          KURRENTDB_RUN_PROJECTIONS: 'None',
          KURRENTDB_MEM_DB: 'true',
          KURRENTDB_TELEMETRY_OPTOUT: 'true',
        })
        .withExposedPorts(PORT)
        .withWaitStrategy(
          Wait.forHttp('/health/live', PORT).forStatusCodeMatching((status) => status >= 200 && status < 300),
        )
        .withStartupTimeout(120_000)
        .start();
      url = `esdb://${container.getHost()}:${container.getMappedPort(PORT)}?tls=false`;
    }
    // Live is not yet leader: wait until the node takes writes.
    const store = new EsdbEventStore(url);
    try {
      await eventually(
        () => store.append(`readiness-${randomUUID()}`, [newEvent()], 'no_stream').then(() => undefined),
        {
          timeoutMs: 60_000,
          intervalMs: 500,
        },
      );
    } finally {
      await store.close();
    }
  }, 180_000);

  afterAll(async () => {
    await container?.stop();
  }, 60_000);

  eventStoreContract('EsdbEventStore', async () => {
    const store = new EsdbEventStore(url, { pageSize: 50 });
    return { store, dispose: () => store.close() };
  });

  describe('EsdbEventStore on EventStoreDB', () => {
    const opened: { close(): Promise<void> }[] = [];
    const open = <T extends { close(): Promise<void> }>(closable: T): T => {
      opened.push(closable);
      return closable;
    };
    const raw = () => {
      const client = EventStoreDBClient.connectionString(url);
      opened.push({ close: () => client.dispose() });
      return client;
    };

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((closable) => closable.close()));
    });

    it('writes the correlation and causation ids where EventStoreDB projections look for them', async () => {
      const store = open(new EsdbEventStore(url));
      const stream = `application-${randomUUID()}`;
      const event = newEvent();
      await store.append(stream, [event], 'no_stream');

      const [stored] = await readAllOf(raw().readStream(stream));

      expect(stored?.event?.metadata).toEqual({
        ...event.metadata,
        $correlationId: event.metadata.correlationId,
        $causationId: event.metadata.causationId,
      });
      expect(stored?.event?.isJson).toBe(true);
    });

    it('leaves system events out of readAll, headPosition and subscriptions', async () => {
      const store = open(new EsdbEventStore(url));
      const category = `sys${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const before = await store.headPosition();
      const subscription = store.subscribe({ after: before });
      const received = collect(subscription);

      const ours = await store.append(`${category}-1`, [newEvent()], 'no_stream');
      const client = raw();
      await client.appendToStream(`$${category}-1`, jsonEvent({ type: 'Probe', data: {} }));
      const last = await client.appendToStream(`${category}-2`, jsonEvent({ type: '$probe', data: {} }));

      expect(Number(last.position?.commit)).toBeGreaterThan(ours.position);
      expect(await store.headPosition()).toBe(ours.position);
      expect((await store.readAll({ after: before })).map((event) => event.position)).toEqual([
        ours.position,
      ]);
      expect(await store.readAll({ categories: [category] })).toHaveLength(1);
      await eventually(() => expect(received.events.map((event) => event.position)).toEqual([ours.position]));
      await subscription.close();
      await received.ended;
    });

    it('opens the store createEventStore names for esdb:// and kurrentdb:// URLs', async () => {
      const esdb = open(createEventStore(url));
      const kurrent = open(createEventStore(url.replace(/^esdb:/, 'kurrentdb:')));
      const stream = `application-${randomUUID()}`;

      const { position } = await esdb.append(stream, [newEvent()], 'no_stream');

      expect(esdb).toBeInstanceOf(EsdbEventStore);
      expect((await kurrent.readStream(stream)).map((event) => event.position)).toEqual([position]);
    });
  });
}

async function readAllOf<T>(read: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of read) items.push(item);
  return items;
}
