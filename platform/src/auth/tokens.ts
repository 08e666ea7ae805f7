import { createHash, createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export const ACCESS_TOKEN_SECONDS = 10 * 60;
export const REFRESH_TOKEN_DAYS = 14;
const AUDIENCE = 'fahrplan-api';
const ISSUER = 'fahrplan';

/** Who is calling: always taken from a verified token, never from a request body. */
export interface Principal {
  readonly userId: number;
  readonly tenant: string;
  readonly username: string;
  /** The login session (refresh-token family) the token belongs to: logging out ends its tokens too. */
  readonly session?: string;
}

const SESSION_ID = /^[0-9a-f-]{36}$/;
/** How many verified access tokens are kept: a few per signed-in user, their answers a few hundred bytes each. */
const VERIFIED_KEPT = 4096;

type AccessPrincipal = Principal & { readonly session: string };

export class TokenService {
  /**
   * The secret as a key object, made once: given bytes, jsonwebtoken first tries them as a public key
   * and then makes a secret key of them at every call, a quarter of a small query's time.
   */
  private readonly secret: KeyObject;

  /**
   * Access tokens this key verified, by their whole text, with their principal and expiry (s): verifying
   * one (JSON, HMAC) again at every request was a third of an item's answer. Only a token that passed
   * the check is kept, and only until it expires; whether its session has ended or its user been
   * disabled is asked at every request all the same (AuthGuard). Another key is another service.
   */
  private readonly verified = new Map<
    string,
    { readonly principal: AccessPrincipal; readonly exp: number }
  >();

  constructor(
    secret: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.secret = createSecretKey(secret);
  }

  /** An access token of `principal`'s session, valid for ACCESS_TOKEN_SECONDS. */
  issueAccessToken(principal: Principal & { readonly session: string }): string {
    const claims = {
      tenant: principal.tenant,
      username: principal.username,
      typ: 'access',
      sid: principal.session,
    };
    return jwt.sign(claims, this.secret, {
      algorithm: 'HS256',
      subject: String(principal.userId),
      audience: AUDIENCE,
      issuer: ISSUER,
      expiresIn: ACCESS_TOKEN_SECONDS,
      jwtid: randomUUID(),
    });
  }

  /**
   * The principal of a valid access token, or null for anything else (bad signature, alg none,
   * expired, …). Every access token expires and names its session, so that it can be revoked: one
   * without `exp` or `sid` is refused, whoever signed it.
   */
  verifyAccessToken(token: string): AccessPrincipal | null {
    const seconds = Math.floor(this.now() / 1000);
    const kept = this.verified.get(token);
    // expired as jsonwebtoken counts it: at `exp` itself
    if (kept && seconds < kept.exp) return kept.principal;
    if (kept) this.verified.delete(token);
    const verified = this.verify(token, seconds);
    if (!verified) return null;
    // the oldest first: tokens live equally long, so those kept longest expire first
    if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, verified);
    return verified.principal;
  }

  private verify(
    token: string,
    seconds: number,
  ): { readonly principal: AccessPrincipal; readonly exp: number } | null {
    try {
      const claims = jwt.verify(token, this.secret, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: ISSUER,
        clockTimestamp: seconds,
      });
      if (typeof claims !== 'object' || claims.typ !== 'access') return null;
      const userId = Number(claims.sub);
      if (
        !Number.isSafeInteger(userId) ||
        typeof claims.tenant !== 'string' ||
        typeof claims.username !== 'string' ||
        typeof claims.exp !== 'number' ||
        typeof claims.sid !== 'string' ||
        !SESSION_ID.test(claims.sid)
      )
        return null;
      return {
        principal: { userId, tenant: claims.tenant, username: claims.username, session: claims.sid },
        exp: claims.exp,
      };
    } catch {
      return null;
    }
  }
}

/** A refresh token is `<family>.<secret>`; the server keeps only the hash of the secret. */
export const newRefreshToken = (family: string = randomUUID()) => {
  const token = `${family}.${randomBytes(32).toString('base64url')}`;
  return { family, token, hash: hashToken(token) };
};

export const parseRefreshToken = (token: string): { family: string; hash: string } | null => {
  const [family, secret] = token.split('.');
  if (!family || !secret || !SESSION_ID.test(family)) return null;
  return { family, hash: hashToken(token) };
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
