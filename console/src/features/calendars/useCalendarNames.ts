import { pageItems } from '../api/pages';
import { useGetCalendarPagesInfiniteQuery } from './calendarsApi';

/**
 * Issue 24: a calendar's name by its id, from the tenant's calendars (their first page: a tenant has a
 * handful, as CalendarSelect lists them); undefined for an id that list does not hold, or until it loads.
 */
export function useCalendarNames(): (id: unknown) => string | undefined {
  const listed = pageItems(useGetCalendarPagesInfiniteQuery().data);
  return (id) => listed.find((calendar) => calendar.id === id)?.name;
}
