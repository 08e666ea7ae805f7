import { startPlatform } from '../../src/testing/platform';
import type { Platform, TestClock } from '../../src/testing/platform';
import type { EmbeddedOptions } from '../../src/embedded/embedded';

/**
 * The suite's embedded platform: started before its tests, stopped after them. Its properties are read
 * once it runs (a test that reaches for it before `beforeAll` fails loudly); `clock`, when given, is its
 * clock, which the suite advances; `options` set the embedded platform up.
 */
export const platformForSuite = (clock?: TestClock, options: Partial<EmbeddedOptions> = {}): Platform => {
  let running: Platform | undefined;
  beforeAll(async () => {
    running = await startPlatform(clock, options);
  }, 30_000);
  afterAll(async () => {
    await running?.stop();
  });
  return new Proxy({} as Platform, {
    get: (_target, key) => {
      if (!running) throw new Error(`the platform is not started yet (reading ${String(key)})`);
      const value: unknown = Reflect.get(running, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(running) : value;
    },
  });
};
