import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { DEMO_PASSWORD, TestClock, startPlatform } from '../src/testing/platform';
import type { Platform, Reply } from '../src/testing/platform';

// every login costs a scrypt hash at N=2^17 (0.1–0.3 s, seconds on a busy machine)
jest.setTimeout(30_000);

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

/** The token is refused by a query (projection-service) and by a command (command-service). */
const expect401 = async (token: string | undefined) => {
  const reply = await platform.api.get('/api/applications', token);
  expect(reply.status).toBe(401);
  expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(reply.body).toMatchObject({ status: 401, detail: 'a valid access token is required' });
  const command = await platform.api.command('SaveApplication', { name: 'never stored' }, token ?? '');
  expect(command.status).toBe(401);
};

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

  it('adds a session cookie the console can read, holding nothing secret, so a page load knows to refresh', async () => {
    const { reply } = await logIn();
    const hint = reply.headers.getSetCookie().find((c) => c.startsWith('fahrplan_session='))!;
    expect(hint).toMatch(/^fahrplan_session=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/;\s*Path=\/(;|$)/i);
    expect(hint).toMatch(/;\s*SameSite=Strict(;|$)/i);
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

  it("stores passwords as scrypt hashes at OWASP's parameters (N=2^17, r=8, p=1) with a random salt", () => {
    const stored = (username: string) => platform.embedded.directory.user('demo', username)!.passwordHash;
    const [scheme, logN, r, p, salt, key] = stored('admin').split('$');

    expect({ scheme, logN, r, p }).toEqual({ scheme: 'scrypt', logN: '17', r: '8', p: '1' });
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(32);
    expect(stored('viewer').split('$')[4]).not.toBe(salt);
  });

  it('with the default limits, answers 429 after 5 failures in a row, for a known and an unknown user alike', async () => {
    const failuresUntil429 = async (username: string) => {
      for (let failures = 0; failures < 100; failures++) {
        const reply = await platform.api.login('demo', username, 'wrong password');
        if (reply.status === 429) return { failures, reply };
        expect(reply.status).toBe(401);
      }
      throw new Error(`no 429 for ${username} within 100 failures`);
    };

    const [known, unknown] = await Promise.all([
      failuresUntil429('viewer'),
      failuresUntil429('no-such-user'),
    ]);

    expect(known.failures).toBe(5);
    expect(unknown.failures).toBe(known.failures);
    for (const { reply } of [known, unknown]) {
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      // the 60 s block began when the fifth failure was answered
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(50);
      expect(Number(reply.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(reply.headers.getSetCookie()).toEqual([]);
    }
    expect(known.reply.body).toEqual({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: 'too many failed logins, try again later',
      code: 'too-many-requests',
    });
    expect(unknown.reply.body).toEqual(known.reply.body);
    // blocked means blocked: the right password gets the same answer, and the user name's case does not matter
    const right = await platform.api.login('demo', 'VIEWER', DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body).toEqual(known.reply.body);
  });

  it('refuses a body that is not {tenant, username, password} with 400', async () => {
    const reply = await platform.api.send('POST', '/api/auth/login', {
      json: { tenant: 'demo', username: 'admin', password: DEMO_PASSWORD, admin: true },
    });

    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      expect.objectContaining({ field: 'admin', message: 'unknown field' }),
    ]);
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

  it('answers two refreshes at the same moment both, and the session goes on', async () => {
    const { cookie } = await logIn();

    const both = await Promise.all([refresh(cookie), refresh(cookie)]);

    expect(both.map((reply) => reply.status)).toEqual([200, 200]);
    const next = both.map(refreshCookieOf).filter((c) => c !== undefined);
    expect(next).toHaveLength(1);
    for (const reply of both)
      expect((await platform.api.get('/api/me', reply.body.accessToken)).status).toBe(200);
    expect((await refresh(next[0])).status).toBe(200);
  });

  it('ends the access tokens of a family whose refresh token was replayed, at the next request', async () => {
    const { reply, cookie } = await logIn();
    const rotated = await refresh(cookie);
    expect((await platform.api.get('/api/me', rotated.body.accessToken)).status).toBe(200);
    platform.clock.advance(31);

    expect((await refresh(cookie)).status).toBe(401);

    await expect401(reply.body.accessToken);
    await expect401(rotated.body.accessToken);
    expect((await platform.api.get('/api/me', platform.admin)).status).toBe(200);
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
    const refused = await refresh(undefined);
    expect(refused.status).toBe(401);
    // and clears the session cookies, so the console stops asking
    expect(refused.headers.getSetCookie().join()).toMatch(/fahrplan_session=;.*Expires=Thu, 01 Jan 1970/);
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
    expect(out.headers.getSetCookie().join()).toMatch(/fahrplan_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await refresh(cookie)).status).toBe(401);
  });

  it("ends the session's access tokens at the next request, and only that session's", async () => {
    const { reply, cookie } = await logIn();
    expect((await platform.api.get('/api/applications', reply.body.accessToken)).status).toBe(200);

    expect((await platform.api.send('POST', '/api/auth/logout', { headers: { cookie } })).status).toBe(204);

    await expect401(reply.body.accessToken);
    expect((await platform.api.get('/api/applications', platform.admin)).status).toBe(200);
  });

  it('also ends the session with a cookie another tab has just replaced', async () => {
    const { cookie } = await logIn();
    const rotated = await refresh(cookie);

    await platform.api.send('POST', '/api/auth/logout', { headers: { cookie } });

    expect((await refresh(refreshCookieOf(rotated))).status).toBe(401);
    await expect401(rotated.body.accessToken);
  });
});

describe('access tokens', () => {
  const key = () => Buffer.from(readFileSync(join(platform.dataDir, 'token.key'), 'utf8'), 'base64');
  const now = () => Math.floor(Date.now() / 1000);
  // as the server signs them: every access token expires and names its session
  const claims = () => ({
    tenant: 'demo',
    username: 'admin',
    typ: 'access',
    exp: now() + 600,
    sid: randomUUID(),
  });
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

  it('lives at most 15 minutes and names its session, the family of the refresh cookie', async () => {
    const { reply, cookie } = await logIn();
    const claims = jwt.decode(reply.body.accessToken) as jwt.JwtPayload;

    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(15 * 60);
    expect(claims.exp! - claims.iat!).toBe(reply.body.expiresIn);
    expect(claims.sid).toBe(cookie.slice('fahrplan_refresh='.length).split('.')[0]);
  });

  it('refuses a token with a session id that is not one', async () => {
    await expect401(sign({}, key(), { ...claims(), sid: 'not-a-session' }));
    await expect401(sign({}, key(), { ...claims(), sid: 42 }));
  });

  it('refuses a token whose subject does not match the user it names', async () => {
    await expect401(sign({ subject: String(adminId() + 1) }));
    await expect401(sign({}, key(), { ...claims(), username: 'ghost' }));
  });
});
