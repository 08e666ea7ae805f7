import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Group, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
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

/** What a catalogue lists; it names the rows' test ids, the table and what the footer counts. */
export type CatalogueKind = 'application' | 'project' | 'user' | 'role';

/** About as many rows as a table shows without scrolling. */
const screenRows = 15;

const allLoaded: CataloguePages = { hasMore: false, loadingMore: false, onLoadMore: () => undefined };

interface Props<T extends { id: number }> extends CatalogueState, Partial<CataloguePages> {
  records: readonly T[];
  columns: DataTableColumn<T>[];
  /** The order, which a sortable column's header changes. */
  sortStatus: DataTableSortStatus<T>;
  onSortStatusChange: (status: DataTableSortStatus<T>) => void;
  /** Names the rows (`<kind>-row-<id>` test ids), the table and what the footer counts. */
  kind: CatalogueKind;
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
  const { t } = useTranslation('common');
  const paged = onLoadMore !== undefined;
  const loadMore = onLoadMore ?? allLoaded.onLoadMore;
  const viewport = useRef<HTMLDivElement>(null);
  // a page that does not fill the table cannot be scrolled to its bottom: the next one loads at once
  useEffect(() => {
    const box = viewport.current;
    if (hasMore && !loadingMore && !fetching && box && box.scrollHeight <= box.clientHeight) loadMore();
  }, [records.length, hasMore, loadingMore, fetching, loadMore]);

  const count = records.length;
  const names = {
    application: {
      table: t('catalogue.application.table'),
      loaded: t('catalogue.application.loaded'),
      count: hasMore
        ? t('catalogue.application.more', { count })
        : t('catalogue.application.count', { count }),
    },
    project: {
      table: t('catalogue.project.table'),
      loaded: t('catalogue.project.loaded'),
      count: hasMore ? t('catalogue.project.more', { count }) : t('catalogue.project.count', { count }),
    },
    user: {
      table: t('catalogue.user.table'),
      loaded: t('catalogue.user.loaded'),
      count: hasMore ? t('catalogue.user.more', { count }) : t('catalogue.user.count', { count }),
    },
    role: {
      table: t('catalogue.role.table'),
      loaded: t('catalogue.role.loaded'),
      count: hasMore ? t('catalogue.role.more', { count }) : t('catalogue.role.count', { count }),
    },
  }[kind];

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
        rowClassName="mantine-focus-auto"
        // rows are focusable so the keyboard opens a record too (Tab to the row, Enter)
        customRowAttributes={(record) => ({
          'data-testid': `${kind}-row-${record.id}`,
          tabIndex: 0,
          onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
            if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(record.id);
          },
        })}
        aria-label={names.table}
      />
      {paged && (
        <Group justify="space-between" gap="xs" aria-label={names.loaded}>
          <Text size="sm" c="dimmed">
            {names.count}
          </Text>
          <LoadMore hasMore={hasMore} loadingMore={loadingMore} onLoadMore={loadMore} label={t('loadMore')} />
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
