import {
  planningEventEnvelope,
  planningEventMessageHeaders,
  publishedCategories,
  topics,
} from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import type { EventStore, Subscription } from '../event-store/event-store';
import { PositionGate } from '../event-store/position-gate';
import type { Bus, BusMessage } from './bus';

/** Where a reader of the event log stands; the read stores implement it. */
export interface Checkpoints {
  checkpoint(name: string): Promise<number>;
  saveCheckpoint(name: string, position: number): Promise<void>;
}

export interface EventPublisherOptions {
  readonly store: EventStore;
  readonly bus: Bus;
  readonly checkpoints: Checkpoints;
  /** The checkpoint's name; two publishers to different topics need different names. */
  readonly checkpointName?: string;
  readonly topic?: string;
  /** Most events per publish (and per checkpoint write). */
  readonly batchSize?: number;
  /** Wait before reading again from the checkpoint after a failed publish. */
  readonly retryDelayMs?: number;
  /** Told about a failed publish; the publisher then retries from its checkpoint. */
  readonly onError?: (error: unknown) => void;
  /** Told after each acknowledged batch, once its checkpoint is saved (for metrics and progress). */
  readonly onPublished?: (progress: { readonly position: number; readonly messages: number }) => void;
}

const idle = Symbol('idle');
/** Resolves after the pending I/O callbacks: what a subscription has buffered arrives before it. */
const nextTurn = () => new Promise<typeof idle>((resolve) => setImmediate(resolve, idle));

/**
 * Publishes every event of the public catalogue from the event store to the planning-events topic,
 * at least once and in log order: it reads from its checkpoint, publishes a batch, and saves the
 * checkpoint only after the bus acknowledged the batch. A crash between the two publishes the
 * batch again; consumers de-duplicate by event id. Events outside the catalogue (identity,
 * sessions, …) are skipped, their positions passed.
 */
export class EventPublisher {
  private readonly name: string;
  private readonly topic: string;
  private readonly batchSize: number;
  private readonly retryDelayMs: number;
  private readonly gate = new PositionGate();
  private subscription: Subscription | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private count = 0;

  constructor(private readonly options: EventPublisherOptions) {
    this.name = options.checkpointName ?? 'planning-events-publisher';
    this.topic = options.topic ?? topics.planningEvents;
    this.batchSize = options.batchSize ?? 500;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
  }

  /** The position up to which every event is acknowledged by the bus (the stored checkpoint). */
  get position(): number {
    return this.gate.current;
  }

  /** Messages published since start (re-publications after a failure count again). */
  get published(): number {
    return this.count;
  }

  /** Resolves true once everything up to `position` is published, or false after `timeoutMs`. */
  waitFor(position: number, timeoutMs?: number): Promise<boolean> {
    return this.gate.waitFor(position, timeoutMs);
  }

  /** Loads the checkpoint and starts publishing in the background. */
  async start(): Promise<void> {
    if (this.running) throw new Error('the publisher is running already');
    this.stopping = false;
    this.gate.advance(await this.options.checkpoints.checkpoint(this.name));
    this.running = this.run();
  }

  /** Finishes the batch in flight, saves its checkpoint, and stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.subscription?.close();
    await this.running;
    this.running = undefined;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.publishFrom(this.gate.current);
      } catch (error) {
        if (this.stopping) break;
        (this.options.onError ?? ((e: unknown) => console.error('event publisher: publish failed', e)))(
          error,
        );
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve;
          setTimeout(resolve, this.retryDelayMs).unref();
        });
      }
    }
  }

  /** Follows the log from `after` until stopped, publishing what arrives together as one batch. */
  private async publishFrom(after: number): Promise<void> {
    const subscription = this.options.store.subscribe({ after, categories: publishedCategories });
    this.subscription = subscription;
    if (this.stopping) await subscription.close();
    const events = subscription[Symbol.asyncIterator]();
    try {
      let pending = events.next();
      for (;;) {
        const first = await pending;
        if (first.done) return;
        const batch = [first.value];
        pending = events.next();
        while (batch.length < this.batchSize) {
          const next = await Promise.race([pending, nextTurn()]);
          if (next === idle || next.done) break;
          batch.push(next.value);
          pending = events.next();
        }
        await this.publish(batch);
      }
    } finally {
      await subscription.close();
    }
  }

  private async publish(batch: readonly StoredEvent[]): Promise<void> {
    const messages: BusMessage[] = [];
    for (const event of batch) {
      const envelope = planningEventEnvelope(event);
      if (!envelope) continue;
      messages.push({
        key: envelope.aggregateId,
        value: JSON.stringify(envelope),
        headers: planningEventMessageHeaders(envelope),
      });
    }
    if (messages.length > 0) await this.options.bus.publish(this.topic, messages);
    this.count += messages.length;
    const position = batch[batch.length - 1]!.position;
    await this.options.checkpoints.saveCheckpoint(this.name, position);
    this.gate.advance(position);
    this.options.onPublished?.({ position, messages: messages.length });
  }
}
