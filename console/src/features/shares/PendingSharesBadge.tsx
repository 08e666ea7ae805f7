import { Badge } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../auth/permissions';
import { pendingIncoming } from './shareRows';
import { pendingPageSize, sharesPollingMs, useGetSharesQuery } from './sharesApi';

/** The number of incoming shares waiting for a decision, beside the navigation's Sharing link. */
export function PendingSharesBadge() {
  const { t } = useTranslation('shares');
  const canView = useCan('group-details', 'VIEW');
  const { data } = useGetSharesQuery(
    canView ? { direction: 'incoming', status: 'PENDING', limit: pendingPageSize } : skipToken,
    { pollingInterval: sharesPollingMs, refetchOnFocus: true },
  );
  const pending = pendingIncoming(data && { incoming: data.items });
  const more = data?.nextCursor != null;
  return pending > 0 ? (
    <Badge
      size="sm"
      color="red"
      circle={!more}
      aria-label={t('pendingBadge', { count: pending, more: more ? '+' : '' })}
    >
      {pending}
      {more ? '+' : ''}
    </Badge>
  ) : null;
}
