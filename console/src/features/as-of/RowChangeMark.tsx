import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import type { GroupView } from '@fahrplan/contracts';
import { rowChangesSince } from './compareWithNow';
import type { RowChange } from './compareWithNow';
import { useGetLiveProjectsQuery } from './liveApi';
import { useAsOf } from './useAsOf';

const noChanges: ReadonlyMap<number, RowChange> = new Map();

/** While the console shows the past: which of the listed projects changed since, or are deleted now. */
export const useProjectChangesSince = (
  projects: readonly GroupView[] | undefined,
): ReadonlyMap<number, RowChange> => {
  const asOf = useAsOf();
  const ids = useMemo(() => (projects ?? []).map((p) => p.id), [projects]);
  const { data: now } = useGetLiveProjectsQuery(asOf === null || ids.length === 0 ? skipToken : ids);
  return useMemo(
    () => (asOf === null || !projects || !now ? noChanges : rowChangesSince(projects, now)),
    [asOf, projects, now],
  );
};

/** A row's compact mark: changed since, or deleted since. */
export function RowChangeMark({ change }: { change: RowChange | undefined }) {
  const { t } = useTranslation('as-of');
  if (!change) return null;
  return (
    <Badge size="xs" variant="light" color={change === 'deleted' ? 'red' : 'orange'} style={{ flex: 'none' }}>
      {change === 'deleted' ? t('deletedSince') : t('changedSince')}
    </Badge>
  );
}
