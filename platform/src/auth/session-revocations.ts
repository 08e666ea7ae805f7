import type { OnModuleDestroy } from '@nestjs/common';
import { parseStreamName } from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import type { EventStore, Subscription } from '../event-store/event-store';
import { PositionGate } from '../event-store/position-gate';
import { ACCESS_TOKEN_SECONDS } from './tokens';

export const SESSION_REVOCATIONS = Symbol('SessionRevocations');

/**
 * An ended session is remembered until every access token issued for it has expired, plus this
 * much for clocks that disagree between services.
 */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The login sessions that ended (logout, a replayed refresh token, a tenant switch), folded from the
 * `session` streams and kept current by a subscription, so that each service refuses their access
 * tokens at the next request (AuthGuard) and not only when they expire.
 */
export class SessionRevocations implements OnModuleDestroy {
  /** family → when it ended (ms); in the order the events came, so the oldest are first. */
  private readonly ended = new Map<string, number>();
  private readonly gate = new PositionGate();
  private subscription: Subscription | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** A started instance: it has read every session event in the log when the promise resolves. */
  static async start(store: EventStore): Promise<SessionRevocations> {
    const revocations = new SessionRevocations(store);
    await revocations.start();
    return revocations;
  }

  async start(): Promise<void> {
    for (const event of await this.store.readAll({ categories: ['session'] })) this.apply(event);
    const subscription = this.store.subscribe({ after: this.gate.current, categories: ['session'] });
    this.subscription = subscription;
    void (async () => {
      for await (const event of subscription) this.apply(event);
    })();
  }

  /** Whether the session has ended. */
  isEnded(family: string): boolean {
    return this.ended.has(family);
  }

  /** Records an end this process has just stored, so that it counts before the subscription brings it. */
  end(family: string, at: number = this.now()): void {
    if (!this.ended.has(family)) this.ended.set(family, at);
  }

  /** Resolves once the events up to `position` are folded in. */
  waitFor(position: number, timeoutMs?: number): Promise<boolean> {
    return this.gate.waitFor(position, timeoutMs);
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
  }

  onModuleDestroy(): Promise<void> {
    return this.stop();
  }

  private apply(event: StoredEvent): void {
    if (event.type === 'SessionEnded')
      this.end(parseStreamName(event.streamId).id, Date.parse(event.metadata.timestamp) || this.now());
    this.gate.advance(event.position);
    this.forgetExpired();
  }

  /** Tokens of a session that ended longer ago than their lifetime have expired anyway. */
  private forgetExpired(): void {
    const horizon = this.now() - ACCESS_TOKEN_SECONDS * 1000 - CLOCK_SKEW_MS;
    for (const [family, at] of this.ended) {
      if (at >= horizon) return;
      this.ended.delete(family);
    }
  }
}

/** The Nest provider of a service's SessionRevocations, read up to date before the service answers. */
export const sessionRevocationsProvider = (store: EventStore) => ({
  provide: SESSION_REVOCATIONS,
  useFactory: () => SessionRevocations.start(store),
});
