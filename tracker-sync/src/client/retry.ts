export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  readonly initialDelayMs: number;
  /** The longest wait between attempts; a Retry-After beyond it is not waited out but reported. */
  readonly maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 4, initialDelayMs: 500, maxDelayMs: 10_000 };

/**
 * Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent
 * or unreadable, so the caller falls back to its own backoff.
 */
export const parseRetryAfter = (header: string | null | undefined, now = Date.now()): number | null => {
  const text = header?.trim();
  if (!text) return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // HTTP dates name their month; Date.parse alone would read "-3" as a year.
  const date = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
};

/**
 * Exponential backoff with "equal jitter": half the exponential step plus a random share of the
 * other half, so clients that failed together do not retry together, yet never retry at once.
 */
export const backoffDelay = (
  retry: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number => {
  const step = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (retry - 1));
  return Math.round(step / 2 + random() * (step / 2));
};

/** The wait before retry number `retry` (1-based): the tracker's Retry-After when it sent one. */
export const retryDelay = (
  retry: number,
  retryAfterMs: number | null,
  policy: RetryPolicy,
  random?: () => number,
): number => (retryAfterMs !== null ? retryAfterMs : backoffDelay(retry, policy, random));
