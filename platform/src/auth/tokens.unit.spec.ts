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
});
