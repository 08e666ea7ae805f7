import type * as Kafkajs from 'kafkajs';
import type { Admin, Consumer, IHeaders, Kafka, KafkaMessage, Producer, RetryOptions } from 'kafkajs';
import { onFirstUse } from '../modules/on-first-use';
import type { Bus, BusConsumer, BusMessage, MessageHandler, SubscribeOptions } from './bus';

export interface KafkaBusOptions {
  /** `host:port` of one or more brokers. */
  readonly brokers: readonly string[];
  readonly clientId?: string;
  /** kafkajs's own logging, to the console; `error` by default. */
  readonly logLevel?: 'nothing' | 'error' | 'warn' | 'info' | 'debug';
  /** How a failed handler is retried (kafkajs consumer retry); the failed message is delivered again. */
  readonly consumerRetry?: RetryOptions;
  /** Upper bound of one produce request's payload; larger publishes are sent in several requests. */
  readonly maxRequestBytes?: number;
  /**
   * How long the broker holds a fetch when there is nothing new. A closing consumer waits for its
   * fetch, so this bounds `close()`; 500 ms as the Java client (kafkajs waits 5 s by default).
   */
  readonly maxWaitTimeInMs?: number;
  /**
   * After how long without a heartbeat the group gives a dead consumer's partitions to the others
   * (kafkajs: 30 s; the broker's minimum is 6 s).
   */
  readonly sessionTimeoutMs?: number;
}

export interface TopicSpec {
  readonly topic: string;
  readonly partitions?: number;
  readonly replicationFactor?: number;
  /** Topic configuration, e.g. `{ 'cleanup.policy': 'compact' }` for a topic of snapshots. */
  readonly config?: Readonly<Record<string, string>>;
}

interface ConsumerEntry {
  readonly consumer: Consumer;
  closing?: Promise<void>;
}

/** kafkajs, loaded once a Kafka bus is made: the embedded shape never loads it. */
const kafkajs = onFirstUse<typeof Kafkajs>(require, 'kafkajs');

const logLevels = {
  nothing: 'NOTHING',
  error: 'ERROR',
  warn: 'WARN',
  info: 'INFO',
  debug: 'DEBUG',
} as const;

const text = (value: Buffer | string | null | undefined): string =>
  value === null || value === undefined ? '' : value.toString();

const headersOf = (headers: IHeaders | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [
      name,
      text(Array.isArray(value) ? value[0] : value),
    ]),
  );

const sizeOf = (message: BusMessage): number =>
  Buffer.byteLength(message.key) +
  Buffer.byteLength(message.value) +
  Object.entries(message.headers).reduce(
    (sum, [k, v]) => sum + Buffer.byteLength(k) + Buffer.byteLength(v),
    0,
  );

/** Splits messages so that no request exceeds `maxBytes` (the broker refuses record batches over 1 MiB by default). */
const chunks = (messages: readonly BusMessage[], maxBytes: number): BusMessage[][] => {
  const result: BusMessage[][] = [];
  let current: BusMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = sizeOf(message) + 64;
    if (current.length > 0 && bytes + size > maxBytes) {
      result.push(current);
      current = [];
      bytes = 0;
    }
    current.push(message);
    bytes += size;
  }
  if (current.length > 0) result.push(current);
  return result;
};

/**
 * The distributed bus on Kafka through kafkajs. The producer is idempotent (acks from all in-sync
 * replicas, one request in flight, so retries neither duplicate nor reorder a partition's
 * messages) and partitions by key with the Java client's murmur2, so other clients agree on where a
 * key lives. Consumers commit a message's offset only after its handler resolved.
 */
export class KafkaBus implements Bus {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly consumers = new Set<ConsumerEntry>();
  private readonly consumerRetry: RetryOptions | undefined;
  private readonly maxRequestBytes: number;
  private readonly maxWaitTimeInMs: number;
  private readonly sessionTimeoutMs: number | undefined;
  private connected: Promise<void> | undefined;
  /** kafkajs's idempotent producer mis-sequences concurrent sends to one partition: send one at a time. */
  private sending: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(options: KafkaBusOptions) {
    this.kafka = new (kafkajs().Kafka)({
      clientId: options.clientId ?? 'fahrplan',
      brokers: [...options.brokers],
      logLevel: kafkajs().logLevel[logLevels[options.logLevel ?? 'error']],
    });
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: kafkajs().Partitioners.DefaultPartitioner,
    });
    this.consumerRetry = options.consumerRetry;
    this.maxRequestBytes = options.maxRequestBytes ?? 900 * 1024;
    this.maxWaitTimeInMs = options.maxWaitTimeInMs ?? 500;
    this.sessionTimeoutMs = options.sessionTimeoutMs;
  }

  async publish(topic: string, messages: readonly BusMessage[]): Promise<void> {
    if (this.closed) throw new Error('the bus is closed');
    if (messages.length === 0) return;
    const sent = this.sending.then(async () => {
      await this.connectProducer();
      for (const chunk of chunks(messages, this.maxRequestBytes)) {
        await this.producer.send({
          topic,
          acks: -1,
          messages: chunk.map((message) => ({
            key: message.key,
            value: message.value,
            headers: { ...message.headers },
          })),
        });
      }
    });
    this.sending = sent.catch(() => undefined);
    return sent;
  }

  async subscribe(
    topic: string,
    groupId: string,
    handler: MessageHandler,
    options: SubscribeOptions = {},
  ): Promise<BusConsumer> {
    if (this.closed) throw new Error('the bus is closed');
    const consumer = this.kafka.consumer({
      groupId,
      maxWaitTimeInMs: this.maxWaitTimeInMs,
      ...(this.sessionTimeoutMs ? { sessionTimeout: this.sessionTimeoutMs } : {}),
      ...(this.consumerRetry ? { retry: this.consumerRetry } : {}),
    });
    const entry: ConsumerEntry = { consumer };
    this.consumers.add(entry);
    const close = () => this.closeConsumer(entry);
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: options.fromBeginning ?? true });
      await consumer.run({
        eachMessage: ({ topic: from, partition, message }) => handler(received(from, partition, message)),
      });
    } catch (error) {
      await close().catch(() => undefined);
      throw error;
    }
    return { close };
  }

  /** Creates topics that do not exist yet (an existing topic keeps its partitions). */
  async ensureTopics(specs: readonly TopicSpec[], timeoutMs = 30_000): Promise<void> {
    await this.withAdmin(async (admin) => {
      await admin.createTopics({
        // kafkajs waits only through LEADER_NOT_AVAILABLE, but a KRaft broker answers
        // UNKNOWN_TOPIC_OR_PARTITION until the new topic's metadata has propagated: wait here instead
        waitForLeaders: false,
        topics: specs.map((spec) => ({
          topic: spec.topic,
          numPartitions: spec.partitions ?? 3,
          replicationFactor: spec.replicationFactor ?? 1,
          ...(spec.config
            ? { configEntries: Object.entries(spec.config).map(([name, value]) => ({ name, value })) }
            : {}),
        })),
      });
      const topics = specs.map((spec) => spec.topic);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const led = await admin.fetchTopicMetadata({ topics }).then(
          (metadata) =>
            metadata.topics.length === topics.length &&
            metadata.topics.every((topic) => topic.partitions.every((partition) => partition.leader >= 0)),
          (error: unknown) => {
            if ((error as { retriable?: boolean }).retriable) return false;
            throw error;
          },
        );
        if (led) return;
        if (Date.now() > deadline)
          throw new Error(`topics ${topics.join(', ')} have no leaders after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
  }

  /** Deletes topics (tests and benchmarks clean up after themselves). */
  async deleteTopics(topics: readonly string[]): Promise<void> {
    await this.withAdmin((admin) => admin.deleteTopics({ topics: [...topics] }));
  }

  /** How many partitions a topic has. */
  async partitions(topic: string): Promise<number> {
    return this.withAdmin(async (admin) => {
      const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
      return topics[0]?.partitions.length ?? 0;
    });
  }

  /** How many messages a topic holds (sum over its partitions of high minus low watermark). */
  async messageCount(topic: string): Promise<number> {
    return this.withAdmin(async (admin) =>
      (await admin.fetchTopicOffsets(topic)).reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0),
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.consumers].map((entry) => this.closeConsumer(entry)));
    await this.sending;
    if (this.connected) await this.producer.disconnect();
  }

  /** kafkajs's disconnect waits for the message being handled and commits the handled offsets. */
  private closeConsumer(entry: ConsumerEntry): Promise<void> {
    entry.closing ??= entry.consumer.disconnect().finally(() => this.consumers.delete(entry));
    return entry.closing;
  }

  private connectProducer(): Promise<void> {
    this.connected ??= this.producer.connect().catch((error: unknown) => {
      this.connected = undefined;
      throw error;
    });
    return this.connected;
  }

  private async withAdmin<T>(work: (admin: Admin) => Promise<T>): Promise<T> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      return await work(admin);
    } finally {
      await admin.disconnect();
    }
  }
}

const received = (topic: string, partition: number, message: KafkaMessage) => ({
  topic,
  partition,
  offset: message.offset,
  key: text(message.key),
  value: text(message.value),
  headers: headersOf(message.headers),
});
