import type { StoredEvent } from '@fahrplan/contracts';
import type { Subscription } from './event-store';

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * A subscription whose adapter pulls each event when asked: a `next()` (or `nextBatch()`) waits for
 * the one before it, so that events come in order however many are asked at once, and `return()` (a
 * `break` out of a `for await`) closes it.
 */
export abstract class PulledSubscription implements Subscription {
  private queue: Promise<unknown> = Promise.resolve();

  /** The next event, or done once closed. Never called before the previous call has settled. */
  protected abstract pull(): Promise<IteratorResult<StoredEvent>>;

  abstract close(): Promise<void>;

  /** How many events a `pull()` would answer now without waiting. */
  protected abstract buffered(): number;

  [Symbol.asyncIterator](): AsyncIterator<StoredEvent> {
    return {
      next: () => this.next(),
      return: async () => {
        await this.close();
        return DONE;
      },
    };
  }

  next(): Promise<IteratorResult<StoredEvent>> {
    return this.queued(() => this.pull());
  }

  nextBatch(maxCount: number): Promise<StoredEvent[]> {
    return this.queued(async () => {
      const batch: StoredEvent[] = [];
      do {
        const next = await this.pull();
        if (next.done) break;
        batch.push(next.value);
      } while (batch.length < maxCount && this.buffered() > 0);
      return batch;
    });
  }

  private queued<T>(take: () => Promise<T>): Promise<T> {
    const result = this.queue.then(take);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
