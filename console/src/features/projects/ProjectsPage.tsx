import { Suspense, lazy, useCallback } from 'react';
import { Group, SegmentedControl, Select, Skeleton, Stack } from '@mantine/core';
import { IconChartBubble, IconTable } from '@tabler/icons-react';
import { NewButton, SectionHeader } from '../common/SectionHeader';
import { ImportButton } from '../imports/ImportButton';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { GroupView } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { pageItems } from '../api/pages';
import { ApplicationPicker } from '../applications/ApplicationPicker';
import { useCan } from '../auth/permissions';
import { selectMe } from '../session/selectMe';
import { LoadError, SearchField, TableSkeleton } from '../common/CataloguePage';
import { sortParamOf, sortStatusOf, useUrlParams, useUrlSearch } from '../common/listUrl';
import { positiveInt } from '../common/urlParams';
import { useOpenProjectDialog } from '../record-dialog/useOpenRecordDialog';
import { formatAsOf } from '../session/asOf';
import { useAsOf } from '../as-of/useAsOf';
import { useProjectChangesSince } from '../as-of/RowChangeMark';
import { optionItems } from '../options/optionData';
import { useOptionLists } from '../options/useOptionLists';
import { useGetProjectPagesInfiniteQuery, useGetProjectsQuery } from './projectsApi';
import type { ProjectFilter } from './projectsApi';
import { ProjectsTable, projectSortKeys } from './ProjectsTable';
import type { BubbleSize } from './portfolioSeries';
import { ExportMenu } from '../sheet-export/ExportMenu';

// ApexCharts is large: only the chart view loads it
const PortfolioChart = lazy(() => import('./PortfolioChart').then((m) => ({ default: m.PortfolioChart })));

type View = 'table' | 'chart';

const viewOptions = (t: TFunction<'projects'>) =>
  (
    [
      ['table', t('page.viewTable'), IconTable],
      ['chart', t('page.viewChart'), IconChartBubble],
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

const noProjects: GroupView[] = [];

/** Whether the portfolio filters by application: only under ALM (projects link applications there) and with the right to list them. */
function useCanFilterByApplication() {
  const alm = useAppSelector(selectMe)?.features.alm ?? false;
  return useCan('application-details', 'VIEW') && alm;
}

function ChartSkeleton() {
  const { t } = useTranslation('projects');
  return <Skeleton height={600} radius="sm" aria-label={t('page.loadingChart')} />;
}

/** How many projects the chart shows at most: the highest priorities among those the filters match. */
export const chartLimit = 1000;

export function ProjectsPage() {
  // the view, the bubble size, the search, the filters and the sort live in the URL, so a reload or a
  // shared link keeps them
  const { t } = useTranslation('projects');
  const [params, setParams] = useUrlParams();
  const view: View = params.get('view') === 'chart' ? 'chart' : 'table';
  const size: BubbleSize = params.get('size') === 'budget' ? 'budget' : 'effort';
  const { search, setSearch, q } = useUrlSearch(params, setParams);
  const [status, phase, health] = [params.get('status'), params.get('phase'), params.get('health')];
  const almApplications = useCanFilterByApplication();
  const application = almApplications ? params.get('application') : null;
  const sortStatus = sortStatusOf<GroupView>(params.get('sort'), projectSortKeys, 'title');
  const filter: ProjectFilter = { q, status, phase, health, application };
  const table = useGetProjectPagesInfiniteQuery(
    { ...filter, sort: sortParamOf(sortStatus, projectSortKeys, 'title') },
    { skip: view !== 'table' },
  );
  const chart = useGetProjectsQuery(
    { ...filter, sort: '-priority', limit: chartLimit },
    { skip: view !== 'chart' },
  );
  const { fetchNextPage } = table;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const projects = view === 'table' ? pageItems(table.data) : (chart.data?.items ?? noProjects);
  const { error, isLoading, isError } = view === 'table' ? table : chart;
  const { openExisting, openNew, canCreate } = useOpenProjectDialog();
  const filtered = q !== '' || status !== null || phase !== null || health !== null || application !== null;
  const asOf = useAsOf();
  const changedSince = useProjectChangesSince(projects);
  const emptyText = filtered
    ? t('page.noMatch')
    : asOf
      ? t('page.noneOn', { date: formatAsOf(asOf) })
      : t('page.none');
  const lists = useOptionLists();
  const filterSelect = (
    label: string,
    name: string,
    data: { value: string; label: string }[],
    width: number,
  ) => (
    <Select
      label={label}
      placeholder={t('page.all')}
      data={data}
      clearable
      value={params.get(name)}
      onChange={(value) => setParams({ [name]: value })}
      w={width}
    />
  );

  return (
    <Stack>
      <SectionHeader title={t('page.title')} level={1}>
        <Group>
          <SegmentedControl
            aria-label={t('page.view')}
            data={viewOptions(t)}
            value={view}
            onChange={(value) => setParams({ view: value === 'chart' ? 'chart' : null })}
          />
          <ImportButton kind="projects" />
          <ExportMenu
            kind="projects"
            filter={{ ...filter, sort: sortParamOf(sortStatus, projectSortKeys, 'title') }}
          />
          {canCreate && <NewButton label={t('page.newProject')} onClick={() => openNew()} />}
        </Group>
      </SectionHeader>
      <Group align="flex-end">
        <SearchField placeholder={t('page.searchPlaceholder')} value={search} onChange={setSearch} />
        {filterSelect(t('page.statusFilter'), 'status', optionItems(lists, 'projectStatus'), 160)}
        {filterSelect(t('page.phaseFilter'), 'phase', optionItems(lists, 'projectPhase'), 160)}
        {filterSelect(t('page.healthFilter'), 'health', optionItems(lists, 'projectHealth'), 180)}
        {almApplications && (
          <ApplicationPicker
            label={t('page.applicationFilter')}
            placeholder={t('page.all')}
            clearable
            value={positiveInt(application)}
            onChange={(id) => setParams({ application: id === null ? null : String(id) })}
            w={240}
          />
        )}
      </Group>
      {isLoading ? (
        view === 'chart' ? (
          <ChartSkeleton />
        ) : (
          <TableSkeleton label={t('page.loadingProjects')} />
        )
      ) : isError && projects.length === 0 ? (
        <LoadError title={t('page.loadError')} error={error} />
      ) : view === 'chart' ? (
        <Suspense fallback={<ChartSkeleton />}>
          <PortfolioChart
            projects={projects}
            more={chart.data?.nextCursor != null}
            size={size}
            onSizeChange={(next) => setParams({ size: next === 'budget' ? 'budget' : null })}
            onOpen={openExisting}
            emptyText={emptyText}
          />
        </Suspense>
      ) : (
        <>
          {isError && <LoadError title={t('page.loadMoreError')} error={error} />}
          <ProjectsTable
            projects={projects}
            fetching={table.isFetching && !table.isFetchingNextPage}
            changedSince={changedSince}
            emptyText={emptyText}
            onOpen={openExisting}
            sortStatus={sortStatus}
            onSortStatusChange={(next) => setParams({ sort: sortParamOf(next, projectSortKeys, 'title') })}
            hasMore={table.hasNextPage && !isError}
            loadingMore={table.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </>
      )}
    </Stack>
  );
}
