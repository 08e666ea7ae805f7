import { ProblemException, problem } from '@fahrplan/platform';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** How many new as-of positions a user may open per minute by default. */
export const defaultAsOfPerMinute = 60;

/**
 * Issue 18: an as-of view costs the server a fold of the log (MongoDB, memory) or a read of the kept
 * versions (SQLite), so each user may open only so many distinct positions per minute. A position the
 * user opened within the minute is free again: its fold is cached, and a screen asks it several times.
 */
export class AsOfLimit {
  private readonly opened: RateLimiterMemory;
  private readonly seen: RateLimiterMemory;

  constructor(readonly perMinute = defaultAsOfPerMinute) {
    this.opened = new RateLimiterMemory({ points: perMinute, duration: 60 });
    this.seen = new RateLimiterMemory({ points: 1, duration: 60 });
  }

  /** Counts `position` for `user`, or throws a 429 with Retry-After once the minute's budget is spent. */
  async open(user: string, position: number): Promise<void> {
    const key = `${user}\n${position}`;
    if (await this.seen.get(key)) return;
    try {
      await this.opened.consume(user);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new ProblemException(
        problem(
          429,
          `at most ${this.perMinute} new asOf positions per user per minute (FAHRPLAN_AS_OF_PER_MINUTE); positions opened within the minute stay free`,
        ),
        Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      );
    }
    await this.seen.consume(key);
  }
}
