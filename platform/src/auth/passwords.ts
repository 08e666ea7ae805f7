import { ServiceUnavailableException } from '@nestjs/common';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** OWASP's scrypt parameters: N=2^17, r=8, p=1. */
const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 256 * 1024 * 1024;

export interface PasswordHashingOptions {
  /** Hashes computed at once (each takes a thread of libuv's pool and a core for 0.1–0.3 s). */
  readonly concurrency: number;
  /** Hashes that may wait for a turn; one more is refused at once. */
  readonly queue: number;
}

/** A password check or hash that found the hashing queue full: 503 with Retry-After, at once. */
export class PasswordHashingBusyError extends ServiceUnavailableException {
  constructor(readonly retryAfterSeconds: number) {
    super('the server is busy checking passwords, try again shortly');
  }
}

/**
 * Every scrypt of the process passes this queue. Unbounded, a login flood filled libuv's thread pool,
 * which every file and DNS lookup shares, and held each request for seconds; bounded, a hash waits
 * at most `queue / concurrency` turns, and the rest are refused before they cost anything.
 */
class HashingQueue {
  private options: PasswordHashingOptions = { concurrency: 1, queue: 8 };
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** A running average of one hash's duration, for the Retry-After of a refusal. */
  private averageMs = 200;

  configure(options: PasswordHashingOptions): void {
    this.options = options;
  }

  async run(task: () => Promise<Buffer>): Promise<Buffer> {
    const { concurrency, queue } = this.options;
    if (this.active >= concurrency) {
      if (this.waiting.length >= queue) {
        const turns = Math.ceil((this.waiting.length + this.active) / concurrency);
        throw new PasswordHashingBusyError(Math.max(1, Math.ceil((turns * this.averageMs) / 1000)));
      }
      // the finishing hash hands its turn over: `active` stays as it is
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.active++;
    const began = performance.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - began);
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

const hashing = new HashingQueue();

/** Sets the hashing queue's concurrency and length (defaults: one at a time, 8 waiting). */
export const configurePasswordHashing = (options: PasswordHashingOptions): void => hashing.configure(options);

const derive = (password: string, salt: Buffer, logN: number, r: number, p: number) =>
  hashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, KEY_LENGTH, { N: 2 ** logN, r, p, maxmem: MAX_MEMORY }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG_N, R, P);
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
};

/** A hash of a random password: unknown users are checked against it so their answer takes as long. */
let decoy: Promise<string> | undefined;
const decoyHash = (): Promise<string> =>
  (decoy ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
    decoy = undefined;
    throw error;
  }));

/** Throws PasswordHashingBusyError, for known and unknown users alike, while the hashing queue is full. */
export const verifyPassword = async (password: string, stored: string | undefined): Promise<boolean> => {
  const hash = stored ?? (await decoyHash());
  const [scheme, logN, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p));
  return timingSafeEqual(expected, actual) && stored !== undefined;
};
