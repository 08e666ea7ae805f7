import type Holidays from 'date-holidays';
import { calendarRules } from '@fahrplan/contracts';
import type {
  CalendarRules,
  CalendarVersion,
  Canton,
  ConsoleLanguage,
  HolidaysOf,
  PublicHoliday,
} from '@fahrplan/contracts';
import { onFirstUse } from '../modules/on-first-use';

// The cantons' public holidays from date-holidays (country CH, the canton as its state, type
// 'public' only). The library computes a year in about a millisecond, so each (canton, year,
// language) is computed once per process: at most 26 × 301 × 4 small lists.

const libraryLanguage: Readonly<Record<ConsoleLanguage, string>> = {
  'de-CH': 'de',
  'fr-CH': 'fr',
  'it-CH': 'it',
  en: 'en',
};

const firstYear = 1900;
const lastYear = 2200;

// loaded with the first calendar asked for, after the server listens
const dateHolidays = onFirstUse<typeof Holidays>(require, 'date-holidays');
const libraries = new Map<Canton, Holidays>();
const cache = new Map<string, readonly PublicHoliday[]>();

const libraryOf = (region: Canton): Holidays => {
  let library = libraries.get(region);
  if (!library) {
    // all types, filtered below: with the library's `types` option a rule that refers to a day of
    // another type moves (Glarus' Näfelser Fahrt follows Maundy Thursday, an observance)
    library = new (dateHolidays())('CH', region);
    libraries.set(region, library);
  }
  return library;
};

/** The public holidays of a canton in a year 1900–2200, ascending, named in `language`; RangeError outside. */
export function swissHolidaysIn(
  region: Canton,
  year: number,
  language: ConsoleLanguage,
): readonly PublicHoliday[] {
  if (!Number.isInteger(year) || year < firstYear || year > lastYear)
    throw new RangeError(`year must be a whole number from ${firstYear} to ${lastYear}: ${year}`);
  const key = `${region} ${year} ${language}`;
  let holidays = cache.get(key);
  if (!holidays) {
    holidays = libraryOf(region)
      .getHolidays(year, libraryLanguage[language])
      .filter(({ type }) => type === 'public')
      .map(({ date, name }) => ({ date: date.slice(0, 10), name }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    cache.set(key, holidays);
  }
  return holidays;
}

/** The HolidaysOf of every calendar on the server: the library's public holidays, in German. */
export const swissHolidays: HolidaysOf = (region, year) => swissHolidaysIn(region, year, 'de-CH');

// Rules by a calendar's tenant, id and version: a version never changes its versions, so an entry
// never goes stale. Bounded; the oldest entry goes first.
const rulesCacheMax = 1000;
const rulesCache = new Map<string, CalendarRules>();

/**
 * The server's rules of a calendar's versions (swissHolidays), kept under `key`, which names the
 * calendar's tenant, id and version: both sides of the server ask for the same calendars often.
 */
export function swissCalendarRules(key: string, versions: readonly CalendarVersion[]): CalendarRules {
  let rules = rulesCache.get(key);
  if (!rules) {
    rules = calendarRules(versions, swissHolidays);
    if (rulesCache.size >= rulesCacheMax) rulesCache.delete(rulesCache.keys().next().value!);
    rulesCache.set(key, rules);
  }
  return rules;
}
