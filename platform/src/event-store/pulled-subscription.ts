import type { StoredEvent } from '@fahrplan/contracts';
import type { Subscription } from './event-store';

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * A subscription whose adapter pulls each event when asked: a `next()` waits for the one before it,
 * so that events come in order however many are asked at once, and `return()` (a `break` out of a
 * `for await`) closes it.
 */
export abstract class PulledSubscription implements Subscription {
  private queue: Promise<unknown> = Promise.resolve();

  /** The next event, or done once closed. Never called before the previous call has settled. */
  protected abstract pull(): Promise<IteratorResult<StoredEvent>>;

  abstract close(): Promise<void>;

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
    const result = this.queue.then(() => this.pull());
    this.queue = result.catch(() => undefined);
    return result;
  }
}
