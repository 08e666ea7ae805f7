import type { DatabaseSync } from 'node:sqlite';
import { upcast } from '@fahrplan/contracts';
import type { EventMetadata, StoredEvent } from '@fahrplan/contracts';
import { WrongExpectedRevisionError } from './event-store';
import { PulledSubscription } from './pulled-subscription';
import { openDurableSqlite, preparer, writeTransaction } from '../sqlite/durable-sqlite';
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

export interface SqliteEventStoreOptions {
  /** How long a writer waits for another process's write lock before failing. */
  readonly busyTimeoutMs?: number;
  /** How often an idle subscription looks for appends made by other processes on the same file. */
  readonly pollIntervalMs?: number;
  /** Events a subscription reads per query while catching up. */
  readonly subscriptionBatchSize?: number;
}

/**
 * Event ids are random UUIDs and unique per stream, which is all an idempotent retry needs (and
 * all EventStoreDB promises). Indexing them under their stream keeps a batch's index entries on
 * one page, where a global index on random ids dirties one page per event: the bench measured
 * batch appends about twice as fast. The 16 bytes are indexed rather than the 36-character text.
 */
const idKey = (column: string) => `unhex(replace(${column}, '-', ''))`;

const schema = `
  CREATE TABLE IF NOT EXISTS events (
    position   INTEGER PRIMARY KEY AUTOINCREMENT,
    stream_id  TEXT    NOT NULL,
    revision   INTEGER NOT NULL,
    category   TEXT    NOT NULL,
    id         TEXT    NOT NULL,
    type       TEXT    NOT NULL,
    data       TEXT    NOT NULL,
    metadata   TEXT    NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream_id, revision);
  CREATE INDEX IF NOT EXISTS events_category_position ON events (category, position);
  CREATE UNIQUE INDEX IF NOT EXISTS events_stream_id ON events (stream_id, ${idKey('id')});
`;

const columns = 'position, stream_id, revision, id, type, data, metadata';

type EventRow = [
  position: number,
  streamId: string,
  revision: number,
  id: string,
  type: string,
  data: string,
  metadata: string,
];

/** A row of `readStreams`: the event, then the index of the read that asked for it. */
type ReadRow = [...EventRow, read: number];

interface EncodedEvent {
  readonly id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

interface PendingAppend {
  readonly streamId: string;
  readonly category: string;
  readonly events: readonly EncodedEvent[];
  readonly expected: ExpectedRevision;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

type Outcome =
  | { readonly ok: true; readonly result: AppendResult; readonly inserted: boolean }
  | { readonly ok: false; readonly error: unknown };

const categoryOf = (streamId: string): string => {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
};

/** A row in today's shape: every reader of the log sees upcast events. */
const toStoredEvent = (row: EventRow | ReadRow): StoredEvent =>
  upcast({
    type: row[4],
    data: JSON.parse(row[5]) as unknown,
    metadata: JSON.parse(row[6]) as EventMetadata,
    id: row[3],
    streamId: row[1],
    revision: row[2],
    position: row[0],
  });

/** Not `instanceof Error`: node:sqlite's errors come from another realm under Jest's sandbox. */
const isDuplicateEventId = (error: unknown): boolean =>
  String((error as { message?: unknown } | null)?.message).includes(
    `UNIQUE constraint failed: index 'events_stream_id'`,
  );

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const matches = (expected: ExpectedRevision, current: number): boolean =>
  expected === 'any' || (expected === 'no_stream' ? current === -1 : expected === current);

/**
 * The embedded event store: one SQLite file in WAL mode with synchronous=FULL, so an acknowledged
 * append survives a crash of the process or the machine.
 *
 * node:sqlite is synchronous, so appends are group-committed: every append requested during one
 * turn of the event loop is written in one transaction (one fsync), each checked on its own and
 * isolated by a savepoint, so one append's conflict does not fail the others.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: DatabaseSync;
  private readonly pollIntervalMs: number;
  private readonly subscriptionBatchSize: number;
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly transaction: ReturnType<typeof writeTransaction>;
  private pending: PendingAppend[] = [];
  private flushScheduled = false;
  private closed = false;
  /** Subscriptions waiting for new events; each callback is called once after a commit. */
  private readonly watchers = new Set<() => void>();
  private readonly subscriptions = new Set<SqliteSubscription>();

  constructor(path: string, options: SqliteEventStoreOptions = {}) {
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    // as many as the projections write in one batch (5,000): a reschedule's commit and its thousand
    // item steps, appended together, then arrive together and are written in one transaction
    this.subscriptionBatchSize = options.subscriptionBatchSize ?? 5000;
    this.db = openDurableSqlite(path, {
      schema,
      // 16 MB: the log is read in order (catch-ups, the rank index) and streams are read once per
      // command, so a larger cache saves no CPU (64 MB: the same time for 400,000 events read in order
      // or by category, and for 6,000 stream loads), while every megabyte it fills stays in the
      // process: freed pages go back to malloc, not to the system (PRAGMA shrink_memory gave back none)
      pragmas: 'PRAGMA cache_size = -16384;',
      ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    });
    this.statements = prepareStatements(this.db);
    this.transaction = writeTransaction(this.db);
  }

  append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('the event store is closed'));
    let encoded: EncodedEvent[];
    try {
      encoded = encode(streamId, events);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({
        streamId,
        category: categoryOf(streamId),
        events: encoded,
        expected,
        resolve,
        reject,
      });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Requested in one turn of the event loop, the appends are written in one group commit. */
  appendMany(appends: readonly StreamAppend[]): Promise<PromiseSettledResult<AppendResult>[]> {
    return Promise.allSettled(appends.map((a) => this.append(a.streamId, a.events, a.expected)));
  }

  async readStream(streamId: string, fromRevision = 0, maxCount = -1): Promise<StoredEvent[]> {
    this.assertOpen();
    return (this.statements.readStream.all(streamId, fromRevision, maxCount) as unknown as EventRow[]).map(
      toStoredEvent,
    );
  }

  /** One statement for all the streams: the reads as a JSON array joined to the (stream, revision) index. */
  async readStreams(reads: readonly StreamRead[]): Promise<StoredEvent[][]> {
    this.assertOpen();
    const answer = reads.map((): StoredEvent[] => []);
    if (reads.length === 0) return answer;
    const asked = JSON.stringify(reads.map((read) => [read.streamId, read.fromRevision]));
    for (const row of this.statements.readStreams.all(asked) as unknown as ReadRow[])
      answer[row[7]]!.push(toStoredEvent(row));
    return answer;
  }

  async readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    this.assertOpen();
    return this.readAfter(options.after ?? 0, options.maxCount ?? -1, options.categories);
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    const row = this.statements.head.get() as unknown as [number | null];
    return row[0] ?? 0;
  }

  subscribe(options: Omit<ReadAllOptions, 'maxCount'> = {}): Subscription {
    this.assertOpen();
    const categories = options.categories;
    const subscription = new SqliteSubscription(options.after ?? 0, this.pollIntervalMs, {
      read: (after) => this.readAfter(after, this.subscriptionBatchSize, categories),
      watch: (callback) => {
        this.watchers.add(callback);
        return () => this.watchers.delete(callback);
      },
      closed: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.flush();
    this.closed = true;
    this.db.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the event store is closed');
  }

  private readAfter(after: number, maxCount: number, categories?: readonly string[]): StoredEvent[] {
    const { statements } = this;
    if (categories === undefined) {
      return (statements.readAll.all(after, maxCount) as unknown as EventRow[]).map(toStoredEvent);
    }
    const distinct = [...new Set(categories)];
    const perCategory = distinct.map(
      (category) => statements.readCategory.all(category, after, maxCount) as unknown as EventRow[],
    );
    // The (category, position) index yields each category in position order; merge them.
    const rows = perCategory.length === 1 ? perCategory[0]! : perCategory.flat().sort((a, b) => a[0] - b[0]);
    return (maxCount >= 0 ? rows.slice(0, maxCount) : rows).map(toStoredEvent);
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    let outcomes: Outcome[];
    try {
      outcomes = this.transaction(() => batch.map((request) => this.appendInTransaction(request)));
    } catch (error) {
      // An unexpected failure (I/O, disk full, lock timeout) fails the whole group: nothing of it
      // is stored, and every append in it may be retried.
      for (const request of batch) request.reject(error);
      return;
    }
    batch.forEach((request, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) request.resolve(outcome.result);
      else request.reject(outcome.error);
    });
    if (outcomes.some((outcome) => outcome.ok && outcome.inserted)) this.notifyWatchers();
  }

  private notifyWatchers(): void {
    const watchers = [...this.watchers];
    this.watchers.clear();
    for (const watcher of watchers) watcher();
  }

  /**
   * Runs inside the group transaction. A rejected append (a conflict, a partial retry) leaves
   * nothing behind and does not disturb the others; anything unexpected is thrown.
   */
  private appendInTransaction(request: PendingAppend): Outcome {
    const { statements } = this;
    const { streamId, events, expected } = request;
    const last = statements.lastRevision.get(streamId) as unknown as [number] | undefined;
    const current = last === undefined ? -1 : last[0];
    if (!matches(expected, current)) {
      const earlier = this.earlierAppend(request);
      if (earlier) return earlier;
      return { ok: false, error: new WrongExpectedRevisionError(streamId, expected, current) };
    }
    if (events.length === 0) {
      const row = statements.streamHead.get(streamId) as unknown as [number | null];
      return { ok: true, result: { nextRevision: current, position: row[0] ?? 0 }, inserted: false };
    }
    // A single INSERT is atomic on its own; several need a savepoint so that a failure midway
    // does not leave the first ones in the group transaction.
    const several = events.length > 1;
    if (several) statements.savepoint.run();
    try {
      const now = Date.now();
      let revision = current;
      let position = 0;
      for (const event of events) {
        revision += 1;
        const inserted = statements.insert.run(
          streamId,
          revision,
          request.category,
          event.id,
          event.type,
          event.data,
          event.metadata,
          now,
        );
        position = Number(inserted.lastInsertRowid);
      }
      if (several) statements.release.run();
      return { ok: true, result: { nextRevision: revision, position }, inserted: true };
    } catch (error) {
      if (several) {
        statements.rollbackToSavepoint.run();
        statements.release.run();
      }
      if (!isDuplicateEventId(error)) throw error;
      return this.earlierAppend(request) ?? { ok: false, error };
    }
  }

  /**
   * The outcome of a retry of an earlier append of these events to this stream (its result, when
   * all of them are stored), or undefined when none of them is stored.
   */
  private earlierAppend(request: PendingAppend): Outcome | undefined {
    const rows = request.events.map(
      (event) =>
        this.statements.byId.get(request.streamId, event.id) as unknown as [number, number] | undefined,
    );
    if (rows.every((row) => row === undefined)) return undefined;
    if (rows.some((row) => row === undefined)) {
      const message = `stream ${request.streamId}: some of the appended event ids are already stored, but not all`;
      return { ok: false, error: new Error(message) };
    }
    const last = (rows as [number, number][]).reduce((a, b) => (b[1] > a[1] ? b : a));
    return { ok: true, result: { nextRevision: last[0], position: last[1] }, inserted: false };
  }
}

function encode(streamId: string, events: readonly NewEvent[]): EncodedEvent[] {
  if (streamId.length === 0) throw new Error('a stream id must not be empty');
  const invalid = events.find((event) => !uuid.test(event.id));
  if (invalid) throw new Error(`stream ${streamId}: event id ${invalid.id} is not a UUID`);
  if (new Set(events.map((event) => event.id.toLowerCase())).size !== events.length) {
    throw new Error(`stream ${streamId}: the appended events' ids are not unique`);
  }
  return events.map((event) => ({
    id: event.id,
    type: event.type,
    data: JSON.stringify(event.data ?? null),
    metadata: JSON.stringify(event.metadata),
  }));
}

function prepareStatements(db: DatabaseSync) {
  const prepare = preparer(db);
  return {
    savepoint: prepare('SAVEPOINT append'),
    release: prepare('RELEASE append'),
    rollbackToSavepoint: prepare('ROLLBACK TO append'),
    insert: prepare(
      `INSERT INTO events (stream_id, revision, category, id, type, data, metadata, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    lastRevision: prepare(
      'SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
      true,
    ),
    streamHead: prepare('SELECT max(position) FROM events WHERE stream_id = ?', true),
    byId: prepare(
      `SELECT revision, position FROM events WHERE stream_id = ? AND ${idKey('id')} = ${idKey('?')}`,
      true,
    ),
    head: prepare('SELECT max(position) FROM events', true),
    readStream: prepare(
      `SELECT ${columns} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?`,
      true,
    ),
    // json_each drives the join (CROSS JOIN keeps it outer), so each read is one range of the index
    readStreams: prepare(
      `SELECT ${columns.replace(/\w+/g, 'e.$&')}, r.key FROM json_each(?) AS r
       CROSS JOIN events AS e ON e.stream_id = r.value ->> 0 AND e.revision >= r.value ->> 1
       ORDER BY r.key, e.revision`,
      true,
    ),
    readAll: prepare(`SELECT ${columns} FROM events WHERE position > ? ORDER BY position LIMIT ?`, true),
    readCategory: prepare(
      `SELECT ${columns} FROM events WHERE category = ? AND position > ? ORDER BY position LIMIT ?`,
      true,
    ),
  };
}

interface SubscriptionSource {
  /** The next batch of matching events after a position, read synchronously. */
  read(after: number): StoredEvent[];
  /** Calls back once after the next commit in this process; returns an unsubscribe. */
  watch(callback: () => void): () => void;
  closed(): void;
}

class SqliteSubscription extends PulledSubscription {
  private buffer: StoredEvent[] = [];
  private index = 0;
  private isClosed = false;
  private wake: (() => void) | undefined;

  constructor(
    private after: number,
    private readonly pollIntervalMs: number,
    private readonly source: SubscriptionSource,
  ) {
    super();
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.buffer = [];
    this.wake?.();
    this.source.closed();
  }

  protected buffered(): number {
    return this.buffer.length - this.index;
  }

  protected async pull(): Promise<IteratorResult<StoredEvent>> {
    for (;;) {
      if (this.isClosed) return { done: true, value: undefined };
      const event = this.buffer[this.index];
      if (event !== undefined) {
        this.index += 1;
        return { done: false, value: event };
      }
      // Reading and starting to wait happen in one synchronous step, so no in-process commit can
      // slip in between; commits by other processes are found by the poll.
      const batch = this.source.read(this.after);
      if (batch.length > 0) {
        this.buffer = batch;
        this.index = 0;
        this.after = batch[batch.length - 1]!.position;
        continue;
      }
      await this.waitForAppends();
    }
  }

  private waitForAppends(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        unwatch();
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      const unwatch = this.source.watch(done);
      this.wake = done;
    });
  }
}
