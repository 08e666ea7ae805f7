import type { InfiniteData } from '@reduxjs/toolkit/query/react';
import type { Page } from '@fahrplan/contracts';

/*
 * Every list of the API answers pages (issue 17): `limit` records and the `nextCursor` of the page
 * after them. A screen that scrolls through a list keeps its pages in one infinite query's cache
 * entry (RTK Query's `build.infiniteQuery`); a picker asks one page per search.
 */

/** What follows a page: its `nextCursor`, none after the last. */
export const pageParams = {
  initialPageParam: null as string | null,
  getNextPageParam: <T>(last: Page<T>) => last.nextCursor,
};

/** The query string of a list's page: the arguments without empty ones, and the cursor when there is one. */
export const listParams = (
  args: Readonly<Record<string, string | number | boolean | null | undefined>>,
  cursor: string | null = null,
): Record<string, string> => {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text !== null && text !== undefined && text !== '') params[name] = String(text);
  }
  if (cursor) params.cursor = cursor;
  return params;
};

/** The records of every page loaded so far, in order. */
export const pageItems = <T>(data: InfiniteData<Page<T>, string | null> | undefined): readonly T[] =>
  data?.pages.flatMap((page) => page.items) ?? [];

/** The ids of the records of a page, for tags per record. */
export const idsOf = <T extends { id: number }>(pages: readonly Page<T>[] | undefined) =>
  (pages ?? []).flatMap((page) => page.items.map(({ id }) => id));

type ListArgs = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * An infinite query's options over the list at `url`: its pages one after the other, the query
 * argument as the list's parameters (`params`, to pick them from another argument).
 */
export const pagedList = <Arg>(
  url: string | ((arg: Arg) => string),
  params: (arg: Arg) => ListArgs = (arg) => ({ ...(arg as ListArgs) }),
) => ({
  infiniteQueryOptions: pageParams,
  query: ({ queryArg, pageParam }: { queryArg: Arg; pageParam: string | null }) => ({
    url: typeof url === 'string' ? url : url(queryArg),
    params: listParams(params(queryArg), pageParam),
  }),
});

/** One page of the list at `url`, the query argument as its parameters. */
export const listPage =
  (url: string) =>
  <Arg>(arg: Arg) => ({ url, params: listParams({ ...(arg as ListArgs) }) });
