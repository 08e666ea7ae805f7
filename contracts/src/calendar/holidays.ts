import { z } from 'zod';
import { consoleLanguages } from '../preferences/preferences';
import type { PublicHoliday } from '../rules/calendar';
import { cantons } from './definition';
import type { Canton, HolidaysOf } from './definition';

// Issue 24: the cantons' public holidays as the server's library has them, for the console, which
// builds the same calendarRules from them instead of bundling the library.

/** The most years one holidays query answers. */
export const holidayYearsMax = 50;

const year = z
  .string()
  .regex(/^\d{4}$/, 'a year YYYY')
  .transform(Number)
  .pipe(z.number().int().min(1900).max(2200));

/** `GET /api/calendar/holidays?region&from&to&lang`: the years from … to (both included, at most 50). */
export const calendarHolidaysQuerySchema = z
  .strictObject({
    region: z.enum(cantons),
    from: year,
    to: year,
    lang: z.enum(consoleLanguages).optional(),
  })
  .refine(({ from, to }) => from <= to && to - from < holidayYearsMax, {
    path: ['to'],
    message: `from … to: at most ${holidayYearsMax} years, from not after to`,
  });
export type CalendarHolidaysQuery = z.infer<typeof calendarHolidaysQuerySchema>;

/** The answer: a canton's public holidays in the years asked for, ascending, named in `lang` (German without). */
export const calendarHolidaysSchema = z.object({
  region: z.enum(cantons),
  from: z.number().int(),
  to: z.number().int(),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
});
export interface CalendarHolidays {
  readonly region: Canton;
  readonly from: number;
  readonly to: number;
  readonly holidays: readonly PublicHoliday[];
}

/**
 * The HolidaysOf of holidays answers (the console's, for calendarRules): a year of a region no answer
 * covers is a RangeError, never a year without holidays.
 */
export function holidaysOfAnswers(answers: readonly CalendarHolidays[]): HolidaysOf {
  const byYear = new Map<string, PublicHoliday[]>();
  for (const { region, from, to, holidays } of answers) {
    for (let y = from; y <= to; y++) byYear.set(`${region} ${y}`, []);
    for (const holiday of holidays)
      byYear.get(`${region} ${Number(holiday.date.slice(0, 4))}`)?.push(holiday);
  }
  return (region, y) => {
    const holidays = byYear.get(`${region} ${y}`);
    if (!holidays) throw new RangeError(`no holidays loaded for ${region} ${y}`);
    return holidays;
  };
}
