import { calendarRules } from '@fahrplan/contracts';
import type { Canton, CalendarRules, CalendarVersion, HolidaysOf, PublicHoliday } from '@fahrplan/contracts';

/** How many years before this year the console's calendar rules answer for. */
export const rulesYearsBefore = 20;
/** How many years the rules answer for in all: the most one holidays query answers (50). */
export const rulesYears = 50;

/** The years [from, to] (both inclusive) a console's calendar rules answer for, around `year`. */
export const rulesYearsAround = (year: number): { from: number; to: number } => ({
  from: year - rulesYearsBefore,
  to: year - rulesYearsBefore + rulesYears - 1,
});

/** The cantons a calendar's versions name, each once, sorted (the holidays to fetch). */
export const regionsOf = (versions: readonly CalendarVersion[]): Canton[] =>
  [...new Set(versions.map((v) => v.definition.region))].sort();

/**
 * The holidays of the fetched cantons and years as the rules read them: a year or a canton not fetched
 * is a RangeError, as a year outside §9's calculator is, so a duration there shows as unknown rather
 * than as counted without its holidays.
 */
export const fetchedHolidays = (
  fetched: Partial<Record<Canton, readonly PublicHoliday[]>>,
  years: { from: number; to: number },
): HolidaysOf => {
  const byYear = new Map<string, PublicHoliday[]>();
  for (const [region, holidays] of Object.entries(fetched))
    for (const holiday of holidays ?? []) {
      const key = `${region}:${holiday.date.slice(0, 4)}`;
      const list = byYear.get(key) ?? [];
      list.push(holiday);
      byYear.set(key, list);
    }
  return (region, year) => {
    if (year < years.from || year > years.to || !(region in fetched))
      throw new RangeError(`no holidays fetched for ${region} in ${year}`);
    return byYear.get(`${region}:${year}`) ?? [];
  };
};

/** A calendar's rules from its versions and the holidays fetched for it (the console bundles no holiday library). */
export const calendarRulesOf = (
  versions: readonly CalendarVersion[],
  fetched: Partial<Record<Canton, readonly PublicHoliday[]>>,
  years: { from: number; to: number },
): CalendarRules => calendarRules(versions, fetchedHolidays(fetched, years));
