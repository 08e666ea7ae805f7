import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { endFromServer } from '@fahrplan/contracts';
import type { GroupView } from '@fahrplan/contracts';
import { CatalogueTable } from '../common/CatalogueTable';
import type { CatalogueState } from '../common/CatalogueTable';
import { listDate } from '../common/listDate';
import { codeLabel, healthColour } from './projectCodes';
import { sortProjects } from './sortProjects';

interface Props extends CatalogueState {
  projects: readonly GroupView[];
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
  {
    accessor: 'title',
    title: 'Title',
    sortable: true,
    // §5: a project shared with this tenant is marked with a link icon and its owning tenant
    render: ({ title, shared, tenant }) =>
      shared ? (
        <Group gap={6} wrap="nowrap">
          <span>{title}</span>
          <Tooltip label={`shared by ${tenant}`}>
            <IconLink size={14} aria-label={`shared by ${tenant}`} style={{ flex: 'none' }} />
          </Tooltip>
          <Text span size="xs" c="dimmed">
            {tenant}
          </Text>
        </Group>
      ) : (
        title
      ),
  },
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

export function ProjectsTable({ projects, ...props }: Props) {
  return (
    <CatalogueTable
      records={projects}
      columns={columns}
      sort={sortProjects}
      initialSort="title"
      kind="project"
      {...props}
    />
  );
}
