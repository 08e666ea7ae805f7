import { z } from 'zod';
import { requiredName, serverDateSchema } from '../rules/limits';
import type { PublicHoliday, WorkingDays } from '../rules/calendar';

// Issue 24: a tenant's working-day calendars. This file is the shared contract of the calendar
// records (what a calendar is) and of the rules computed from them (what a calendar answers);
// the aggregate, the read model, the preview and the console are built against it.

/** The 26 cantons, by their official two-letter codes: the base of a calendar's public holidays. */
export const cantons = [
  'AG',
  'AI',
  'AR',
  'BE',
  'BL',
  'BS',
  'FR',
  'GE',
  'GL',
  'GR',
  'JU',
  'LU',
  'NE',
  'NW',
  'OW',
  'SG',
  'SH',
  'SO',
  'SZ',
  'TG',
  'TI',
  'UR',
  'VD',
  'VS',
  'ZG',
  'ZH',
] as const;
export type Canton = (typeof cantons)[number];

/** The id of the tenant's default calendar: it exists without an event, as Bern (§9), until changed. */
export const defaultCalendarId = 0;

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const isoWeekdaySchema = z.number().int().min(1).max(7);

/** The longest calendar name, company-day name and exception name. */
export const calendarNameMax = 100;
/** At most this many company days and as many exceptions per calendar version. */
export const calendarDaysMax = 500;

/**
 * A company day: closed (no work) or half (half a working day), once on `date` or every year on its
 * month and day (`yearly`; 29 February only in leap years).
 */
export const companyDaySchema = z.strictObject({
  date: serverDateSchema,
  kind: z.enum(['closed', 'half']),
  yearly: z.boolean(),
  name: requiredName(calendarNameMax),
});
export type CompanyDay = z.infer<typeof companyDaySchema>;

/** An exception: a full working day on a day the base or a company day would close (a working Saturday). */
export const calendarExceptionSchema = z.strictObject({
  date: serverDateSchema,
  name: requiredName(calendarNameMax),
});
export type CalendarException = z.infer<typeof calendarExceptionSchema>;

/**
 * What a calendar is from its effective date on: the working weekdays (a resource working four days a
 * week), the public holidays of Switzerland and one canton (from the date-holidays library, its type
 * "public"), the company days and the exceptions. A day is working when its weekday is a working
 * weekday, it is no public holiday and no closed company day, or when it is an exception; a half
 * company day on an otherwise working day counts ½.
 */
export const calendarDefinitionSchema = z.strictObject({
  region: z.enum(cantons),
  workingWeekdays: z
    .array(isoWeekdaySchema)
    .min(1)
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'each weekday once'),
  companyDays: z.array(companyDaySchema).max(calendarDaysMax),
  exceptions: z.array(calendarExceptionSchema).max(calendarDaysMax),
});
export type CalendarDefinition = z.infer<typeof calendarDefinitionSchema>;

/** §9: Monday to Friday, Bern's public holidays, nothing else. The default calendar until changed. */
export const bernDefinition: CalendarDefinition = {
  region: 'BE',
  workingWeekdays: [1, 2, 3, 4, 5],
  companyDays: [],
  exceptions: [],
};

/**
 * One version of a calendar: its definition applies to the days from `effectiveFrom` (inclusive) until
 * the next version's `effectiveFrom`; the first version has `effectiveFrom: null` (since always).
 * Versions are ascending by `effectiveFrom`; a later change with the same date replaces the earlier.
 */
export interface CalendarVersion {
  readonly effectiveFrom: string | null;
  readonly definition: CalendarDefinition;
}

/** The public holidays of a canton in one year (1900–2200), ascending, named in German as the library has them. */
export type HolidaysOf = (region: Canton, year: number) => readonly PublicHoliday[];

/**
 * What a calendar answers, for the days of 1900–2200 (RangeError outside, as §9's calculator):
 * half days count ½, so a count may end in .5. Every function of rules/calendar.ts has its peer
 * here with the same meaning; for `bernDefinition` the answers equal today's.
 */
export interface CalendarRules {
  /** Working days in [from, to) (`to` exclusive). */
  countWorkingDays(from: string, to: string): number;
  /** The earliest exclusive end e with countWorkingDays(date, e) ≥ n (n ≥ 0; `date` for 0). */
  addWorkingDays(date: string, n: number): string;
  /** The earliest start s with countWorkingDays(s, date) ≥ n (n ≥ 0; `date` for 0). */
  subtractWorkingDays(date: string, n: number): string;
  /** `date` if it is a working day (full or half), else the next one. */
  nextWorkingDay(date: string): string;
  /** Whether `date` counts more than 0. */
  isWorkingDay(date: string): boolean;
  /** The new exclusive end of [oldStart, oldEnd) moved to `newStart`, keeping its working days. */
  moveKeepingDuration(oldStart: string, oldEnd: string, newStart: string): string;
  /** §3's answer for [from, to): days, count, not-working days (closed, ascending) and the holidays. */
  workingDays(from: string, to: string): WorkingDays;
}
