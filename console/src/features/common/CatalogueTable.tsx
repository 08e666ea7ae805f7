import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Group, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { EmptyState } from './EmptyState';
import { LoadMore } from './LoadMore';
import type { MorePages } from './LoadMore';

/** What the page hands a catalogue table besides the records. */
export interface CatalogueState {
  /** A new first page loads (another search, filter or sort): the rows shown are the previous answer's. */
  fetching: boolean;
  emptyText: string;
  onOpen: (id: number) => void;
}

/** The pages of a list as the table loads them while it scrolls. */
export type CataloguePages = MorePages;

/** About as many rows as a table shows without scrolling. */
const screenRows = 15;

const allLoaded: CataloguePages = { hasMore: false, loadingMore: false, onLoadMore: () => undefined };

interface Props<T extends { id: number }> extends CatalogueState, Partial<CataloguePages> {
  records: readonly T[];
  columns: DataTableColumn<T>[];
  /** The order, which a sortable column's header changes. */
  sortStatus: DataTableSortStatus<T>;
  onSortStatusChange: (status: DataTableSortStatus<T>) => void;
  /** Names the rows (`<kind>-row-<id>` test ids), the table (`<kind>s`) and what the footer counts. */
  kind: string;
}

/**
 * A catalogue (applications, projects) in the server's order, loaded page after page as it scrolls
 * to the bottom (or by the footer's button, for the keyboard): an empty state instead of an empty
 * table; a row opens its record.
 */
export function CatalogueTable<T extends { id: number }>({
  records,
  columns,
  sortStatus,
  onSortStatusChange,
  fetching,
  emptyText,
  onOpen,
  kind,
  hasMore = allLoaded.hasMore,
  loadingMore = allLoaded.loadingMore,
  onLoadMore,
}: Props<T>) {
  const paged = onLoadMore !== undefined;
  const loadMore = onLoadMore ?? allLoaded.onLoadMore;
  const viewport = useRef<HTMLDivElement>(null);
  // a page that does not fill the table cannot be scrolled to its bottom: the next one loads at once
  useEffect(() => {
    const box = viewport.current;
    if (hasMore && !loadingMore && !fetching && box && box.scrollHeight <= box.clientHeight) loadMore();
  }, [records.length, hasMore, loadingMore, fetching, loadMore]);

  if (records.length === 0 && !fetching) {
    return <EmptyState icon={IconDatabaseOff} text={emptyText} />;
  }

  return (
    <>
      <DataTable<T>
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        minHeight={records.length === 0 ? 160 : undefined}
        // a list of more than a screen scrolls inside the table, whose bottom loads the next page
        height={
          paged && (hasMore || records.length > screenRows) ? 'max(420px, calc(100dvh - 320px))' : undefined
        }
        scrollViewportRef={viewport}
        // the table reports its bottom before it measured its rows too: only a scrolled one loads more
        onScrollToBottom={() => {
          if (hasMore && !loadingMore && (viewport.current?.scrollTop ?? 0) > 0) loadMore();
        }}
        records={[...records]}
        columns={columns}
        idAccessor="id"
        sortStatus={sortStatus}
        onSortStatusChange={onSortStatusChange}
        fetching={fetching}
        // the empty state above is shown instead of the table; this keeps the table's own text out of the DOM
        emptyState={<span />}
        onRowClick={({ record }) => onOpen(record.id)}
        // rows are focusable so the keyboard opens a record too (Tab to the row, Enter)
        customRowAttributes={(record) => ({
          'data-testid': `${kind}-row-${record.id}`,
          tabIndex: 0,
          onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
            if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(record.id);
          },
        })}
        aria-label={`${kind}s`}
      />
      {paged && (
        <Group justify="space-between" gap="xs" aria-label={`${kind}s loaded`}>
          <Text size="sm" c="dimmed">
            {records.length} {records.length === 1 ? kind : `${kind}s`}
            {hasMore ? ' loaded, more below' : ''}
          </Text>
          <LoadMore hasMore={hasMore} loadingMore={loadingMore} onLoadMore={loadMore} label="Load more" />
        </Group>
      )}
    </>
  );
}

interface SortedProps<T extends { id: number }, C extends keyof T & string> extends Omit<
  Props<T>,
  'sortStatus' | 'onSortStatusChange'
> {
  /** Sorts a copy of the records by one of the sortable columns. */
  sort: (records: readonly T[], column: C, direction: 'asc' | 'desc') => T[];
  /** The column sorted by at first, ascending. */
  initialSort: C;
}

/** A catalogue of records the browser sorts (the administration's short lists): `CatalogueTable` otherwise. */
export function SortedCatalogueTable<T extends { id: number }, C extends keyof T & string>({
  records,
  sort,
  initialSort,
  ...props
}: SortedProps<T, C>) {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>({
    columnAccessor: initialSort,
    direction: 'asc',
  });
  const sorted = useMemo(
    () => sort(records, sortStatus.columnAccessor as C, sortStatus.direction),
    [sort, records, sortStatus],
  );
  return (
    <CatalogueTable records={sorted} sortStatus={sortStatus} onSortStatusChange={setSortStatus} {...props} />
  );
}
