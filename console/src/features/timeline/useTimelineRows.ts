import { useCallback, useEffect, useMemo } from 'react';
import { useGetTimelinePagesInfiniteQuery } from '../items/itemsApi';
import type { TimelineArgs } from '../items/itemsApi';
import { joinPages } from './timelinePages';

/**
 * The window's rows, loaded a page at a time: the first page, then the next whenever `loadMore` is
 * called (the view calls it as its rows in view near the end). `failed` is the error of a load that
 * left no current rows to show (never the last answer's bars in its place); `moreFailed` the error
 * of a next page, under rows that are current.
 */
export function useTimelineRows(args: TimelineArgs) {
  const {
    data,
    error,
    isError,
    isFetchNextPageError,
    isFetching,
    isFetchingNextPage,
    isLoading,
    hasNextPage,
    fetchNextPage,
    refetch,
  } = useGetTimelinePagesInfiniteQuery(args);
  const rows = useMemo(() => (data ? joinPages(data.pages) : undefined), [data]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);
  // a page may hold no rows (the server passed over projects without anything in the window)
  useEffect(() => {
    if (rows?.groups.length === 0) loadMore();
  }, [rows, loadMore]);

  return {
    rows,
    isLoading,
    failed: isError && !isFetchNextPageError ? error : undefined,
    moreFailed: isFetchNextPageError ? error : undefined,
    isLoadingMore: isFetchingNextPage,
    hasMore: hasNextPage,
    loadMore,
    retry: refetch,
    retryMore: fetchNextPage,
  };
}
