import { calendarRules, holidayYearsMax, holidaysOfAnswers } from '@fahrplan/contracts';
import type { Canton, CalendarRules, CalendarVersion, PublicHoliday } from '@fahrplan/contracts';

/** How many years before this year the console's calendar rules answer for. */
export const rulesYearsBefore = 20;

/** The years [from, to] (both inclusive) a console's calendar rules answer for: one holidays query's most, around `year`. */
export const rulesYearsAround = (year: number): { from: number; to: number } => ({
  from: year - rulesYearsBefore,
  to: year - rulesYearsBefore + holidayYearsMax - 1,
});

/** The cantons a calendar's versions name, each once, sorted (the holidays to fetch). */
export const regionsOf = (versions: readonly CalendarVersion[]): Canton[] =>
  [...new Set(versions.map((v) => v.definition.region))].sort();

/**
 * A calendar's rules from its versions and its cantons' holidays fetched for `years` (the console
 * bundles no holiday library). A year or a canton not fetched is a RangeError, as a year outside §9's
 * calculator is, so a duration there shows as unknown rather than counted without its holidays.
 */
export const calendarRulesOf = (
  versions: readonly CalendarVersion[],
  fetched: Partial<Record<Canton, readonly PublicHoliday[]>>,
  years: { from: number; to: number },
): CalendarRules =>
  calendarRules(
    versions,
    holidaysOfAnswers(
      Object.entries(fetched).map(([region, holidays]) => ({
        region: region as Canton,
        ...years,
        holidays: holidays ?? [],
      })),
    ),
  );
