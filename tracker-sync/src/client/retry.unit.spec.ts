import { backoffDelay, parseRetryAfter, retryDelay } from './retry';

const policy = { maxAttempts: 5, initialDelayMs: 100, maxDelayMs: 1000 };

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date relative to now', () => {
    expect(parseRetryAfter('Mon, 23 Nov 2026 10:00:05 GMT', now)).toBe(5000);
  });

  it('reads a past date as no wait', () => {
    expect(parseRetryAfter('Mon, 23 Nov 2026 09:59:00 GMT', now)).toBe(0);
  });

  it.each([[null], [undefined], [''], ['soon'], ['-3']])('gives null for %p', (header) => {
    expect(parseRetryAfter(header, now)).toBeNull();
  });
});

describe('backoffDelay', () => {
  it('doubles per retry, between half and all of the step', () => {
    expect(backoffDelay(1, policy, () => 0)).toBe(50);
    expect(backoffDelay(1, policy, () => 1)).toBe(100);
    expect(backoffDelay(3, policy, () => 0)).toBe(200);
    expect(backoffDelay(3, policy, () => 1)).toBe(400);
  });

  it('is capped at maxDelayMs', () => {
    expect(backoffDelay(20, policy, () => 1)).toBe(1000);
  });

  it('spreads retries with jitter', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(4, policy)));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(400);
      expect(delay).toBeLessThanOrEqual(800);
    }
  });
});

describe('retryDelay', () => {
  it("prefers the tracker's Retry-After to the backoff", () => {
    expect(retryDelay(1, 3000, policy, () => 0)).toBe(3000);
    expect(retryDelay(1, null, policy, () => 0)).toBe(50);
  });
});
