import type { TFunction } from 'i18next';
import type { DayKind, YearDay } from './yearDays';

// a year view names 365 days at each move of its focus: one formatter per language, not one per day
const longDateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date in words in `locale`, e.g. "Friday, 1 August 2025" (the date is read at noon UTC, so no zone moves it). */
export const longDate = (date: string, locale: string) => {
  let format = longDateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    longDateFormats.set(locale, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
};

/** A month's name with its year, e.g. "août 2025". */
export const monthName = (year: number, month: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );

/** The short names of the weekdays, Monday first. */
export const weekdayNames = (locale: string, width: 'short' | 'long' = 'short') =>
  Array.from({ length: 7 }, (_, index) =>
    new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, 1 + index)),
    ),
  );

export const dayKindLabels = (t: TFunction<'calendars'>): Record<DayKind, string> => ({
  working: t('year.working'),
  half: t('year.half'),
  closed: t('year.closed'),
});

/** Why a day is what it is, in words: its holidays, company day, exception, or its weekday's rest. */
export const dayReasons = (day: YearDay, t: TFunction<'calendars'>): string[] => [
  ...day.holidays,
  ...(day.companyDay === null ? [] : [t('year.companyDay', { name: day.companyDay })]),
  ...(day.exception === null ? [] : [t('year.exception', { name: day.exception })]),
  ...(day.restDay && day.exception === null ? [t('year.restDay')] : []),
];

/** A day's accessible name: its date, how much it is worked and why. */
export const dayLabel = (day: YearDay, t: TFunction<'calendars'>, locale: string) => {
  const reasons = dayReasons(day, t);
  const kind = dayKindLabels(t)[day.kind];
  return reasons.length === 0
    ? t('year.dayLabel', { date: longDate(day.date, locale), kind })
    : t('year.dayLabelWhy', { date: longDate(day.date, locale), kind, why: reasons.join(', ') });
};
