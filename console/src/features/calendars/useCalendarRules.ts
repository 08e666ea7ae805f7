import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CalendarRules } from '@fahrplan/contracts';
import { bernRules } from '../common/bernRules';
import { useGetCalendarQuery, useGetProjectCalendarQuery, useGetRegionHolidaysQuery } from './calendarsApi';
import { calendarRulesOf, regionsOf, rulesYearsAround } from './calendarRulesOf';

/**
 * The working-day rules of calendar `id` (issue 24) as the server computes them: its versions (as of the
 * instant shown) and its cantons' public holidays from the holidays query, fifty years around this
 * one. For a project shared with the tenant (`sharedProject`) its owner's calendar, which the tenant's
 * own list does not hold: read through the project. `rules` is null without an id, while either loads
 * (`loading`), or when one failed (`failed`).
 */
export function useCalendarRulesState(
  id: number | null | undefined,
  sharedProject: number | null = null,
): {
  rules: CalendarRules | null;
  loading: boolean;
  failed: boolean;
} {
  const own = useGetCalendarQuery(sharedProject === null ? (id ?? skipToken) : skipToken);
  const owners = useGetProjectCalendarQuery(sharedProject ?? skipToken);
  const calendar = sharedProject === null ? own : owners;
  const asked = sharedProject !== null || (id !== null && id !== undefined);
  const years = useMemo(() => rulesYearsAround(new Date().getFullYear()), []);
  const versions = calendar.data?.versions;
  const regions = useMemo(() => (versions ? regionsOf(versions) : null), [versions]);
  const holidays = useGetRegionHolidaysQuery(regions ? { regions, ...years } : skipToken);
  const rules = useMemo(
    () => (versions && holidays.data ? calendarRulesOf(versions, holidays.data, years) : null),
    [versions, holidays.data, years],
  );
  const failed = calendar.isError || holidays.isError;
  return { rules, loading: asked && rules === null && !failed, failed };
}

/**
 * The rules an editor counts with: calendar `id`'s (null while they load), Bern's (§9) when they
 * failed, which the editor says with CalendarRulesWarning.
 */
export const useCountingRules = (
  id: number | null | undefined,
  sharedProject: number | null = null,
): { rules: CalendarRules | null; failed: boolean } => {
  const { rules, failed } = useCalendarRulesState(id, sharedProject);
  return { rules: failed ? bernRules : rules, failed };
};
