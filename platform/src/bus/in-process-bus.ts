import type { Bus, BusConsumer, BusMessage, MessageHandler, ReceivedMessage, SubscribeOptions } from './bus';
import { GroupMembers } from './group-members';

export interface InProcessBusOptions {
  /** How long a message whose handler failed waits before it is delivered again. */
  readonly redeliveryDelayMs?: number;
  /** Told about every failed handler (the message is then delivered again); logs by default. */
  readonly onHandlerError?: (error: unknown, message: ReceivedMessage) => void;
}

interface BusState {
  closed: boolean;
  readonly redeliveryDelayMs: number;
  readonly onHandlerError: InProcessBusOptions['onHandlerError'];
}

interface TopicLog {
  readonly messages: ReceivedMessage[];
  readonly groups: Map<string, Group>;
}

class Group extends GroupMembers {
  constructor(
    private readonly log: TopicLog,
    private committed: number,
    private readonly bus: BusState,
  ) {
    super();
  }

  /** One message at a time for the whole group: the embedded mode needs no parallelism, and order per key follows. */
  protected async deliver(): Promise<void> {
    while (!this.bus.closed && this.members.length > 0 && this.committed < this.log.messages.length) {
      const member = this.nextMember();
      const message = this.log.messages[this.committed]!;
      member.inFlight = Promise.resolve().then(() => member.handler(message));
      try {
        await member.inFlight;
        this.committed += 1;
      } catch (error) {
        this.bus.onHandlerError?.(error, message);
        await new Promise((resolve) => setTimeout(resolve, this.bus.redeliveryDelayMs));
      } finally {
        member.inFlight = undefined;
      }
    }
  }
}

/**
 * The embedded bus: topics are in-memory logs (one partition each) that live as long as the
 * process, consumer groups keep an offset in that log. For the one-process mode and for tests;
 * nothing survives a restart, which is why the embedded mode does not publish to downstream systems.
 */
export class InProcessBus implements Bus {
  private readonly topics = new Map<string, TopicLog>();
  private readonly consumers = new Set<BusConsumer>();
  private readonly state: BusState;

  constructor(options: InProcessBusOptions = {}) {
    this.state = {
      closed: false,
      redeliveryDelayMs: options.redeliveryDelayMs ?? 100,
      onHandlerError:
        options.onHandlerError ??
        ((error, message) =>
          console.error(
            `in-process bus: handler failed on ${message.topic}@${message.offset}, redelivering`,
            error,
          )),
    };
  }

  async publish(topic: string, messages: readonly BusMessage[]): Promise<void> {
    if (this.state.closed) throw new Error('the bus is closed');
    const log = this.log(topic);
    for (const message of messages) {
      log.messages.push({
        topic,
        partition: 0,
        offset: String(log.messages.length),
        key: message.key,
        value: message.value,
        headers: { ...message.headers },
      });
    }
    for (const group of log.groups.values()) group.wake();
  }

  async subscribe(
    topic: string,
    groupId: string,
    handler: MessageHandler,
    options: SubscribeOptions = {},
  ): Promise<BusConsumer> {
    if (this.state.closed) throw new Error('the bus is closed');
    const log = this.log(topic);
    let group = log.groups.get(groupId);
    if (!group) {
      group = new Group(log, options.fromBeginning === false ? log.messages.length : 0, this.state);
      log.groups.set(groupId, group);
    }
    return group.consumer(handler, this.consumers);
  }

  async close(): Promise<void> {
    this.state.closed = true;
    await Promise.all([...this.consumers].map((consumer) => consumer.close()));
  }

  private log(topic: string): TopicLog {
    let log = this.topics.get(topic);
    if (!log) {
      log = { messages: [], groups: new Map() };
      this.topics.set(topic, log);
    }
    return log;
  }
}
