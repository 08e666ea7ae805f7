import { Logger } from '@nestjs/common';
import type {
  AppendResult as EsdbAppendResult,
  EventStoreDBClient,
  ReadPosition,
} from '@eventstore/db-client';
import { esdbLibrary } from './esdb-library';
import type { StoredEvent } from '@fahrplan/contracts';
import { WrongExpectedRevisionError } from './event-store';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  StreamAppend,
  StreamRead,
  Subscription,
} from './event-store';
import {
  findEarlierAppend,
  isSystemEvent,
  isWrongExpectedVersion,
  knownPosition,
  positionNumber,
  positionOf,
  selectEvent,
  subscriptionFilter,
  toEsdbConnectionString,
  toEsdbExpectedRevision,
  toEsdbPosition,
  toEventData,
  toStoredEvent,
  toWrongExpectedRevisionError,
  uuid,
} from './esdb-mapping';
import { EsdbSubscription } from './esdb-subscription';

/** The client calls the adapter makes; a test may pass a stand-in. */
export type EsdbClient = Pick<
  EventStoreDBClient,
  'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'
>;

export interface EsdbEventStoreOptions {
  /** Events read from `$all` per request by readAll and headPosition (at least 2). */
  readonly pageSize?: number;
  /** Events a subscription buffers before it pauses the server's stream. */
  readonly subscriptionBufferSize?: number;
  /** Delay before resubscribing after a lost subscription, doubling from `min` up to `max`. */
  readonly resubscribeDelayMs?: { readonly min: number; readonly max: number };
  readonly logger?: { warn(message: string): void };
}

const matches = (expected: ExpectedRevision, current: number): boolean =>
  expected === 'any' || (expected === 'no_stream' ? current === -1 : expected === current);

function validate(streamId: string, events: readonly NewEvent[]): void {
  if (streamId.length === 0) throw new Error('a stream id must not be empty');
  if (streamId.startsWith('$'))
    throw new Error(`stream ${streamId}: $-prefixed streams belong to EventStoreDB`);
  const invalid = events.find((event) => !uuid.test(event.id));
  if (invalid) throw new Error(`stream ${streamId}: event id ${invalid.id} is not a UUID`);
  if (new Set(events.map((event) => event.id.toLowerCase())).size !== events.length) {
    throw new Error(`stream ${streamId}: the appended events' ids are not unique`);
  }
}

const isStreamNotFound = (error: unknown): boolean =>
  (error as { type?: unknown } | null)?.type === esdbLibrary().ErrorType.STREAM_NOT_FOUND;

/**
 * The event store on EventStoreDB / KurrentDB (20+, positions on stream reads from 22.6).
 *
 * Positions are commit positions (byte offsets in the log) as numbers, exact below 2^53.
 *
 * Idempotent retries: the server itself recognises a retry that expects the revision the first
 * append expected and answers with that append's revision and position. Beyond that, as the
 * port promises, a conflicting append and an append with 'any' look for their event ids in the
 * stream (a read of the stream, paid only on conflicts and on 'any'). Unlike SQLite, an append
 * that expects the stream's current revision is not checked for ids stored earlier (the server
 * does not check them): no retry gets there, as a retry expects what the first attempt expected.
 *
 * readAll filters categories in the client (client 6.x cannot ask the server to filter a read of
 * `$all`), so it reads the whole log after `after`; subscriptions are filtered by the server.
 */
export class EsdbEventStore implements EventStore {
  private readonly client: EsdbClient;
  private readonly pageSize: number;
  private readonly subscriptions = new Set<EsdbSubscription>();
  private closed = false;

  constructor(
    connection: string | EsdbClient,
    private readonly options: EsdbEventStoreOptions = {},
  ) {
    this.client =
      typeof connection === 'string'
        ? esdbLibrary().EventStoreDBClient.connectionString(toEsdbConnectionString(connection))
        : connection;
    this.pageSize = Math.max(2, options.pageSize ?? 1000);
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    this.assertOpen();
    validate(streamId, events);
    const expectedRevision = toEsdbExpectedRevision(expected);
    if (events.length === 0) return this.checkRevision(streamId, expected);
    if (expected === 'any') {
      // The server recognises an 'any' retry only while the ids are in its cache, and stores a
      // partial retry whose first event is new.
      const earlier = await this.earlierAppend(streamId, events);
      if (earlier) return earlier;
    }
    let result: EsdbAppendResult;
    try {
      result = await this.client.appendToStream(streamId, events.map(toEventData), { expectedRevision });
    } catch (error) {
      if (!isWrongExpectedVersion(error)) throw error;
      const earlier = await this.earlierAppend(streamId, events);
      if (earlier) return earlier;
      throw toWrongExpectedRevisionError(streamId, expected, error);
    }
    if (!result.success) {
      // Only a client made with throwOnAppendFailure=false answers a conflict this way.
      const earlier = await this.earlierAppend(streamId, events);
      if (earlier) return earlier;
      throw new WrongExpectedRevisionError(streamId, expected, await this.lastRevision(streamId));
    }
    const nextRevision = Number(result.nextExpectedRevision);
    // The server answers a retry with the position of the last event it stored the first time,
    // or with none when it cannot read it back; then we do.
    const position = knownPosition(result.position?.commit);
    return {
      nextRevision,
      position:
        position === undefined ? await this.positionAt(streamId, nextRevision) : positionNumber(position),
    };
  }

  /** One append after the other: the server commits each stream on its own anyway. */
  async appendMany(appends: readonly StreamAppend[]): Promise<PromiseSettledResult<AppendResult>[]> {
    const outcomes: PromiseSettledResult<AppendResult>[] = [];
    for (const { streamId, events, expected } of appends)
      outcomes.push(
        await this.append(streamId, events, expected).then(
          (value) => ({ status: 'fulfilled', value }) as const,
          (reason: unknown) => ({ status: 'rejected', reason }) as const,
        ),
      );
    return outcomes;
  }

  async readStream(streamId: string, fromRevision = 0, maxCount?: number): Promise<StoredEvent[]> {
    this.assertOpen();
    if (!Number.isSafeInteger(fromRevision) || fromRevision < 0) {
      throw new Error(`revision ${fromRevision} is not a stream revision`);
    }
    const events: StoredEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        fromRevision: BigInt(fromRevision),
        direction: esdbLibrary().FORWARDS,
        ...(maxCount === undefined ? {} : { maxCount }),
      });
      for await (const resolved of read) events.push(toStoredEvent(resolved));
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return events;
  }

  /** One read per stream, all at once: the server has no read of several streams. */
  readStreams(reads: readonly StreamRead[]): Promise<StoredEvent[][]> {
    return Promise.all(reads.map((read) => this.readStream(read.streamId, read.fromRevision)));
  }

  async readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    this.assertOpen();
    const maxCount = options.maxCount === undefined || options.maxCount < 0 ? Infinity : options.maxCount;
    const categories = options.categories && [...new Set(options.categories)];
    const events: StoredEvent[] = [];
    if (maxCount === 0 || categories?.length === 0) return events;
    // Each page starts at the last position seen, inclusive, so its first event is passed over.
    let floor = options.after ?? 0;
    for (;;) {
      const page = await collect(
        this.client.readAll({
          fromPosition: toEsdbPosition(floor),
          direction: esdbLibrary().FORWARDS,
          maxCount: this.pageSize,
        }),
      );
      for (const resolved of page) {
        const event = selectEvent(resolved, { after: floor, categories });
        floor = Math.max(floor, positionOf(resolved));
        if (event) events.push(event);
        if (events.length >= maxCount) return events;
      }
      if (page.length < this.pageSize) return events;
    }
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    let from: ReadPosition = esdbLibrary().END;
    for (;;) {
      const page = await collect(
        this.client.readAll({
          fromPosition: from,
          direction: esdbLibrary().BACKWARDS,
          maxCount: this.pageSize,
        }),
      );
      const newest = page.find((resolved) => resolved.event && !isSystemEvent(resolved.event));
      if (newest) return positionOf(newest);
      if (page.length < this.pageSize) return 0;
      // Backwards from a position is exclusive: the next page starts before the oldest one read.
      from = toEsdbPosition(positionOf(page[page.length - 1]!));
    }
  }

  subscribe(options: Omit<ReadAllOptions, 'maxCount'> = {}): Subscription {
    this.assertOpen();
    const categories = options.categories && [...new Set(options.categories)];
    const connect =
      categories?.length === 0
        ? undefined
        : (after: number) =>
            this.client.subscribeToAll({
              fromPosition: toEsdbPosition(after),
              filter: subscriptionFilter(categories),
            });
    const subscription = new EsdbSubscription(options.after ?? 0, categories, connect, {
      bufferSize: Math.max(1, this.options.subscriptionBufferSize ?? 1000),
      resubscribeDelayMs: this.options.resubscribeDelayMs ?? { min: 100, max: 5000 },
      logger: this.options.logger ?? new Logger(EsdbEventStore.name),
      closed: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the event store is closed');
  }

  /** The earlier append's result when the stream holds all the events; fails when it holds some. */
  private async earlierAppend(
    streamId: string,
    events: readonly NewEvent[],
  ): Promise<AppendResult | undefined> {
    const earlier = findEarlierAppend(await this.readStream(streamId), events);
    if (earlier.stored === 'none') return undefined;
    if (earlier.stored === 'some') {
      throw new Error(`stream ${streamId}: some of the appended event ids are already stored, but not all`);
    }
    return earlier.result;
  }

  private async lastEvent(streamId: string): Promise<StoredEvent | undefined> {
    try {
      const read = this.client.readStream(streamId, {
        fromRevision: esdbLibrary().END,
        direction: esdbLibrary().BACKWARDS,
        maxCount: 1,
      });
      const [last] = await collect(read);
      return last && toStoredEvent(last);
    } catch (error) {
      if (isStreamNotFound(error)) return undefined;
      throw error;
    }
  }

  private async lastRevision(streamId: string): Promise<number> {
    return (await this.lastEvent(streamId))?.revision ?? -1;
  }

  /** An append of no events checks the expected revision and stores nothing, as in SQLite. */
  private async checkRevision(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const last = await this.lastEvent(streamId);
    const current = last?.revision ?? -1;
    if (!matches(expected, current)) throw new WrongExpectedRevisionError(streamId, expected, current);
    return { nextRevision: current, position: last?.position ?? 0 };
  }

  private async positionAt(streamId: string, revision: number): Promise<number> {
    const read = this.client.readStream(streamId, { fromRevision: BigInt(revision), maxCount: 1 });
    const [event] = await collect(read);
    if (!event) throw new Error(`stream ${streamId}: revision ${revision} was appended but cannot be read`);
    return toStoredEvent(event).position;
  }
}

async function collect<T>(read: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of read) items.push(item);
  return items;
}
