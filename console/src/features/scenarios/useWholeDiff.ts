import { useEffect, useMemo } from 'react';
import type { RecordDifference } from '@fahrplan/contracts';
import { joinedPages } from './comparison';
import { useGetScenarioDiffPagesInfiniteQuery } from './scenariosApi';

/** Records per page the publish confirmation reads, and how many it reads at most before it stops listing. */
export const wholeDiffPage = 500;
export const wholeDiffLimit = 10_000;

export interface WholeDiff {
  /** The records read so far, conflicts first. */
  readonly records: readonly RecordDifference[];
  /** Every page is read (or the limit reached): what the user confirms is what will change. */
  readonly done: boolean;
  /** The diff holds more records than `wholeDiffLimit`: the list stops there. */
  readonly capped: boolean;
  readonly isLoading: boolean;
  readonly error: unknown;
}

/**
 * A scenario's whole diff with the live plan, read page after page (`wholeDiffPage` records each) until
 * the last or `wholeDiffLimit` records: the publish confirmation lists everything a publish changes, not
 * only the first page, and says how far it has read meanwhile.
 */
export function useWholeDiff(id: number): WholeDiff {
  const pages = useGetScenarioDiffPagesInfiniteQuery({ id, limit: wholeDiffPage });
  const { hasNextPage, isFetching, isError, fetchNextPage } = pages;
  const data = useMemo(() => joinedPages(pages.data?.pages), [pages.data]);
  const records = data?.records ?? [];
  const capped = hasNextPage && records.length >= wholeDiffLimit;
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError && !capped) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, capped, fetchNextPage]);
  return {
    records,
    done: data !== undefined && (!hasNextPage || capped) && !isFetching,
    capped,
    isLoading: pages.isLoading,
    error: isError ? pages.error : null,
  };
}
