import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CalendarRules } from '@fahrplan/contracts';
import { useGetCalendarQuery, useGetRegionHolidaysQuery } from './calendarsApi';
import { calendarRulesOf, regionsOf, rulesYearsAround } from './calendarRulesOf';

/**
 * The working-day rules of calendar `id` (issue 24) as the server computes them: its versions (as of the
 * instant shown) and its cantons' public holidays from the holidays query, fifty years around this
 * one. Null while either loads, or without an id.
 */
export function useCalendarRules(id: number | null | undefined): CalendarRules | null {
  const calendar = useGetCalendarQuery(id ?? skipToken).data;
  const years = useMemo(() => rulesYearsAround(new Date().getFullYear()), []);
  const regions = useMemo(() => (calendar ? regionsOf(calendar.versions) : null), [calendar]);
  const holidays = useGetRegionHolidaysQuery(regions ? { regions, ...years } : skipToken).data;
  return useMemo(
    () => (calendar && holidays ? calendarRulesOf(calendar.versions, holidays, years) : null),
    [calendar, holidays, years],
  );
}
