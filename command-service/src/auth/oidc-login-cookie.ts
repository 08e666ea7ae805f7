import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** What the browser carries from the start of an OIDC login to its callback. */
export interface PendingLogin {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** The tenant typed on the login page; may be empty. */
  readonly tenant: string;
}

const pendingSchema = z.strictObject({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(1),
  tenant: z.string().max(100),
  expiresAt: z.number(),
});

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The pending login in a cookie, encrypted and authenticated (AES-256-GCM): the browser can neither
 * read the PKCE verifier nor forge a state, and no service keeps anything between start and callback.
 */
export class LoginCookieCodec {
  private readonly key: Buffer;

  /** `secret` is shared by every instance; without one, a random key serves this process only. */
  constructor(
    secret: string | undefined,
    private readonly lifetimeMs: number,
    private readonly now: () => Date,
  ) {
    const material = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
    this.key = Buffer.from(hkdfSync('sha256', material, 'fahrplan', 'oidc-login-cookie', 32));
  }

  seal(login: PendingLogin): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const payload = JSON.stringify({ ...login, expiresAt: this.now().getTime() + this.lifetimeMs });
    const sealed = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The pending login, or undefined when the cookie is missing, tampered with or expired. */
  open(cookie: unknown): PendingLogin | undefined {
    if (typeof cookie !== 'string' || cookie.length > 4096) return undefined;
    const raw = Buffer.from(cookie, 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      const parsed = pendingSchema.safeParse(JSON.parse(plain.toString('utf8')));
      if (!parsed.success || parsed.data.expiresAt < this.now().getTime()) return undefined;
      const { expiresAt: _expiresAt, ...login } = parsed.data;
      return login;
    } catch {
      return undefined;
    }
  }
}
