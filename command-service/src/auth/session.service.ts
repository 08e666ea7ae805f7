import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { evolveSession, streamName } from '@fahrplan/contracts';
import type { SessionEnded, SessionEvent, SessionState, UserRecord } from '@fahrplan/contracts';
import {
  DIRECTORY,
  DirectoryCache,
  REFRESH_TOKEN_DAYS,
  SESSION_REVOCATIONS,
  SessionRevocations,
  TOKEN_SERVICE,
  TokenService,
  WrongExpectedRevisionError,
  eventMetadata,
  newRefreshToken,
  parseRefreshToken,
  verifyPassword,
} from '@fahrplan/platform';
import type { EventStore, ExpectedRevision, Principal } from '@fahrplan/platform';
import { CLOCK, EVENT_STORE } from '../infrastructure/tokens';
import { LoginThrottle } from './login-throttle';

export interface IssuedSession {
  readonly accessToken: string;
  /** A new refresh token for the cookie; absent when the caller's cookie stays valid. */
  readonly refreshToken?: string;
  readonly userId: number;
  readonly tenant: string;
  readonly username: string;
}

/** How long the token just replaced still counts, so two tabs refreshing at once are not logged out. */
const GRACE_MS = 30_000;

/**
 * Login sessions as event streams (`session-<family>`): rotation and reuse detection on refresh.
 * Every access token names its session (`sid`), so ending a session ends its access tokens at the
 * next request (SessionRevocations, AuthGuard).
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
    @Inject(TOKEN_SERVICE) private readonly tokens: TokenService,
    @Inject(CLOCK) private readonly now: () => Date,
    @Inject(SESSION_REVOCATIONS) private readonly revocations: SessionRevocations,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
  ) {}

  /**
   * Throws TooManyLoginsException while this client is blocked on the account or everywhere, and
   * PasswordHashingBusyError while the hashing queue is full.
   */
  async login(tenant: string, username: string, password: string, ip?: string): Promise<IssuedSession> {
    const attempt = await this.throttle.attempt(tenant, username, ip);
    const user = this.directory.user(tenant, username);
    let valid: boolean;
    try {
      valid = await verifyPassword(password, user?.passwordHash || undefined);
    } catch (error) {
      await attempt.cancelled();
      throw error;
    }
    if (!user || !valid || user.disabled) {
      await attempt.failed();
      throw new UnauthorizedException('invalid tenant, user name or password');
    }
    await attempt.succeeded();
    return this.startSession(user);
  }

  /** A new session of `user` in `user.tenant` (a new refresh-token family); the caller has authenticated them. */
  async startSession(user: UserRecord): Promise<IssuedSession> {
    const refresh = newRefreshToken();
    await this.append(
      refresh.family,
      [
        {
          type: 'SessionStarted',
          data: {
            family: refresh.family,
            userId: user.id,
            tenant: user.tenant,
            tokenHash: refresh.hash,
            expiresAt: this.expiry(),
          },
        },
      ],
      'no_stream',
      user.username,
      user.tenant,
    );
    return this.issue(user, refresh.family, refresh.token);
  }

  async refresh(token: string | undefined): Promise<IssuedSession> {
    const parsed = token ? parseRefreshToken(token) : null;
    if (!parsed) throw new UnauthorizedException('no session');
    for (;;) {
      const { state, revision, lastAt } = await this.load(parsed.family);
      if (state.status !== 'active' || state.expiresAt < this.now().toISOString())
        throw new UnauthorizedException('session ended');
      const user = this.member(state.userId, state.tenant);
      if (state.tokenHash !== parsed.hash) {
        const justReplaced =
          state.previousHashes.at(-1) === parsed.hash && this.now().getTime() - lastAt < GRACE_MS;
        if (justReplaced) {
          if (user) return this.issue(user, parsed.family);
          throw new UnauthorizedException('session ended');
        }
        if (state.previousHashes.includes(parsed.hash))
          await this.end(parsed.family, 'reuse-detected', user?.username ?? '', state.tenant);
        throw new UnauthorizedException('session ended');
      }
      // a disabled user, or one no longer in the tenant, keeps the session but gets no tokens
      if (!user) throw new UnauthorizedException('session ended');
      const next = newRefreshToken(parsed.family);
      try {
        await this.append(
          parsed.family,
          [{ type: 'SessionRefreshed', data: { tokenHash: next.hash, expiresAt: this.expiry() } }],
          revision,
          user.username,
          state.tenant,
        );
        return this.issue(user, parsed.family, next.token);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  }

  /** Ends the cookie's session, also when the cookie is one the session has already replaced. */
  async logout(token: string | undefined): Promise<void> {
    const parsed = token ? parseRefreshToken(token) : null;
    if (!parsed) return;
    const { state } = await this.load(parsed.family);
    if (state.status !== 'active') return;
    if (state.tokenHash !== parsed.hash && !state.previousHashes.includes(parsed.hash)) return;
    const user = this.directory.userById(state.userId);
    await this.end(parsed.family, 'logout', user?.username ?? '', state.tenant);
  }

  /**
   * Moves the caller to another tenant they may act in: a new session there, and the caller's
   * session ends. 403 unless the user (same id) is in `tenant` and not disabled.
   */
  async switchTenant(principal: Principal, tenant: string): Promise<IssuedSession> {
    const user = this.directory.activeUser(tenant, principal.username, principal.userId);
    if (!user) throw new ForbiddenException('not permitted');
    const session = await this.startSession(user);
    if (principal.session)
      await this.end(principal.session, 'switched', principal.username, principal.tenant);
    return session;
  }

  /** Ends every open session of a user (disabled, or a password set): their tokens die at the next request. */
  async endAllOf(userId: number, reason: 'disabled' | 'password-changed', by: string): Promise<void> {
    for (const { family, tenant } of this.revocations.openSessionsOf(userId))
      await this.end(family, reason, by, tenant);
  }

  /** The user of a session as its tenant sees them; undefined once disabled or no longer in the tenant. */
  private member(userId: number, tenant: string): UserRecord | undefined {
    const account = this.directory.account(userId);
    return account && this.directory.activeUser(tenant, account.username, userId);
  }

  private issue(user: UserRecord, family: string, refreshToken?: string): IssuedSession {
    const { id: userId, tenant, username } = user;
    const accessToken = this.tokens.issueAccessToken({ userId, tenant, username, session: family });
    return { accessToken, userId, tenant, username, ...(refreshToken ? { refreshToken } : {}) };
  }

  /** Ends a session whatever else happened to it meanwhile (hence 'any'); its access tokens die with it. */
  private async end(family: string, reason: SessionEnded['data']['reason'], user: string, tenant: string) {
    await this.append(family, [{ type: 'SessionEnded', data: { reason } }], 'any', user, tenant);
    this.revocations.end(family);
  }

  private async load(family: string) {
    const events = await this.store.readStream(streamName('session', family));
    const state = events.reduce<SessionState>((s, e) => evolveSession(s, e as unknown as SessionEvent), {
      status: 'absent',
    });
    const last = events.at(-1);
    return {
      state,
      revision: (last?.revision ?? 'no_stream') as ExpectedRevision,
      lastAt: last ? Date.parse(last.metadata.timestamp) : 0,
    };
  }

  private expiry(): string {
    return new Date(this.now().getTime() + REFRESH_TOKEN_DAYS * 86_400_000).toISOString();
  }

  private async append(
    family: string,
    events: SessionEvent[],
    expected: ExpectedRevision,
    user: string,
    tenant: string,
  ) {
    const metadata = eventMetadata({ tenant, user, timestamp: this.now().toISOString(), source: 'auth' });
    await this.store.append(
      streamName('session', family),
      events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
      expected,
    );
  }
}
