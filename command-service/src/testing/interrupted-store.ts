import { DomainError } from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';

/**
 * `store`, with `before` run once ahead of the first append to `stream`: a concurrent change or a crash
 * timed between a flow's decision and one of its steps (docs/design/scheduling.md).
 */
export const interrupted = (
  store: EventStore,
  stream: string,
  before: () => Promise<unknown>,
): EventStore => {
  let pending = true;
  return new Proxy(store, {
    get: (target, key) =>
      key === 'append'
        ? async (...args: Parameters<EventStore['append']>) => {
            if (args[0] === stream && pending) {
              pending = false;
              await before();
            }
            return target.append(...args);
          }
        : (Reflect.get(target, key) as unknown as (...a: unknown[]) => unknown).bind(target),
  });
};

/** The refusal a command's run ends with (it must be one). */
export const refusal = async (run: Promise<unknown>): Promise<DomainError> => {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};
