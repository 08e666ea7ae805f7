import type { PublicHoliday } from '@fahrplan/contracts';

/**
 * GET /api/calendar/holidays?region&from&to&lang: a canton's public holidays in the years from–to
 * (inclusive, at most 50), named in `lang`, as issue 24's shared design names the query.
 */
export interface HolidaysAnswer {
  readonly holidays: readonly PublicHoliday[];
}
