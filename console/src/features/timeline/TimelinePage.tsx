import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, MultiSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { IconAlertCircle, IconCalendarOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { isSprintGroup } from '@fahrplan/contracts';
import type { TimelineItem } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { resourceOptions } from '../resources/resourceOptions';
import { useGetResourcesQuery } from '../resources/resourcesApi';
import { describeError, httpStatusOf } from '../common/problem';
import { useGetApplicationsQuery } from '../applications/applicationsApi';
import { applicationLabel } from '../applications/details/parentOptions';
import { useCan } from '../auth/permissions';
import { formatAsOf } from '../session/asOf';
import { useAsOf } from '../as-of/useAsOf';
import { selectMe } from '../session/selectMe';
import { notifyError } from '../common/notify';
import {
  useAddSubgroupMutation,
  useGetTimelineQuery,
  useLazyGetItemQuery,
  useRenameSubgroupMutation,
  useSaveItemMutation,
} from '../items/itemsApi';
import { useOpenItemDialog } from '../items/useOpenItemDialog';
import { codeOptions } from '../projects/projectCodes';
import { useGetProjectsQuery } from '../projects/projectsApi';
import { useOpenProjectDialog } from '../record-dialog/useOpenRecordDialog';
import { releasesByGroup } from './releaseMilestones';
import { ReleasesToggle } from './TimelineReleases';
import { useGetTrackerReleasesQuery } from '../tracker/trackerApi';
import { useJiraEnabled } from '../tracker/useTracker';
import { LaneActionsMenu, LaneNameDialog, ProjectActionsMenu } from './LaneActions';
import { canManageLanes, canRenameLane } from './laneEditing';
import { TimelineView } from './TimelineView';
import type { LaneRow } from './timelineRows';
import {
  applyOverrides,
  fetchWindowFor,
  overrideSettled,
  placementFromChange,
  placementOf,
  popUndo,
  pushUndo,
  saveForPlacement,
  undoSave,
} from './timelineChanges';
import type { ItemChange, ItemPlacement, Override, PlacementSave, UndoEntry } from './timelineChanges';
import { zoomRange } from './timeScale';
import type { TimeRange } from './timeScale';
import {
  readFilters,
  readRange,
  readShowReleases,
  timelineFilterParams,
  withFilter,
  withRange,
  withShowReleases,
} from './timelineUrl';
import type { TimelineFilterParam, TimelineFilters } from './timelineUrl';

const statusOptions = codeOptions('status');
const undoNoticeId = 'timeline-undo';

/**
 * The filter selects' options: projects (no sprint group, none deleted), statuses, resources,
 * applications (ALM).
 */
function useFilterOptions() {
  const alm = useAppSelector(selectMe)?.features.alm ?? false;
  const canListApplications = useCan('application-details', 'VIEW');
  const { data: projects } = useGetProjectsQuery({});
  const { data: applications } = useGetApplicationsQuery(alm && canListApplications ? {} : skipToken);
  const { data: resources } = useGetResourcesQuery();
  return useMemo(() => {
    const active = (projects ?? []).filter((p) => !isSprintGroup(p) && !p.deleted);
    return {
      project: active.map((p) => ({ value: String(p.id), label: p.title })),
      status: statusOptions,
      // the tenant's resources by name, and ids projects keep of resources deleted since
      resource: resourceOptions(
        resources ?? [],
        active.map((p) => p.resource),
      ),
      application:
        alm && canListApplications
          ? (applications ?? []).map((a) => ({ value: String(a.id), label: applicationLabel(a) }))
          : null,
    };
  }, [projects, applications, resources, alm, canListApplications]);
}

/** The open lane dialog: a new lane in a project, or a new name for one of its INDIVIDUAL lanes. */
type LaneDialog = { mode: 'add'; row: LaneRow } | { mode: 'rename'; row: LaneRow };

/** The project menu (open, new task/milestone, add lane) and the lane menu (rename), with their dialog. */
function useLaneActions() {
  const canEditGroups = useCan('group-details', 'EDIT');
  const items = useOpenItemDialog();
  const projects = useOpenProjectDialog();
  const [addSubgroup] = useAddSubgroupMutation();
  const [renameSubgroup] = useRenameSubgroupMutation();
  const [dialog, setDialog] = useState<LaneDialog | null>(null);

  const { openExisting } = projects;
  const { create } = items;
  const onNewItem = useCallback(
    (group: number, milestone: boolean) =>
      void create({ group, subgroup: milestone ? 'milestones' : 'tasks', milestone }),
    [create],
  );
  const projectActions = useCallback(
    (row: LaneRow) =>
      canManageLanes(row, canEditGroups) ? (
        <ProjectActionsMenu
          row={row}
          onOpenProject={openExisting}
          onNewItem={onNewItem}
          onAddLane={(r) => setDialog({ mode: 'add', row: r })}
        />
      ) : null,
    [canEditGroups, openExisting, onNewItem],
  );
  const laneActions = useCallback(
    (row: LaneRow) =>
      canRenameLane(row, canEditGroups) ? (
        <LaneActionsMenu row={row} onRename={(r) => setDialog({ mode: 'rename', row: r })} />
      ) : null,
    [canEditGroups],
  );

  const close = useCallback(() => setDialog(null), []);
  const laneDialog =
    dialog === null ? null : dialog.mode === 'add' ? (
      <LaneNameDialog
        title={`Add a lane to ${dialog.row.groupTitle}`}
        submitLabel="Add lane"
        onClose={close}
        onSubmit={(name) =>
          addSubgroup({
            data: { id: dialog.row.groupId, name },
            idempotencyKey: crypto.randomUUID(),
          }).unwrap()
        }
      />
    ) : (
      <LaneNameDialog
        title={`Rename lane ${dialog.row.laneName}`}
        submitLabel="Rename"
        initialName={dialog.row.laneName}
        onClose={close}
        onSubmit={(name) =>
          renameSubgroup({
            data: { id: dialog.row.groupId, subgroup: dialog.row.laneId, name },
            idempotencyKey: crypto.randomUUID(),
          }).unwrap()
        }
      />
    );
  return { projectActions, laneActions, laneDialog };
}

const filterLabels: Record<TimelineFilterParam, string> = {
  project: 'Projects',
  status: 'Status',
  resource: 'Resources',
  application: 'Applications',
};

/** The filter selects: memoised, so panning (a new window every frame) does not re-render them. */
const FilterBar = memo(function FilterBar({
  filters,
  onChange,
}: {
  filters: TimelineFilters;
  onChange: (name: TimelineFilterParam, values: string[]) => void;
}) {
  const options = useFilterOptions();
  return (
    <Group gap="xs" align="flex-start" mb="xs" wrap="wrap">
      {timelineFilterParams.map((name) => {
        const data = options[name];
        if (data === null) return null;
        return (
          <MultiSelect
            key={name}
            size="xs"
            label={filterLabels[name]}
            placeholder="All"
            data={data}
            value={filters[name]}
            onChange={(values) => onChange(name, values)}
            searchable
            clearable
            w={220}
          />
        );
      })}
    </Group>
  );
});

/**
 * The home route: the timeline over GET /api/timeline. Panning and zooming are local; the query
 * follows the window debounced and widened, and the last answer stays drawn while the next loads.
 * Every drop is one SaveItem, drawn where dropped while it saves; Ctrl+Z undoes the user's changes.
 */
export function TimelinePage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const [range, setRange] = useState<TimeRange>(() => readRange(params));
  const [debounced] = useDebouncedValue(range, 200);
  const [fetchWindow, setFetchWindow] = useState(() => fetchWindowFor(range, null));
  useEffect(() => setFetchWindow((current) => fetchWindowFor(debounced, current)), [debounced]);
  // the window in the URL (replace: panning does not fill the history)
  useEffect(
    () => setParams((current) => withRange(current, debounced), { replace: true }),
    [debounced, setParams],
  );

  const numbers = (values: string[]) => (values.length > 0 ? values.map(Number) : undefined);
  const { data, error, isLoading, refetch } = useGetTimelineQuery({
    from: fetchWindow.from,
    to: fetchWindow.to,
    group: numbers(filters.project),
    status: numbers(filters.status),
    resource: numbers(filters.resource),
    application: numbers(filters.application),
  });

  // releases of linked tracker repositories (jira feature): few, fetched for the same window
  const jira = useJiraEnabled();
  const showReleases = readShowReleases(params);
  const { data: releaseData } = useGetTrackerReleasesQuery(
    jira && showReleases ? { from: fetchWindow.from, to: fetchWindow.to } : skipToken,
  );
  const releases = useMemo(
    () => (jira && showReleases && data && releaseData ? releasesByGroup(releaseData, data.groups) : null),
    [jira, showReleases, data, releaseData],
  );
  const setShowReleases = useCallback(
    (show: boolean) => setParams((current) => withShowReleases(current, show), { replace: true }),
    [setParams],
  );

  const [saveItem] = useSaveItemMutation();
  const [getItem] = useLazyGetItemQuery();
  const canEdit = useCan('items', 'EDIT');
  const items = useOpenItemDialog();
  const projects = useOpenProjectDialog();
  const lanes = useLaneActions();

  const [overrides, setOverrides] = useState<ReadonlyMap<number, Override>>(new Map());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const undoStack = useRef<UndoEntry[]>([]);

  const shownItems = useMemo(() => applyOverrides(data?.items ?? [], overrides), [data, overrides]);
  const shownRef = useRef(shownItems);
  shownRef.current = shownItems;

  // overrides the read side has caught up with go
  useEffect(() => {
    if (!data || overrides.size === 0) return;
    const versions = new Map(data.items.map((i) => [i.id, i.version]));
    const stale = [...overrides].filter(([id, o]) => overrideSettled(versions.get(id) ?? -1, o));
    if (stale.length > 0)
      setOverrides((current) => {
        const next = new Map(current);
        for (const [id] of stale) next.delete(id);
        return next;
      });
  }, [data, overrides]);

  const setOverride = useCallback(
    (id: number, override: Override | null) =>
      setOverrides((current) => {
        const next = new Map(current);
        if (override) next.set(id, override);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const setSaving = useCallback(
    (id: number, saving: boolean) =>
      setPending((current) => {
        const next = new Set(current);
        if (saving) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );

  /** Sends one placement change; true when saved. A conflict reloads the window and says why. */
  const send = useCallback(
    async (title: string, save: PlacementSave, after: ItemPlacement): Promise<boolean> => {
      setOverride(save.id, { placement: after, version: save.version, confirmed: false });
      setSaving(save.id, true);
      try {
        const result = await saveItem({ data: save, idempotencyKey: crypto.randomUUID() }).unwrap();
        setOverride(save.id, { placement: after, version: result.version, confirmed: true });
        return true;
      } catch (failure) {
        setOverride(save.id, null);
        if (httpStatusOf(failure) === 409) {
          notifications.show({
            color: 'orange',
            title: title,
            message: 'Changed by someone else — reloaded',
          });
          refetch();
        } else notifyError(describeError(failure));
        return false;
      } finally {
        setSaving(save.id, false);
      }
    },
    [saveItem, refetch, setOverride, setSaving],
  );

  const undo = useCallback(async () => {
    const popped = popUndo(undoStack.current);
    if (!popped) {
      notifications.show({ id: undoNoticeId, message: 'Nothing to undo' });
      return;
    }
    undoStack.current = popped.rest;
    const { entry } = popped;
    // the version the user's item has now: the drawn one, else (scrolled away) the server's
    const drawn = shownRef.current.find((i) => i.id === entry.id);
    const version =
      drawn?.version ??
      (
        await getItem(entry.id)
          .unwrap()
          .catch(() => null)
      )?.version;
    if (version === undefined) {
      notifyError(`'${entry.title}' can no longer be found`);
      return;
    }
    if (await send(entry.title, undoSave(entry, version), entry.before))
      notifications.show({ id: undoNoticeId, message: `Undone: ${entry.title}` });
  }, [getItem, send]);

  const change = useCallback(
    async (item: TimelineItem, next: ItemChange) => {
      const before = placementOf(item);
      const after = placementFromChange(next);
      const save = saveForPlacement(item, before, after);
      if (!save) return;
      if (await send(item.title, save, after)) {
        undoStack.current = pushUndo(undoStack.current, { id: item.id, title: item.title, before, after });
        notifications.show({
          id: undoNoticeId,
          message: (
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">Saved: {item.title}</Text>
              <Button size="compact-xs" variant="light" onClick={() => void undo()}>
                Undo
              </Button>
            </Group>
          ),
        });
      }
    },
    [send, undo],
  );

  // Ctrl+Z / ⌘+Z undoes the last change, unless the user is typing somewhere
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.key.toLowerCase() !== 'z') return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      event.preventDefault();
      void undo();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undo]);

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

  const asOf = useAsOf();
  const empty = (
    <Paper withBorder p="xl" radius="sm" data-testid="timeline-empty">
      <Stack align="center" gap="xs">
        <IconCalendarOff size={32} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text c="dimmed">
          {asOf ? `No projects in this window on ${formatAsOf(asOf)}` : 'No projects in this window'}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setRange((r) => zoomRange(r, 4))}>
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
          empty={empty}
          projectActions={lanes.projectActions}
          laneActions={lanes.laneActions}
          releases={releases}
        />
      )}
      {lanes.laneDialog}
    </Stack>
  );
}
