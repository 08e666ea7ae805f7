import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { streamName } from '@fahrplan/contracts';
import { createUser } from '@fahrplan/command-service';
import { eventMetadata } from '@fahrplan/platform';
import { ServiceProcess, eventually, freePort } from '@fahrplan/platform/testing';
import { Api, DEMO_PASSWORD, startPlatform } from '../src/testing/platform';
import type { Platform, Reply } from '../src/testing/platform';

/**
 * Login throttling with low limits (3 failures, 1 s blocks) so that blocks end within a test, user
 * disabling, and the tenant switch. The defaults are tested in auth.int.spec.ts.
 */
const LIMITS = { LOGIN_MAX_FAILURES: '3', LOGIN_BLOCK_SECONDS: '1' };
const PASSWORD = 'hardening-password-for-integration-tests';
const USERS = ['blocked-a', 'reset-a', 'timing-a', 'disabled-a'] as const;

// every login costs a scrypt hash at N=2^17 (0.1–0.3 s, seconds on a busy machine)
jest.setTimeout(30_000);

let platform: Platform;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  for (const [name, value] of Object.entries(LIMITS)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  platform = await startPlatform();
  const { store, ids, directory } = platform.embedded;
  const positions = await Promise.all(
    USERS.map((username) =>
      createUser(store, ids, {
        tenant: 'demo',
        username,
        displayName: username,
        password: PASSWORD,
        permissions: {},
      }),
    ),
  );
  await directory.waitFor(Math.max(...positions));
}, 60_000);

afterAll(async () => {
  await platform?.stop();
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

const login = (username: string, password: string, tenant = 'demo') =>
  platform.api.login(tenant, username, password);

const refreshCookieOf = (reply: Reply): string | undefined =>
  reply.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('fahrplan_refresh='))
    ?.split(';')[0];

const refresh = (cookie: string | undefined) =>
  platform.api.send('POST', '/api/auth/refresh', { headers: cookie ? { cookie } : {} });

/** The token is refused by queries (projection-service) and by a command (command-service). */
const expect401 = async (token: string) => {
  expect((await platform.api.get('/api/me', token)).status).toBe(401);
  expect((await platform.api.get('/api/applications', token)).status).toBe(401);
  expect((await platform.api.command('SaveApplication', { name: 'never stored' }, token)).status).toBe(401);
};

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Appends an identity event as the provisioning code does (the commands for it belong to the identity model). */
const appendIdentityEvent = async (stream: string, type: string, data: unknown, tenant: string) => {
  const metadata = eventMetadata({
    tenant,
    user: 'system',
    timestamp: new Date().toISOString(),
    source: 'test',
  });
  const { position } = await platform.embedded.store.append(
    stream,
    [{ id: randomUUID(), type, data, metadata }],
    'any',
  );
  await platform.embedded.directory.waitFor(position);
};

describe('login throttling', () => {
  it('refuses a blocked account even the right password, with Retry-After, until the block ends', async () => {
    for (let i = 0; i < 3; i++) expect((await login('blocked-a', 'wrong password')).status).toBe(401);

    const blocked = await login('blocked-a', PASSWORD);

    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('1');
    expect(blocked.body.detail).toBe('too many failed logins, try again later');
    await eventually(async () => expect((await login('blocked-a', PASSWORD)).status).toBe(200), {
      timeoutMs: 10_000,
      intervalMs: 200,
    });
  });

  it('counts failures in a row: a success starts the count again', async () => {
    const statuses: number[] = [];
    for (const password of ['wrong', 'wrong', PASSWORD, 'wrong', 'wrong', PASSWORD])
      statuses.push((await login('reset-a', password)).status);

    expect(statuses).toEqual([401, 401, 200, 401, 401, 200]);
  });

  it('does not answer unknown users faster than known ones', async () => {
    const timed = async (username: string, password: string) => {
      const began = performance.now();
      const reply = await login(username, password);
      return { status: reply.status, ms: performance.now() - began };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // two failures and a success in turn keep the known account below its limit of three
    for (const round of [0, 1, 2, 3]) {
      const wrong = await timed('timing-a', 'wrong password');
      expect(wrong.status).toBe(401);
      known.push(wrong.ms);
      const ghost = await timed(`ghost-${round}-${randomUUID()}`, 'wrong password');
      expect(ghost.status).toBe(401);
      unknown.push(ghost.ms);
      if (round % 2 === 1) expect((await login('timing-a', PASSWORD)).status).toBe(200);
    }

    process.stdout.write(
      `login failure, median of 4: known user ${median(known).toFixed(0)} ms, unknown user ${median(unknown).toFixed(0)} ms\n`,
    );
    expect(median(unknown)).toBeGreaterThanOrEqual(0.5 * median(known));
  });
});

describe('a disabled user', () => {
  it('is refused at the next request, at refresh and at login', async () => {
    const signedIn = await login('disabled-a', PASSWORD);
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.accessToken as string;
    expect((await platform.api.get('/api/me', token)).status).toBe(200);
    const user = platform.embedded.directory.user('demo', 'disabled-a')!;

    await appendIdentityEvent(streamName('user', user.id), 'UserDisabled', {}, 'demo');

    expect(platform.embedded.directory.user('demo', 'disabled-a')?.disabled).toBe(true);
    await expect401(token);
    expect((await refresh(refreshCookieOf(signedIn))).status).toBe(401);
    const again = await login('disabled-a', PASSWORD);
    expect(again.status).toBe(401);
    expect(again.body).toEqual((await login('disabled-a', 'wrong password')).body);
  });
});

describe('switching tenants', () => {
  const switchTo = (tenant: unknown, token?: string) =>
    platform.api.send('POST', '/api/auth/switch', { token, json: { tenant } });

  beforeAll(async () => {
    // demo's viewer joins tenant 'other' (as the identity model's AcceptInvitation records it)
    const viewer = platform.embedded.directory.user('demo', 'viewer')!;
    const other = platform.embedded.directory.tenant('other')!;
    await appendIdentityEvent(
      streamName('tenant', other.id),
      'MemberAdded',
      { user: viewer.id, tenant: 'demo', username: 'viewer', roles: [] },
      'other',
    );
  });

  it('starts a session in the other tenant and ends the one it came from', async () => {
    const before = await login('viewer', DEMO_PASSWORD);
    expect(before.status).toBe(200);

    const switched = await switchTo('other', before.body.accessToken);

    expect(switched.status).toBe(200);
    expect(switched.body).toEqual({
      accessToken: expect.any(String),
      expiresIn: 600,
      me: expect.objectContaining({ tenant: 'other', username: 'viewer' }),
    });
    const cookie = refreshCookieOf(switched);
    expect(cookie).toBeDefined();
    expect(cookie!.split('.')[0]).not.toBe(refreshCookieOf(before)!.split('.')[0]);
    const me = await platform.api.get('/api/me', switched.body.accessToken);
    expect(me.body).toMatchObject({ tenant: 'other', username: 'viewer' });
    await expect401(before.body.accessToken);
    expect((await refresh(refreshCookieOf(before))).status).toBe(401);
    const refreshed = await refresh(cookie);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.me.tenant).toBe('other');
  });

  it('is refused with 403 for a tenant the user is not in, even where a namesake is', async () => {
    const [atlantis, namesake] = await Promise.all([
      switchTo('atlantis', platform.admin),
      switchTo('other', platform.admin),
    ]);

    for (const reply of [atlantis, namesake]) {
      expect(reply.status).toBe(403);
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(reply.body).toMatchObject({ status: 403, detail: 'not permitted' });
      expect(reply.headers.getSetCookie()).toEqual([]);
    }
    expect((await platform.api.get('/api/me', platform.admin)).body.tenant).toBe('demo');
    expect((await platform.api.get('/api/me', platform.otherAdmin)).body.tenant).toBe('other');
  });

  it('needs a valid access token and a body of just {tenant}', async () => {
    expect((await switchTo('other')).status).toBe(401);
    const reply = await platform.api.send('POST', '/api/auth/switch', {
      token: platform.admin,
      json: { tenant: 'demo', username: 'admin' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      expect.objectContaining({ field: 'username', message: 'unknown field' }),
    ]);
  });
});

describe('in distributed mode (built services in processes of their own, after `npm run build`)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fahrplan-auth-distributed-'));
  const services: ServiceProcess[] = [];

  afterAll(async () => {
    for (const service of services) await service.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const serve = async (entry: string, env: Record<string, string>) => {
    const service = new ServiceProcess({ entry, port: await freePort(), env, readyPath: '/api/ready' });
    services.push(service);
    await service.start();
    return new Api(service.url);
  };

  it('projection-service refuses the access token of a session that command-service ended', async () => {
    const shared = {
      EVENTSTORE_URL: `sqlite:${join(dir, 'events.db')}`,
      TOKEN_SECRET: randomBytes(32).toString('base64'),
      KAFKA_BROKERS: '',
    };
    const commands = await serve('server/dist/command-service.main.js', {
      ...shared,
      FAHRPLAN_DEMO_PASSWORD: DEMO_PASSWORD,
    });
    const queries = await serve('server/dist/projection-service.main.js', shared);
    const signedIn = await commands.login('demo', 'admin', DEMO_PASSWORD);
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.accessToken as string;
    expect((await queries.get('/api/me', token)).status).toBe(200);

    const cookie = refreshCookieOf(signedIn)!;
    expect((await commands.send('POST', '/api/auth/logout', { headers: { cookie } })).status).toBe(204);

    expect((await commands.command('SaveApplication', { name: 'never stored' }, token)).status).toBe(401);
    // the other process learns of the end from the event store (SQLite: by polling the file)
    await eventually(async () => expect((await queries.get('/api/me', token)).status).toBe(401), {
      timeoutMs: 5000,
      intervalMs: 25,
    });
  }, 120_000);
});
