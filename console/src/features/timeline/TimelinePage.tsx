import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { IconAlertCircle, IconCalendarOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import type { TimelineGroup } from '@fahrplan/contracts';
import { useAsOf } from '../as-of/useAsOf';
import { useCan } from '../auth/permissions';
import { describeError } from '../common/problem';
import { useGetTimelineQuery } from '../items/itemsApi';
import { useOpenItemDialog } from '../items/useOpenItemDialog';
import { useOpenProjectDialog } from '../record-dialog/useOpenRecordDialog';
import { formatAsOf } from '../session/asOf';
import { useGetTrackerReleasesQuery } from '../tracker/trackerApi';
import { useJiraEnabled } from '../tracker/useTracker';
import { releasesByGroup } from './releaseMilestones';
import { fetchWindowFor } from './timelineChanges';
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
import { ReleasesToggle } from './view/TimelineReleases';
import { TimelineView } from './view/TimelineView';

/**
 * The window the user sees (local: panning and zooming render at once) and the window the query asks
 * for: it follows the visible one debounced and widened, so small moves fetch nothing. The URL keeps
 * the window (replaced: panning does not fill the history).
 */
function useTimelineWindow() {
  const [params, setParams] = useSearchParams();
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
  return { range, setRange, fetchWindow };
}

/** Releases of linked tracker repositories (jira feature, 'Show releases'): few, for the same window. */
function useTimelineReleases(fetchWindow: FetchWindow, groups: readonly TimelineGroup[] | undefined) {
  const [params, setParams] = useSearchParams();
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
  const asOf = useAsOf();
  const projects = useOpenProjectDialog();
  return (
    <Paper withBorder p="xl" radius="sm" data-testid="timeline-empty">
      <Stack align="center" gap="xs">
        <IconCalendarOff size={32} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text c="dimmed">
          {asOf ? `No projects in this window on ${formatAsOf(asOf)}` : 'No projects in this window'}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onWiden}>
            Show a wider window
          </Button>
          {projects.canCreate && (
            <Button size="xs" onClick={() => projects.openNew()}>
              New project
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The home route: the timeline over GET /api/timeline. Panning and zooming are local; the query
 * follows the window debounced and widened, and the last answer stays drawn while the next loads.
 * Every drop is one SaveItem, drawn where dropped while it saves; Ctrl+Z undoes the user's changes.
 */
export function TimelinePage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const { range, setRange, fetchWindow } = useTimelineWindow();

  const numbers = (values: string[]) => (values.length > 0 ? values.map(Number) : undefined);
  const { data, error, isLoading, refetch } = useGetTimelineQuery({
    from: fetchWindow.from,
    to: fetchWindow.to,
    group: numbers(filters.project),
    status: numbers(filters.status),
    resource: numbers(filters.resource),
    application: numbers(filters.application),
  });
  const { jira, showReleases, setShowReleases, releases } = useTimelineReleases(fetchWindow, data?.groups);

  const canEdit = useCan('items', 'EDIT');
  const items = useOpenItemDialog();
  const lanes = useLaneActions();
  const { shownItems, pending, change } = useTimelineChanges(data?.items, refetch);

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
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <FilterBar filters={filters} onChange={setFilter} />
        {jira && <ReleasesToggle checked={showReleases} onChange={setShowReleases} />}
      </Group>
      {error && !data ? (
        <Alert color="red" icon={<IconAlertCircle />} title="The timeline could not be loaded">
          <Group justify="space-between">
            <Text size="sm">{describeError(error)}</Text>
            <Button size="xs" variant="light" onClick={() => refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : isLoading || !data ? (
        <Stack gap={6} aria-label="loading the timeline">
          <Skeleton height={30} />
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={34} />
          ))}
        </Stack>
      ) : (
        <TimelineView
          groups={data.groups}
          items={shownItems}
          range={range}
          onRangeChange={setRange}
          onItemMove={change}
          onItemResize={change}
          onCreateAt={onCreateAt}
          onOpenItem={onOpenItem}
          readOnly={!canEdit}
          pending={pending}
          empty={<EmptyWindow onWiden={() => setRange((r) => zoomRange(r, 4))} />}
          projectActions={lanes.projectActions}
          laneActions={lanes.laneActions}
          releases={releases}
        />
      )}
      {lanes.laneDialog}
    </Stack>
  );
}
