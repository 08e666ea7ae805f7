import { useMemo, useState } from 'react';
import { Badge, Paper, Stack, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { endFromServer } from '@fahrplan/contracts';
import type { ApplicationView } from '@fahrplan/contracts';
import { sortApplications } from './sortApplications';
import type { SortableColumn } from './sortApplications';

interface Props {
  applications: readonly ApplicationView[];
  fetching: boolean;
  emptyText: string;
  onOpen: (id: number) => void;
}

const columns: DataTableColumn<ApplicationView>[] = [
  { accessor: 'name', title: 'Name', sortable: true },
  { accessor: 'release', title: 'Release', sortable: true },
  { accessor: 'shortname', title: 'Short name', sortable: true },
  {
    accessor: 'status',
    title: 'Status',
    sortable: true,
    render: ({ status }) => (
      <Badge variant="light" color={status === 'UNDEFINIERT' ? 'gray' : 'blue'}>
        {status}
      </Badge>
    ),
  },
  { accessor: 'contact', title: 'Contact', sortable: true },
  { accessor: 'assetNr', title: 'Asset number', sortable: true },
  { accessor: 'vendor', title: 'Vendor', sortable: true },
  { accessor: 'end', title: 'End', sortable: true, render: ({ end }) => endFromServer(end) ?? '' },
];

export function ApplicationsTable({ applications, fetching, emptyText, onOpen }: Props) {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<ApplicationView>>({
    columnAccessor: 'name',
    direction: 'asc',
  });
  const records = useMemo(
    () => sortApplications(applications, sortStatus.columnAccessor as SortableColumn, sortStatus.direction),
    [applications, sortStatus],
  );

  if (records.length === 0 && !fetching) {
    return (
      <Paper withBorder p="xl" radius="sm">
        <Stack align="center" gap="xs">
          <IconDatabaseOff size={32} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text c="dimmed">{emptyText}</Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <DataTable<ApplicationView>
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
      customRowAttributes={(record) => ({ 'data-testid': `application-row-${record.id}` })}
      aria-label="applications"
    />
  );
}
