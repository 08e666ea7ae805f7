import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { DEMO_PASSWORD, anApplication, start, startPlatform } from '../../src/testing/platform';
import type { Body, Platform } from '../../src/testing/platform';
import { AddressClient } from './from-address';

/**
 * Issue 18, trust, over real HTTP against npm start's platform: whose X-Forwarded-For is believed,
 * lockout that a stranger cannot turn against the owner, the tracker address guard, the last
 * administrator, Idempotency-Key reuse, token shapes, names, and the data folder's modes.
 */
jest.setTimeout(60_000);

/** A low per-address limit, so that a rotating client meets it within the test. */
const LIMITS = { LOGIN_IP_MAX_FAILURES: '10' };
const PROXY = '127.0.0.50';
const saved: Record<string, string | undefined> = {};
let platform: Platform;
const clients: AddressClient[] = [];
const from = (address: string) => {
  const client = new AddressClient(platform.api.baseUrl, address);
  clients.push(client);
  return client;
};

beforeAll(async () => {
  for (const [name, value] of Object.entries(LIMITS)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  platform = await startPlatform(undefined, { trustedProxies: [PROXY] });
}, 60_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await platform?.stop();
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

const run = async (type: string, data: unknown, token = platform.admin, headers?: Record<string, string>) => {
  const reply = await platform.api.command(type, data, token, headers);
  if (reply.status !== 200) throw new Error(`${type}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as { id: number; version: number; position: number };
};

describe('X-Forwarded-For', () => {
  it('is ignored from a client that is no trusted proxy: rotating it dodges no limit, and blocks no colleague', async () => {
    const rotating = from('127.0.0.7');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const forwarded = i === 3 ? '127.0.0.9' : `203.0.113.${i}`;
      statuses.push(
        (await rotating.login('demo', `rotating-${i}`, 'wrong password', { 'x-forwarded-for': forwarded }))
          .status,
      );
    }

    const blocked = await rotating.login('demo', 'rotating-x', 'wrong password', {
      'x-forwarded-for': '203.0.113.99',
    });

    expect(statuses).toEqual(Array(10).fill(401));
    expect(blocked.status).toBe(429);
    // the colleague whose address it named is not blocked
    expect((await from('127.0.0.9').login('demo', 'colleague', 'wrong password')).status).toBe(401);
  });

  it('names the client when a trusted proxy sends it: each forwarded client counts for itself', async () => {
    const proxy = from(PROXY);
    const client = (address: string) => ({ 'x-forwarded-for': `198.51.100.77, ${address}` });
    for (let i = 0; i < 10; i++)
      expect(
        (await proxy.login('demo', `proxied-${i}`, 'wrong password', client('198.51.100.1'))).status,
      ).toBe(401);

    expect((await proxy.login('demo', 'proxied-x', 'wrong password', client('198.51.100.1'))).status).toBe(
      429,
    );
    expect((await proxy.login('demo', 'proxied-x', 'wrong password', client('198.51.100.2'))).status).toBe(
      401,
    );
  });
});

describe('lockout', () => {
  it("never refuses the owner's right password from another address, whatever a stranger failed", async () => {
    const stranger = from('127.0.0.2');
    for (let i = 0; i < 5; i++) expect((await stranger.login('demo', 'viewer', 'guess')).status).toBe(401);
    expect((await stranger.login('demo', 'viewer', DEMO_PASSWORD)).status).toBe(429);

    const owner = await from('127.0.0.3').login('demo', 'viewer', DEMO_PASSWORD);

    expect(owner.status).toBe(200);
    // slowed down, not refused: the account is under attack
    expect(owner.ms).toBeGreaterThanOrEqual(900);
    process.stdout.write(`lockout: the owner signed in from another address in ${owner.ms.toFixed(0)} ms\n`);
  });
});

describe('the tracker connection test', () => {
  let open: ReturnType<typeof createServer>;
  let reached = 0;
  beforeAll(async () => {
    const tenant = (await platform.api.get('/api/admin/tenant', platform.admin)).body as Body;
    await run('ChangeTenantFeatures', { features: { ...tenant.features, jira: true } });
    open = createServer((_req, res) => {
      reached++;
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    await new Promise<void>((resolve) => open.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => open?.close());

  const test = (baseUrl: string) =>
    platform.api.send('POST', '/api/tracker/test', {
      token: platform.admin,
      json: { name: 'Probe', baseUrl, deployment: 'cloud', authMode: 'pat', secret: 'a-token' },
    });

  it('refuses loopback and link-local addresses by default, before connecting', async () => {
    const { port } = open.address() as AddressInfo;
    for (const baseUrl of [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      `http://[::1]:${port}`,
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]:8080',
    ]) {
      const reply = await test(baseUrl);
      expect([baseUrl, reply.status, reply.body.ok, reply.body.step, reply.body.failure?.code]).toEqual([
        baseUrl,
        200,
        false,
        'url',
        'refused_address',
      ]);
    }
    expect(reached).toBe(0);
  });

  it('answers an open and a closed port alike', async () => {
    const { port } = open.address() as AddressInfo;
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const answer = async (p: number) => {
      const { tookMs: _, ...body } = (await test(`http://127.0.0.1:${p}`)).body as Body;
      return JSON.stringify(body).replaceAll(String(p), 'PORT');
    };

    expect(await answer(port)).toBe(await answer(closed));
  });
});

describe('the last administrator', () => {
  const needsAdministrator = { status: 409, detail: 'a tenant needs an administrator' };
  let tenant: string;
  let token: string;
  let adminId: number;

  beforeAll(async () => {
    tenant = `abuse-${process.pid}`;
    await run('CreateTenant', { name: tenant });
    const switched = await platform.api.send('POST', '/api/auth/switch', {
      token: await platform.api.token('demo', 'admin', DEMO_PASSWORD),
      json: { tenant },
    });
    token = switched.body.accessToken as string;
    adminId = platform.embedded.directory.user('demo', 'admin')!.id;
  });

  it('may not take his own roles away, remove himself, or strip his role of the administration', async () => {
    const roles = platform.embedded.directory.tenant(tenant)!.roles;
    const administrator = Object.values(roles).find((r) => r.name === 'Administrator')!;
    for (const [type, data] of [
      ['ChangeMemberRoles', { user: adminId, roles: [] }],
      ['RemoveMember', { user: adminId }],
      ['SaveRole', { id: administrator.id, name: 'Administrator', permissions: { admin: ['VIEW'] } }],
    ] as const) {
      const reply = await platform.api.command(type, data, token);
      expect([type, reply.status, reply.body.detail]).toEqual([type, 409, needsAdministrator.detail]);
    }
  });

  it('may not be disabled while he is the only administrator of a tenant he belongs to', async () => {
    const administrator = Object.values(platform.embedded.directory.tenant('demo')!.roles).find(
      (r) => r.name === 'Administrator',
    )!;
    await run('CreateUser', {
      username: 'deputy',
      displayName: 'Deputy',
      password: 'deputy-password-123',
      roles: [administrator.id],
    });
    const deputy = await platform.api.token('demo', 'deputy', 'deputy-password-123');

    const reply = await platform.api.command('DisableUser', { id: adminId }, deputy);

    expect(reply.body).toMatchObject(needsAdministrator);
    expect(platform.embedded.directory.user('demo', 'admin')!.disabled).toBe(false);
  });
});

describe('an Idempotency-Key reused with a different request', () => {
  const reused = { status: 422, detail: 'idempotency key reused with a different request' };

  it('answers 422 for a creation, and the first answer to the same request', async () => {
    const key = { 'idempotency-key': `abuse-${randomUUID()}` };
    const first = anApplication();
    const created = await run('SaveApplication', first, platform.admin, key);

    const other = await platform.api.command('SaveApplication', anApplication(), platform.admin, key);

    expect(other.body).toMatchObject({ ...reused, title: 'Unprocessable Content' });
    expect(await run('SaveApplication', first, platform.admin, key)).toEqual(created);
  });

  it('answers 422 for a change of another record, which stays as it was', async () => {
    const [a, b] = [
      await run('SaveApplication', anApplication()),
      await run('SaveApplication', anApplication()),
    ];
    const key = { 'idempotency-key': `abuse-${randomUUID()}` };
    await run('SaveApplication', { id: a.id, version: a.version, release: 'keyed' }, platform.admin, key);

    const other = await platform.api.command(
      'SaveApplication',
      { id: b.id, version: b.version, release: 'keyed' },
      platform.admin,
      key,
    );

    expect(other.body).toMatchObject(reused);
    expect(await platform.embedded.store.readStream(`application-${b.id}`)).toHaveLength(1);
  });
});

describe('access tokens', () => {
  const key = () => Buffer.from(readFileSync(join(platform.dataDir, 'token.key'), 'utf8'), 'base64');
  const sign = (claims: Record<string, unknown>) => {
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      tenant: 'demo',
      username: 'admin',
      typ: 'access',
      exp: now + 600,
      sid: randomUUID(),
      ...claims,
    };
    return jwt.sign(Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined)), key(), {
      algorithm: 'HS256',
      subject: String(platform.embedded.directory.user('demo', 'admin')!.id),
      audience: 'fahrplan-api',
      issuer: 'fahrplan',
    });
  };
  const status = async (authorization: string) =>
    (await platform.api.get('/api/me', undefined, { authorization })).status;

  it('refuses a token without exp or without sid, though signed with the key', async () => {
    expect(await status(`Bearer ${sign({})}`)).toBe(200);
    expect(await status(`Bearer ${sign({ exp: undefined })}`)).toBe(401);
    expect(await status(`Bearer ${sign({ sid: undefined })}`)).toBe(401);
  });

  it('reads the Bearer scheme in any case', async () => {
    for (const scheme of ['bearer', 'BEARER', 'bEaReR'])
      expect(await status(`${scheme} ${platform.admin}`)).toBe(200);
    expect(await status(`Basic ${platform.admin}`)).toBe(401);
  });
});

describe('names and titles', () => {
  it('refuse control characters and bidi overrides with 400 naming the field', async () => {
    for (const name of ['invoice\u202Efdp.exe', 'null\u0000byte', 'two\nlines']) {
      const reply = await platform.api.command('SaveApplication', anApplication({ name }), platform.admin);
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([
        expect.objectContaining({ field: 'name', message: 'no control characters or bidi overrides' }),
      ]);
    }
  });

  it('keep everything else byte-exact', async () => {
    const name = `Familie 👨‍👩‍👧 مشروع\u200F Cafe\u0301 ${randomUUID()}`;
    const saved = await run('SaveApplication', anApplication({ name }));

    const read = await platform.api.get(`/api/applications/${saved.id}`, platform.admin, {
      'x-fahrplan-after': String(saved.position),
    });

    expect(Buffer.from(read.body.name as string)).toEqual(Buffer.from(name));
  });
});

describe('the data folder', () => {
  const modes = (dir: string) =>
    Object.fromEntries(
      [dir, ...readdirSync(dir).map((file) => join(dir, file))].map((path) => [
        path.slice(dir.length) || '/',
        (statSync(path).mode & 0o777).toString(8),
      ]),
    );

  it('holds only files its owner alone may read, in a folder only its owner may enter', () => {
    const found = modes(platform.dataDir);

    expect(Object.keys(found)).toEqual(
      expect.arrayContaining(['/', '/events.db', '/token.key', '/tracker.key']),
    );
    for (const [path, mode] of Object.entries(found))
      expect([path, mode]).toEqual([path, path === '/' ? '700' : '600']);
  });

  it('is narrowed at start when an older version left it readable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fahrplan-modes-'));
    try {
      chmodSync(dir, 0o755);
      writeFileSync(join(dir, 'events.db'), '', { mode: 0o644 });
      const running = await start(dir);
      await running.embedded.close();

      expect(modes(dir)).toMatchObject({ '/': '700', '/events.db': '600' });
      for (const mode of Object.values(modes(dir))) expect(['600', '700']).toContain(mode);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
