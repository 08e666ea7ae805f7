import type { EventMetadata, StoredEvent } from '@fahrplan/contracts';

/** An event to append; `id` is a UUID, supplied by the caller so that a retried append is idempotent. */
export interface NewEvent {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

/**
 * What the stream must look like for an append to succeed:
 * - 'no_stream': the stream must not exist yet;
 * - a number: the revision of the stream's last event (0-based; the entity version of §3);
 * - 'any': no check.
 */
export type ExpectedRevision = 'no_stream' | 'any' | number;

/** One stream's part of `appendMany`: what `append` takes. */
export interface StreamAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedRevision;
}

/** One stream's part of `readStreams`: the stream and the revision to read from (inclusive). */
export interface StreamRead {
  readonly streamId: string;
  readonly fromRevision: number;
}

export interface AppendResult {
  /** Revision of the last appended event: the stream's new version. */
  readonly nextRevision: number;
  /** Global position of the last appended event. */
  readonly position: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** -1 when the stream does not exist. */
    readonly actual: number,
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface ReadAllOptions {
  /** Exclusive: events with a position greater than this one are returned. 0 reads from the start. */
  readonly after?: number;
  readonly maxCount?: number;
  /** Only events of streams in these categories (the part of the stream name before the first dash). */
  readonly categories?: readonly string[];
}

export interface Subscription extends AsyncIterable<StoredEvent> {
  /**
   * The next events in order, as many as have arrived by now (at least one, waiting for it; at most
   * `maxCount`), or none once closed: for a reader that writes what arrived together in one write.
   */
  nextBatch(maxCount: number): Promise<StoredEvent[]>;
  /** Ends the iteration; pending `next()` calls resolve as done. */
  close(): Promise<void>;
}

/**
 * The event store port. Every adapter passes the same contract suite
 * (`platform/src/event-store/testing/event-store.contract.ts`).
 */
export interface EventStore {
  /**
   * Appends atomically: all events or none. A retry whose events carry the ids of an earlier
   * successful append to the same stream returns that append's result and stores nothing twice.
   */
  append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to many streams, each append checked and stored on its own as `append` does (all of its
   * events or none, a retry recognised by its ids), and answers their outcomes in order: one refused
   * append fails none of the others. Not a transaction across streams (EventStoreDB has none); a
   * store that can commit them together does (SQLite: one commit instead of one per stream).
   */
  appendMany(appends: readonly StreamAppend[]): Promise<PromiseSettledResult<AppendResult>[]>;
  /**
   * Events of one stream in revision order, from `fromRevision` (inclusive, default 0), at most
   * `maxCount` of them (default all).
   */
  readStream(streamId: string, fromRevision?: number, maxCount?: number): Promise<StoredEvent[]>;
  /**
   * The events of many streams, each from its `fromRevision` on as `readStream` answers them, in the
   * order asked (a stream that does not exist as empty): for a decision over many streams, such as a
   * reschedule's thousand items. A store that can read them in one query does (SQLite).
   */
  readStreams(reads: readonly StreamRead[]): Promise<StoredEvent[][]>;
  /** Events of all streams in position order; positions are strictly increasing. */
  readAll(options?: ReadAllOptions): Promise<StoredEvent[]>;
  /** Position of the newest event, 0 when the store is empty. */
  headPosition(): Promise<number>;
  /**
   * Catch-up subscription: every event after `after` (same filter as readAll), then, without a gap
   * or a duplicate, every event appended later, until `close()`.
   */
  subscribe(options?: Omit<ReadAllOptions, 'maxCount'>): Subscription;
  close(): Promise<void>;
}
