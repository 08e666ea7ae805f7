import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import {
  ANY,
  AccessDeniedError,
  NO_STREAM,
  START,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  AppendResult as EsdbAppendResult,
  ReadPosition,
  ReadRevision,
} from '@eventstore/db-client';
import { EsdbEventStore } from './esdb-event-store';
import type { EsdbClient } from './esdb-event-store';
import {
  findEarlierAppend,
  fromEsdbMetadata,
  isTransient,
  isWrongExpectedVersion,
  positionNumber,
  resubscribeDelay,
  selectEvent,
  subscriptionFilter,
  toEsdbConnectionString,
  toEsdbExpectedRevision,
  toEsdbPosition,
  toEventData,
  toStoredEvent,
  toWrongExpectedRevisionError,
} from './esdb-mapping';
import { WrongExpectedRevisionError } from './event-store';
import { eventually } from '../testing/eventually';
import { collect, metadata, newEvent } from './testing/events';

/** An event as the client returns it from `$all` (and, from server 22.6 on, from a stream). */
const recorded = (
  fields: { position: number; streamId?: string; type?: string; revision?: number; id?: string } & {
    data?: Record<string, unknown>;
    meta?: Record<string, unknown> | Uint8Array;
  },
): AllStreamResolvedEvent => {
  const position = { commit: BigInt(fields.position), prepare: BigInt(fields.position) };
  return {
    event: {
      streamId: fields.streamId ?? 'application-1',
      id: fields.id ?? randomUUID(),
      revision: BigInt(fields.revision ?? 0),
      type: fields.type ?? 'ApplicationSaved',
      data: fields.data ?? { name: 'Billing' },
      metadata: fields.meta ?? { ...metadata(), $correlationId: 'c', $causationId: 'd' },
      isJson: true,
      created: new Date('2025-03-01T09:30:00Z'),
      position,
    },
    commitPosition: position.commit,
  };
};

describe('mapping a resolved event to a StoredEvent', () => {
  it('maps an event read from $all, leaving out the metadata keys written for EventStoreDB', () => {
    const meta = metadata({ source: 'flow:step-1' });
    const resolved = recorded({
      position: 4242,
      streamId: 'group-17',
      type: 'GroupSaved',
      revision: 3,
      id: 'b6f0a0c4-5f8e-4d7e-9a51-0c2d7a0e1f11',
      data: { name: 'Sales', members: [1, 2] },
      meta: { ...meta, $correlationId: meta.correlationId, $causationId: meta.causationId },
    });

    expect(toStoredEvent(resolved)).toEqual({
      type: 'GroupSaved',
      data: { name: 'Sales', members: [1, 2] },
      metadata: meta,
      id: 'b6f0a0c4-5f8e-4d7e-9a51-0c2d7a0e1f11',
      streamId: 'group-17',
      revision: 3,
      position: 4242,
    });
  });

  it("takes the recorded event's commit position, else the resolved event's", () => {
    const { event } = recorded({ position: 700 });
    const withoutEventPosition = { event: { ...event!, position: undefined }, commitPosition: 800n };

    expect(toStoredEvent(recorded({ position: 700 })).position).toBe(700);
    expect(toStoredEvent(withoutEventPosition).position).toBe(800);
  });

  it('fails when the server reports no position: absent, 0 (before 22.6) or -1 (as unsigned)', () => {
    const { event } = recorded({ position: 1 });
    const at = (commit: bigint | undefined) => ({
      event: { ...event!, position: commit === undefined ? undefined : { commit, prepare: commit } },
    });

    expect(() => toStoredEvent(at(undefined))).toThrow(/did not report the position/);
    expect(() => toStoredEvent(at(0n))).toThrow(/did not report the position/);
    expect(() => toStoredEvent(at(2n ** 64n - 1n))).toThrow(/did not report the position/);
  });

  it('maps positions exactly up to 2^53 - 1 and fails beyond instead of rounding', () => {
    expect(positionNumber(9_007_199_254_740_991n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => positionNumber(9_007_199_254_740_992n)).toThrow(/does not fit/);
  });

  it('fails on a link to a deleted event, and gives foreign events without JSON metadata empty metadata', () => {
    expect(() => toStoredEvent({ commitPosition: 5n })).toThrow(/does not exist/);
    expect(fromEsdbMetadata(new Uint8Array([1, 2]))).toEqual({});
    expect(fromEsdbMetadata(undefined)).toEqual({});
  });
});

describe('selecting events (position and category filter)', () => {
  it('passes over events at or before the position, exclusive, and delivers those after', () => {
    const at = (position: number) => selectEvent(recorded({ position }), { after: 100 });

    expect(at(99)).toBeUndefined();
    expect(at(100)).toBeUndefined();
    expect(at(101)?.position).toBe(101);
  });

  it("passes over EventStoreDB's system streams and system event types", () => {
    const select = (streamId: string, type: string) =>
      selectEvent(recorded({ position: 10, streamId, type }), { after: 0 });

    expect(select('$$application-1', '$metadata')).toBeUndefined();
    expect(select('$ce-application', '$>')).toBeUndefined();
    expect(select('$stats-127.0.0.1:2113', 'StatsCollected')).toBeUndefined();
    expect(select('application-1', '$probe')).toBeUndefined();
    expect(select('application-1', 'ApplicationSaved')?.streamId).toBe('application-1');
  });

  it('filters by category, the stream name before the first dash, when categories are given', () => {
    const select = (streamId: string, categories?: string[]) =>
      selectEvent(recorded({ position: 10, streamId }), { after: 0, categories });

    expect(select('tenant-acme', ['tenant', 'user'])).toBeDefined();
    expect(select('user-acme-jo', ['tenant', 'user'])).toBeDefined();
    expect(select('tenantx-acme', ['tenant'])).toBeUndefined();
    expect(select('application-1', ['tenant'])).toBeUndefined();
    expect(select('anything-1')).toBeDefined();
  });

  it('asks the server for the categories by stream name prefix, else for every non-system event type', () => {
    expect(subscriptionFilter(['tenant', 'user'])).toMatchObject({
      filterOn: 'streamName',
      prefixes: ['tenant-', 'user-'],
    });
    expect(subscriptionFilter()).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });
  });

  it('addresses a position as commit and prepare alike, 0 as the start of the log', () => {
    expect(toEsdbPosition(0)).toBe(START);
    expect(toEsdbPosition(1234)).toEqual({ commit: 1234n, prepare: 1234n });
  });
});

describe('expected revisions and conflicts', () => {
  it("maps 'no_stream', 'any' and revisions to the client's expected revisions", () => {
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision(0)).toBe(0n);
    expect(toEsdbExpectedRevision(41)).toBe(41n);
    expect(toEsdbExpectedRevision(-1)).toBe(NO_STREAM);
    expect(() => toEsdbExpectedRevision(-2)).toThrow(/not a stream revision/);
    expect(() => toEsdbExpectedRevision(1.5)).toThrow(/not a stream revision/);
  });

  it("maps the client's wrong expected version to ours, -1 when there is no stream", () => {
    const conflict = (current: bigint | 'no_stream') =>
      new WrongExpectedVersionError(undefined, { streamName: 'group-1', expected: 2n, current });

    const revision = toWrongExpectedRevisionError('group-1', 2, conflict(5n));
    const noStream = toWrongExpectedRevisionError('group-1', 2, conflict('no_stream'));

    expect(revision).toBeInstanceOf(WrongExpectedRevisionError);
    expect(revision).toMatchObject({ streamId: 'group-1', expected: 2, actual: 5 });
    expect(noStream).toMatchObject({ streamId: 'group-1', expected: 2, actual: -1 });
    expect(isWrongExpectedVersion(conflict(5n))).toBe(true);
    expect(isWrongExpectedVersion(new AccessDeniedError())).toBe(false);
    expect(isWrongExpectedVersion(new Error('wrong expected version'))).toBe(false);
  });

  it('finds an earlier append of the same events: none, some, or all with its result', () => {
    const events = [newEvent(), newEvent()];
    const stored = (event: { id: string }, revision: number, position: number) =>
      toStoredEvent(recorded({ id: event.id, revision, position }));
    const other = stored(newEvent(), 0, 10);

    expect(findEarlierAppend([other], events)).toEqual({ stored: 'none' });
    expect(findEarlierAppend([other, stored(events[1]!, 1, 20)], events)).toEqual({ stored: 'some' });
    expect(
      findEarlierAppend(
        [other, stored({ id: events[0]!.id.toUpperCase() }, 1, 20), stored(events[1]!, 2, 30)],
        events,
      ),
    ).toEqual({ stored: 'all', result: { nextRevision: 2, position: 30 } });
  });
});

describe('event data written to EventStoreDB', () => {
  it('writes JSON with our metadata plus $correlationId and $causationId, which read back as ours', () => {
    const event = newEvent({ type: 'GroupSaved', data: { name: 'Sales' } });

    const data = toEventData(event);

    expect(data).toEqual({
      id: event.id,
      contentType: 'application/json',
      type: 'GroupSaved',
      data: { name: 'Sales' },
      metadata: {
        ...event.metadata,
        $correlationId: event.metadata.correlationId,
        $causationId: event.metadata.causationId,
      },
    });
    expect(fromEsdbMetadata(data.metadata)).toEqual(event.metadata);
    expect(toEventData(newEvent({ data: undefined })).data).toBeNull();
  });

  it('accepts kurrentdb:// as esdb://, which client 6 parses', () => {
    expect(toEsdbConnectionString('kurrentdb://localhost:2113?tls=false')).toBe(
      'esdb://localhost:2113?tls=false',
    );
    expect(toEsdbConnectionString('kurrentdb+discover://a:2113,b:2113')).toBe(
      'esdb+discover://a:2113,b:2113',
    );
    expect(toEsdbConnectionString('esdb://admin:changeit@db:2113')).toBe('esdb://admin:changeit@db:2113');
  });
});

describe('resubscribing', () => {
  it('retries lost connections but not refused access or bad arguments', () => {
    expect(isTransient(new UnavailableError())).toBe(true);
    expect(isTransient(new Error('read ECONNRESET'))).toBe(true);
    expect(isTransient(new AccessDeniedError())).toBe(false);
  });

  it('doubles the delay from the minimum up to the maximum', () => {
    const delays = [0, 1, 2, 3, 4, 10, 100].map((attempt) =>
      resubscribeDelay(attempt, { min: 100, max: 1000 }),
    );

    expect(delays).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
  });
});

/**
 * A stand-in for the client over an in-memory `$all`, with the server's read semantics: forwards
 * from a position inclusive, backwards from a position exclusive. It checks the adapter's own
 * logic (paging, filtering, conflict handling, subscriptions), not EventStoreDB's.
 */
class FakeClient {
  log: AllStreamResolvedEvent[] = [];
  readonly subscriptions: FakeSubscription[] = [];
  readonly subscribeOptions: unknown[] = [];
  appendResults: (EsdbAppendResult | Error)[] = [];
  readonly appended: unknown[] = [];

  readonly appendToStream = jest.fn(async (_stream: string, events: unknown) => {
    this.appended.push(events);
    const result = this.appendResults.shift();
    if (result === undefined) throw new Error('no append result prepared');
    if (result instanceof Error) throw result;
    return result;
  });

  readAll({
    fromPosition = START,
    direction = 'forwards',
    maxCount = Infinity,
  }: {
    fromPosition?: ReadPosition;
    direction?: string;
    maxCount?: number | bigint;
  }) {
    const at = (event: AllStreamResolvedEvent) => event.event!.position.commit;
    const events =
      direction === 'forwards'
        ? this.log.filter((event) => typeof fromPosition !== 'object' || at(event) >= fromPosition.commit)
        : this.log
            .filter((event) => typeof fromPosition !== 'object' || at(event) < fromPosition.commit)
            .reverse();
    return Readable.from(events.slice(0, Number(maxCount)));
  }

  readStream(
    streamId: string,
    { fromRevision = START }: { fromRevision?: ReadRevision; maxCount?: number | bigint },
  ) {
    const events = this.log.filter((event) => event.event!.streamId === streamId);
    if (events.length === 0) {
      return new Readable({
        objectMode: true,
        read() {
          this.destroy(new StreamNotFoundError(undefined, streamId));
        },
      });
    }
    return Readable.from(
      events.filter((event) => typeof fromRevision !== 'bigint' || event.event!.revision >= fromRevision),
    );
  }

  subscribeToAll(options: unknown) {
    this.subscribeOptions.push(options);
    const subscription = new FakeSubscription();
    this.subscriptions.push(subscription);
    return subscription as unknown as AllStreamSubscription;
  }

  readonly dispose = jest.fn(async () => undefined);

  asClient(): EsdbClient {
    return this as unknown as EsdbClient;
  }
}

class FakeSubscription extends PassThrough {
  readonly unsubscribe = jest.fn(async () => undefined);

  constructor() {
    super({ objectMode: true });
  }
}

describe('EsdbEventStore over a stand-in client', () => {
  let fake: FakeClient;
  let store: EsdbEventStore;
  const warnings: string[] = [];

  beforeEach(() => {
    fake = new FakeClient();
    warnings.length = 0;
    store = new EsdbEventStore(fake.asClient(), {
      pageSize: 2,
      resubscribeDelayMs: { min: 1, max: 5 },
      logger: { warn: (message) => warnings.push(message) },
    });
  });

  afterEach(async () => {
    await store.close();
  });

  it('reads $all page by page, without system events, other categories or the event at `after`', async () => {
    fake.log = [
      recorded({ position: 10, streamId: 'tenant-acme' }),
      recorded({ position: 20, streamId: '$$tenant-acme', type: '$metadata' }),
      recorded({ position: 30, streamId: 'application-1' }),
      recorded({ position: 40, streamId: 'user-acme-jo' }),
      recorded({ position: 50, streamId: 'tenant-beta' }),
      recorded({ position: 60, streamId: 'user-beta-al' }),
    ];
    const positions = (events: { position: number }[]) => events.map((event) => event.position);

    expect(positions(await store.readAll())).toEqual([10, 30, 40, 50, 60]);
    expect(positions(await store.readAll({ categories: ['tenant', 'user'] }))).toEqual([10, 40, 50, 60]);
    expect(positions(await store.readAll({ after: 30 }))).toEqual([40, 50, 60]);
    expect(
      positions(await store.readAll({ categories: ['user', 'tenant'], after: 10, maxCount: 2 })),
    ).toEqual([40, 50]);
    expect(await store.readAll({ categories: [] })).toEqual([]);
  });

  it('reports the position of the newest non-system event as the head, 0 when there is none', async () => {
    fake.log = [recorded({ position: 20, streamId: '$stats-1', type: 'StatsCollected' })];
    expect(await store.headPosition()).toBe(0);

    fake.log = [
      recorded({ position: 10 }),
      recorded({ position: 20, streamId: '$stats-1', type: 'StatsCollected' }),
      recorded({ position: 30, streamId: '$$application-1', type: '$metadata' }),
      recorded({ position: 40, streamId: '$scavenges', type: '$scavengeStarted' }),
    ];
    expect(await store.headPosition()).toBe(10);
  });

  it('reads a stream that does not exist as empty', async () => {
    expect(await store.readStream('application-404')).toEqual([]);
  });

  it("turns the client's conflict into WrongExpectedRevisionError when the events are not stored", async () => {
    fake.log = [recorded({ position: 10, streamId: 'group-1', revision: 0 })];
    fake.appendResults = [
      new WrongExpectedVersionError(undefined, { streamName: 'group-1', expected: 3n, current: 0n }),
    ];

    const error = await store.append('group-1', [newEvent()], 3).catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ streamId: 'group-1', expected: 3, actual: 0 });
  });

  it('answers a conflicting retry of a stored append with its earlier result', async () => {
    const events = [newEvent(), newEvent()];
    fake.log = [
      recorded({ position: 10, streamId: 'group-1', revision: 0 }),
      recorded({ position: 20, streamId: 'group-1', revision: 1, id: events[0]!.id }),
      recorded({ position: 30, streamId: 'group-1', revision: 2, id: events[1]!.id }),
      recorded({ position: 40, streamId: 'group-1', revision: 3 }),
    ];
    fake.appendResults = [
      new WrongExpectedVersionError(undefined, { streamName: 'group-1', expected: 1n, current: 3n }),
    ];

    expect(await store.append('group-1', events, 1)).toEqual({ nextRevision: 2, position: 30 });
  });

  it("checks an 'any' append for stored ids before writing: all gives the earlier result, some fails", async () => {
    const [a, b] = [newEvent(), newEvent()];
    fake.log = [recorded({ position: 10, streamId: 'group-1', revision: 0, id: a.id })];

    await expect(store.append('group-1', [b, a], 'any')).rejects.toThrow(/some of the appended event ids/);
    expect(await store.append('group-1', [a], 'any')).toEqual({ nextRevision: 0, position: 10 });
    expect(fake.appendToStream).not.toHaveBeenCalled();
  });

  it('writes with the mapped expected revision and returns the commit position', async () => {
    const event = newEvent();
    fake.appendResults = [
      { success: true, nextExpectedRevision: 5n, position: { commit: 900n, prepare: 900n } },
    ];

    expect(await store.append('group-1', [event], 4)).toEqual({ nextRevision: 5, position: 900 });
    expect(fake.appendToStream).toHaveBeenCalledWith('group-1', [toEventData(event)], {
      expectedRevision: 4n,
    });
  });

  it('reads the position back when the server reports none', async () => {
    fake.log = [recorded({ position: 10, streamId: 'group-1', revision: 0 })];
    fake.appendResults = [{ success: true, nextExpectedRevision: 0n, position: undefined }];

    expect(await store.append('group-1', [newEvent()], 'no_stream')).toEqual({
      nextRevision: 0,
      position: 10,
    });
  });

  it('rejects event ids that are not UUIDs, duplicate ids and system streams without writing', async () => {
    const event = newEvent();

    await expect(store.append('group-1', [newEvent({ id: 'e1' })], 'any')).rejects.toThrow(/not a UUID/);
    await expect(store.append('group-1', [event, event], 'any')).rejects.toThrow(/not unique/);
    await expect(store.append('$group-1', [newEvent()], 'any')).rejects.toThrow(/belong to EventStoreDB/);
    expect(fake.appendToStream).not.toHaveBeenCalled();
  });

  it('checks the expected revision of an append of no events and stores nothing', async () => {
    fake.log = [recorded({ position: 10, streamId: 'group-1', revision: 0 })];

    expect(await store.append('group-1', [], 0)).toEqual({ nextRevision: 0, position: 10 });
    await expect(store.append('group-1', [], 'no_stream')).rejects.toMatchObject({ actual: 0 });
    expect(await store.append('group-2', [], 'no_stream')).toEqual({ nextRevision: -1, position: 0 });
  });

  it('subscribes from the position with the server-side filter and passes over the event at it', async () => {
    const subscription = store.subscribe({ after: 20, categories: ['tenant'] });
    const received = collect(subscription);
    const [source] = fake.subscriptions;

    source!.write(recorded({ position: 20, streamId: 'tenant-acme' }));
    source!.write(recorded({ position: 30, streamId: 'tenant-beta' }));
    source!.write(recorded({ position: 35, streamId: '$$tenant-beta', type: '$metadata' }));
    source!.write(recorded({ position: 40, streamId: 'tenant-gamma' }));

    await eventually(() => expect(received.events.map((event) => event.position)).toEqual([30, 40]));
    expect(fake.subscribeOptions[0]).toMatchObject({
      fromPosition: { commit: 20n, prepare: 20n },
      filter: { filterOn: 'streamName', prefixes: ['tenant-'] },
    });
    await subscription.close();
    await received.ended;
    expect(source!.unsubscribe).toHaveBeenCalled();
  });

  it('ends a pending next() on close', async () => {
    const subscription = store.subscribe();
    const pending = subscription[Symbol.asyncIterator]().next();

    await subscription.close();

    await expect(pending).resolves.toEqual({ done: true, value: undefined });
    expect(fake.subscriptions[0]!.destroyed).toBe(true);
  });

  it('subscribes again after a lost connection from the last event taken in, without gap or duplicate', async () => {
    const subscription = store.subscribe({ after: 5 });
    const received = collect(subscription);
    const first = fake.subscriptions[0]!;
    first.write(recorded({ position: 10 }));
    first.write(recorded({ position: 20 }));
    await eventually(() => expect(received.events).toHaveLength(2));

    first.emit('error', new UnavailableError());

    await eventually(() => expect(fake.subscriptions).toHaveLength(2));
    const second = fake.subscriptions[1]!;
    second.write(recorded({ position: 20 }));
    second.write(recorded({ position: 30 }));
    await eventually(() => expect(received.events.map((event) => event.position)).toEqual([10, 20, 30]));
    expect(fake.subscribeOptions[1]).toMatchObject({ fromPosition: { commit: 20n, prepare: 20n } });
    expect(warnings).toEqual([expect.stringContaining('subscribing again after position 20')]);
    await subscription.close();
    await received.ended;
  });

  it('fails the iteration on an error not worth retrying, after the events already taken in', async () => {
    const subscription = store.subscribe();
    const iterator = subscription[Symbol.asyncIterator]();
    const source = fake.subscriptions[0]!;
    source.write(recorded({ position: 10 }));
    await eventually(() => expect(source.readableLength + source.writableLength).toBe(0));

    source.emit('error', new AccessDeniedError());

    await expect(iterator.next()).resolves.toMatchObject({ done: false, value: { position: 10 } });
    await expect(iterator.next()).rejects.toBeInstanceOf(AccessDeniedError);
    await expect(iterator.next()).resolves.toEqual({ done: true, value: undefined });
    expect(fake.subscriptions).toHaveLength(1);
  });

  it('asks the server nothing for an empty category list', async () => {
    const subscription = store.subscribe({ categories: [] });
    const pending = subscription[Symbol.asyncIterator]().next();

    await subscription.close();

    await expect(pending).resolves.toEqual({ done: true, value: undefined });
    expect(fake.subscriptions).toHaveLength(0);
  });

  it('closes its subscriptions and the client, and refuses work afterwards', async () => {
    const received = collect(store.subscribe());

    await store.close();

    await expect(received.ended).resolves.toBeUndefined();
    expect(fake.dispose).toHaveBeenCalled();
    await expect(store.readAll()).rejects.toThrow(/closed/);
    await expect(store.append('group-1', [newEvent()], 'any')).rejects.toThrow(/closed/);
  });
});
