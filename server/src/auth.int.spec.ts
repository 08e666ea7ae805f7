import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { DEMO_PASSWORD, TestClock, startPlatform } from './testing/platform';
import type { Platform, Reply } from './testing/platform';

let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform(new TestClock());
}, 30_000);

afterAll(async () => {
  await platform?.stop();
});

const refreshCookieOf = (reply: Reply): string | undefined =>
  reply.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('fahrplan_refresh='))
    ?.split(';')[0];

const refresh = (cookie: string | undefined) =>
  platform.api.send('POST', '/api/auth/refresh', { headers: cookie ? { cookie } : {} });

const logIn = async () => {
  const reply = await platform.api.login('demo', 'admin', DEMO_PASSWORD);
  expect(reply.status).toBe(200);
  return { reply, cookie: refreshCookieOf(reply)! };
};

describe('login', () => {
  it('answers an access token, its lifetime and the user, plus an httpOnly refresh cookie', async () => {
    const { reply, cookie } = await logIn();

    expect(reply.body).toEqual({
      accessToken: expect.any(String),
      expiresIn: 600,
      me: expect.objectContaining({ tenant: 'demo', username: 'admin', displayName: 'Demo Admin' }),
    });
    expect(cookie).toMatch(/^fahrplan_refresh=[0-9a-f-]{36}\.[\w-]+$/);
    const setCookie = reply.headers.getSetCookie().find((c) => c.startsWith('fahrplan_refresh='))!;
    expect(setCookie).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(setCookie).toMatch(/;\s*SameSite=Strict(;|$)/i);
    expect(setCookie).toMatch(/;\s*Path=\/api\/auth(;|$)/i);
    expect((await platform.api.get('/api/me', reply.body.accessToken)).status).toBe(200);
  });

  it('never shows the password hash, neither at login nor in /api/me', async () => {
    const { reply } = await logIn();
    const me = await platform.api.get('/api/me', reply.body.accessToken);

    expect(me.status).toBe(200);
    for (const body of [reply.body, me.body]) {
      expect(JSON.stringify(body)).not.toMatch(/passwordHash|scrypt\$/i);
      expect(body).not.toHaveProperty('passwordHash');
    }
    expect(reply.body.me).not.toHaveProperty('passwordHash');
    expect(me.body).toEqual(reply.body.me);
  });

  it('refuses a wrong password, an unknown user and an unknown tenant alike: 401 with the same body', async () => {
    const replies = await Promise.all([
      platform.api.login('demo', 'admin', 'wrong password'),
      platform.api.login('demo', 'nobody', DEMO_PASSWORD),
      platform.api.login('atlantis', 'admin', DEMO_PASSWORD),
      platform.api.login('other', 'viewer', DEMO_PASSWORD),
    ]);

    for (const reply of replies) {
      expect(reply.status).toBe(401);
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(reply.body).toEqual(replies[0]!.body);
      expect(reply.headers.getSetCookie()).toEqual([]);
    }
    expect(replies[0]!.body).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('refuses a body that is not {tenant, username, password} with 400', async () => {
    const reply = await platform.api.send('POST', '/api/auth/login', {
      json: { tenant: 'demo', username: 'admin', password: DEMO_PASSWORD, admin: true },
    });

    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ field: 'admin', message: 'unknown field' }]);
  });
});

describe('refresh', () => {
  it('rotates the refresh cookie and answers a new access token', async () => {
    const { cookie } = await logIn();

    const rotated = await refresh(cookie);

    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({
      accessToken: expect.any(String),
      expiresIn: 600,
      me: expect.objectContaining({ username: 'admin' }),
    });
    const next = refreshCookieOf(rotated);
    expect(next).toBeDefined();
    expect(next).not.toBe(cookie);
    expect(next!.split('.')[0]).toBe(cookie.split('.')[0]);
    expect((await platform.api.get('/api/me', rotated.body.accessToken)).status).toBe(200);
    expect((await refresh(next)).status).toBe(200);
  });

  it('still accepts the replaced token within the 30 s grace (two tabs), without a new cookie', async () => {
    const { cookie } = await logIn();
    const rotated = await refresh(cookie);
    platform.clock.advance(29);

    const again = await refresh(cookie);

    expect(again.status).toBe(200);
    expect(refreshCookieOf(again)).toBeUndefined();
    expect((await refresh(refreshCookieOf(rotated))).status).toBe(200);
  });

  it('treats the replaced token after the grace as theft: 401 and the whole family is revoked', async () => {
    const { cookie } = await logIn();
    const rotated = await refresh(cookie);
    const current = refreshCookieOf(rotated);
    platform.clock.advance(31);

    const replayed = await refresh(cookie);

    expect(replayed.status).toBe(401);
    expect(replayed.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await refresh(current)).status).toBe(401);
  });

  it('ends a session after its 14 days without a refresh', async () => {
    const { cookie } = await logIn();
    platform.clock.advance(13 * 86_400);
    const rotated = await refresh(cookie);
    expect(rotated.status).toBe(200);
    platform.clock.advance(14 * 86_400 + 1);

    expect((await refresh(refreshCookieOf(rotated))).status).toBe(401);
  });

  it('answers 401 without a cookie and for a cookie that is not a refresh token', async () => {
    expect((await refresh(undefined)).status).toBe(401);
    expect((await refresh('fahrplan_refresh=garbage')).status).toBe(401);
    expect((await refresh(`fahrplan_refresh=${crypto.randomUUID()}.forged`)).status).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session: the refresh cookie is cleared and refused afterwards', async () => {
    const { cookie } = await logIn();

    const out = await platform.api.send('POST', '/api/auth/logout', { headers: { cookie } });

    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join()).toMatch(/fahrplan_refresh=;.*Expires=Thu, 01 Jan 1970/);
    expect((await refresh(cookie)).status).toBe(401);
  });
});

describe('access tokens', () => {
  const key = () => Buffer.from(readFileSync(join(platform.dataDir, 'token.key'), 'utf8'), 'base64');
  const now = () => Math.floor(Date.now() / 1000);
  const claims = () => ({ tenant: 'demo', username: 'admin', typ: 'access', exp: now() + 600 });
  const adminId = () => platform.embedded.directory.user('demo', 'admin')!.id;
  const sign = (options: jwt.SignOptions = {}, secret: Buffer = key(), payload: object = claims()) =>
    jwt.sign(payload, secret, {
      algorithm: 'HS256',
      subject: String(adminId()),
      audience: 'fahrplan-api',
      issuer: 'fahrplan',
      ...options,
    });
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  const expect401 = async (token: string | undefined) => {
    const reply = await platform.api.get('/api/applications', token);
    expect(reply.status).toBe(401);
    expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(reply.body).toMatchObject({ status: 401, detail: 'a valid access token is required' });
    const command = await platform.api.command('SaveApplication', { name: 'never stored' }, token ?? '');
    expect(command.status).toBe(401);
  };

  it('accepts a token signed like the server signs them (the control for the cases below)', async () => {
    expect((await platform.api.get('/api/applications', sign())).status).toBe(200);
  });

  it('refuses a request without a token', async () => {
    await expect401(undefined);
  });

  it('refuses a token with a bad signature', async () => {
    const [header, payload] = sign().split('.');
    await expect401(sign({}, Buffer.from('not the key of this server')));
    await expect401(`${header}.${payload}.${Buffer.from('forged').toString('base64url')}`);
  });

  it("refuses an unsigned token (alg 'none')", async () => {
    const payload = { ...claims(), sub: String(adminId()), aud: 'fahrplan-api', iss: 'fahrplan', iat: now() };
    await expect401(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`);
  });

  it('refuses an expired token', async () => {
    const anHourAgo = now() - 3600;
    await expect401(sign({}, key(), { ...claims(), iat: anHourAgo, exp: anHourAgo + 600 }));
  });

  it('refuses a token for another audience or issuer', async () => {
    await expect401(sign({ audience: 'some-other-api' }));
    await expect401(sign({ issuer: 'someone-else' }));
  });

  it('refuses a token that is not an access token, and the refresh token as a bearer token', async () => {
    await expect401(sign({}, key(), { ...claims(), typ: 'refresh' }));
    const { cookie } = await logIn();
    await expect401(cookie.slice('fahrplan_refresh='.length));
  });

  it('refuses a token whose subject does not match the user it names', async () => {
    await expect401(sign({ subject: String(adminId() + 1) }));
    await expect401(sign({}, key(), { ...claims(), username: 'ghost' }));
  });
});
