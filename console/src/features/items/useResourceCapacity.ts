import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ResourceCapacity } from '@fahrplan/contracts';
import { useGetResourcesQuery } from '../resources/resourcesApi';
import { useCalendarRulesState } from '../calendars/useCalendarRules';

/**
 * What resource `id` gives a task (issue 24): its share and its own calendar's rules, as the server
 * counts an item's workload. Null without a resource; undefined while it or its calendar loads. A
 * calendar that failed to load counts as its project's (the overview warns about calendars).
 */
export function useResourceCapacity(id: number | null): ResourceCapacity | null | undefined {
  const resource = useGetResourcesQuery(id === null ? skipToken : { id: String(id) }).data?.items.find(
    (r) => r.id === id,
  );
  const calendar = useCalendarRulesState(resource?.calendar ?? null);
  if (id === null) return null;
  if (!resource || calendar.loading) return undefined;
  return { rules: calendar.rules, share: resource.share };
}
