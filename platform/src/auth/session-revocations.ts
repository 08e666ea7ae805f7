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
const START_PAGE = 1000;

/**
 * The login sessions that ended (logout, a replayed refresh token, a tenant switch), folded from the
 * `session` streams and kept current by a subscription, so that each service refuses their access
 * tokens at the next request (AuthGuard) and not only when they expire.
 */
export class SessionRevocations implements OnModuleDestroy {
  /** family → when it ended (ms); in the order the events came, so the oldest are first. */
  private readonly ended = new Map<string, number>();
  /** family → its user and when its refresh token expires (ms), for sessions not ended. */
  private readonly open = new Map<
    string,
    { readonly userId: number; readonly tenant: string; readonly expiresAt: number }
  >();
  private readonly gate = new PositionGate();
  private applied = 0;
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
    // in pages: the session events of a long-lived log (every login and refresh) outnumber what is kept
    for (let after = 0; ;) {
      const page = await this.store.readAll({ after, maxCount: START_PAGE, categories: ['session'] });
      for (const event of page) this.apply(event);
      if (page.length < START_PAGE) break;
      after = page.at(-1)!.position;
    }
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
    this.open.delete(family);
    if (!this.ended.has(family)) this.ended.set(family, at);
  }

  /** The sessions of a user that have neither ended nor expired: ended when the user is disabled. */
  openSessionsOf(userId: number): { readonly family: string; readonly tenant: string }[] {
    const now = this.now();
    return [...this.open]
      .filter(([, s]) => s.userId === userId && s.expiresAt > now)
      .map(([family, s]) => ({ family, tenant: s.tenant }));
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
    const family = parseStreamName(event.streamId).id;
    const data = event.data as { userId?: number; tenant?: string; expiresAt?: string };
    if (event.type === 'SessionStarted' && !this.ended.has(family))
      this.open.set(family, {
        userId: data.userId!,
        tenant: data.tenant!,
        expiresAt: Date.parse(data.expiresAt!),
      });
    if (event.type === 'SessionRefreshed') {
      const session = this.open.get(family);
      if (session) this.open.set(family, { ...session, expiresAt: Date.parse(data.expiresAt!) });
    }
    if (event.type === 'SessionEnded') this.end(family, Date.parse(event.metadata.timestamp) || this.now());
    this.gate.advance(event.position);
    this.forgetExpired();
  }

  /** Tokens of a session that ended longer ago than their lifetime have expired anyway. */
  private forgetExpired(): void {
    const now = this.now();
    // expired sessions are dropped in passes, not at every event: a start reads every session event
    if (++this.applied % 1000 === 0)
      for (const [family, session] of this.open) if (session.expiresAt <= now) this.open.delete(family);
    const horizon = now - ACCESS_TOKEN_SECONDS * 1000 - CLOCK_SKEW_MS;
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
