import { useMemo } from 'react';
import { Group, Text, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { endFromServer, parseTrackerRepositoryId } from '@fahrplan/contracts';
import type { GroupView } from '@fahrplan/contracts';
import { CatalogueTable } from '../common/CatalogueTable';
import type { CataloguePages, CatalogueState } from '../common/CatalogueTable';
import { listDate } from '../common/listDate';
import { TruncatedText } from '../common/TruncatedText';
import { IssueCell } from '../tracker/TrackerIssueSummary';
import { useJiraEnabled } from '../tracker/useTracker';
import { OptionBadge } from '../options/OptionBadge';
import { RowChangeMark } from '../as-of/RowChangeMark';
import type { RowChange } from '../as-of/compareWithNow';

/** The portfolio's sort key of each sortable column (GET /api/groups `sort`). */
export const projectSortKeys: Readonly<Record<string, string>> = {
  title: 'title',
  shortname: 'shortname',
  status: 'status',
  phase: 'phase',
  healthStatus: 'health',
  start: 'start',
  end: 'end',
  duration: 'duration',
  priority: 'priority',
};

interface Props extends CatalogueState, CataloguePages {
  projects: readonly GroupView[];
  sortStatus: DataTableSortStatus<GroupView>;
  onSortStatusChange: (status: DataTableSortStatus<GroupView>) => void;
  /** As of a date: the rows that changed since or are deleted now, marked beside the title. */
  changedSince?: ReadonlyMap<number, RowChange>;
}

/** An exclusive server end as the last day; an unexpected shape is shown as it came. */
const lastDay = (end: string | null): string => {
  try {
    return endFromServer(end) ?? '';
  } catch {
    return end ?? '';
  }
};

/** A long title is cut (its tooltip shows it whole) rather than pushing the other columns aside. */
const titleWidth = 'min(360px, 40vw)';

const columnsOf = (t: TFunction<'projects'>): DataTableColumn<GroupView>[] => [
  {
    accessor: 'title',
    title: t('table.title'),
    sortable: true,
    // §5: a project shared with this tenant is marked with a link icon and its owning tenant
    render: ({ title, shared, tenant }) =>
      shared ? (
        <Group gap={6} wrap="nowrap">
          <TruncatedText maw={titleWidth}>{title}</TruncatedText>
          <Tooltip label={t('table.sharedBy', { tenant })}>
            <IconLink size={14} aria-label={t('table.sharedBy', { tenant })} style={{ flex: 'none' }} />
          </Tooltip>
          <Text span size="xs" c="dimmed">
            {tenant}
          </Text>
        </Group>
      ) : (
        <TruncatedText maw={titleWidth}>{title}</TruncatedText>
      ),
  },
  { accessor: 'shortname', title: t('table.shortname'), sortable: true },
  {
    accessor: 'status',
    title: t('table.status'),
    sortable: true,
    noWrap: true,
    render: ({ status }) => <OptionBadge kind="projectStatus" value={status} />,
  },
  {
    accessor: 'phase',
    title: t('table.phase'),
    sortable: true,
    noWrap: true,
    render: ({ phase }) => <OptionBadge kind="projectPhase" value={phase} />,
  },
  {
    accessor: 'healthStatus',
    title: t('table.health'),
    sortable: true,
    noWrap: true,
    render: ({ healthStatus }) => <OptionBadge kind="projectHealth" value={healthStatus} />,
  },
  {
    accessor: 'start',
    title: t('table.start'),
    sortable: true,
    noWrap: true,
    render: ({ start }) => listDate(start),
  },
  { accessor: 'end', title: t('table.end'), sortable: true, noWrap: true, render: ({ end }) => lastDay(end) },
  {
    accessor: 'duration',
    title: t('table.duration'),
    sortable: true,
    textAlign: 'right',
    render: ({ duration }) => duration ?? '',
  },
  { accessor: 'priority', title: t('table.priority'), sortable: true, textAlign: 'right' },
];

/** With the jira feature the title shows the project's tracker issue and its mirrored status beside it. */
const withIssue = (column: DataTableColumn<GroupView>): DataTableColumn<GroupView> => ({
  ...column,
  render: (record, index) => (
    <Group gap={8} wrap="nowrap" justify="space-between">
      <span>{column.render ? column.render(record, index) : record.title}</span>
      <IssueCell
        issueKey={record.jiraid}
        connectionId={parseTrackerRepositoryId(record.jirarepo?.id)?.connectionId ?? null}
      />
    </Group>
  ),
});

/** The title with the as-of mark of its row, when it has one. */
const withChangeMark = (
  column: DataTableColumn<GroupView>,
  changes: ReadonlyMap<number, RowChange>,
): DataTableColumn<GroupView> => ({
  ...column,
  render: (record, index) => (
    <Group gap={6} wrap="nowrap">
      {column.render ? column.render(record, index) : record.title}
      <RowChangeMark change={changes.get(record.id)} />
    </Group>
  ),
});

export function ProjectsTable({ projects, changedSince, ...props }: Props) {
  const { t } = useTranslation('projects');
  const jira = useJiraEnabled();
  const shown = useMemo(() => {
    const columns = columnsOf(t);
    const titled = jira
      ? columns.map((column) => (column.accessor === 'title' ? withIssue(column) : column))
      : columns;
    return changedSince && changedSince.size > 0
      ? titled.map((column) => (column.accessor === 'title' ? withChangeMark(column, changedSince) : column))
      : titled;
  }, [t, jira, changedSince]);
  return <CatalogueTable records={projects} columns={shown} kind="project" {...props} />;
}
