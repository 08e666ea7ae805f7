import type { DatabaseSync } from 'node:sqlite';
import type { Bus, BusConsumer, BusMessage, MessageHandler, ReceivedMessage, SubscribeOptions } from './bus';
import { GroupMembers } from './group-members';
import { openDurableSqlite, preparer, writeTransaction } from '../sqlite/durable-sqlite';

export interface SqliteBusOptions {
  /** How long a message whose handler failed waits before it is delivered again. */
  readonly redeliveryDelayMs?: number;
  /** Told about every failed handler (the message is then delivered again); logs by default. */
  readonly onHandlerError?: (error: unknown, message: ReceivedMessage) => void;
  /** How often idle consumers look for messages published by other processes on the same file (default 1000). */
  readonly pollMs?: number;
  /** Topics compacted like Kafka's `cleanup.policy=compact`: only the newest message per key is kept. */
  readonly compactedTopics?: readonly string[];
  /** How often the compacted topics are compacted (default 10 minutes; also once when the file is opened). */
  readonly compactionIntervalMs?: number;
  /** How long a writer waits for another process's write lock before failing. */
  readonly busyTimeoutMs?: number;
}

const schema = `
  CREATE TABLE IF NOT EXISTS bus_messages (
    topic    TEXT    NOT NULL,
    position INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    headers  TEXT    NOT NULL,
    PRIMARY KEY (topic, position)
  );
  CREATE TABLE IF NOT EXISTS bus_group_offsets (
    topic    TEXT    NOT NULL,
    group_id TEXT    NOT NULL,
    next     INTEGER NOT NULL,
    PRIMARY KEY (topic, group_id)
  ) WITHOUT ROWID;
`;

type MessageRow = [position: number, key: string, value: string, headers: string];

/** Messages a group reads per query. */
const fetchSize = 200;

/** Superseded messages removed per transaction by a compaction run, which yields to the event loop between them. */
const compactionChunk = 2000;

/** What a group needs from its bus. */
interface GroupContext {
  closed(): boolean;
  readonly redeliveryDelayMs: number;
  readonly onHandlerError: (error: unknown, message: ReceivedMessage) => void;
  /** The group's stored offset (the next position to handle), read afresh. */
  stored(topic: string, groupId: string): number;
  read(topic: string, from: number): ReceivedMessage[];
  commit(topic: string, groupId: string, next: number): void;
}

class Group extends GroupMembers {
  constructor(
    readonly topic: string,
    readonly groupId: string,
    /** The next position to handle: one past the last committed message. */
    private next: number,
    private readonly context: GroupContext,
  ) {
    super();
  }

  /** One message at a time for the whole group, as InProcessBus: order per key follows. */
  protected async deliver(): Promise<void> {
    const { context } = this;
    let buffer: ReceivedMessage[] = [];
    let index = 0;
    try {
      while (!context.closed() && this.members.length > 0) {
        if (index >= buffer.length) {
          // Another process consuming for this group may have moved the stored offset on.
          this.next = Math.max(this.next, context.stored(this.topic, this.groupId));
          buffer = context.read(this.topic, this.next);
          index = 0;
          // Reading and giving up happen in one synchronous step, so no publish of this process
          // slips in between; other processes' publishes are found by the poll.
          if (buffer.length === 0) return;
        }
        const message = buffer[index]!;
        const member = this.nextMember();
        const step = Promise.resolve()
          .then(() => member.handler(message))
          .then(() => {
            // Inside the step, so that closing a consumer waits for the commit as well.
            const next = Number(message.offset) + 1;
            context.commit(this.topic, this.groupId, next);
            this.next = next;
          });
        member.inFlight = step;
        try {
          await step;
          index += 1;
        } catch (error) {
          context.onHandlerError(error, message);
          // Read again from the committed offset: compaction may have replaced the message meanwhile.
          buffer = [];
          index = 0;
          await new Promise((resolve) => setTimeout(resolve, context.redeliveryDelayMs));
        } finally {
          member.inFlight = undefined;
        }
      }
    } catch (error) {
      // The file could not be read (e.g. locked past the busy timeout): the next poll tries again.
      if (!context.closed())
        console.error(`sqlite bus: delivery on ${this.topic} to ${this.groupId} failed`, error);
    }
  }
}

/**
 * The durable embedded bus: topics (one partition each) and consumer-group offsets in a SQLite file
 * (WAL), so both survive a restart. Publishes are durable once acknowledged (synchronous=FULL, one
 * transaction per publish); consumers in this process are woken by publishes, those of other
 * processes on the same file find new messages by polling. Group offsets are written without an
 * fsync: a power loss may move one back, which only redelivers (at least once).
 *
 * Compacted topics keep the newest message per key (Kafka's log compaction): offsets never change,
 * so a topic may have gaps, which delivery skips.
 *
 * A group hands its messages to its members in this process one at a time. Consumers of one group
 * in two processes each deliver from the stored offset on (at least once, but the two may overlap
 * and interleave a key's messages): give each process its own groups.
 */
export class SqliteBus implements Bus {
  private readonly db: DatabaseSync;
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly transaction: ReturnType<typeof writeTransaction>;
  private readonly groups = new Map<string, Group>();
  private readonly consumers = new Set<BusConsumer>();
  private readonly compactedTopics: ReadonlySet<string>;
  private readonly context: GroupContext;
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;
  private closing: Promise<void> | undefined;
  /** The compaction run under way: runs are serialised. */
  private compacting: Promise<unknown> = Promise.resolve();

  constructor(file: string, options: SqliteBusOptions = {}) {
    this.compactedTopics = new Set(options.compactedTopics ?? []);
    this.db = openDurableSqlite(file, {
      schema,
      ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    });
    this.statements = prepareStatements(this.db);
    this.transaction = writeTransaction(this.db);
    const onHandlerError =
      options.onHandlerError ??
      ((error: unknown, message: ReceivedMessage) =>
        console.error(
          `sqlite bus: handler failed on ${message.topic}@${message.offset}, redelivering`,
          error,
        ));
    this.context = {
      closed: () => this.closed,
      redeliveryDelayMs: options.redeliveryDelayMs ?? 100,
      onHandlerError,
      stored: (topic, groupId) => this.storedOffset(topic, groupId) ?? 0,
      read: (topic, from) => this.read(topic, from),
      commit: (topic, groupId, next) => this.commit(topic, groupId, next),
    };
    // At open each topic is compacted in one go: nothing is served yet.
    for (const topic of this.compactedTopics) {
      try {
        this.transaction(() => this.statements.compact.run({ topic }));
      } catch (error) {
        // Another process held the file past the busy timeout: the periodic run catches up.
        console.error(`sqlite bus: compacting ${topic} failed`, error);
      }
    }
    const every = (ms: number, task: () => void) => {
      // Not unref'd: like a broker connection, an open bus keeps a consumer process alive.
      this.timers.push(setInterval(task, ms));
    };
    every(options.pollMs ?? 1000, () => this.wakeAll());
    if (this.compactedTopics.size > 0) {
      every(options.compactionIntervalMs ?? 10 * 60_000, () => {
        this.compact().catch((error: unknown) => {
          // A file locked past the busy timeout is compacted next time.
          if (!this.closed) console.error('sqlite bus: compaction failed', error);
        });
      });
    }
  }

  async publish(topic: string, messages: readonly BusMessage[]): Promise<void> {
    this.assertOpen();
    if (messages.length === 0) return;
    const { statements } = this;
    this.transaction(() => {
      const [last] = statements.last.get(topic) as unknown as [number | null];
      let position = (last ?? -1) + 1;
      for (const message of messages) {
        statements.insert.run(topic, position, message.key, message.value, JSON.stringify(message.headers));
        position += 1;
      }
    });
    for (const group of this.groups.values()) if (group.topic === topic) group.wake();
  }

  async subscribe(
    topic: string,
    groupId: string,
    handler: MessageHandler,
    options: SubscribeOptions = {},
  ): Promise<BusConsumer> {
    this.assertOpen();
    const name = JSON.stringify([topic, groupId]);
    let group = this.groups.get(name);
    if (!group) {
      group = new Group(
        topic,
        groupId,
        this.joinGroup(topic, groupId, options.fromBeginning !== false),
        this.context,
      );
      this.groups.set(name, group);
    }
    return group.consumer(handler, this.consumers);
  }

  /**
   * Compacts one compacted topic, or all of them: removes every message that a later message with
   * the same key supersedes. Resolves to the number of messages removed. Removes them in chunks,
   * yielding to the event loop in between, so that delivery and publishing go on meanwhile.
   */
  compact(topic?: string): Promise<number> {
    if (this.closed) return Promise.reject(new Error('the bus is closed'));
    if (topic !== undefined && !this.compactedTopics.has(topic)) {
      return Promise.reject(new Error(`${topic} is not a compacted topic of this bus`));
    }
    const topics = topic === undefined ? [...this.compactedTopics] : [topic];
    const run = this.compacting.then(() => this.compactTopics(topics));
    this.compacting = run.catch(() => undefined);
    return run;
  }

  /** Stops delivering, waits for the handlers in flight (and their commits), then closes the file. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.closed = true;
      for (const timer of this.timers) clearInterval(timer);
      await Promise.all([...this.consumers].map((consumer) => consumer.close()));
      // A compaction run stops at its next chunk.
      await this.compacting;
      this.db.close();
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the bus is closed');
  }

  private wakeAll(): void {
    for (const group of this.groups.values()) group.wake();
  }

  private async compactTopics(topics: readonly string[]): Promise<number> {
    const { statements } = this;
    let removed = 0;
    for (const topic of topics) {
      if (this.closed) break;
      const superseded = (statements.superseded.all({ topic }) as unknown as [number][]).map(([p]) => p);
      for (let start = 0; start < superseded.length; start += compactionChunk) {
        if (start > 0) await new Promise((resolve) => setImmediate(resolve));
        if (this.closed) break;
        const chunk = JSON.stringify(superseded.slice(start, start + compactionChunk));
        removed += Number(this.transaction(() => statements.remove.run(topic, chunk)).changes);
      }
    }
    return removed;
  }

  /** The group's start: its stored offset, else the topic's beginning or end (stored at once, so a restart keeps it). */
  private joinGroup(topic: string, groupId: string, fromBeginning: boolean): number {
    return this.transaction(() => {
      const stored = this.storedOffset(topic, groupId);
      if (stored !== undefined) return stored;
      const [last] = this.statements.last.get(topic) as unknown as [number | null];
      const start = fromBeginning ? 0 : (last ?? -1) + 1;
      this.statements.commit.run(topic, groupId, start);
      return start;
    });
  }

  private storedOffset(topic: string, groupId: string): number | undefined {
    const row = this.statements.stored.get(topic, groupId) as unknown as [number] | undefined;
    return row?.[0];
  }

  private read(topic: string, from: number): ReceivedMessage[] {
    const rows = this.statements.read.all(topic, from, fetchSize) as unknown as MessageRow[];
    return rows.map(([position, key, value, headers]) => ({
      topic,
      partition: 0,
      offset: String(position),
      key,
      value,
      headers: JSON.parse(headers) as Record<string, string>,
    }));
  }

  /** Stored without an fsync: losing it to a power failure means a redelivery, which consumers tolerate. */
  private commit(topic: string, groupId: string, next: number): void {
    const { statements } = this;
    statements.relaxed.run();
    try {
      statements.commit.run(topic, groupId, next);
    } finally {
      statements.durable.run();
    }
  }
}

function prepareStatements(db: DatabaseSync) {
  const prepare = preparer(db);
  return {
    relaxed: prepare('PRAGMA synchronous = NORMAL'),
    durable: prepare('PRAGMA synchronous = FULL'),
    last: prepare('SELECT max(position) FROM bus_messages WHERE topic = ?', true),
    insert: prepare('INSERT INTO bus_messages (topic, position, key, value, headers) VALUES (?, ?, ?, ?, ?)'),
    read: prepare(
      `SELECT position, key, value, headers FROM bus_messages
       WHERE topic = ? AND position >= ? ORDER BY position LIMIT ?`,
      true,
    ),
    stored: prepare('SELECT next FROM bus_group_offsets WHERE topic = ? AND group_id = ?', true),
    // Offsets only move forward, also when two processes consume for one group.
    commit: prepare(
      `INSERT INTO bus_group_offsets (topic, group_id, next) VALUES (?, ?, ?)
       ON CONFLICT (topic, group_id) DO UPDATE SET next = max(next, excluded.next)`,
    ),
    superseded: prepare(
      `SELECT position FROM bus_messages WHERE topic = :topic AND position NOT IN
         (SELECT max(position) FROM bus_messages WHERE topic = :topic GROUP BY key)
       ORDER BY position`,
      true,
    ),
    remove: prepare(
      'DELETE FROM bus_messages WHERE topic = ? AND position IN (SELECT value FROM json_each(?))',
    ),
    compact: prepare(
      `DELETE FROM bus_messages WHERE topic = :topic AND position NOT IN
         (SELECT max(position) FROM bus_messages WHERE topic = :topic GROUP BY key)`,
    ),
  };
}
