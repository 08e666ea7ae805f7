import {
  PasswordHashingBusyError,
  configurePasswordHashing,
  hashPassword,
  verifyPassword,
} from './passwords';

const outcome = (check: Promise<boolean>) =>
  check.then(
    (valid) => (valid ? 'valid' : 'invalid'),
    (error: unknown) =>
      error instanceof PasswordHashingBusyError ? `busy ${error.retryAfterSeconds}` : error,
  );

describe('password hashing', () => {
  let stored: string;
  beforeAll(async () => {
    stored = await hashPassword('correct horse battery staple');
  });

  it('checks passwords one at a time, lets two wait, and refuses the rest at once with a Retry-After', async () => {
    configurePasswordHashing({ concurrency: 1, queue: 2 });
    const began = performance.now();
    const checks = Array.from({ length: 6 }, (_, i) =>
      verifyPassword(i % 2 ? 'wrong' : 'correct horse battery staple', stored),
    );
    const refusedAfterMs = await Promise.allSettled(checks.slice(3)).then(() => performance.now() - began);

    const outcomes = await Promise.all(checks.map(outcome));

    expect(outcomes.slice(0, 3)).toEqual(['valid', 'invalid', 'valid']);
    for (const refused of outcomes.slice(3)) expect(refused).toMatch(/^busy [1-9]\d*$/);
    // refused without waiting for a hash (one takes 100 ms or more)
    expect(refusedAfterMs).toBeLessThan(50);
  });

  it('refuses an unknown user exactly as a known one while the queue is full', async () => {
    configurePasswordHashing({ concurrency: 1, queue: 0 });
    const running = verifyPassword('x', stored);

    const [known, unknown] = await Promise.all([
      outcome(verifyPassword('x', stored)),
      outcome(verifyPassword('x', undefined)),
    ]);

    expect(known).toMatch(/^busy /);
    expect(unknown).toBe(known);
    await running;
    configurePasswordHashing({ concurrency: 1, queue: 16 });
    expect(await verifyPassword('x', undefined)).toBe(false);
  });
});
