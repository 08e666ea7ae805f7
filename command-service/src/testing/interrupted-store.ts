import { DomainError } from '@fahrplan/contracts';
import type { EventStore, StreamAppend } from '@fahrplan/platform';

/**
 * `store`, with `before` run once ahead of the first append to `stream`: a concurrent change or a crash
 * timed between a flow's decision and one of its steps (docs/design/scheduling.md). `appendMany` then
 * appends one part after the other around it, as EventStoreDB does (SQLite commits them together).
 */
export const interrupted = (
  store: EventStore,
  stream: string,
  before: () => Promise<unknown>,
): EventStore => {
  let pending = true;
  const once = async () => {
    if (!pending) return;
    pending = false;
    await before();
  };
  return new Proxy(store, {
    get: (target, key) => {
      if (key === 'append')
        return async (...args: Parameters<EventStore['append']>) => {
          if (args[0] === stream) await once();
          return target.append(...args);
        };
      if (key === 'appendMany')
        return async (appends: readonly StreamAppend[]) => {
          const at = appends.findIndex((append) => append.streamId === stream);
          if (at < 0 || !pending) return target.appendMany(appends);
          const first = await target.appendMany(appends.slice(0, at));
          await once();
          return [...first, ...(await target.appendMany(appends.slice(at)))];
        };
      return (Reflect.get(target, key) as unknown as (...a: unknown[]) => unknown).bind(target);
    },
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
