import {
  BadGatewayException,
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type * as OpenId from 'openid-client';
import { streamName } from '@fahrplan/contracts';
import type { AccountRecord } from '@fahrplan/contracts';
import { DIRECTORY, DirectoryCache, IdAllocator, eventMetadata } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import { CLOCK, EVENT_STORE } from '../infrastructure/tokens';
import { mapClaims } from './oidc-config';
import type { OidcConfig } from './oidc-config';
import { LoginCookieCodec } from './oidc-login-cookie';
import type { PendingLogin } from './oidc-login-cookie';
import { SessionService } from './session.service';
import type { IssuedSession } from './session.service';

export const OIDC_CONFIG = Symbol('OidcConfig');
export const OIDC_IDS = Symbol('OidcIds');

/** How long a login may take at the provider before its cookie expires. */
export const OIDC_LOGIN_SECONDS = 600;

/** Why a signed-in provider user gets no session; the login page explains each. */
export type OidcRefusal = 'oidc-not-mapped' | 'oidc-disabled' | 'oidc-denied';

export type OidcOutcome =
  | { readonly kind: 'signed-in'; readonly session: IssuedSession }
  | { readonly kind: 'refused'; readonly reason: OidcRefusal };

type Claims = Readonly<Record<string, unknown>>;

const USERNAME_CHARS = /[^A-Za-z0-9@._+-]+/g;

/** A user name the username schema accepts, from the provider's preferred name or e-mail. */
const usernameFrom = (claims: Claims): string => {
  for (const candidate of [claims.preferred_username, claims.email]) {
    if (typeof candidate !== 'string') continue;
    const name = candidate
      .trim()
      .replace(USERNAME_CHARS, '-')
      .replace(/^[^A-Za-z0-9]+/, '')
      .slice(0, 90);
    if (name) return name;
  }
  return 'user';
};

const sameRoles = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((r) => b.includes(r));

/** http is allowed for a provider on this machine only (tests, a local Keycloak). */
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** openid-client, loaded at the first OIDC login: an ES module whose load cost every start about 0.1 s. */
const openIdClient = (): Promise<typeof OpenId> => import('openid-client');

/**
 * OIDC login beside the local accounts (authorization code with PKCE, openid-client): the provider's
 * user is found by issuer and subject, provisioned in the first tenant the claim mapping names, and
 * given the mapped roles at every login; then a normal session starts.
 */
@Injectable()
export class OidcService {
  private readonly logger = new Logger('OIDC');
  private readonly cookies: LoginCookieCodec | undefined;
  private discovered: Promise<OpenId.Configuration> | undefined;
  /** One login at a time per provider subject, so that two parallel first logins make one account. */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(OIDC_CONFIG) private readonly config: OidcConfig | null,
    @Inject(OIDC_IDS) private readonly ids: IdAllocator,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
    @Inject(CLOCK) private readonly now: () => Date,
    private readonly sessions: SessionService,
  ) {
    this.cookies = config
      ? new LoginCookieCodec(config.cookieSecret ?? config.clientSecret, OIDC_LOGIN_SECONDS * 1000, now)
      : undefined;
  }

  /** What the login page shows. */
  describe(): { readonly enabled: boolean; readonly label?: string } {
    return this.config ? { enabled: true, label: this.config.label } : { enabled: false };
  }

  /** The provider's authorization URL and the sealed pending login for the cookie. */
  async start(tenant: string): Promise<{ readonly url: string; readonly cookie: string }> {
    const { config, cookies } = this.enabled();
    const provider = await this.provider();
    const client = await openIdClient();
    const login: PendingLogin = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      tenant,
    };
    const url = client.buildAuthorizationUrl(provider, {
      redirect_uri: config.redirectUri,
      scope: config.scopes,
      state: login.state,
      nonce: login.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(login.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, cookie: cookies.seal(login) };
  }

  /**
   * Completes the login the provider redirected back with (`query`: the callback's query string).
   * 400 without a valid pending-login cookie, 401 when the provider's answer does not validate.
   */
  async callback(query: string, cookie: unknown): Promise<OidcOutcome> {
    const { config, cookies } = this.enabled();
    const login = cookies.open(cookie);
    if (!login) throw new BadRequestException('no pending OIDC login (missing, expired or altered cookie)');
    const params = new URLSearchParams(query);
    if (params.get('state') !== login.state) throw new BadRequestException('OIDC state mismatch');
    if (params.has('error')) return { kind: 'refused', reason: 'oidc-denied' };
    const provider = await this.provider();
    const client = await openIdClient();
    const callbackUrl = new URL(config.redirectUri);
    callbackUrl.search = params.toString();
    let claims: Claims;
    try {
      const tokens = await client.authorizationCodeGrant(provider, callbackUrl, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('no ID token');
      claims = await this.withUserInfo(provider, tokens.access_token, idToken);
    } catch (error) {
      // openid-client's messages name the failed check, never the client secret
      this.logger.warn(`OIDC login failed: ${(error as Error).name}: ${(error as Error).message}`);
      throw new UnauthorizedException('OIDC login failed');
    }
    const issuer = String(claims.iss);
    const subject = String(claims.sub);
    return this.serialized(`${issuer}\u0000${subject}`, () =>
      this.signIn(issuer, subject, claims, login.tenant),
    );
  }

  /** Claims for the mapping: the ID token's, completed by the UserInfo endpoint where there is one. */
  private async withUserInfo(provider: OpenId.Configuration, accessToken: string, idToken: Claims) {
    if (!accessToken || !provider.serverMetadata().userinfo_endpoint) return idToken;
    const client = await openIdClient();
    const info = await client.fetchUserInfo(provider, accessToken, String(idToken.sub));
    return { ...info, ...idToken };
  }

  private async signIn(
    issuer: string,
    subject: string,
    claims: Claims,
    requested: string,
  ): Promise<OidcOutcome> {
    const config = this.enabled().config;
    const mapped = mapClaims(config.mapping, claims);
    for (const tenant of mapped.keys())
      if (!this.directory.tenant(tenant)) {
        this.logger.warn(`FAHRPLAN_OIDC_MAPPING names tenant ${tenant}, which does not exist`);
        mapped.delete(tenant);
      }
    const home = [...mapped.keys()][0];
    if (home === undefined) return { kind: 'refused', reason: 'oidc-not-mapped' };
    let account = this.directory.accountByOidc(issuer, subject);
    if (account?.disabled) return { kind: 'refused', reason: 'oidc-disabled' };
    let position = 0;
    if (!account) {
      position = await this.provision(home, issuer, subject, claims, mapped.get(home)!);
      await this.directory.waitFor(position);
      account = this.directory.accountByOidc(issuer, subject);
      if (!account) throw new Error('the provisioned OIDC account is missing from the directory');
    }
    for (const tenant of new Set(config.mapping.map((rule) => rule.tenant)))
      position = Math.max(position, await this.applyRoles(tenant, account, mapped.get(tenant)));
    if (position) await this.directory.waitFor(position);
    const tenant = this.directory.user(requested, account.username)?.id === account.id ? requested : home;
    const user = this.directory.user(tenant, account.username);
    if (!user || user.id !== account.id) return { kind: 'refused', reason: 'oidc-not-mapped' };
    return { kind: 'signed-in', session: await this.sessions.startSession(user) };
  }

  /** A new account without a password in `tenant`, named after the provider's user, unique in the tenant. */
  private async provision(
    tenant: string,
    issuer: string,
    subject: string,
    claims: Claims,
    roleNames: ReadonlySet<string>,
  ): Promise<number> {
    const base = usernameFrom(claims);
    let username = base;
    for (let n = 2; this.directory.user(tenant, username); n++) username = `${base}-${n}`;
    const displayName = (typeof claims.name === 'string' && claims.name.trim().slice(0, 100)) || username;
    const id = await this.ids.allocate();
    const result = await this.store.append(
      streamName('user', id),
      [
        {
          id: randomUUID(),
          type: 'UserCreated',
          data: {
            id,
            tenant,
            username,
            displayName,
            passwordHash: '',
            permissions: {},
            roles: this.roleIds(tenant, roleNames),
            oidc: { issuer, subject },
          },
          metadata: this.metadata(tenant, username),
        },
      ],
      'no_stream',
    );
    return result.position;
  }

  /**
   * Gives the account the mapped roles in `tenant` (none once the claims no longer map there), or
   * makes it a member when the mapping newly names the tenant. Returns the event's position, 0 if nothing changed.
   */
  private async applyRoles(
    tenant: string,
    account: AccountRecord,
    roleNames: ReadonlySet<string> | undefined,
  ): Promise<number> {
    const record = this.directory.tenant(tenant);
    if (!record) return 0;
    const wanted = roleNames ? this.roleIds(tenant, roleNames) : [];
    const member = account.homeTenant === tenant || record.joined.includes(account.id);
    let event;
    if (member) {
      if (sameRoles(record.members[account.id] ?? [], wanted)) return 0;
      event = { type: 'MemberRolesChanged', data: { user: account.id, roles: wanted } };
    } else {
      if (!roleNames) return 0;
      if (this.directory.user(tenant, account.username)) {
        this.logger.warn(
          `OIDC user ${account.username} cannot join tenant ${tenant}: the name is taken there`,
        );
        return 0;
      }
      event = {
        type: 'MemberAdded',
        data: { user: account.id, tenant: account.homeTenant, username: account.username, roles: wanted },
      };
    }
    // the roles replace the previous ones whatever happened meanwhile, hence 'any'
    const result = await this.store.append(
      streamName('tenant', record.id),
      [{ id: randomUUID(), ...event, metadata: this.metadata(tenant, account.username) }],
      'any',
    );
    return result.position;
  }

  /** The ids of the tenant's roles with these names (exact, else ignoring case); unknown names are logged. */
  private roleIds(tenant: string, names: ReadonlySet<string>): number[] {
    const roles = Object.values(this.directory.tenant(tenant)?.roles ?? {});
    const ids = [...names].flatMap((name) => {
      const role =
        roles.find((r) => r.name === name) ?? roles.find((r) => r.name.toLowerCase() === name.toLowerCase());
      if (!role) this.logger.warn(`FAHRPLAN_OIDC_MAPPING names role ${name}, which tenant ${tenant} lacks`);
      return role ? [role.id] : [];
    });
    return [...new Set(ids)].sort((a, b) => a - b);
  }

  private metadata(tenant: string, user: string) {
    return eventMetadata({ tenant, user, timestamp: this.now().toISOString(), source: 'oidc' });
  }

  private async serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.locks.set(key, next);
    try {
      return await next;
    } finally {
      if (this.locks.get(key) === next) this.locks.delete(key);
    }
  }

  private enabled(): { config: OidcConfig; cookies: LoginCookieCodec } {
    if (!this.config || !this.cookies) throw new NotFoundException('OIDC login is not configured');
    return { config: this.config, cookies: this.cookies };
  }

  /** The provider's metadata and keys (discovery), fetched once; a failure is retried at the next login. */
  private provider(): Promise<OpenId.Configuration> {
    const config = this.enabled().config;
    this.discovered ??= (async () => {
      const issuer = new URL(config.issuer);
      const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
      const client = await openIdClient();
      return client.discovery(
        issuer,
        config.clientId,
        undefined,
        config.clientSecret ? client.ClientSecretBasic(config.clientSecret) : client.None(),
        { timeout: 10, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
      );
    })().catch((error: unknown) => {
      this.discovered = undefined;
      this.logger.warn(`OIDC discovery of ${config.issuer} failed: ${(error as Error).message}`);
      throw new BadGatewayException('the OpenID provider cannot be reached');
    });
    return this.discovered;
  }
}
