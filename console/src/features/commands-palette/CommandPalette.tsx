import '@mantine/spotlight/styles.css';
import { useMemo, useState } from 'react';
import { Spotlight } from '@mantine/spotlight';
import type { SpotlightActionData, SpotlightActionGroupData } from '@mantine/spotlight';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  IconApps,
  IconBriefcase,
  IconCalendarEvent,
  IconFlag,
  IconHome,
  IconPlus,
  IconSearch,
  IconSubtask,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useGetApplicationsQuery } from '../applications/applicationsApi';
import { useOpenApplicationDialog, useOpenProjectDialog } from '../record-dialog/useOpenRecordDialog';
import { useSearchItemsQuery } from '../items/itemsApi';
import { useOpenItemDialog } from '../items/useOpenItemDialog';
import { useGetProjectsQuery } from '../projects/projectsApi';
import { hotkeyOf } from '../shortcuts/shortcuts';
import { matchesQuery, paletteRecords, searchRecords, serverQuery } from './paletteSearch';
import type { PaletteRecord } from './paletteSearch';

/** How many records of each kind the palette asks the server for; it shows the best five of them. */
const perKind = 20;

const icon = (Icon: typeof IconPlus) => <Icon size={18} stroke={1.5} />;

/**
 * The records the palette finds for `query` while it is open: the server searches as the user types,
 * by the query's longest word (`searchRecords` matches the rest); items only from two characters on.
 */
function usePaletteRecords(
  query: string,
  opened: boolean,
  canView: { applications: boolean; projects: boolean; items: boolean },
) {
  const [q] = useDebouncedValue(serverQuery(query), 200);
  const search = { q, limit: perKind };
  const typed = opened && q.length >= 1;
  const applicationList = useGetApplicationsQuery(typed && canView.applications ? search : skipToken);
  const projectList = useGetProjectsQuery(typed && canView.projects ? search : skipToken);
  const itemList = useSearchItemsQuery(opened && q.length >= 2 && canView.items ? search : skipToken);
  const records = useMemo<PaletteRecord[]>(
    () => [
      ...paletteRecords('application', applicationList.data?.items, (a) => [a.name, a.release]),
      ...paletteRecords('project', projectList.data?.items, (p) => [p.title, p.shortname]),
      // the project, so that equally named items can be told apart
      ...paletteRecords('item', itemList.data?.items, (i) => [i.title, i.groupTitle]),
    ],
    [applicationList.data, projectList.data, itemList.data],
  );
  const searching = typed && (applicationList.isFetching || projectList.isFetching || itemList.isFetching);
  return { records, searching };
}

/**
 * The command palette (Ctrl+K / Cmd+K, or the header button): the new-record actions, the pages, and
 * applications, projects and items by name, each opening its dialog.
 */
export function CommandPalette() {
  const { t } = useTranslation('commands-palette');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState(false);
  const items = useOpenItemDialog();
  const applications = useOpenApplicationDialog();
  const projects = useOpenProjectDialog();
  const { records, searching } = usePaletteRecords(query, opened, {
    applications: applications.canView,
    projects: projects.canView,
    items: items.canView,
  });

  // only what the user may create (none while viewing the past: it is read-only)
  const newRecords: (SpotlightActionData | false)[] = [
    items.canCreate && {
      id: 'new-item',
      label: t('actions.newItem'),
      description: t('actions.newItemDescription'),
      leftSection: icon(IconSubtask),
      onClick: () => void items.create({ group: null }),
    },
    items.canCreate && {
      id: 'new-milestone',
      label: t('actions.newMilestone'),
      leftSection: icon(IconFlag),
      onClick: () => void items.create({ group: null, milestone: true }),
    },
    projects.canCreate && {
      id: 'new-project',
      label: t('actions.newProject'),
      leftSection: icon(IconPlus),
      onClick: () => projects.openNew(),
    },
    applications.canCreate && {
      id: 'new-application',
      label: t('actions.newApplication'),
      leftSection: icon(IconPlus),
      onClick: () => applications.openNew(),
    },
  ];
  const commands: SpotlightActionData[] = [
    ...newRecords.filter((command) => command !== false),
    {
      id: 'go-timeline',
      label: t('actions.goToTimeline'),
      leftSection: icon(IconHome),
      onClick: () => void navigate('/'),
    },
    {
      id: 'go-applications',
      label: t('actions.goToApplications'),
      leftSection: icon(IconApps),
      onClick: () => void navigate('/applications'),
    },
    {
      id: 'go-projects',
      label: t('actions.goToProjects'),
      leftSection: icon(IconBriefcase),
      onClick: () => void navigate('/projects'),
    },
  ];

  const found = searchRecords(query, records);
  const resultGroup = (
    kind: PaletteRecord['kind'],
    group: string,
    Icon: typeof IconPlus,
    open: (id: number) => unknown,
  ): SpotlightActionGroupData | null => {
    const actions = found
      .filter((r) => r.kind === kind)
      .map((r) => ({
        id: `${kind}-${r.id}`,
        label: r.label,
        description: r.description,
        leftSection: icon(Icon),
        onClick: () => void open(r.id),
      }));
    return actions.length > 0 ? { group, actions } : null;
  };

  const actions = [
    {
      group: t('groups.actions'),
      actions: commands.filter(
        (c) => !query.trim() || matchesQuery(query, `${c.label} ${c.description ?? ''}`),
      ),
    },
    resultGroup('application', t('groups.applications'), IconApps, applications.openExisting),
    resultGroup('project', t('groups.projects'), IconBriefcase, projects.openExisting),
    resultGroup('item', t('groups.items'), IconCalendarEvent, items.show),
  ].filter((g): g is SpotlightActionGroupData => g !== null && g.actions.length > 0);

  return (
    <Spotlight
      actions={actions}
      // the actions are filtered above (records by name, commands by label)
      filter={(_query, all) => all}
      query={query}
      onQueryChange={setQuery}
      onSpotlightOpen={() => setOpened(true)}
      onSpotlightClose={() => setOpened(false)}
      shortcut={[hotkeyOf('palette')]}
      nothingFound={searching ? t('searching') : t('nothingFound')}
      highlightQuery
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <IconSearch size={18} stroke={1.5} />,
        placeholder: t('search.placeholder'),
        'aria-label': t('search.label'),
      }}
    />
  );
}
