import type { AllStreamResolvedEvent, AllStreamSubscription } from '@eventstore/db-client';
import type { StoredEvent } from '@fahrplan/contracts';
import { PulledSubscription } from './pulled-subscription';
import { isTransient, resubscribeDelay, selectEvent } from './esdb-mapping';

interface SubscriptionSettings {
  readonly bufferSize: number;
  readonly resubscribeDelayMs: { readonly min: number; readonly max: number };
  readonly logger: { warn(message: string): void };
  readonly closed: () => void;
}

interface Connection {
  readonly source: AllStreamSubscription;
  readonly detach: () => void;
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * A catch-up subscription to `$all` as an async iterable. It remembers the position of the last
 * event it took in, so after a lost connection it subscribes again from there: no gap, and the
 * event at that position, if delivered again, is passed over.
 */
export class EsdbSubscription extends PulledSubscription {
  private buffer: StoredEvent[] = [];
  private connection: Connection | undefined;
  private failure: { readonly error: unknown } | undefined;
  private isClosed = false;
  private wake: (() => void) | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private attempt = 0;

  constructor(
    private after: number,
    private readonly categories: readonly string[] | undefined,
    private readonly connect: ((after: number) => AllStreamSubscription) | undefined,
    private readonly settings: SubscriptionSettings,
  ) {
    super();
    // No categories means no events: nothing to ask the server.
    if (connect) this.open(connect);
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.buffer = [];
    clearTimeout(this.retryTimer);
    this.wakeUp();
    this.settings.closed();
    await this.disconnect();
  }

  protected buffered(): number {
    return this.buffer.length;
  }

  protected async pull(): Promise<IteratorResult<StoredEvent>> {
    for (;;) {
      if (this.isClosed) return DONE;
      const event = this.buffer.shift();
      if (event) {
        const source = this.connection?.source;
        if (source?.isPaused() && this.buffer.length <= this.settings.bufferSize / 2) source.resume();
        return { done: false, value: event };
      }
      if (this.failure) {
        const { error } = this.failure;
        await this.close();
        throw error;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private open(connect: (after: number) => AllStreamSubscription): void {
    let source: AllStreamSubscription;
    try {
      source = connect(this.after);
    } catch (error) {
      this.fail(error);
      return;
    }
    const onData = (resolved: AllStreamResolvedEvent) => this.receive(resolved);
    const onError = (error: unknown) => this.lost(source, error);
    const onEnd = () => this.lost(source, new Error('the server ended the subscription'));
    const onConfirmation = () => (this.attempt = 0);
    source.on('data', onData).on('error', onError).on('end', onEnd).on('confirmation', onConfirmation);
    const detach = () => {
      // A late error of a dropped stream must not reach the process as an unhandled 'error'.
      source.on('error', () => undefined);
      source.off('data', onData).off('error', onError).off('end', onEnd).off('confirmation', onConfirmation);
    };
    this.connection = { source, detach };
  }

  private receive(resolved: AllStreamResolvedEvent): void {
    if (this.isClosed) return;
    let event: StoredEvent | undefined;
    try {
      event = selectEvent(resolved, { after: this.after, categories: this.categories });
    } catch (error) {
      this.fail(error);
      return;
    }
    if (!event) return;
    this.after = event.position;
    this.buffer.push(event);
    if (this.buffer.length >= this.settings.bufferSize) this.connection?.source.pause();
    this.wakeUp();
  }

  private lost(source: AllStreamSubscription, error: unknown): void {
    if (this.isClosed || this.connection?.source !== source) return;
    void this.disconnect();
    if (!isTransient(error)) {
      this.fail(error);
      return;
    }
    const delay = resubscribeDelay(this.attempt, this.settings.resubscribeDelayMs);
    this.attempt += 1;
    this.settings.logger.warn(
      `subscription to $all lost (${String((error as Error | undefined)?.message ?? error)}); ` +
        `subscribing again after position ${this.after} in ${delay} ms`,
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.isClosed && this.connect) this.open(this.connect);
    }, delay);
  }

  private fail(error: unknown): void {
    this.failure ??= { error };
    void this.disconnect();
    this.wakeUp();
  }

  private async disconnect(): Promise<void> {
    const connection = this.connection;
    if (!connection) return;
    this.connection = undefined;
    connection.detach();
    try {
      await connection.source.unsubscribe();
    } catch {
      // The stream failed to open or is gone already: nothing left to cancel.
    }
    connection.source.destroy();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
