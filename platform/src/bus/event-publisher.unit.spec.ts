import { randomUUID } from 'node:crypto';
import { planningEventSchema, streamName, topics } from '@fahrplan/contracts';
import type { PlanningEventEnvelope } from '@fahrplan/contracts';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { eventually } from '../testing/eventually';
import type { Bus, BusMessage } from './bus';
import { EventPublisher } from './event-publisher';
import type { Checkpoints } from './event-publisher';
import { InProcessBus } from './in-process-bus';
import {
  appendPlanningEvents,
  applicationCreated,
  applicationUpdated,
  commentCreated,
  sessionStarted,
  userCreated,
} from './testing/planning-events';

class MemoryCheckpoints implements Checkpoints {
  readonly saved: number[] = [];
  async checkpoint(): Promise<number> {
    return this.saved.at(-1) ?? 0;
  }
  async saveCheckpoint(_name: string, position: number): Promise<void> {
    this.saved.push(position);
  }
}

/** A bus that records every publish call and can be made to fail or to hold a publish. */
class RecordingBus implements Bus {
  readonly inner = new InProcessBus();
  readonly calls: BusMessage[][] = [];
  failures = 0;
  attempts = 0;
  hold: Promise<void> | undefined;

  async publish(topic: string, messages: readonly BusMessage[]): Promise<void> {
    this.attempts += 1;
    await this.hold;
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('the broker is unavailable');
    }
    this.calls.push([...messages]);
    await this.inner.publish(topic, messages);
  }
  subscribe: Bus['subscribe'] = (...args) => this.inner.subscribe(...args);
  close = () => this.inner.close();
  published = () => this.calls.flat();
  envelopes = () => this.published().map((m) => JSON.parse(m.value) as PlanningEventEnvelope);
}

describe('EventPublisher', () => {
  let store: SqliteEventStore;
  let bus: RecordingBus;
  let checkpoints: MemoryCheckpoints;
  const publishers: EventPublisher[] = [];
  const publisher = (
    options: { batchSize?: number; retryDelayMs?: number; onError?: (e: unknown) => void } = {},
  ) => {
    const created = new EventPublisher({ store, bus, checkpoints, retryDelayMs: 5, ...options });
    publishers.push(created);
    return created;
  };

  beforeEach(() => {
    store = new SqliteEventStore(':memory:');
    bus = new RecordingBus();
    checkpoints = new MemoryCheckpoints();
  });

  afterEach(async () => {
    await Promise.all(publishers.splice(0).map((p) => p.stop()));
    await bus.close();
    await store.close();
  });

  it('publishes every planning event in log order as an envelope keyed by aggregate id, with headers', async () => {
    await store.append(streamName('application', 7), [applicationCreated(7)], 'no_stream');
    await store.append(streamName('comment', 8), [commentCreated(8, 7)], 'no_stream');
    const { position } = await store.append(streamName('application', 7), [applicationUpdated(7, 1)], 0);
    const stored = await store.readAll();

    const running = publisher();
    await running.start();

    expect(await running.waitFor(position, 5000)).toBe(true);
    const published = bus.published();
    expect(published.map((m) => m.key)).toEqual(['7', '8', '7']);
    expect(bus.envelopes().map((e) => [e.id, e.type, e.position, e.revision])).toEqual(
      stored.map((e) => [e.id, e.type, e.position, e.revision]),
    );
    for (const [i, m] of published.entries()) {
      const envelope = planningEventSchema.parse(JSON.parse(m.value));
      expect(m.headers).toEqual({
        tenant: 'acme',
        eventType: envelope.type,
        schemaVersion: '1',
        eventId: stored[i]!.id,
        correlationId: stored[i]!.metadata.correlationId,
        'content-type': 'application/json',
      });
    }
  });

  it('never publishes identity or session events', async () => {
    await store.append(streamName('user', 1), [userCreated(1)], 'no_stream');
    await store.append(`session-${randomUUID()}`, [sessionStarted()], 'no_stream');
    await store.append(streamName('application', 9), [applicationCreated(9)], 'no_stream');
    const { position } = await store.append(`session-${randomUUID()}`, [sessionStarted()], 'no_stream');
    const { position: last } = await store.append(
      streamName('application', 9),
      [applicationUpdated(9, 1)],
      0,
    );

    const running = publisher();
    await running.start();

    expect(await running.waitFor(last, 5000)).toBe(true);
    expect(bus.envelopes().map((e) => e.type)).toEqual(['ApplicationCreated', 'ApplicationUpdated']);
    expect(JSON.stringify(bus.published())).not.toMatch(/passwordHash|tokenHash|secret/);
    expect(bus.envelopes().map((e) => e.position)).not.toContain(position);
  });

  it('publishes in batches of at most batchSize and saves the checkpoint after each', async () => {
    await appendPlanningEvents(store, { count: 250 });
    const planning = (await store.readAll({ categories: ['application', 'comment'] })).map((e) => e.position);

    const running = publisher({ batchSize: 100 });
    await running.start();

    expect(await running.waitFor(planning.at(-1)!, 5000)).toBe(true);
    expect(bus.calls.length).toBeGreaterThanOrEqual(3);
    for (const call of bus.calls) expect(call.length).toBeLessThanOrEqual(100);
    expect(bus.envelopes().map((e) => e.position)).toEqual(planning);
    // Each saved checkpoint is the last position of a batch the bus had acknowledged.
    const batchEnds = bus.calls.map(
      (call) => (JSON.parse(call.at(-1)!.value) as PlanningEventEnvelope).position,
    );
    expect(checkpoints.saved).toEqual(batchEnds);
  });

  it('follows events appended after it caught up', async () => {
    await store.append(streamName('application', 1), [applicationCreated(1)], 'no_stream');
    const running = publisher();
    await running.start();
    await eventually(() => expect(bus.published()).toHaveLength(1));

    const { position } = await store.append(
      streamName('application', 2),
      [applicationCreated(2)],
      'no_stream',
    );

    expect(await running.waitFor(position, 5000)).toBe(true);
    expect(bus.published().map((m) => m.key)).toEqual(['1', '2']);
  });

  it('continues after its checkpoint when started again, without publishing anything twice', async () => {
    await store.append(streamName('application', 1), [applicationCreated(1)], 'no_stream');
    const first = publisher();
    await first.start();
    await eventually(() => expect(bus.published()).toHaveLength(1));
    await first.stop();

    const { position } = await store.append(
      streamName('application', 2),
      [applicationCreated(2)],
      'no_stream',
    );
    const second = publisher();
    await second.start();

    expect(await second.waitFor(position, 5000)).toBe(true);
    expect(bus.published().map((m) => m.key)).toEqual(['1', '2']);
  });

  it('keeps its checkpoint when a publish fails and publishes the batch again', async () => {
    await store.append(streamName('application', 1), [applicationCreated(1)], 'no_stream');
    const { position } = await store.append(
      streamName('application', 2),
      [applicationCreated(2)],
      'no_stream',
    );
    bus.failures = 2;
    const errors: unknown[] = [];

    const running = publisher({ onError: (error) => errors.push(error) });
    await running.start();

    expect(await running.waitFor(position, 5000)).toBe(true);
    expect(errors).toHaveLength(2);
    expect(bus.published().map((m) => m.key)).toEqual(['1', '2']);
    expect(checkpoints.saved).toEqual([position]);
  });

  it('finishes the batch in flight when stopped, and saves its checkpoint', async () => {
    let release!: () => void;
    bus.hold = new Promise<void>((resolve) => (release = resolve));
    const { position } = await store.append(
      streamName('application', 1),
      [applicationCreated(1)],
      'no_stream',
    );
    const running = publisher();
    await running.start();
    await eventually(() => expect(bus.attempts).toBe(1));

    const stopped = running.stop();
    expect(running.position).toBe(0);
    release();
    await stopped;

    expect(bus.published().map((m) => m.key)).toEqual(['1']);
    expect(checkpoints.saved).toEqual([position]);
    expect(running.position).toBe(position);
  });

  it('publishes to the planning-events topic, where a consumer group receives the events', async () => {
    const received: string[] = [];
    await bus.subscribe(topics.planningEvents, 'downstream', async (m) => void received.push(m.key));
    const { position } = await store.append(
      streamName('application', 3),
      [applicationCreated(3)],
      'no_stream',
    );

    const running = publisher();
    await running.start();

    expect(await running.waitFor(position, 5000)).toBe(true);
    await eventually(() => expect(received).toEqual(['3']));
  });
});
