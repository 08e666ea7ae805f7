import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import Provider from 'oidc-provider';
import { createTenant, createUser } from '@fahrplan/command-service';
import { eventMetadata } from '@fahrplan/platform';
import type { OidcConfig } from '@fahrplan/command-service';
import { createEmbedded } from '../src/embedded/embedded';
import type { Embedded } from '../src/embedded/embedded';
import { Api, removeDataDir, storedSince, temporaryDataDir } from '../src/testing/platform';
import type { Body } from '../src/testing/platform';
import { demoFeatures } from '../src/demo/demo-data';
import { freePort } from '@fahrplan/platform/testing';

const CLIENT_ID = 'fahrplan-tests';
const CLIENT_SECRET = 'client-secret-that-must-never-leak-9f3a7c';
const LOCAL_PASSWORD = 'local-password-for-oidc-tests';

/** The provider's users; a test changes a user's groups between logins. */
const people: Record<string, { groups: string[]; preferred_username: string; email: string; name: string }> =
  {
    alice: {
      groups: ['fahrplan-demo-admins'],
      preferred_username: 'alice',
      email: 'alice@example.com',
      name: 'Alice Provider',
    },
    bob: { groups: ['unrelated'], preferred_username: 'bob', email: 'bob@example.com', name: 'Bob Nobody' },
    // the name 'admin' is taken by a local user of tenant demo
    carol: {
      groups: ['fahrplan-demo-viewers'],
      preferred_username: 'admin',
      email: 'carol@example.com',
      name: 'Carol Clash',
    },
  };

const mapping = [
  { claim: 'groups', value: 'fahrplan-demo-admins', tenant: 'demo', roles: ['Administrator'] },
  { claim: 'groups', value: 'fahrplan-demo-viewers', tenant: 'demo', roles: ['Viewer'] },
  { claim: 'groups', value: 'fahrplan-other-viewers', tenant: 'other', roles: ['Viewer'] },
];

/** Cookies as a browser keeps them: per host (not port) and path, gone when expired. */
class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string; expires: number }>();

  store(url: URL, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      let path = '/';
      let expires = Number.POSITIVE_INFINITY;
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = val;
        if (key.toLowerCase() === 'max-age') expires = Date.now() + Number(val) * 1000;
        if (key.toLowerCase() === 'expires') expires = Math.min(expires, Date.parse(val));
      }
      const key = `${url.hostname} ${path} ${name}`;
      if (expires <= Date.now()) this.cookies.delete(key);
      else this.cookies.set(key, { value, path, expires });
    }
  }

  header(url: URL): string {
    return [...this.cookies.entries()]
      .filter(([key, c]) => key.startsWith(`${url.hostname} `) && url.pathname.startsWith(c.path))
      .map(([key, c]) => `${key.split(' ')[2]}=${c.value}`)
      .join('; ');
  }

  has(name: string): boolean {
    return [...this.cookies.keys()].some((key) => key.endsWith(` ${name}`));
  }
}

/** Everything the tests saw: the secret must appear in none of it. */
const seen: string[] = [];

/** One request as the browser sends it, without following redirects. */
const browse = async (
  jar: CookieJar,
  target: string,
  init: { method?: string; form?: Record<string, string> } = {},
) => {
  const url = new URL(target);
  const headers: Record<string, string> = { cookie: jar.header(url) };
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
  jar.store(url, response);
  const text = await response.text();
  const location = response.headers.get('location');
  seen.push(text, [...response.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n'));
  return { status: response.status, text, location: location ? new URL(location, url).href : undefined };
};

describe('OIDC login against a real OpenID provider (oidc-provider)', () => {
  let providerServer: Server;
  let issuer: string;
  let embedded: Embedded;
  let dataDir: string;
  let appUrl: string;
  let api: Api;
  const logs: string[] = [];

  beforeAll(async () => {
    // the app's log output, to prove the secret is never written (the app logs OIDC failures)
    for (const stream of [process.stdout, process.stderr])
      jest.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
        logs.push(String(chunk));
        return true;
      });

    // the provider must know the callback before the app listens
    const appPort = await freePort();
    appUrl = `http://127.0.0.1:${appPort}`;
    providerServer = createServer();
    await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [`${appUrl}/api/auth/oidc/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: {
        openid: ['sub'],
        profile: ['name', 'preferred_username'],
        email: ['email'],
        groups: ['groups'],
      },
      findAccount: (_ctx, id) =>
        people[id] ? { accountId: id, claims: () => ({ sub: id, ...people[id] }) } : undefined,
      cookies: { keys: ['provider-cookie-key-for-tests'] },
      // the provider's own development login and consent pages, driven below with fetch
      features: { devInteractions: { enabled: true } },
    });
    providerServer.on('request', provider.callback());

    dataDir = temporaryDataDir();
    const oidc: OidcConfig = {
      issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: `${appUrl}/api/auth/oidc/callback`,
      label: 'Test IdP',
      scopes: 'openid profile email groups',
      mapping,
    };
    embedded = await createEmbedded({ dataDir, oidc, logger: true });
    await embedded.app.listen(appPort, '127.0.0.1');
    api = new Api(appUrl);
    await createTenant(embedded.store, embedded.ids, {
      name: 'demo',
      features: demoFeatures,
      applicationAttributes: [],
    });
    await createTenant(embedded.store, embedded.ids, {
      name: 'other',
      features: demoFeatures,
      applicationAttributes: [],
    });
    const last = await createUser(embedded.store, embedded.ids, {
      tenant: 'demo',
      username: 'admin',
      displayName: 'Local Admin',
      password: LOCAL_PASSWORD,
      permissions: {},
    });
    await embedded.directory.waitFor(last);
  }, 30_000);

  afterAll(async () => {
    await embedded?.close();
    await new Promise((resolve) => providerServer?.close(resolve));
    if (dataDir) removeDataDir(dataDir);
    jest.restoreAllMocks();
  });

  /** From the login button up to the provider's redirect back to the callback (not yet followed). */
  const throughProvider = async (jar: CookieJar, person: string, tenant = 'demo') => {
    const start = await browse(jar, `${appUrl}/api/auth/oidc/start?tenant=${tenant}`);
    expect(start.status).toBe(302);
    expect(start.location?.startsWith(`${issuer}/auth?`)).toBe(true);
    const authorize = new URL(start.location!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${appUrl}/api/auth/oidc/callback`);
    let page = await browse(jar, start.location!);
    for (let step = 0; step < 20; step++) {
      if (page.location?.startsWith(`${appUrl}/`)) return page.location;
      if (page.location) {
        page = await browse(jar, page.location);
        continue;
      }
      expect(page.status).toBe(200);
      const action = /<form[^>]*action="([^"]+)"/.exec(page.text)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(page.text)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page: ${page.text.slice(0, 300)}`);
      const form: Record<string, string> =
        prompt === 'login' ? { prompt, login: person, password: 'any' } : { prompt };
      page = await browse(jar, new URL(action, issuer).href, { method: 'POST', form });
    }
    throw new Error('the provider never redirected back');
  };

  /** A whole login in a fresh browser: the callback's answer. */
  const login = async (person: string, tenant = 'demo') => {
    const jar = new CookieJar();
    const callback = await throughProvider(jar, person, tenant);
    const answer = await browse(jar, callback);
    return { jar, answer };
  };

  /** The session the refresh cookie gives, as the console's session gate gets it on load. */
  const refresh = async (jar: CookieJar) => {
    const url = `${appUrl}/api/auth/refresh`;
    const reply = await browse(jar, url, { method: 'POST' });
    return { status: reply.status, body: reply.text ? (JSON.parse(reply.text) as Body) : undefined };
  };

  const role = (tenant: string, name: string) =>
    Object.values(embedded.directory.tenant(tenant)!.roles).find((r) => r.name === name)!;

  const sorted = (permissions: Record<string, readonly string[]>) =>
    Object.fromEntries(
      Object.entries(permissions)
        .filter(([, actions]) => actions.length > 0)
        .map(([resource, actions]) => [resource, [...actions].sort()])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );

  const oidcAccounts = () =>
    embedded.directory
      .usersOf('demo')
      .concat(embedded.directory.usersOf('other'))
      .filter((u) => embedded.directory.account(u.id)?.oidc);

  it('tells the login page about the provider, without the secret', async () => {
    const reply = await api.get('/api/auth/oidc/config');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ enabled: true, label: 'Test IdP' });
  });

  it('signs a mapped user in: provisioned with the mapped role, a session via the refresh cookie', async () => {
    const { jar, answer } = await login('alice');
    expect(answer).toMatchObject({ status: 302, location: `${appUrl}/` });
    expect(jar.has('fahrplan_refresh')).toBe(true);
    expect(jar.has('fahrplan_oidc')).toBe(false);

    const session = await refresh(jar);
    expect(session.status).toBe(200);
    const me = await api.get('/api/me', session.body.accessToken);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ tenant: 'demo', homeTenant: 'demo', username: 'alice' });
    expect(me.body.displayName).toBe('Alice Provider');
    expect(sorted(me.body.permissions)).toEqual(sorted(role('demo', 'Administrator').permissions));

    const account = embedded.directory.account(me.body.userId)!;
    expect(account.oidc).toEqual({ issuer, subject: 'alice' });
    expect(account.passwordHash).toBe('');
  });

  it('maps the second login to the same account', async () => {
    const before = oidcAccounts().length;
    const first = await refresh((await login('alice')).jar);
    const second = await refresh((await login('alice')).jar);
    expect(first.status).toBe(200);
    expect(second.body.me.userId).toBe(first.body.me.userId);
    expect(oidcAccounts()).toHaveLength(before);
  });

  it('applies a changed group claim at the next login, recorded as an oidc event', async () => {
    const position = await embedded.store.headPosition();
    people.alice!.groups = ['fahrplan-demo-viewers'];
    try {
      const session = await refresh((await login('alice')).jar);
      expect(session.status).toBe(200);
      expect(sorted(session.body.me.permissions)).toEqual(sorted(role('demo', 'Viewer').permissions));
      const changes = (await embedded.store.readAll({ after: position })).filter(
        (e) => e.type === 'MemberRolesChanged',
      );
      expect(changes).toHaveLength(1);
      expect(changes[0]!.data).toEqual({ user: session.body.me.userId, roles: [role('demo', 'Viewer').id] });
      expect(changes[0]!.metadata).toMatchObject({ source: 'oidc', tenant: 'demo', user: 'alice' });
    } finally {
      people.alice!.groups = ['fahrplan-demo-admins'];
    }
  });

  it('makes the user a member of a further mapped tenant and signs in there when asked', async () => {
    people.alice!.groups = ['fahrplan-demo-admins', 'fahrplan-other-viewers'];
    try {
      const session = await refresh((await login('alice', 'other')).jar);
      expect(session.status).toBe(200);
      expect(session.body.me).toMatchObject({ tenant: 'other', homeTenant: 'demo', username: 'alice' });
      expect(sorted(session.body.me.permissions)).toEqual(sorted(role('other', 'Viewer').permissions));
      expect(session.body.me.tenants).toEqual(['demo', 'other']);
    } finally {
      people.alice!.groups = ['fahrplan-demo-admins'];
    }
    // the group is gone: the membership stays, its roles go
    const session = await refresh((await login('alice', 'other')).jar);
    expect(session.body.me.tenant).toBe('other');
    expect(session.body.me.permissions).toEqual({});
  });

  it('gives a user whose preferred name is taken a unique name in the tenant', async () => {
    const session = await refresh((await login('carol')).jar);
    expect(session.status).toBe(200);
    expect(session.body.me).toMatchObject({ tenant: 'demo', username: 'admin-2' });
    expect(sorted(session.body.me.permissions)).toEqual(sorted(role('demo', 'Viewer').permissions));
    // the local admin is untouched
    expect((await api.login('demo', 'admin', LOCAL_PASSWORD)).status).toBe(200);
  });

  it('refuses a disabled OIDC account without a session', async () => {
    const carol = embedded.directory.user('demo', 'admin-2')!;
    const disabled = await embedded.store.append(
      `user-${carol.id}`,
      [
        {
          id: randomUUID(),
          type: 'UserDisabled',
          data: {},
          metadata: eventMetadata({ tenant: 'demo', user: 'admin', timestamp: new Date().toISOString() }),
        },
      ],
      'any',
    );
    await embedded.directory.waitFor(disabled.position);
    const { jar, answer } = await login('carol');
    expect(answer).toMatchObject({ status: 302, location: `${appUrl}/login?error=oidc-disabled` });
    expect(jar.has('fahrplan_refresh')).toBe(false);
  });

  it('refuses local login for an OIDC account as for a wrong password', async () => {
    const oidcUser = await api.login('demo', 'alice', 'whatever-password');
    const wrong = await api.login('demo', 'admin', 'not-the-password');
    expect(oidcUser.status).toBe(401);
    expect(oidcUser.body).toEqual(wrong.body);
  });

  it('refuses an unmapped user with a reason for the login page, and creates no account', async () => {
    const position = await embedded.store.headPosition();
    const { jar, answer } = await login('bob');
    expect(answer).toMatchObject({ status: 302, location: `${appUrl}/login?error=oidc-not-mapped` });
    expect(jar.has('fahrplan_refresh')).toBe(false);
    expect(await storedSince(embedded, position)).toEqual([]);
    expect(embedded.directory.user('demo', 'bob')).toBeUndefined();
  });

  it('sends a user who cancels at the provider back to the login page, storing nothing', async () => {
    const position = await embedded.store.headPosition();
    const jar = new CookieJar();
    const start = await browse(jar, `${appUrl}/api/auth/oidc/start?tenant=demo`);
    let page = await browse(jar, start.location!);
    while (page.location) page = await browse(jar, page.location);
    const action = /<form[^>]*action="([^"]+)"/.exec(page.text)![1]!;
    page = await browse(jar, new URL(`${action}/abort`, issuer).href);
    while (page.location && !page.location.startsWith(`${appUrl}/`)) page = await browse(jar, page.location);
    expect(new URL(page.location!).searchParams.get('error')).toBe('access_denied');
    const answer = await browse(jar, page.location!);
    expect(answer).toMatchObject({ status: 302, location: `${appUrl}/login?error=oidc-denied` });
    expect(await storedSince(embedded, position)).toEqual([]);
  });

  it('refuses a tampered state, a missing or forged cookie and a bad code, storing nothing', async () => {
    const position = await embedded.store.headPosition();
    const jar = new CookieJar();
    const callback = new URL(await throughProvider(jar, 'alice'));

    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    expect((await browse(jar, tampered.href)).status).toBe(400);

    expect((await browse(new CookieJar(), callback.href)).status).toBe(400);

    const forged = await fetch(callback, {
      redirect: 'manual',
      headers: { cookie: `fahrplan_oidc=${Buffer.from('x'.repeat(80)).toString('base64url')}` },
    });
    expect(forged.status).toBe(400);

    // a valid pending login with a code the provider never issued
    const other = new CookieJar();
    const real = new URL(await throughProvider(other, 'alice'));
    real.searchParams.set('code', 'not-a-code');
    const badCode = await browse(other, real.href);
    expect(badCode.status).toBe(401);
    expect(other.has('fahrplan_refresh')).toBe(false);

    expect(await storedSince(embedded, position)).toEqual([]);
  });

  it('never shows the client secret in an answer or in the log', () => {
    expect(seen.length).toBeGreaterThan(20);
    expect(logs.join('')).toContain('OIDC login failed');
    for (const text of [...seen, ...logs]) expect(text).not.toContain(CLIENT_SECRET);
  });
});

describe('without OIDC configuration', () => {
  let embedded: Embedded;
  let dataDir: string;
  let api: Api;

  beforeAll(async () => {
    dataDir = temporaryDataDir();
    embedded = await createEmbedded({ dataDir, logger: false });
    await embedded.app.listen(0, '127.0.0.1');
    api = new Api(`http://127.0.0.1:${(embedded.app.getHttpServer().address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    await embedded?.close();
    if (dataDir) removeDataDir(dataDir);
  });

  it('says disabled, and its login endpoints answer 404', async () => {
    expect((await api.get('/api/auth/oidc/config')).body).toEqual({ enabled: false });
    expect((await api.get('/api/auth/oidc/start?tenant=demo')).status).toBe(404);
    expect((await api.get('/api/auth/oidc/callback?code=x&state=y')).status).toBe(404);
  });
});
