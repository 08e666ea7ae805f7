import type { ComponentProps, ReactNode } from 'react';
import { Stack, Table } from '@mantine/core';
import { LoadError, TableSkeleton } from './CataloguePage';
import { EmptyState } from './EmptyState';
import { LoadMore, morePages } from './LoadMore';
import { TableHeader } from './TableHeader';
import type { HeaderCell } from './TableHeader';

/** What a paged table shows of its infinite query. */
type PagedQuery = Parameters<typeof morePages>[0] & {
  readonly isError: boolean;
  readonly isLoading: boolean;
  readonly error?: unknown;
};

/**
 * A list's pages as a table: the failure, the first load (a skeleton named `loading`, or nothing), the
 * empty state, or the rows with the button for the next page.
 */
export function PagedTable({
  query,
  count,
  label,
  cells,
  failed,
  loading,
  empty,
  more,
  children,
}: {
  query: PagedQuery;
  /** How many rows the pages loaded hold. */
  count: number;
  label: string;
  cells: readonly (HeaderCell | false)[];
  failed: string;
  loading?: string;
  empty: ComponentProps<typeof EmptyState>;
  more: string;
  children: ReactNode;
}) {
  if (query.isError) return <LoadError title={failed} error={query.error} />;
  if (query.isLoading) return loading === undefined ? null : <TableSkeleton label={loading} />;
  if (count === 0) return <EmptyState {...empty} />;
  return (
    <Stack gap="xs">
      <Table striped highlightOnHover aria-label={label}>
        <TableHeader cells={cells} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
      <LoadMore {...morePages(query)} label={more} />
    </Stack>
  );
}
