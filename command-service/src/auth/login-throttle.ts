import { HttpException, HttpStatus } from '@nestjs/common';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';

export interface LoginThrottleOptions {
  /** Failed logins in a row on one account (tenant and user name, known or not) before it is blocked. */
  readonly accountFailures: number;
  /** How long an account's first block lasts; each further block within a day doubles it. */
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
 * The environment variables of the throttle, with secure defaults. An account is blocked after at
 * most 20 failures: brute force must meet a 429 long before 100 guesses.
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

export class TooManyLoginsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super('too many failed logins, try again later', HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** The outcome of a login attempt, to report once the password has been checked. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

const DAY_SECONDS = 86_400;

/**
 * Brute-force protection of the password login (rate-limiter-flexible, in process memory): failed
 * logins are counted per account, whether the account exists or not, and, more loosely, per client
 * address. An attempt takes its point before the password is checked, so parallel guesses are
 * counted as well; a success gives it back and clears the account's count.
 */
export class LoginThrottle {
  /** Failures in a row per account; a blocked account holds `accountFailures + 1` points. */
  private readonly accounts: RateLimiterMemory;
  /** How often each account was blocked today, for the growing block time. */
  private readonly blocks: RateLimiterMemory;
  private readonly addresses: RateLimiterMemory;

  constructor(readonly options: LoginThrottleOptions = loginThrottleOptions({})) {
    this.accounts = new RateLimiterMemory({
      keyPrefix: 'login-account',
      points: options.accountFailures,
      duration: DAY_SECONDS,
    });
    this.blocks = new RateLimiterMemory({
      keyPrefix: 'login-blocks',
      points: Number.MAX_SAFE_INTEGER,
      duration: DAY_SECONDS,
    });
    this.addresses = new RateLimiterMemory({
      keyPrefix: 'login-ip',
      points: options.ipFailures,
      duration: options.ipBlockSeconds,
    });
  }

  /**
   * Counts an attempt on `tenant`/`username` from `ip`, or throws TooManyLoginsException while the
   * account or the address is blocked. Looks nothing up, so known and unknown users are answered alike.
   */
  async attempt(tenant: string, username: string, ip: string | undefined): Promise<LoginAttempt> {
    const { accountFailures, ipFailures, ipBlockSeconds } = this.options;
    const account = JSON.stringify([tenant.toLowerCase(), username.toLowerCase()]);
    const address = ip ?? 'unknown';
    // The memory limiter counts synchronously: parallel attempts get consecutive counts, and the one
    // that reaches the limit sets the block before the next one looks at it.
    const [onAccount, onAddress, blocksSoFar] = await Promise.all([
      this.accounts.penalty(account),
      this.addresses.penalty(address),
      this.blocks.get(account),
    ]);
    if (onAccount.consumedPoints > accountFailures) {
      await this.addresses.reward(address);
      throw this.blocked(await this.accounts.get(account));
    }
    if (onAddress.consumedPoints > ipFailures) {
      await this.accounts.reward(account);
      throw this.blocked(await this.addresses.get(address));
    }
    // the last attempt allowed blocks at once, so that parallel attempts meet the block
    const blocking: Promise<unknown>[] = [];
    const blockFor =
      onAccount.consumedPoints === accountFailures ? this.blockSeconds(blocksSoFar?.consumedPoints ?? 0) : 0;
    if (blockFor) blocking.push(this.accounts.block(account, blockFor), this.blocks.penalty(account));
    if (onAddress.consumedPoints === ipFailures) blocking.push(this.addresses.block(address, ipBlockSeconds));
    await Promise.all(blocking);
    return {
      succeeded: async () => {
        await Promise.all([this.accounts.delete(account), this.blocks.delete(account)]);
        if (onAddress.consumedPoints < ipFailures) await this.addresses.reward(address);
      },
      // the block counts from the failure's answer, not from the start of the password check
      failed: async () => {
        if (blockFor) await this.accounts.block(account, blockFor);
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
