import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { evolveSession, streamName } from '@fahrplan/contracts';
import type { SessionEvent, SessionState } from '@fahrplan/contracts';
import {
  DIRECTORY,
  DirectoryCache,
  REFRESH_TOKEN_DAYS,
  TOKEN_SERVICE,
  TokenService,
  WrongExpectedRevisionError,
  eventMetadata,
  newRefreshToken,
  parseRefreshToken,
  verifyPassword,
} from '@fahrplan/platform';
import type { EventStore, ExpectedRevision } from '@fahrplan/platform';
import { CLOCK, EVENT_STORE } from '../infrastructure/tokens';

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

/** Login sessions as event streams (`session-<family>`): rotation and reuse detection on refresh. */
@Injectable()
export class SessionService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
    @Inject(TOKEN_SERVICE) private readonly tokens: TokenService,
    @Inject(CLOCK) private readonly now: () => Date,
  ) {}

  async login(tenant: string, username: string, password: string): Promise<IssuedSession> {
    const user = this.directory.user(tenant, username);
    const valid = await verifyPassword(password, user?.passwordHash);
    if (!user || !valid) throw new UnauthorizedException('invalid tenant, user name or password');
    const refresh = newRefreshToken();
    await this.append(
      refresh.family,
      [
        {
          type: 'SessionStarted',
          data: {
            family: refresh.family,
            userId: user.id,
            tenant,
            tokenHash: refresh.hash,
            expiresAt: this.expiry(),
          },
        },
      ],
      'no_stream',
      user.username,
      tenant,
    );
    return this.issue(user.id, tenant, user.username, refresh.token);
  }

  async refresh(token: string | undefined): Promise<IssuedSession> {
    const parsed = token ? parseRefreshToken(token) : null;
    if (!parsed) throw new UnauthorizedException('no session');
    for (;;) {
      const { state, revision, lastAt } = await this.load(parsed.family);
      if (state.status !== 'active' || state.expiresAt < this.now().toISOString())
        throw new UnauthorizedException('session ended');
      const user = this.directory.userById(state.userId);
      if (!user) throw new UnauthorizedException('session ended');
      if (state.tokenHash !== parsed.hash) {
        const justReplaced =
          state.previousHashes.at(-1) === parsed.hash && this.now().getTime() - lastAt < GRACE_MS;
        if (justReplaced) return this.issue(user.id, state.tenant, user.username);
        if (state.previousHashes.includes(parsed.hash))
          await this.append(
            parsed.family,
            [{ type: 'SessionEnded', data: { reason: 'reuse-detected' } }],
            revision,
            user.username,
            state.tenant,
          ).catch(() => undefined);
        throw new UnauthorizedException('session ended');
      }
      const next = newRefreshToken(parsed.family);
      try {
        await this.append(
          parsed.family,
          [{ type: 'SessionRefreshed', data: { tokenHash: next.hash, expiresAt: this.expiry() } }],
          revision,
          user.username,
          state.tenant,
        );
        return this.issue(user.id, state.tenant, user.username, next.token);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  }

  async logout(token: string | undefined): Promise<void> {
    const parsed = token ? parseRefreshToken(token) : null;
    if (!parsed) return;
    const { state, revision } = await this.load(parsed.family);
    if (state.status !== 'active' || state.tokenHash !== parsed.hash) return;
    const user = this.directory.userById(state.userId);
    await this.append(
      parsed.family,
      [{ type: 'SessionEnded', data: { reason: 'logout' } }],
      revision,
      user?.username ?? '',
      state.tenant,
    ).catch(() => undefined);
  }

  private issue(userId: number, tenant: string, username: string, refreshToken?: string): IssuedSession {
    const accessToken = this.tokens.issueAccessToken({ userId, tenant, username });
    return { accessToken, userId, tenant, username, ...(refreshToken ? { refreshToken } : {}) };
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
