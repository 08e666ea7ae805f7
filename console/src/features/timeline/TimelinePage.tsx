import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { IconAlertCircle, IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimelineGroup } from '@fahrplan/contracts';
import { useAsOf } from '../as-of/useAsOf';
import { useCan } from '../auth/permissions';
import { describeError } from '../common/problem';
import { useOpenItemDialog } from '../items/useOpenItemDialog';
import { useOpenProjectDialog } from '../record-dialog/useOpenRecordDialog';
import { formatAsOf } from '../session/asOf';
import { useGetTrackerReleasesQuery } from '../tracker/trackerApi';
import { useJiraEnabled } from '../tracker/useTracker';
import { CriticalPathControl, useCriticalPath } from './CriticalPathControl';
import { releasesByGroup } from './releaseMilestones';
import { detailFor, fetchWindowFor } from './timelineChanges';
import type { FetchWindow } from './timelineChanges';
import { FilterBar } from './TimelineFilters';
import { zoomRange } from './timeScale';
import type { TimeRange } from './timeScale';
import {
  readFilters,
  readRange,
  readShowReleases,
  withFilter,
  withRange,
  withShowReleases,
} from './timelineUrl';
import type { TimelineFilterParam } from './timelineUrl';
import { useLaneActions } from './useLaneActions';
import { useTimelineChanges } from './useTimelineChanges';
import { useTimelineRows } from './useTimelineRows';
import { useBaselineOverlay } from './useBaselineOverlay';
import { useScenarioOverlay } from './useScenarioOverlay';
import { useScenario } from '../scenarios/useScenario';
import { ImportButton } from '../imports/ImportButton';
import { BaselineControl } from './BaselineControl';
import { ReleasesToggle } from './view/TimelineReleases';
import { TimelineView } from './view/TimelineView';
import { useAddressParams } from '../common/urlParams';
import { ExportMenu } from '../sheet-export/ExportMenu';
import { TimelineExportMenu } from '../printouts/TimelineExportMenu';

/** The window shown as the URL keeps it (whole days, `to` exclusive): what an export prints. */
const shownWindow = (range: TimeRange) => {
  const params = withRange(new URLSearchParams(), range);
  return { from: params.get('from')!, to: params.get('to')! };
};

/**
 * The window the user sees (local: panning and zooming render at once) and the window the query asks
 * for: it follows the visible one debounced and widened, so small moves fetch nothing, with the detail
 * that fits the zoom. The URL keeps the window (replaced: panning does not fill the history).
 */
function useTimelineWindow() {
  const [params, setParams] = useAddressParams();
  const [range, setRange] = useState<TimeRange>(() => readRange(params));
  const [debounced] = useDebouncedValue(range, 200);
  const [fetchWindow, setFetchWindow] = useState(() => fetchWindowFor(range, null));
  const [fetchedFor, setFetchedFor] = useState(debounced);
  if (fetchedFor !== debounced) {
    setFetchedFor(debounced);
    setFetchWindow((current) => fetchWindowFor(debounced, current));
  }
  useEffect(
    () => setParams((current) => withRange(current, debounced), { replace: true }),
    [debounced, setParams],
  );
  return { range, setRange, fetchWindow, detail: detailFor(debounced) };
}

/** Releases of linked tracker repositories (jira feature, 'Show releases'): few, for the same window. */
function useTimelineReleases(fetchWindow: FetchWindow, groups: readonly TimelineGroup[] | undefined) {
  const [params, setParams] = useAddressParams();
  const jira = useJiraEnabled();
  const showReleases = readShowReleases(params);
  const { data } = useGetTrackerReleasesQuery(
    jira && showReleases ? { from: fetchWindow.from, to: fetchWindow.to } : skipToken,
  );
  const releases = useMemo(
    () => (jira && showReleases && groups && data ? releasesByGroup(data, groups) : null),
    [jira, showReleases, groups, data],
  );
  const setShowReleases = useCallback(
    (show: boolean) => setParams((current) => withShowReleases(current, show), { replace: true }),
    [setParams],
  );
  return { jira, showReleases, setShowReleases, releases };
}

/** Instead of the rows when no project is in the window: a wider window, or a new project. */
function EmptyWindow({ onWiden }: { onWiden: () => void }) {
  const { t } = useTranslation('timeline');
  const asOf = useAsOf();
  const projects = useOpenProjectDialog();
  return (
    <Paper withBorder p="xl" radius="sm" data-testid="timeline-empty">
      <Stack align="center" gap="xs">
        <IconCalendarOff size={32} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text c="dimmed">
          {asOf ? t('page.noProjectsAsOf', { date: formatAsOf(asOf) }) : t('page.noProjects')}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onWiden}>
            {t('page.widerWindow')}
          </Button>
          {projects.canCreate && (
            <Button size="xs" onClick={() => projects.openNew()}>
              {t('page.newProject')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** A load that failed: what was asked for, the server's reason, and Retry. */
function LoadFailure({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('timeline');
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={title} data-testid="timeline-error">
      <Group justify="space-between">
        <Text size="sm">{describeError(error)}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('page.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

/** Under the rows: more rows loading, or why the next page failed. */
function RowsFooter({ loading, error, onRetry }: { loading: boolean; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('timeline');
  if (error !== undefined)
    return <LoadFailure title={t('page.moreFailed')} error={error} onRetry={onRetry} />;
  return loading ? (
    <Text size="sm" c="dimmed" mt={4} data-testid="timeline-loading-more">
      {t('page.loadingMore')}
    </Text>
  ) : null;
}

/**
 * The home route: the timeline over GET /api/timeline. Panning and zooming are local; the query
 * follows the window debounced and widened, and the last answer stays drawn while the next loads
 * (never after it failed). Rows load a page at a time as the user scrolls; a wide zoom shows one
 * summary bar per project. Every drop is one SaveItem, drawn where dropped while it saves; Ctrl+Z
 * undoes the user's changes.
 */
export function TimelinePage() {
  const { t, i18n } = useTranslation('timeline');
  const [params, setParams] = useAddressParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const { range, setRange, fetchWindow, detail } = useTimelineWindow();

  const numbers = (values: string[]) => (values.length > 0 ? values.map(Number) : undefined);
  const timeline = useTimelineRows({
    from: fetchWindow.from,
    to: fetchWindow.to,
    detail,
    group: numbers(filters.project),
    status: numbers(filters.status),
    resource: numbers(filters.resource),
    application: numbers(filters.application),
  });
  const { rows } = timeline;
  const { jira, showReleases, setShowReleases, releases } = useTimelineReleases(fetchWindow, rows?.groups);

  const canEdit = useCan('items', 'EDIT');
  // a baseline compares with the plan now: viewed as of a date, the rows are not now
  const viewedAsOf = useAsOf() !== null;
  // …and inside a scenario the ghosts are the live plan's
  const inScenario = useScenario() !== null;
  const canCompare = useCan('history', 'VIEW') && !viewedAsOf && !inScenario;
  const baseline = useBaselineOverlay(fetchWindow, rows?.groups, canCompare && !rows?.summaries);
  const liveGhosts = useScenarioOverlay(fetchWindow, rows?.groups, rows?.items, !rows?.summaries);
  const items = useOpenItemDialog();
  const lanes = useLaneActions();
  const { shownItems, pending, change, ghosts, onItemPreview } = useTimelineChanges(
    rows?.items,
    timeline.retry,
  );
  const criticalPath = useCriticalPath();

  const onCreateAt = useCallback(
    (group: number, lane: string, date: string) =>
      void items.create({ group, date, subgroup: lane, milestone: lane === 'milestones' }),
    [items],
  );
  const onOpenItem = useCallback((id: number) => void items.show(id), [items]);

  const setFilter = useCallback(
    (name: TimelineFilterParam, values: string[]) =>
      setParams((current) => withFilter(current, name, values), { replace: true }),
    [setParams],
  );

  return (
    <Stack gap={0}>
      {/* the page's name for screen readers; the planners' rows keep the room */}
      <VisuallyHidden component="h1">{t('page.title')}</VisuallyHidden>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <FilterBar filters={filters} onChange={setFilter} />
        {/* the controls beside the filters wrap under each other on a narrow screen */}
        <Group gap="xs" justify="flex-end" align="flex-start" style={{ flexShrink: 1, minWidth: 0 }}>
          {canCompare && (
            <BaselineControl
              baseline={baseline.baseline}
              onChange={baseline.setBaseline}
              window={baseline.window}
              failed={baseline.failed}
            />
          )}
          <ExportMenu
            kind="items"
            filter={{
              from: fetchWindow.from,
              to: fetchWindow.to,
              group: filters.project.join(','),
              status: filters.status.join(','),
              resource: filters.resource.join(','),
              application: filters.application.join(','),
            }}
          />
          <CriticalPathControl
            items={shownItems}
            range={range}
            to={criticalPath.to}
            onChange={criticalPath.setTo}
            error={criticalPath.error}
          />
          {jira && <ReleasesToggle checked={showReleases} onChange={setShowReleases} />}
          <ImportButton kind="items" />
          <TimelineExportMenu
            shown={{
              ...shownWindow(range),
              detail,
              filters,
              baseline: canCompare && baseline.overlay ? baseline.baseline : null,
              language: i18n.language,
            }}
          />
        </Group>
      </Group>
      {timeline.failed === undefined && (timeline.isLoading || !rows) ? (
        <Stack gap={6} aria-label={t('page.loading')}>
          <Skeleton height={30} />
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={34} />
          ))}
        </Stack>
      ) : (
        <TimelineView
          groups={rows?.groups ?? []}
          items={shownItems}
          summaries={rows?.summaries}
          range={range}
          onRangeChange={setRange}
          onItemMove={change}
          onItemResize={change}
          onItemPreview={onItemPreview}
          ghosts={ghosts}
          onCreateAt={onCreateAt}
          onOpenItem={onOpenItem}
          readOnly={!canEdit}
          pending={pending}
          empty={
            timeline.hasMore ? undefined : <EmptyWindow onWiden={() => setRange((r) => zoomRange(r, 4))} />
          }
          failure={
            timeline.failed !== undefined && (
              <LoadFailure
                title={t('page.failed', { from: fetchWindow.from, to: fetchWindow.to })}
                error={timeline.failed}
                onRetry={() => void timeline.retry()}
              />
            )
          }
          footer={
            <RowsFooter
              loading={timeline.isLoadingMore}
              error={timeline.moreFailed}
              onRetry={() => void timeline.retryMore()}
            />
          }
          onEndReached={timeline.loadMore}
          projectActions={lanes.projectActions}
          laneActions={lanes.laneActions}
          releases={releases}
          baseline={baseline.overlay ?? liveGhosts}
          critical={criticalPath.critical}
        />
      )}
      {lanes.laneDialog}
    </Stack>
  );
}
