import { Badge } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCan } from '../auth/permissions';
import { pendingIncoming } from './shareRows';
import { sharesPollingMs, useGetSharesQuery } from './sharesApi';

/** The number of incoming shares waiting for a decision, beside the navigation's Sharing link. */
export function PendingSharesBadge() {
  const canView = useCan('group-details', 'VIEW');
  const { data } = useGetSharesQuery(canView ? undefined : skipToken, {
    pollingInterval: sharesPollingMs,
    refetchOnFocus: true,
  });
  const pending = pendingIncoming(data);
  return pending > 0 ? (
    <Badge size="sm" color="red" circle aria-label={`${pending} pending shares`}>
      {pending}
    </Badge>
  ) : null;
}
