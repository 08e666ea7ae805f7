import { useCallback, useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CalendarRules } from '@fahrplan/contracts';
import { useGetCalendarPagesInfiniteQuery, useGetRegionHolidaysQuery } from './calendarsApi';
import { calendarRulesOf, regionsOf, rulesYearsAround } from './calendarRulesOf';

/** A calendar's rules by its id; null while they load, or for a calendar the tenant's first page does not hold. */
export type CalendarBook = (id: number) => CalendarRules | null;

/**
 * The rules of the tenant's calendars (their first page: a tenant has a handful), for a screen that
 * shows many projects at once (the timeline's arrows): one list and one holidays query, each
 * calendar's rules built once they are there.
 */
export function useCalendarBook(): CalendarBook {
  const pages = useGetCalendarPagesInfiniteQuery().data;
  const years = useMemo(() => rulesYearsAround(new Date().getFullYear()), []);
  const calendars = useMemo(() => pages?.pages.flatMap((page) => page.items) ?? [], [pages]);
  const regions = useMemo(() => regionsOf(calendars.flatMap((c) => c.versions)), [calendars]);
  const holidays = useGetRegionHolidaysQuery(regions.length > 0 ? { regions, ...years } : skipToken).data;
  // the rules compute each year's table when first asked, so building every listed calendar's is cheap
  const book = useMemo(
    () =>
      new Map(
        holidays ? calendars.map((c) => [c.id, calendarRulesOf(c.versions, holidays, years)] as const) : [],
      ),
    [calendars, holidays, years],
  );
  return useCallback((id: number) => book.get(id) ?? null, [book]);
}
