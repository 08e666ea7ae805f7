import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarRulesState } from '../calendars/useCalendarRules';
import { useShownOnce } from '../record-dialog/useShownOnce';
import type { TFunction } from 'i18next';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { defaultCalendarId, defaultSubgroups, subgroupsOf } from '@fahrplan/contracts';
import type { GroupView, ItemView } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { useDialogRecord } from '../record-dialog/useDialogRecord';
import { LoadingDialog } from '../record-dialog/LoadingDialog';
import { loadFailureText } from '../record-dialog/loadFailure';
import { selectMe } from '../session/selectMe';
import { useGetProjectsQuery } from '../projects/projectsApi';
import { ItemEditor } from './ItemEditor';
import { useGetItemQuery } from './itemsApi';
import { issueGroupsOf, itemGroupOptions } from './itemForm';
import type { ItemGroup, NewItemRequest } from './itemForm';
import { useReturnFocus } from '../common/useReturnFocus';

interface Props {
  /** An existing item's id, or null for a new item. */
  itemId: number | null;
  /** What a new item starts from (group, date, lane, kind). */
  request?: NewItemRequest | null;
  onClose: () => void;
}

/** §8: what a failed load tells the user. */
const itemLoadFailureMessage = (t: TFunction<'items'>, error: unknown) =>
  loadFailureText(error, { notFound: t('load.notFound'), notPermitted: t('notPermitted') });

/** What a failed load of an item tells the user, in the language shown. */
export const useItemLoadFailureMessage = () => {
  const { t } = useTranslation('items');
  return useCallback((error: unknown) => itemLoadFailureMessage(t, error), [t]);
};

const noProjects: GroupView[] = [];

/** The dialog's projects of its own (not shared), plus the item's own when it is not one of them (e.g. shared). */
const itemGroups = (projects: readonly GroupView[], item: ItemView | null) => {
  const own = new Set(itemGroupOptions(projects).map((o) => Number(o.value)));
  const groups: ItemGroup[] = projects
    .filter((p) => own.has(p.id))
    .sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }));
  const ownGroup = !item || own.has(item.group);
  if (item && !ownGroup) {
    const known = projects.find((p) => p.id === item.group);
    groups.unshift(
      known ?? {
        id: item.group,
        title: item.groupTitle ?? `#${item.group}`,
        subgroups: subgroupsOf(
          item.subgroup && !defaultSubgroups.some((s) => s.id === item.subgroup)
            ? [{ id: item.subgroup, name: item.subgroup, type: 'INDIVIDUAL' }]
            : [],
        ),
        resource: null,
        jirarepo: null,
        calendar: defaultCalendarId,
        // not among the tenant's own projects: its calendar is read through the project (its owner's)
        shared: true,
      },
    );
  }
  return { groups, ownGroup };
};

/** The calendar of project `id` among `groups` (the default when it is not one of them); a shared one's through the project. */
const calendarOf = (groups: readonly ItemGroup[], id: number) => {
  const group = groups.find((g) => g.id === id);
  return { id: group?.calendar ?? defaultCalendarId, sharedProject: group?.shared ? group.id : null };
};

/**
 * The item details dialog (§2): loads the item and its project (or the project a new item starts
 * in), then hands them to the editor; the editor's project picker searches the others on the server.
 */
export function ItemDialog({ itemId, request = null, onClose }: Props) {
  useReturnFocus();
  const { t } = useTranslation('items');
  const failureMessage = useItemLoadFailureMessage();
  const me = useAppSelector(selectMe);
  const loaded = useDialogRecord(useGetItemQuery, itemId, failureMessage, onClose);
  const projectId = itemId === null ? (request?.group ?? null) : (loaded?.group ?? null);
  const projects = useGetProjectsQuery(projectId === null ? skipToken : { id: String(projectId) });
  const projectList = projects.data?.items ?? noProjects;
  const { groups, ownGroup } = useMemo(() => itemGroups(projectList, loaded), [projectList, loaded]);
  const issueGroups = useMemo(() => issueGroupsOf(projectList), [projectList]);
  // its project's calendar counts the duration from the first render on (without a project: the default)
  const source = projectId === null || projects.isLoading ? null : calendarOf(groups, projectId);
  const calendar = useCalendarRulesState(
    projectId === null ? defaultCalendarId : (source?.id ?? null),
    source?.sharedProject ?? null,
  );

  const recordReady = (itemId === null || loaded !== null) && !projects.isLoading;
  // once shown, the editor stays while the rules refetch or fail: its form keeps what was typed
  const shown = useShownOnce(recordReady && !calendar.loading);

  if (!me) return null;
  // a new item needs its project for its lane and default resource
  if (!recordReady || !shown) {
    return (
      <LoadingDialog
        title={itemId === null ? t('dialogTitle.newItem') : t('dialogTitle.showItem')}
        loading={t('load.loading')}
        onClose={onClose}
      />
    );
  }
  return (
    <ItemEditor
      item={loaded}
      request={request}
      groups={groups}
      ownGroup={ownGroup}
      issueGroups={issueGroups}
      me={me}
      onClose={onClose}
    />
  );
}
