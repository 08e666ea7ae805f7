import { planningEventHeaders } from '@fahrplan/contracts';
import type { MessageHandler, ReceivedMessage } from './bus';

/**
 * The event ids a consumer has handled. Back it with the consumer's own store (ideally written in
 * the same transaction as the handler's effects) to de-duplicate across restarts; `RecentEventIds`
 * remembers a bounded number in memory, enough for redeliveries after a rebalance or a publisher restart.
 */
export interface HandledEventIds {
  has(eventId: string): boolean | Promise<boolean>;
  add(eventId: string): void | Promise<void>;
}

/** The most recently handled event ids, least recently seen evicted first. */
export class RecentEventIds implements HandledEventIds {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity = 100_000) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('capacity must be a positive integer');
  }

  get size(): number {
    return this.ids.size;
  }

  has(eventId: string): boolean {
    if (!this.ids.has(eventId)) return false;
    // A Set iterates in insertion order: re-inserting marks the id as recently seen.
    this.ids.delete(eventId);
    this.ids.add(eventId);
    return true;
  }

  add(eventId: string): void {
    this.ids.delete(eventId);
    this.ids.add(eventId);
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value!);
  }
}

export interface DeduplicateOptions {
  readonly handled?: HandledEventIds;
  /** The event id of a message; by default its `eventId` header. */
  readonly eventIdOf?: (message: ReceivedMessage) => string | undefined;
  /** Told about every duplicate that was skipped. */
  readonly onDuplicate?: (message: ReceivedMessage, eventId: string) => void;
}

/**
 * Wraps a handler so that each event id is handled once: a redelivered or re-published message is
 * skipped. An id is recorded only after the handler succeeded, so a failed message is handled again
 * when it is redelivered. Messages without an id are always handled.
 */
export function deduplicateByEventId(
  handler: MessageHandler,
  options: DeduplicateOptions = {},
): MessageHandler {
  const handled = options.handled ?? new RecentEventIds();
  const eventIdOf = options.eventIdOf ?? ((message) => message.headers[planningEventHeaders.eventId]);
  return async (message) => {
    const eventId = eventIdOf(message);
    if (eventId === undefined || eventId === '') return handler(message);
    if (await handled.has(eventId)) {
      options.onDuplicate?.(message, eventId);
      return;
    }
    await handler(message);
    await handled.add(eventId);
  };
}
