import { useCallback, useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useAddressParams } from './urlParams';

/*
 * A list's search, filters and sort live in the URL (issue 17), so a reload or a shared link shows the
 * same list; the server searches, filters and sorts.
 */

/** The URL's search parameters, and a setter of some of them (null removes one) that adds no history entry. */
export function useUrlParams() {
  const [params, setParams] = useAddressParams();
  const set = useCallback(
    (changes: Readonly<Record<string, string | null>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes))
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, set] as const;
}

/**
 * The search box of a list bound to the URL parameter `q`: what is typed shows at once and reaches the
 * URL (and so the server) after a pause; `q` is the trimmed text the list asks for.
 */
export function useUrlSearch(params: URLSearchParams, set: (changes: Record<string, string | null>) => void) {
  const fromUrl = params.get('q') ?? '';
  const [search, setSearch] = useState(fromUrl);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (debounced !== fromUrl) set({ q: debounced || null });
    // only a new pause in typing writes the URL; the URL's own changes do not echo back
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return { search, setSearch, q: fromUrl };
}

/**
 * The table's sort of the URL's `sort` (`key` ascending, `-key` descending): `columns` maps a sortable
 * column's accessor to the list's sort key; an unknown value sorts by `fallback`.
 */
export const sortStatusOf = <T>(
  param: string | null,
  columns: Readonly<Record<string, string>>,
  fallback: string,
): DataTableSortStatus<T> => {
  const descending = param?.startsWith('-') ?? false;
  const key = descending ? param!.slice(1) : param;
  const column = Object.entries(columns).find(([, sortKey]) => sortKey === key)?.[0];
  return column
    ? { columnAccessor: column, direction: descending ? 'desc' : 'asc' }
    : { columnAccessor: fallback, direction: 'asc' };
};

/** The URL's `sort` of a table's sort; null for the list's own order (`fallback` ascending). */
export const sortParamOf = <T>(
  status: DataTableSortStatus<T>,
  columns: Readonly<Record<string, string>>,
  fallback: string,
): string | null => {
  const key = columns[String(status.columnAccessor)] ?? columns[fallback]!;
  if (status.direction === 'asc' && status.columnAccessor === fallback) return null;
  return status.direction === 'desc' ? `-${key}` : key;
};
