import { Logger } from '@nestjs/common';
import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
} from '@eventstore/db-client';
import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  AppendResult as EsdbAppendResult,
  ExpectedRevision as EsdbExpectedRevision,
  Filter,
  JSONType,
  Position,
  ReadPosition,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { parseStreamName, upcast } from '@fahrplan/contracts';
import type { EventMetadata, StoredEvent } from '@fahrplan/contracts';
import { WrongExpectedRevisionError } from './event-store';
import { PulledSubscription } from './pulled-subscription';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  StreamAppend,
  Subscription,
} from './event-store';

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

/** The parts of the client's ResolvedEvent (stream reads) and AllStreamResolvedEvent (`$all`) read here. */
export interface EsdbResolvedEvent {
  readonly event?: {
    readonly streamId: string;
    readonly id: string;
    readonly revision: bigint;
    readonly type: string;
    readonly data: unknown;
    readonly metadata: unknown;
    readonly position?: Position;
  };
  readonly commitPosition?: bigint;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The server reports an unknown position as -1, which reaches us as an unsigned 64-bit number. */
const UNKNOWN_POSITION = 2n ** 64n - 1n;
const MAX_SAFE_POSITION = BigInt(Number.MAX_SAFE_INTEGER);

/** Metadata keys EventStoreDB's own projections read ($by_correlation_id); written beside ours. */
const esdbMetadataKeys = new Set(['$correlationId', '$causationId']);

/** `kurrentdb://` is the newer name of the scheme; client 6.x parses only `esdb://`. */
export const toEsdbConnectionString = (url: string): string =>
  url.replace(/^kurrentdb(?=(\+discover)?:\/\/)/i, 'esdb');

/** EventStoreDB's own events: `$`-prefixed streams ($$metadata, $stats, $scavenges…) and event types (links, $metadata…). */
export const isSystemEvent = (event: { readonly streamId: string; readonly type: string }): boolean =>
  event.streamId.startsWith('$') || event.type.startsWith('$');

/**
 * A log position as a number. Positions are byte offsets in the transaction log; a number holds
 * them exactly below 2^53 (8 PiB of log), beyond that this fails instead of losing precision.
 */
export function positionNumber(position: bigint): number {
  if (position < 0n || position > MAX_SAFE_POSITION) {
    throw new Error(`EventStoreDB position ${position} does not fit in a JavaScript number`);
  }
  return Number(position);
}

/** Undefined for the server's "no position": absent, -1, or 0 (servers before 22.6 on stream reads). */
const knownPosition = (position: bigint | undefined): bigint | undefined =>
  position === undefined || position === 0n || position === UNKNOWN_POSITION ? undefined : position;

/**
 * Our positions are commit positions. Appends through gRPC commit each event in place (prepare ==
 * commit: the event's own offset), so the pair {p, p} addresses the event at p exactly.
 */
export const toEsdbPosition = (position: number): ReadPosition =>
  position > 0 ? { commit: BigInt(position), prepare: BigInt(position) } : START;

/** The position of any event read from `$all` (system events included). */
export function positionOf(resolved: EsdbResolvedEvent): number {
  const position = knownPosition(resolved.event?.position?.commit) ?? knownPosition(resolved.commitPosition);
  if (position === undefined) {
    const what = resolved.event ? `event ${resolved.event.id} in ${resolved.event.streamId}` : 'an event';
    throw new Error(
      `EventStoreDB did not report the position of ${what} (stream reads report it from server 22.6 on)`,
    );
  }
  return positionNumber(position);
}

/** Our metadata, without the keys added for EventStoreDB's projections. */
export function fromEsdbMetadata(metadata: unknown): EventMetadata {
  // Events written by other applications may carry no JSON metadata; projections ignore their types.
  if (
    metadata === null ||
    typeof metadata !== 'object' ||
    Array.isArray(metadata) ||
    metadata instanceof Uint8Array
  ) {
    return {} as EventMetadata;
  }
  return Object.fromEntries(
    Object.entries(metadata).filter(([key]) => !esdbMetadataKeys.has(key)),
  ) as unknown as EventMetadata;
}

/** The client's resolved event as a StoredEvent. */
export function toStoredEvent(resolved: EsdbResolvedEvent): StoredEvent {
  const recorded = resolved.event;
  if (!recorded) throw new Error('EventStoreDB returned a link to an event that does not exist');
  return upcast({
    type: recorded.type,
    data: recorded.data,
    metadata: fromEsdbMetadata(recorded.metadata),
    id: recorded.id,
    streamId: recorded.streamId,
    revision: Number(recorded.revision),
    position: positionOf(resolved),
  });
}

export interface EventSelection {
  /** Exclusive. */
  readonly after: number;
  readonly categories?: readonly string[] | undefined;
}

/**
 * The event as the port delivers it, or undefined when it is passed over: EventStoreDB's system
 * events, other categories, and events at or before `after` (a subscription from a position may
 * deliver the event at that position again).
 */
export function selectEvent(
  resolved: EsdbResolvedEvent,
  { after, categories }: EventSelection,
): StoredEvent | undefined {
  const recorded = resolved.event;
  if (!recorded || isSystemEvent(recorded)) return undefined;
  if (categories && !categories.includes(parseStreamName(recorded.streamId).category)) return undefined;
  const event = toStoredEvent(resolved);
  return event.position > after ? event : undefined;
}

/** The server-side filter of a subscription: the categories' streams, else every non-system event. */
export const subscriptionFilter = (categories?: readonly string[]): Filter =>
  categories === undefined
    ? excludeSystemEvents()
    : streamNameFilter({ prefixes: categories.map((category) => `${category}-`) });

/** -1 is read as "no stream", as the SQLite adapter does. */
export function toEsdbExpectedRevision(expected: ExpectedRevision): EsdbExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === -1) return NO_STREAM;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new Error(`expected revision ${String(expected)} is not a stream revision`);
  }
  return BigInt(expected);
}

/** Not `instanceof`: the class may come from another copy of the client. */
export const isWrongExpectedVersion = (error: unknown): error is WrongExpectedVersionError =>
  (error as { type?: unknown } | null)?.type === ErrorType.WRONG_EXPECTED_VERSION;

export const toWrongExpectedRevisionError = (
  streamId: string,
  expected: ExpectedRevision,
  error: WrongExpectedVersionError,
): WrongExpectedRevisionError =>
  new WrongExpectedRevisionError(
    streamId,
    expected,
    typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : -1,
  );

export const toEventData = (event: NewEvent) =>
  jsonEvent({
    id: event.id,
    type: event.type,
    data: (event.data ?? null) as JSONType,
    metadata: {
      ...event.metadata,
      $correlationId: event.metadata.correlationId,
      $causationId: event.metadata.causationId,
    },
  });

export type EarlierAppend =
  | { readonly stored: 'none' }
  | { readonly stored: 'some' }
  | { readonly stored: 'all'; readonly result: AppendResult };

/** Which of the events a stream already holds, and the result of their append when it holds all. */
export function findEarlierAppend(
  stream: readonly StoredEvent[],
  events: readonly NewEvent[],
): EarlierAppend {
  const byId = new Map(stream.map((event) => [event.id.toLowerCase(), event]));
  const found = events.map((event) => byId.get(event.id.toLowerCase()));
  if (found.every((event) => event === undefined)) return { stored: 'none' };
  if (found.some((event) => event === undefined)) return { stored: 'some' };
  const last = (found as StoredEvent[]).reduce((a, b) => (b.position > a.position ? b : a));
  return { stored: 'all', result: { nextRevision: last.revision, position: last.position } };
}

/** Errors after which a subscription is worth retrying; anything else (access, arguments) ends it. */
const fatalErrors = new Set<unknown>([
  ErrorType.ACCESS_DENIED,
  ErrorType.INVALID_ARGUMENT,
  ErrorType.STREAM_DELETED,
  ErrorType.UNSUPPORTED,
  ErrorType.MISSING_REQUIRED_METADATA_PROPERTY,
]);
export const isTransient = (error: unknown): boolean =>
  !fatalErrors.has((error as { type?: unknown } | null)?.type);

export const resubscribeDelay = (attempt: number, { min, max }: { min: number; max: number }): number =>
  Math.min(max, min * 2 ** Math.min(attempt, 30));

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
  (error as { type?: unknown } | null)?.type === ErrorType.STREAM_NOT_FOUND;

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
        ? EventStoreDBClient.connectionString(toEsdbConnectionString(connection))
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
        direction: FORWARDS,
        ...(maxCount === undefined ? {} : { maxCount }),
      });
      for await (const resolved of read) events.push(toStoredEvent(resolved));
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return events;
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
          direction: FORWARDS,
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
    let from: ReadPosition = END;
    for (;;) {
      const page = await collect(
        this.client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: this.pageSize }),
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
      const read = this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 });
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

interface SubscriptionSettings {
  readonly bufferSize: number;
  readonly resubscribeDelayMs: { readonly min: number; readonly max: number };
  readonly logger: { warn(message: string): void };
  readonly closed: () => void;
}

interface Connection {
  readonly source: AllStreamSubscription;
  readonly detach: () => void;
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * A catch-up subscription to `$all` as an async iterable. It remembers the position of the last
 * event it took in, so after a lost connection it subscribes again from there: no gap, and the
 * event at that position, if delivered again, is passed over.
 */
class EsdbSubscription extends PulledSubscription {
  private buffer: StoredEvent[] = [];
  private connection: Connection | undefined;
  private failure: { readonly error: unknown } | undefined;
  private isClosed = false;
  private wake: (() => void) | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private attempt = 0;

  constructor(
    private after: number,
    private readonly categories: readonly string[] | undefined,
    private readonly connect: ((after: number) => AllStreamSubscription) | undefined,
    private readonly settings: SubscriptionSettings,
  ) {
    super();
    // No categories means no events: nothing to ask the server.
    if (connect) this.open(connect);
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.buffer = [];
    clearTimeout(this.retryTimer);
    this.wakeUp();
    this.settings.closed();
    await this.disconnect();
  }

  protected buffered(): number {
    return this.buffer.length;
  }

  protected async pull(): Promise<IteratorResult<StoredEvent>> {
    for (;;) {
      if (this.isClosed) return DONE;
      const event = this.buffer.shift();
      if (event) {
        const source = this.connection?.source;
        if (source?.isPaused() && this.buffer.length <= this.settings.bufferSize / 2) source.resume();
        return { done: false, value: event };
      }
      if (this.failure) {
        const { error } = this.failure;
        await this.close();
        throw error;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private open(connect: (after: number) => AllStreamSubscription): void {
    let source: AllStreamSubscription;
    try {
      source = connect(this.after);
    } catch (error) {
      this.fail(error);
      return;
    }
    const onData = (resolved: AllStreamResolvedEvent) => this.receive(resolved);
    const onError = (error: unknown) => this.lost(source, error);
    const onEnd = () => this.lost(source, new Error('the server ended the subscription'));
    const onConfirmation = () => (this.attempt = 0);
    source.on('data', onData).on('error', onError).on('end', onEnd).on('confirmation', onConfirmation);
    const detach = () => {
      // A late error of a dropped stream must not reach the process as an unhandled 'error'.
      source.on('error', () => undefined);
      source.off('data', onData).off('error', onError).off('end', onEnd).off('confirmation', onConfirmation);
    };
    this.connection = { source, detach };
  }

  private receive(resolved: AllStreamResolvedEvent): void {
    if (this.isClosed) return;
    let event: StoredEvent | undefined;
    try {
      event = selectEvent(resolved, { after: this.after, categories: this.categories });
    } catch (error) {
      this.fail(error);
      return;
    }
    if (!event) return;
    this.after = event.position;
    this.buffer.push(event);
    if (this.buffer.length >= this.settings.bufferSize) this.connection?.source.pause();
    this.wakeUp();
  }

  private lost(source: AllStreamSubscription, error: unknown): void {
    if (this.isClosed || this.connection?.source !== source) return;
    void this.disconnect();
    if (!isTransient(error)) {
      this.fail(error);
      return;
    }
    const delay = resubscribeDelay(this.attempt, this.settings.resubscribeDelayMs);
    this.attempt += 1;
    this.settings.logger.warn(
      `subscription to $all lost (${String((error as Error | undefined)?.message ?? error)}); ` +
        `subscribing again after position ${this.after} in ${delay} ms`,
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.isClosed && this.connect) this.open(this.connect);
    }, delay);
  }

  private fail(error: unknown): void {
    this.failure ??= { error };
    void this.disconnect();
    this.wakeUp();
  }

  private async disconnect(): Promise<void> {
    const connection = this.connection;
    if (!connection) return;
    this.connection = undefined;
    connection.detach();
    try {
      await connection.source.unsubscribe();
    } catch {
      // The stream failed to open or is gone already: nothing left to cancel.
    }
    connection.source.destroy();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
