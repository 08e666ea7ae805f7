import { HttpException, HttpStatus } from '@nestjs/common';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { PasswordHashingOptions } from '@fahrplan/platform';

export interface LoginThrottleOptions {
  /**
   * Failed logins in a row on one account (tenant and user name, known or not) from one client
   * address before that pair is blocked; as many from all addresses slow the account's logins down.
   */
  readonly accountFailures: number;
  /** How long a pair's first block lasts; each further block within a day doubles it. */
  readonly blockSeconds: number;
  /** The longest block, however often the account was blocked. */
  readonly maxBlockSeconds: number;
  /** Failed logins from one client address within `ipBlockSeconds` before the address is blocked. */
  readonly ipFailures: number;
  /** The window of `ipFailures`, and how long the address stays blocked then. */
  readonly ipBlockSeconds: number;
}

const count = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);
const seconds = (fallback: number) => z.coerce.number().positive().max(86_400).default(fallback);

/**
 * The environment variables of the throttle, with secure defaults. A client is blocked on an account
 * after at most 20 failures: brute force must meet a 429 long before 100 guesses.
 */
const throttleEnv = z.object({
  LOGIN_MAX_FAILURES: count(5, 20),
  LOGIN_BLOCK_SECONDS: seconds(60),
  LOGIN_MAX_BLOCK_SECONDS: seconds(3600),
  LOGIN_IP_MAX_FAILURES: count(100, 10_000),
  LOGIN_IP_BLOCK_SECONDS: seconds(900),
});

/** The throttle's settings from the environment (an empty variable counts as unset). */
export const loginThrottleOptions = (env: NodeJS.ProcessEnv = process.env): LoginThrottleOptions => {
  const parsed = throttleEnv.parse(
    Object.fromEntries(
      Object.entries(env).filter(([key, value]) => key.startsWith('LOGIN_') && value !== ''),
    ),
  );
  return {
    accountFailures: parsed.LOGIN_MAX_FAILURES,
    blockSeconds: parsed.LOGIN_BLOCK_SECONDS,
    maxBlockSeconds: Math.max(parsed.LOGIN_MAX_BLOCK_SECONDS, parsed.LOGIN_BLOCK_SECONDS),
    ipFailures: parsed.LOGIN_IP_MAX_FAILURES,
    ipBlockSeconds: parsed.LOGIN_IP_BLOCK_SECONDS,
  };
};

const hashingEnv = z.object({
  LOGIN_HASH_CONCURRENCY: count(1, 64),
  LOGIN_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(8),
});

/** The password hashing queue's settings from the environment (an empty variable counts as unset). */
export const passwordHashingOptions = (env: NodeJS.ProcessEnv = process.env): PasswordHashingOptions => {
  const parsed = hashingEnv.parse(
    Object.fromEntries(
      Object.entries(env).filter(([key, value]) => key.startsWith('LOGIN_') && value !== ''),
    ),
  );
  return { concurrency: parsed.LOGIN_HASH_CONCURRENCY, queue: parsed.LOGIN_HASH_QUEUE };
};

/** A 429 whose Retry-After the problem filter sends. */
export class TooManyLoginsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super('too many failed logins, try again later', HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** The outcome of a login attempt, to report once the password has been checked. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
  /** The password was never checked (the hashing queue was full): the attempt counts for nothing. */
  cancelled(): Promise<void>;
}

const DAY_SECONDS = 86_400;
/** How long an attempt on an account under attack waits before its password is checked. */
const SLOWDOWN_MS = 1000;

/**
 * Brute-force protection of the password login (rate-limiter-flexible, in process memory), after
 * OWASP's advice against lockout as a denial of service: failed logins in a row are counted per
 * account and client address, and only that pair is refused; an account with as many failures from
 * all addresses is under attack, and every attempt on it is slowed down, never refused, so a
 * stranger's failures never lock the owner out from another address. Failures are also counted,
 * more loosely, per client address. An attempt takes its point before the password is checked, so
 * parallel guesses are counted as well; a success gives it back and clears the pair's and the
 * account's counts. Nothing is looked up, so known and unknown users are answered alike.
 */
export class LoginThrottle {
  /** Failures in a row per account and address; a blocked pair holds `accountFailures + 1` points. */
  private readonly pairs: RateLimiterMemory;
  /** How often each pair was blocked today, for the growing block time. */
  private readonly blocks: RateLimiterMemory;
  /** Failures per account from every address, which slow the account's attempts down. */
  private readonly accounts: RateLimiterMemory;
  private readonly addresses: RateLimiterMemory;

  constructor(
    readonly options: LoginThrottleOptions = loginThrottleOptions({}),
    private readonly slowdownMs = SLOWDOWN_MS,
  ) {
    const daily = (keyPrefix: string, points = Number.MAX_SAFE_INTEGER) =>
      new RateLimiterMemory({ keyPrefix, points, duration: DAY_SECONDS });
    this.pairs = daily('login-pair', options.accountFailures);
    this.blocks = daily('login-blocks');
    this.accounts = daily('login-account');
    this.addresses = new RateLimiterMemory({
      keyPrefix: 'login-ip',
      points: options.ipFailures,
      duration: options.ipBlockSeconds,
    });
  }

  /**
   * Counts an attempt on `tenant`/`username` from `ip`, or throws TooManyLoginsException while this
   * pair or the address is blocked; waits a while first when the account is under attack.
   */
  async attempt(tenant: string, username: string, ip: string | undefined): Promise<LoginAttempt> {
    const { accountFailures, ipFailures, ipBlockSeconds } = this.options;
    const account = JSON.stringify([tenant.toLowerCase(), username.toLowerCase()]);
    const address = ip ?? 'unknown';
    const pair = JSON.stringify([tenant.toLowerCase(), username.toLowerCase(), address]);
    // The memory limiter counts synchronously: parallel attempts get consecutive counts, and the one
    // that reaches the limit sets the block before the next one looks at it.
    const [onPair, onAddress, blocksSoFar, onAccount] = await Promise.all([
      this.pairs.penalty(pair),
      this.addresses.penalty(address),
      this.blocks.get(pair),
      this.accounts.get(account),
    ]);
    if (onPair.consumedPoints > accountFailures) {
      await this.addresses.reward(address);
      throw this.blocked(await this.pairs.get(pair));
    }
    if (onAddress.consumedPoints > ipFailures) {
      await this.pairs.reward(pair);
      throw this.blocked(await this.addresses.get(address));
    }
    // the last attempt allowed blocks at once, so that parallel attempts meet the block
    const blocking: Promise<unknown>[] = [];
    const blockFor =
      onPair.consumedPoints === accountFailures ? this.blockSeconds(blocksSoFar?.consumedPoints ?? 0) : 0;
    if (blockFor) blocking.push(this.pairs.block(pair, blockFor), this.blocks.penalty(pair));
    if (onAddress.consumedPoints === ipFailures) blocking.push(this.addresses.block(address, ipBlockSeconds));
    await Promise.all(blocking);
    if ((onAccount?.consumedPoints ?? 0) >= accountFailures)
      await new Promise((resolve) => setTimeout(resolve, this.slowdownMs));
    return {
      succeeded: async () => {
        await Promise.all([this.pairs.delete(pair), this.blocks.delete(pair), this.accounts.delete(account)]);
        if (onAddress.consumedPoints < ipFailures) await this.addresses.reward(address);
      },
      // the block counts from the failure's answer, not from the start of the password check
      failed: async () => {
        await this.accounts.penalty(account);
        if (blockFor) await this.pairs.block(pair, blockFor);
      },
      cancelled: async () => {
        await this.addresses.reward(address);
        if (!blockFor) return void (await this.pairs.reward(pair));
        await Promise.all([
          this.pairs.set(pair, onPair.consumedPoints - 1, DAY_SECONDS),
          this.blocks.reward(pair),
        ]);
      },
    };
  }

  /** The first block lasts blockSeconds, each further one twice as long as the one before. */
  private blockSeconds(blocksSoFar: number): number {
    return Math.min(this.options.blockSeconds * 2 ** blocksSoFar, this.options.maxBlockSeconds);
  }

  private blocked(state: RateLimiterRes | null): TooManyLoginsException {
    return new TooManyLoginsException(Math.max(1, Math.ceil((state?.msBeforeNext ?? 1000) / 1000)));
  }
}
