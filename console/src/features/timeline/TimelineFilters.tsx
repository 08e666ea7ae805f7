import { memo } from 'react';
import { Group, MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isSprintGroup } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { ApplicationsPicker } from '../applications/ApplicationPicker';
import { useCan } from '../auth/permissions';
import { optionItems } from '../options/optionData';
import { useOptionLists } from '../options/useOptionLists';
import { ProjectsPicker } from '../projects/ProjectPicker';
import { ResourcesSelect } from '../resources/ResourceSelect';
import { selectMe } from '../session/selectMe';
import type { TimelineFilterParam, TimelineFilters } from './timelineUrl';

/**
 * The filter selects: projects (no sprint group, none deleted), statuses, resources, applications
 * (ALM); projects, resources and applications searched on the server as the user types. Memoised, so
 * panning (a new window every frame) does not re-render them.
 */
export const FilterBar = memo(function FilterBar({
  filters,
  onChange,
}: {
  filters: TimelineFilters;
  onChange: (name: TimelineFilterParam, values: string[]) => void;
}) {
  const { t } = useTranslation('timeline');
  const alm = useAppSelector(selectMe)?.features.alm ?? false;
  const statusOptions = optionItems(useOptionLists(), 'projectStatus');
  const canListApplications = useCan('application-details', 'VIEW');
  const ids = (name: TimelineFilterParam) => filters[name].map(Number).filter(Number.isSafeInteger);
  const common = (name: TimelineFilterParam) =>
    ({
      size: 'xs',
      label: t(`filters.${name}`),
      placeholder: t('filters.all'),
      clearable: true,
      w: 220,
    }) as const;
  const pick = (name: TimelineFilterParam) => (values: readonly (number | string)[]) =>
    onChange(name, values.map(String));
  return (
    <Group gap="xs" align="flex-start" mb="xs" wrap="wrap">
      <ProjectsPicker
        {...common('project')}
        hide={(project) => isSprintGroup(project) || project.deleted}
        value={ids('project')}
        onChange={pick('project')}
      />
      <MultiSelect
        {...common('status')}
        data={statusOptions}
        value={filters.status}
        onChange={pick('status')}
        searchable
      />
      <ResourcesSelect {...common('resource')} value={ids('resource')} onChange={pick('resource')} />
      {alm && canListApplications && (
        <ApplicationsPicker
          {...common('application')}
          value={ids('application')}
          onChange={pick('application')}
        />
      )}
    </Group>
  );
});
