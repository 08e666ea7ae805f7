import { createHash, randomBytes } from 'node:crypto';

/** The SHA-256 (hex) of a calendar feed's secret: what is stored and looked up instead of the secret. */
export const feedSecretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A new calendar feed secret: 32 random bytes (256 bits), base64url, and its hash. */
export const drawFeedSecret = (): { readonly secret: string; readonly hash: string } => {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: feedSecretHash(secret) };
};
