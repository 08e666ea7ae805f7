import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SealedSecret } from '@fahrplan/contracts';

/**
 * Seals tracker secrets at rest: AES-256-GCM with a random 96-bit IV per secret, the key id and the
 * purpose as additional data (a sealed secret moved to another purpose or key does not open). The
 * command service seals, tracker-sync opens; nothing else holds the key.
 */
export class SecretBox {
  /** Names the key without revealing it: the first 8 bytes of its SHA-256, base64url. */
  readonly kid: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the secret key must be 32 bytes (base64 of 32 random bytes)');
    this.kid = createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');
  }

  seal(plaintext: string, purpose: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`${this.kid}:${purpose}`));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return {
      alg: 'A256GCM',
      kid: this.kid,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
  }

  /** The plaintext; throws when the secret was sealed under another key or purpose, or was altered. */
  open(sealed: SealedSecret, purpose: string): string {
    if (sealed.kid !== this.kid)
      throw new Error(`the secret was sealed under key ${sealed.kid}, this service holds key ${this.kid}`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(`${this.kid}:${purpose}`));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** The purpose a tracker connection's secret is sealed for: bound to the tenant and the connection. */
export const trackerSecretPurpose = (tenant: string, connectionId: number): string =>
  `tracker-connection:${tenant}:${connectionId}`;
