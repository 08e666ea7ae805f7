import { useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { IconDatabaseOff } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { EmptyState } from './EmptyState';

/** What the page hands a catalogue table besides the records. */
export interface CatalogueState {
  fetching: boolean;
  emptyText: string;
  onOpen: (id: number) => void;
}

interface Props<T extends { id: number }, C extends keyof T & string> extends CatalogueState {
  records: readonly T[];
  columns: DataTableColumn<T>[];
  /** Sorts a copy of the records by one of the sortable columns. */
  sort: (records: readonly T[], column: C, direction: 'asc' | 'desc') => T[];
  /** The column sorted by at first, ascending. */
  initialSort: C;
  /** Names the rows (`<kind>-row-<id>` test ids) and the table (`<kind>s`). */
  kind: string;
}

/** A sortable catalogue (applications, projects): an empty state instead of an empty table; a row opens its record. */
export function CatalogueTable<T extends { id: number }, C extends keyof T & string>({
  records: unsorted,
  columns,
  sort,
  initialSort,
  fetching,
  emptyText,
  onOpen,
  kind,
}: Props<T, C>) {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>({
    columnAccessor: initialSort,
    direction: 'asc',
  });
  const records = useMemo(
    () => sort(unsorted, sortStatus.columnAccessor as C, sortStatus.direction),
    [sort, unsorted, sortStatus],
  );

  if (records.length === 0 && !fetching) {
    return <EmptyState icon={IconDatabaseOff} text={emptyText} />;
  }

  return (
    <DataTable<T>
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      minHeight={records.length === 0 ? 160 : undefined}
      records={records}
      columns={columns}
      idAccessor="id"
      sortStatus={sortStatus}
      onSortStatusChange={setSortStatus}
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
  );
}
