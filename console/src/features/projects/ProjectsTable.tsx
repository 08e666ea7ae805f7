import { useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Badge, Paper, Stack, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { endFromServer } from '@fahrplan/contracts';
import type { GroupView } from '@fahrplan/contracts';
import { listDate } from '../common/listDate';
import { codeLabel, healthColour } from './projectCodes';
import { sortProjects } from './sortProjects';
import type { SortableColumn } from './sortProjects';

interface Props {
  projects: readonly GroupView[];
  fetching: boolean;
  emptyText: string;
  onOpen: (id: number) => void;
}

/** An exclusive server end as the last day; an unexpected shape is shown as it came. */
const lastDay = (end: string | null): string => {
  try {
    return endFromServer(end) ?? '';
  } catch {
    return end ?? '';
  }
};

const columns: DataTableColumn<GroupView>[] = [
  { accessor: 'title', title: 'Title', sortable: true },
  { accessor: 'shortname', title: 'Short name', sortable: true },
  {
    accessor: 'status',
    title: 'Status',
    sortable: true,
    render: ({ status }) => codeLabel('status', status),
  },
  { accessor: 'phase', title: 'Phase', sortable: true, render: ({ phase }) => codeLabel('phase', phase) },
  {
    accessor: 'healthStatus',
    title: 'Health',
    sortable: true,
    noWrap: true,
    render: ({ healthStatus }) => (
      <Badge variant="light" color={healthColour(healthStatus)} tt="none" style={{ overflow: 'visible' }}>
        {codeLabel('health', healthStatus)}
      </Badge>
    ),
  },
  { accessor: 'start', title: 'Start', sortable: true, noWrap: true, render: ({ start }) => listDate(start) },
  { accessor: 'end', title: 'End', sortable: true, noWrap: true, render: ({ end }) => lastDay(end) },
  {
    accessor: 'duration',
    title: 'Duration (working days)',
    sortable: true,
    textAlign: 'right',
    render: ({ duration }) => duration ?? '',
  },
  { accessor: 'priority', title: 'Priority', sortable: true, textAlign: 'right' },
];

export function ProjectsTable({ projects, fetching, emptyText, onOpen }: Props) {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<GroupView>>({
    columnAccessor: 'title',
    direction: 'asc',
  });
  const records = useMemo(
    () => sortProjects(projects, sortStatus.columnAccessor as SortableColumn, sortStatus.direction),
    [projects, sortStatus],
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
    <DataTable<GroupView>
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
      // rows are focusable so the keyboard opens a project too (Tab to the row, Enter)
      customRowAttributes={(record) => ({
        'data-testid': `project-row-${record.id}`,
        tabIndex: 0,
        onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(record.id);
        },
      })}
      aria-label="projects"
    />
  );
}
