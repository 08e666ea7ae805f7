import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { TokenService } from './tokens';

const secret = Buffer.alloc(32, 9);
const tokens = new TokenService(secret);
const now = () => Math.floor(Date.now() / 1000);
/** A token signed with the server's key, with the claims the server writes unless `claims` says otherwise (undefined leaves one out). */
const signed = (claims: Record<string, unknown>) => {
  const payload = {
    tenant: 'demo',
    username: 'admin',
    typ: 'access',
    iat: now(),
    exp: now() + 600,
    sid: randomUUID(),
    ...claims,
  };
  return jwt.sign(
    Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined)),
    secret,
    {
      algorithm: 'HS256',
      subject: '7',
      audience: 'fahrplan-api',
      issuer: 'fahrplan',
    },
  );
};

describe('TokenService', () => {
  it('reads back the principal and session of a token it issued', () => {
    const session = randomUUID();
    const token = tokens.issueAccessToken({ userId: 7, tenant: 'demo', username: 'admin', session });

    expect(tokens.verifyAccessToken(token)).toEqual({
      userId: 7,
      tenant: 'demo',
      username: 'admin',
      session,
    });
    expect(tokens.verifyAccessToken(signed({}))).toMatchObject({ userId: 7 });
  });

  it('refuses a token that never expires, even with the right signature', () => {
    expect(tokens.verifyAccessToken(signed({ exp: undefined }))).toBeNull();
  });

  it('refuses a token without a session, which no logout could end', () => {
    expect(tokens.verifyAccessToken(signed({ sid: undefined }))).toBeNull();
  });

  describe('when a token was verified before', () => {
    it('still refuses it once it has expired', () => {
      let at = Date.now();
      const clocked = new TokenService(secret, () => at);
      const token = signed({ exp: now() + 60 });

      expect(clocked.verifyAccessToken(token)).toMatchObject({ userId: 7 });
      at += 59_000;
      expect(clocked.verifyAccessToken(token)).toMatchObject({ userId: 7 });
      at += 2_000;
      expect(clocked.verifyAccessToken(token)).toBeNull();
    });

    it('refuses the same claims signed with another key, and a token changed by one character', () => {
      const token = tokens.issueAccessToken({
        userId: 7,
        tenant: 'demo',
        username: 'admin',
        session: randomUUID(),
      });
      expect(tokens.verifyAccessToken(token)).toMatchObject({ userId: 7 });

      expect(new TokenService(Buffer.alloc(32, 8)).verifyAccessToken(token)).toBeNull();
      // the signature's first character: all six of its bits count (the last one's lowest two do not)
      const [header, payload, signature] = token.split('.');
      const changed = `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
      expect(tokens.verifyAccessToken(changed)).toBeNull();
    });

    it('answers every token right when more are verified than it keeps', () => {
      const issued = Array.from({ length: 5000 }, (_, i) =>
        tokens.issueAccessToken({ userId: i + 1, tenant: 'demo', username: `u${i}`, session: randomUUID() }),
      );
      for (const token of issued) tokens.verifyAccessToken(token);

      expect(issued.map((token) => tokens.verifyAccessToken(token)?.userId)).toEqual(
        issued.map((_, i) => i + 1),
      );
    });
  });
});
