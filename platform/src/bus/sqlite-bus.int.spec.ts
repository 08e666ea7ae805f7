import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../testing/eventually';
import type { BusConsumer, BusMessage, MessageHandler, ReceivedMessage } from './bus';
import { SqliteBus } from './sqlite-bus';
import type { SqliteBusOptions } from './sqlite-bus';
import { busContract } from './testing/bus.contract';

const temporaryDirectories: string[] = [];
const databaseFile = () => {
  const directory = mkdtempSync(join(tmpdir(), 'fahrplan-sqlite-bus-'));
  temporaryDirectories.push(directory);
  return join(directory, 'bus.db');
};

afterAll(() => {
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
});

busContract('SqliteBus', async () => {
  const bus = new SqliteBus(databaseFile(), {
    redeliveryDelayMs: 5,
    onHandlerError: () => undefined,
    pollMs: 50,
  });
  return { bus, newTopic: async () => `topic-${randomUUID()}`, dispose: () => bus.close() };
});

const message = (key: string, value: string): BusMessage => ({ key, value, headers: { eventId: value } });

/** Records what a handler receives; `fail` makes it throw for a message. */
const recorder = (fail: (m: ReceivedMessage) => boolean = () => false) => {
  const received: ReceivedMessage[] = [];
  const attempts: string[] = [];
  const handler: MessageHandler = async (m) => {
    attempts.push(m.value);
    if (fail(m)) throw new Error(`refusing ${m.value}`);
    received.push(m);
  };
  return { received, attempts, handler, values: () => received.map((m) => m.value) };
};

describe('SqliteBus', () => {
  const opened: SqliteBus[] = [];
  const consumers: BusConsumer[] = [];
  const open = (file: string, options: SqliteBusOptions = {}) => {
    const bus = new SqliteBus(file, {
      redeliveryDelayMs: 5,
      onHandlerError: () => undefined,
      pollMs: 50,
      ...options,
    });
    opened.push(bus);
    return bus;
  };
  const subscribe = async (bus: SqliteBus, ...args: Parameters<SqliteBus['subscribe']>) => {
    const consumer = await bus.subscribe(...args);
    consumers.push(consumer);
    return consumer;
  };
  /** Every message on a topic up to its last (`last` its value), read by a new group from the beginning. */
  const contents = async (bus: SqliteBus, topic: string, last: string) => {
    const { received, handler } = recorder();
    const consumer = await bus.subscribe(topic, `inspect-${randomUUID()}`, handler);
    await eventually(() => expect(received.at(-1)?.value).toBe(last));
    await consumer.close();
    return received.map(({ key, value, offset }) => ({ key, value, offset }));
  };

  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((consumer) => consumer.close()));
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  });

  it('keeps the messages and the group offsets when the file is closed and opened again', async () => {
    const file = databaseFile();
    const first = open(file);
    const published = Array.from({ length: 10 }, (_, i) => message(`k${i % 3}`, `m${i}`));
    await first.publish('t', published.slice(0, 6));
    const before = recorder();
    await subscribe(first, 't', 'g', before.handler);
    await eventually(() => expect(before.values()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']));
    await first.close();

    const second = open(file);
    await second.publish('t', published.slice(6));
    const after = recorder();
    await subscribe(second, 't', 'g', after.handler);

    await eventually(() => expect(after.values()).toEqual(['m6', 'm7', 'm8', 'm9']));
    expect(after.received.map((m) => m.offset)).toEqual(['6', '7', '8', '9']);
    expect(after.received[0]).toMatchObject({
      topic: 't',
      partition: 0,
      key: 'k0',
      headers: { eventId: 'm6' },
    });
    expect(await contents(second, 't', 'm9')).toEqual(
      published.map(({ key, value }, i) => ({ key, value, offset: String(i) })),
    );
  });

  it('delivers a message whose handler failed before the bus was closed again after it is reopened', async () => {
    const file = databaseFile();
    const first = open(file);
    await first.publish('t', [message('k', 'm0'), message('k', 'm1'), message('k', 'm2')]);
    const failing = recorder((m) => m.value === 'm1');
    await subscribe(first, 't', 'g', failing.handler);
    await eventually(() =>
      expect(failing.attempts.filter((value) => value === 'm1').length).toBeGreaterThan(1),
    );
    await first.close();
    expect(failing.values()).toEqual(['m0']);

    const second = open(file);
    const healthy = recorder();
    await subscribe(second, 't', 'g', healthy.handler);

    await eventually(() => expect(healthy.values()).toEqual(['m1', 'm2']));
  });

  it('starts a new group at the end of the topic when asked to, and keeps that start across a reopen', async () => {
    const file = databaseFile();
    const first = open(file);
    await first.publish('t', [message('k', 'old')]);
    const early = recorder();
    const consumer = await subscribe(first, 't', 'g', early.handler, { fromBeginning: false });
    await first.publish('t', [message('k', 'new')]);
    await eventually(() => expect(early.values()).toEqual(['new']));
    await consumer.close();
    await first.publish('t', [message('k', 'while-away')]);
    await first.close();

    const second = open(file);
    const late = recorder();
    // fromBeginning applies to new groups only: this one resumes after its committed offset.
    await subscribe(second, 't', 'g', late.handler, { fromBeginning: true });
    await eventually(() => expect(late.values()).toEqual(['while-away']));

    const newGroup = recorder();
    await subscribe(second, 't', 'other', newGroup.handler, { fromBeginning: false });
    await second.publish('t', [message('k', 'newest')]);
    await eventually(() => expect(newGroup.values()).toEqual(['newest']));
  });

  it('compacts a compacted topic to the newest message per key, keeping the offsets', async () => {
    const file = databaseFile();
    const bus = open(file, { compactedTopics: ['snapshots'] });
    const values = [
      message('a', 'a1'),
      message('b', 'b1'),
      message('a', 'a2'),
      message('c', 'c1'),
      message('a', 'a3'),
      message('b', 'b2'),
    ];
    await bus.publish('snapshots', values);
    await bus.publish('log', values);
    // A consumer that handled the first two messages, then stopped: it is behind.
    const behind = recorder((m) => m.value === 'a2');
    const consumer = await subscribe(bus, 'snapshots', 'behind', behind.handler);
    await eventually(() => expect(behind.attempts).toContain('a2'));
    await consumer.close();
    expect(behind.values()).toEqual(['a1', 'b1']);

    await expect(bus.compact('snapshots')).resolves.toBe(3);
    await expect(bus.compact('log')).rejects.toThrow(/not a compacted topic/);

    expect(await contents(bus, 'snapshots', 'b2')).toEqual([
      { key: 'c', value: 'c1', offset: '3' },
      { key: 'a', value: 'a3', offset: '4' },
      { key: 'b', value: 'b2', offset: '5' },
    ]);
    expect(await contents(bus, 'log', 'b2')).toHaveLength(6);
    const resumed = recorder();
    await subscribe(bus, 'snapshots', 'behind', resumed.handler);
    await eventually(() => expect(resumed.values()).toEqual(['c1', 'a3', 'b2']));
    await bus.publish('snapshots', [message('c', 'c2')]);
    await eventually(() => expect(resumed.received.map((m) => m.offset)).toEqual(['3', '4', '5', '6']));
  });

  it('compacts the compacted topics when the file is opened', async () => {
    const file = databaseFile();
    const first = open(file);
    await first.publish('snapshots', [message('a', 'a1'), message('a', 'a2'), message('b', 'b1')]);
    await first.close();

    const second = open(file, { compactedTopics: ['snapshots'] });

    expect(await contents(second, 'snapshots', 'b1')).toEqual([
      { key: 'a', value: 'a2', offset: '1' },
      { key: 'b', value: 'b1', offset: '2' },
    ]);
    await expect(second.compact()).resolves.toBe(0);
  });

  it('compacts a large topic in chunks, yielding to the event loop, while consumers and publishers go on', async () => {
    const bus = open(databaseFile(), { compactedTopics: ['snapshots'] });
    const published = Array.from({ length: 5000 }, (_, i) => message(`k${i % 10}`, `v${i}`));
    for (let i = 0; i < published.length; i += 500)
      await bus.publish('snapshots', published.slice(i, i + 500));
    const reader = recorder();
    await subscribe(bus, 'snapshots', 'reader', reader.handler);
    let yielded = false;
    setImmediate(() => (yielded = true));

    const compaction = bus.compact();
    await bus.publish('snapshots', [message('k0', 'latest')]);
    const removed = await compaction;

    expect(yielded).toBe(true);
    expect(removed).toBeGreaterThanOrEqual(4990);
    const newest = [...published.slice(-10).filter((m) => m.key !== 'k0'), message('k0', 'latest')];
    expect((await contents(bus, 'snapshots', 'latest')).map(({ key, value }) => ({ key, value }))).toEqual(
      newest.map(({ key, value }) => ({ key, value })),
    );
    // The reader may have seen superseded messages before they were removed, but never misses a key's newest.
    await eventually(() =>
      expect(reader.values()).toEqual(expect.arrayContaining(newest.map((m) => m.value))),
    );
  });

  it('compacts the compacted topics periodically', async () => {
    const bus = open(databaseFile(), { compactedTopics: ['snapshots'], compactionIntervalMs: 20 });
    await bus.publish('snapshots', [message('a', 'a1'), message('a', 'a2'), message('b', 'b1')]);

    await eventually(async () =>
      expect(await contents(bus, 'snapshots', 'b1')).toEqual([
        { key: 'a', value: 'a2', offset: '1' },
        { key: 'b', value: 'b1', offset: '2' },
      ]),
    );
  });

  it('delivers to a consumer of another bus on the same file, found by polling', async () => {
    const file = databaseFile();
    const publisher = open(file);
    const consumer = open(file, { pollMs: 20 });
    const { handler, values } = recorder();
    await subscribe(consumer, 't', 'g', handler);

    await publisher.publish('t', [message('k', 'm0'), message('k', 'm1')]);
    await eventually(() => expect(values()).toEqual(['m0', 'm1']));
    await publisher.publish('t', [message('k', 'm2')]);

    await eventually(() => expect(values()).toEqual(['m0', 'm1', 'm2']));
  });

  it('refuses to publish once closed', async () => {
    const bus = open(databaseFile());
    await bus.close();

    await expect(bus.publish('t', [message('k', 'v')])).rejects.toThrow(/closed/);
  });
});
