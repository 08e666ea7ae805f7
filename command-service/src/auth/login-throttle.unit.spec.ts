import { LoginThrottle, TooManyLoginsException, loginThrottleOptions } from './login-throttle';
import type { LoginThrottleOptions } from './login-throttle';

const options = (overrides: Partial<LoginThrottleOptions> = {}): LoginThrottleOptions => ({
  accountFailures: 3,
  blockSeconds: 60,
  maxBlockSeconds: 600,
  ipFailures: 10,
  ipBlockSeconds: 900,
  ...overrides,
});

/** The attempt's outcome: 'ok' when it may check the password, else the Retry-After seconds of the 429. */
const attempt = async (throttle: LoginThrottle, username: string, ip = '192.0.2.1') => {
  try {
    return { outcome: 'ok' as const, attempt: await throttle.attempt('demo', username, ip) };
  } catch (error) {
    if (error instanceof TooManyLoginsException) return { outcome: error.retryAfterSeconds };
    throw error;
  }
};

/** Fails `count` attempts (they pass the throttle, the password is wrong) and returns the next outcome. */
const failThenTry = async (throttle: LoginThrottle, username: string, count: number, ip?: string) => {
  for (let i = 0; i < count; i++) expect((await attempt(throttle, username, ip)).outcome).toBe('ok');
  return (await attempt(throttle, username, ip)).outcome;
};

beforeEach(() => {
  // the limiter counts with Date.now and expires with setTimeout: both move only when the test says
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('loginThrottleOptions', () => {
  it('defaults to a block after 5 failures on an account, and a looser limit per address', () => {
    const defaults = loginThrottleOptions({});

    expect(defaults).toEqual({
      accountFailures: 5,
      blockSeconds: 60,
      maxBlockSeconds: 3600,
      ipFailures: 100,
      ipBlockSeconds: 900,
    });
    expect(defaults.ipFailures).toBeGreaterThan(defaults.accountFailures);
  });

  it('reads LOGIN_* variables, ignores empty ones, and refuses an account limit above 20', () => {
    expect(
      loginThrottleOptions({ LOGIN_MAX_FAILURES: '3', LOGIN_BLOCK_SECONDS: '1', LOGIN_IP_MAX_FAILURES: '' }),
    ).toMatchObject({ accountFailures: 3, blockSeconds: 1, ipFailures: 100 });
    expect(() => loginThrottleOptions({ LOGIN_MAX_FAILURES: '99' })).toThrow();
    expect(() => loginThrottleOptions({ LOGIN_BLOCK_SECONDS: 'soon' })).toThrow();
  });
});

describe('LoginThrottle', () => {
  it('blocks an account after its failures in a row, for blockSeconds', async () => {
    const throttle = new LoginThrottle(options());

    expect(await failThenTry(throttle, 'alice', 3)).toBe(60);
    jest.advanceTimersByTime(59_000);
    expect((await attempt(throttle, 'alice')).outcome).toBe(1);
    jest.advanceTimersByTime(1_000);
    expect((await attempt(throttle, 'alice')).outcome).toBe('ok');
  });

  it('starts the block when the last failure is answered, however long the password check took', async () => {
    const throttle = new LoginThrottle(options());
    expect(await failThenTry(throttle, 'alice', 1)).toBe('ok');
    const last = await attempt(throttle, 'alice');
    jest.advanceTimersByTime(30_000);

    await last.attempt!.failed();

    jest.advanceTimersByTime(59_000);
    expect((await attempt(throttle, 'alice')).outcome).toBe(1);
    jest.advanceTimersByTime(1_000);
    expect((await attempt(throttle, 'alice')).outcome).toBe('ok');
  });

  it('counts the account case-insensitively, and other accounts apart', async () => {
    const throttle = new LoginThrottle(options());
    expect((await attempt(throttle, 'Alice')).outcome).toBe('ok');
    expect((await attempt(throttle, 'alice')).outcome).toBe('ok');

    expect((await attempt(throttle, 'ALICE')).outcome).toBe('ok');
    expect((await attempt(throttle, 'alice')).outcome).toBe(60);
    expect((await attempt(throttle, 'bob')).outcome).toBe('ok');
  });

  it('counts parallel attempts before any password is checked', async () => {
    const throttle = new LoginThrottle(options());

    const outcomes = await Promise.all(Array.from({ length: 10 }, () => attempt(throttle, 'alice')));

    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'ok', 'ok', ...Array(7).fill(60)]);
  });

  it('starts the count again after a success', async () => {
    const throttle = new LoginThrottle(options());
    expect((await attempt(throttle, 'alice')).outcome).toBe('ok');
    expect((await attempt(throttle, 'alice')).outcome).toBe('ok');
    const success = await attempt(throttle, 'alice');
    await success.attempt!.succeeded();

    expect(await failThenTry(throttle, 'alice', 3)).toBe(60);
  });

  it('doubles the block each time the account is blocked again, up to maxBlockSeconds', async () => {
    const throttle = new LoginThrottle(options());
    const retryAfter: unknown[] = [];
    for (let block = 0; block < 5; block++) {
      retryAfter.push(await failThenTry(throttle, 'alice', 3));
      jest.advanceTimersByTime(600_000);
    }

    expect(retryAfter).toEqual([60, 120, 240, 480, 600]);
  });

  it('blocks an address after its failures on any accounts, without blocking those accounts', async () => {
    const throttle = new LoginThrottle(options({ ipFailures: 4 }));
    for (const name of ['a', 'b', 'c', 'd']) expect((await attempt(throttle, name)).outcome).toBe('ok');

    expect((await attempt(throttle, 'e')).outcome).toBe(900);
    expect((await attempt(throttle, 'e', '192.0.2.2')).outcome).toBe('ok');
    expect(await failThenTry(throttle, 'f', 3, '192.0.2.2')).toBe(60);
  });

  it('gives the address its point back after a success', async () => {
    const throttle = new LoginThrottle(options({ ipFailures: 2 }));
    for (let i = 0; i < 5; i++) await (await attempt(throttle, 'alice')).attempt!.succeeded();

    expect((await attempt(throttle, 'bob')).outcome).toBe('ok');
  });
});

describe('LoginThrottle against lockout as a denial of service (OWASP)', () => {
  const stranger = '198.51.100.7';
  const owner = '192.0.2.1';
  /** Fails `count` logins on `username` from `ip`: each passes the throttle, then its password is wrong. */
  const fail = async (throttle: LoginThrottle, username: string, count: number, ip: string) => {
    for (let i = 0; i < count; i++) await (await attempt(throttle, username, ip)).attempt!.failed();
  };
  /** The attempt's outcome, and whether it was still waiting after `ms`. */
  const slowed = async (throttle: LoginThrottle, username: string, ip: string, ms: number) => {
    let settled = false;
    const pending = attempt(throttle, username, ip).finally(() => (settled = true));
    await jest.advanceTimersByTimeAsync(ms);
    const waited = !settled;
    await jest.advanceTimersByTimeAsync(1000);
    const { outcome, attempt: allowed } = await pending;
    return { outcome, waited, allowed };
  };

  it("never lets a stranger's failures refuse the owner from another address", async () => {
    const throttle = new LoginThrottle(options());
    await fail(throttle, 'alice', 3, stranger);
    expect((await attempt(throttle, 'alice', stranger)).outcome).toBe(60);

    expect((await slowed(throttle, 'alice', owner, 0)).outcome).toBe('ok');
  });

  it('slows every attempt on an account under attack down by a second, rather than refuse it', async () => {
    const throttle = new LoginThrottle(options());
    expect(await slowed(throttle, 'alice', owner, 0)).toMatchObject({ outcome: 'ok', waited: false });
    await fail(throttle, 'alice', 3, stranger);

    expect(await slowed(throttle, 'alice', owner, 999)).toMatchObject({ outcome: 'ok', waited: true });
    expect(await slowed(throttle, 'bob', owner, 0)).toMatchObject({ outcome: 'ok', waited: false });
  });

  it("ends the slowdown with the owner's success, while the stranger stays blocked", async () => {
    const throttle = new LoginThrottle(options());
    await fail(throttle, 'alice', 3, stranger);
    const signedIn = await slowed(throttle, 'alice', owner, 0);
    expect(signedIn.outcome).toBe('ok');
    await signedIn.allowed!.succeeded();

    expect(await slowed(throttle, 'alice', owner, 0)).toMatchObject({ outcome: 'ok', waited: false });
    // two seconds of the 60 s block have passed meanwhile
    expect((await attempt(throttle, 'alice', stranger)).outcome).toBe(58);
  });

  it('counts an attempt whose password was never checked for nothing', async () => {
    const throttle = new LoginThrottle(options({ ipFailures: 2 }));
    for (let i = 0; i < 5; i++) await (await attempt(throttle, 'alice')).attempt!.cancelled();

    expect((await attempt(throttle, 'alice')).outcome).toBe('ok');
    expect((await attempt(throttle, 'bob')).outcome).toBe('ok');
  });
});
