import type { BusConsumer, MessageHandler } from './bus';

/** A consumer of a group: its handler and the message it is handling. */
export interface Member {
  readonly handler: MessageHandler;
  /** The message being handled (and, where the bus commits inside it, its commit). */
  inFlight?: Promise<unknown>;
}

/**
 * The members of one consumer group of an embedded bus, handed messages in turn by `deliver`, which
 * each bus writes for its own log; one delivery loop at a time.
 */
export abstract class GroupMembers {
  protected readonly members: Member[] = [];
  private running = false;
  private woken = false;
  private turn = 0;

  /**
   * A new member handling with `handler`, as the consumer a bus hands out: kept in `consumers` (which
   * the bus closes at its end) until closed, and closing waits for the message in hand.
   */
  consumer(handler: MessageHandler, consumers: Set<BusConsumer>): BusConsumer {
    const member: Member = { handler };
    const consumer: BusConsumer = {
      close: async () => {
        consumers.delete(consumer);
        const index = this.members.indexOf(member);
        if (index >= 0) this.members.splice(index, 1);
        await member.inFlight?.catch(() => undefined);
      },
    };
    consumers.add(consumer);
    this.members.push(member);
    this.wake();
    return consumer;
  }

  /** Delivers what is there; a wake during a delivery makes it look again, so no message waits for the next one. */
  wake(): void {
    this.woken = true;
    if (!this.running) void this.loop();
  }

  private async loop(): Promise<void> {
    this.running = true;
    try {
      while (this.woken) {
        this.woken = false;
        await this.deliver();
      }
    } finally {
      this.running = false;
    }
  }

  /** The member whose turn it is. */
  protected nextMember(): Member {
    return this.members[this.turn++ % this.members.length]!;
  }

  /** Delivers until there is nothing to deliver or no member left. */
  protected abstract deliver(): Promise<void>;
}
