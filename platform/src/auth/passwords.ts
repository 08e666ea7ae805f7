import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** OWASP's scrypt parameters: N=2^17, r=8, p=1. */
const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 256 * 1024 * 1024;

const derive = (password: string, salt: Buffer, logN: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: 2 ** logN, r, p, maxmem: MAX_MEMORY }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG_N, R, P);
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
};

/** A hash of a random password: unknown users are checked against it so their answer takes as long. */
let decoy: Promise<string> | undefined;

export const verifyPassword = async (password: string, stored: string | undefined): Promise<boolean> => {
  const hash = stored ?? (await (decoy ??= hashPassword(randomBytes(16).toString('hex'))));
  const [scheme, logN, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p));
  return timingSafeEqual(expected, actual) && stored !== undefined;
};
