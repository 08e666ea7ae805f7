/** A message as published: the key decides its partition, so messages with one key stay in order. */
export interface BusMessage {
  readonly key: string;
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** A message as a consumer receives it. */
export interface ReceivedMessage extends BusMessage {
  readonly topic: string;
  readonly partition: number;
  /** The message's offset in its partition, as a decimal string (Kafka offsets are 64-bit). */
  readonly offset: string;
}

/** Handles one message; the message counts as consumed only once the promise resolves. */
export type MessageHandler = (message: ReceivedMessage) => Promise<void>;

export interface SubscribeOptions {
  /** Where a group without a committed offset starts: the topic's beginning (default) or its end. */
  readonly fromBeginning?: boolean;
}

export interface BusConsumer {
  /** Stops receiving; waits for the message being handled and commits it. */
  close(): Promise<void>;
}

/**
 * The bus port: topics of keyed messages, consumed by groups. Every adapter passes the same
 * contract suite (`platform/src/bus/testing/bus.contract.ts`).
 */
export interface Bus {
  /**
   * Resolves once the bus has durably accepted every message (Kafka: acknowledged by all in-sync
   * replicas). Messages with the same key are delivered in the order published.
   */
  publish(topic: string, messages: readonly BusMessage[]): Promise<void>;
  /**
   * At-least-once: a group's consumers share the topic's messages; one consumer handles the
   * messages of a key one at a time, in order; a message is committed only after its handler
   * resolved, so a handler that fails (or a consumer that dies) has the message delivered again.
   * Consumers de-duplicate (see `deduplicateByEventId`).
   */
  subscribe(
    topic: string,
    groupId: string,
    handler: MessageHandler,
    options?: SubscribeOptions,
  ): Promise<BusConsumer>;
  /** Closes every consumer, then the producer. */
  close(): Promise<void>;
}
