import { ProblemException, problem } from '@fahrplan/platform';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** How many feed requests one client address may make per minute by default. */
export const defaultFeedsPerMinute = 60;

/**
 * Issue 23: the public feed addresses need no login, so each client address may fetch only so many per
 * minute, known secrets or not (guessing a 256-bit secret is hopeless anyway; this bounds the cost).
 */
export class FeedRateLimit {
  private readonly limiter: RateLimiterMemory;

  constructor(readonly perMinute = defaultFeedsPerMinute) {
    this.limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  }

  /** Counts a request of `client`, or throws a 429 with Retry-After once the minute's budget is spent. */
  async take(client: string): Promise<void> {
    try {
      await this.limiter.consume(client);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new ProblemException(
        problem(429, `at most ${this.perMinute} calendar feed requests per client address per minute`),
        Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      );
    }
  }
}
