import { useCallback } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/** A URL parameter's value as a positive integer id, or null when missing or not one. */
export const positiveInt = (value: string | null) =>
  value !== null && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * The URL's search parameters and an updater of them. The updater starts from the address bar, not from
 * the parameters of the last render as React Router's own updater form does: two changes in quick
 * succession (a sort clicked before the render that follows a search) would otherwise lose the first.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) =>
      setParams(() => change(new URLSearchParams(window.location.search)), options),
    [setParams],
  );
  return [params, update] as const;
}
