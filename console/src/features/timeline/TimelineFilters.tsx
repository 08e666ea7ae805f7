import { memo, useMemo } from 'react';
import { Group, MultiSelect } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { isSprintGroup } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { useGetApplicationsQuery } from '../applications/applicationsApi';
import { applicationLabel } from '../applications/details/parentOptions';
import { useCan } from '../auth/permissions';
import { codeOptions } from '../projects/projectCodes';
import { useGetProjectsQuery } from '../projects/projectsApi';
import { resourceOptions } from '../resources/resourceOptions';
import { useGetResourcesQuery } from '../resources/resourcesApi';
import { selectMe } from '../session/selectMe';
import { timelineFilterParams } from './timelineUrl';
import type { TimelineFilterParam, TimelineFilters } from './timelineUrl';

const statusOptions = codeOptions('status');

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

const filterLabels: Record<TimelineFilterParam, string> = {
  project: 'Projects',
  status: 'Status',
  resource: 'Resources',
  application: 'Applications',
};

/** The filter selects: memoised, so panning (a new window every frame) does not re-render them. */
export const FilterBar = memo(function FilterBar({
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
