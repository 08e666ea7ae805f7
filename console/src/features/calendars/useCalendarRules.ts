import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CalendarRules } from '@fahrplan/contracts';
import { bernRules } from '../common/bernRules';
import { useGetCalendarQuery, useGetRegionHolidaysQuery } from './calendarsApi';
import { calendarRulesOf, regionsOf, rulesYearsAround } from './calendarRulesOf';

/**
 * The working-day rules of calendar `id` (issue 24) as the server computes them: its versions (as of the
 * instant shown) and its cantons' public holidays from the holidays query, fifty years around this
 * one. `rules` is null without an id, while either loads (`loading`), or when one failed (`failed`).
 */
export function useCalendarRulesState(id: number | null | undefined): {
  rules: CalendarRules | null;
  loading: boolean;
  failed: boolean;
} {
  const calendar = useGetCalendarQuery(id ?? skipToken);
  const years = useMemo(() => rulesYearsAround(new Date().getFullYear()), []);
  const versions = calendar.data?.versions;
  const regions = useMemo(() => (versions ? regionsOf(versions) : null), [versions]);
  const holidays = useGetRegionHolidaysQuery(regions ? { regions, ...years } : skipToken);
  const rules = useMemo(
    () => (versions && holidays.data ? calendarRulesOf(versions, holidays.data, years) : null),
    [versions, holidays.data, years],
  );
  const failed = calendar.isError || holidays.isError;
  return { rules, loading: id !== null && id !== undefined && rules === null && !failed, failed };
}

/**
 * The rules an editor counts with: calendar `id`'s (null while they load), Bern's (§9) when they
 * failed, which the editor says with CalendarRulesWarning.
 */
export const useCountingRules = (
  id: number | null | undefined,
): { rules: CalendarRules | null; failed: boolean } => {
  const { rules, failed } = useCalendarRulesState(id);
  return { rules: failed ? bernRules : rules, failed };
};
