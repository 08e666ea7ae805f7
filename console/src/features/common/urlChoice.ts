import { useCallback } from 'react';
import { useAddressParams } from './urlParams';

/**
 * A console-wide choice kept in the URL (the as-of instant, the scenario). `useSet` moves to a value, or
 * leaves the choice (null), in a new history entry, so the browser's Back returns; leaving carries the
 * history state `{ [key]: leftWith }`, by which the choice's URL sync (`isLeft`) tells that the URL
 * dropped the parameter on purpose. Only the URL changes here; the URL sync brings the slice along.
 */
export const urlChoice = <T>(
  key: string,
  leftWith: string,
  withValue: (params: URLSearchParams, value: T | null) => URLSearchParams,
) => {
  const left = { [key]: leftWith };
  return {
    isLeft: (state: unknown): boolean =>
      typeof state === 'object' && state !== null && (state as Record<string, unknown>)[key] === leftWith,
    useSet: () => {
      const [, setParams] = useAddressParams();
      return useCallback(
        (value: T | null) =>
          setParams((current) => withValue(current, value), value === null ? { state: left } : undefined),
        [setParams],
      );
    },
  };
};
