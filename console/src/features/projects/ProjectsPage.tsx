import { Suspense, lazy, useCallback, useState } from 'react';
import { Button, Group, SegmentedControl, Select, Skeleton, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { IconChartBubble, IconPlus, IconTable } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useGetApplicationsQuery } from '../applications/applicationsApi';
import { applicationLabel } from '../applications/details/parentOptions';
import { useCan } from '../auth/permissions';
import { selectMe } from '../session/selectMe';
import { LoadError, SearchField, TableSkeleton } from '../common/CataloguePage';
import { useOpenProjectDialog } from '../record-dialog/useOpenRecordDialog';
import { formatAsOf } from '../session/asOf';
import { useAsOf } from '../as-of/useAsOf';
import { useProjectChangesSince } from '../as-of/RowChangeMark';
import { codeOptions } from './projectCodes';
import { useGetProjectsQuery } from './projectsApi';
import { ProjectsTable } from './ProjectsTable';
import type { BubbleSize } from './portfolioSeries';

// ApexCharts is large: only the chart view loads it
const PortfolioChart = lazy(() => import('./PortfolioChart').then((m) => ({ default: m.PortfolioChart })));

const statusOptions = codeOptions('status');
const phaseOptions = codeOptions('phase');
const healthOptions = codeOptions('health');

type View = 'table' | 'chart';

const viewOptions = (
  [
    ['table', 'Table', IconTable],
    ['chart', 'Chart', IconChartBubble],
  ] as const
).map(([value, text, Icon]) => ({
  value,
  label: (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} aria-hidden />
      {text}
    </Group>
  ),
}));

function ChartSkeleton() {
  return <Skeleton height={600} radius="sm" aria-label="loading the portfolio chart" />;
}

/** The applications to filter by: only under ALM (projects link applications there) and with the right to list them. */
function useApplicationOptions() {
  const alm = useAppSelector(selectMe)?.features.alm ?? false;
  const canList = useCan('application-details', 'VIEW');
  const { data } = useGetApplicationsQuery(alm && canList ? {} : skipToken);
  return alm && canList
    ? (data ?? []).map((app) => ({
        value: String(app.id),
        label: applicationLabel(app),
      }))
    : null;
}

export function ProjectsPage() {
  // the view and the bubble size live in the URL, so a reload or a shared link keeps them
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'chart' ? 'chart' : 'table';
  const size: BubbleSize = params.get('size') === 'budget' ? 'budget' : 'effort';
  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [phase, setPhase] = useState<string | null>(null);
  const [health, setHealth] = useState<string | null>(null);
  const [application, setApplication] = useState<string | null>(null);
  const applicationOptions = useApplicationOptions();
  const [q] = useDebouncedValue(search.trim(), 300);
  const { data, error, isLoading, isError, isFetching } = useGetProjectsQuery({
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(phase ? { phase } : {}),
    ...(health ? { health } : {}),
    ...(application && applicationOptions ? { application } : {}),
  });
  const { openExisting, openNew, canCreate } = useOpenProjectDialog();
  const filtered = q !== '' || status !== null || phase !== null || health !== null || application !== null;
  const asOf = useAsOf();
  const changedSince = useProjectChangesSince(data);
  const emptyText = filtered
    ? 'No project matches the search'
    : asOf
      ? `No projects yet on ${formatAsOf(asOf)}`
      : 'No projects yet';

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Projects</Title>
        <Group>
          <SegmentedControl
            aria-label="View"
            data={viewOptions}
            value={view}
            onChange={(value) => setParam('view', value === 'chart' ? 'chart' : null)}
          />
          {canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => openNew()}>
              New project
            </Button>
          )}
        </Group>
      </Group>
      <Group align="flex-end">
        <SearchField
          placeholder="title, short name, contact, project number…"
          value={search}
          onChange={setSearch}
        />
        <Select
          label="Status filter"
          placeholder="all"
          data={statusOptions}
          clearable
          value={status}
          onChange={setStatus}
          w={160}
        />
        <Select
          label="Phase filter"
          placeholder="all"
          data={phaseOptions}
          clearable
          value={phase}
          onChange={setPhase}
          w={160}
        />
        <Select
          label="Health filter"
          placeholder="all"
          data={healthOptions}
          clearable
          value={health}
          onChange={setHealth}
          w={180}
        />
        {applicationOptions && (
          <Select
            label="Application filter"
            placeholder="all"
            data={applicationOptions}
            searchable
            clearable
            value={application}
            onChange={setApplication}
            w={240}
          />
        )}
      </Group>
      {isLoading ? (
        view === 'chart' ? (
          <ChartSkeleton />
        ) : (
          <TableSkeleton label="loading projects" />
        )
      ) : isError ? (
        <LoadError title="Projects could not be loaded" error={error} />
      ) : view === 'chart' ? (
        <Suspense fallback={<ChartSkeleton />}>
          <PortfolioChart
            projects={data ?? []}
            size={size}
            onSizeChange={(next) => setParam('size', next === 'budget' ? 'budget' : null)}
            onOpen={openExisting}
            emptyText={emptyText}
          />
        </Suspense>
      ) : (
        <ProjectsTable
          projects={data ?? []}
          fetching={isFetching}
          changedSince={changedSince}
          emptyText={emptyText}
          onOpen={openExisting}
        />
      )}
    </Stack>
  );
}
