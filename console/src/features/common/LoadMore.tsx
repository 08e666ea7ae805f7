import { Button } from '@mantine/core';

/** What loads the next page of a list: whether there is one, whether it is loading, and how. */
export interface MorePages {
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The button that loads a list's next page while there is one: for the keyboard, and lists that do not scroll. */
export function LoadMore({ hasMore, loadingMore, onLoadMore, label }: MorePages & { label: string }) {
  if (!hasMore) return null;
  return (
    <Button variant="subtle" size="xs" loading={loadingMore} onClick={onLoadMore}>
      {label}
    </Button>
  );
}

/** The pages of an RTK Query infinite query as `MorePages`. */
export const morePages = (query: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}): MorePages => ({
  hasMore: query.hasNextPage,
  loadingMore: query.isFetchingNextPage,
  onLoadMore: () => void query.fetchNextPage(),
});
