import {
  isServerDate,
  isUiDate,
  saveCalendarSchema,
  serverToUiDate,
  uiToServerDate,
} from '@fahrplan/contracts';
import type {
  CalendarDefinition,
  CalendarVersion,
  CalendarView,
  Canton,
  CompanyDay,
  SaveCalendarData,
} from '@fahrplan/contracts';
import { zodValidate } from '../common/zodValidate';

/** A company day's row: its date as typed (DD.MM.YYYY), a key that stays with the row. */
export interface CompanyDayRow {
  key: string;
  date: string | null;
  kind: CompanyDay['kind'];
  yearly: boolean;
  name: string;
}

export interface ExceptionRow {
  key: string;
  date: string | null;
  name: string;
}

export interface CalendarFormValues {
  name: string;
  region: Canton;
  /** ISO weekdays as strings ('1' = Monday), as the weekday chips hold them. */
  workingWeekdays: string[];
  companyDays: CompanyDayRow[];
  exceptions: ExceptionRow[];
  /** For a change of an existing calendar: from when the new definition applies (DD.MM.YYYY). */
  effectiveFrom: string | null;
}

/** The definition a calendar has now: that of its latest version. */
export const latestDefinition = (versions: readonly CalendarVersion[]): CalendarDefinition | undefined =>
  versions.at(-1)?.definition;

const rowKey = () => crypto.randomUUID();

export const newCompanyDay = (): CompanyDayRow => ({
  key: rowKey(),
  date: null,
  kind: 'closed',
  yearly: false,
  name: '',
});

export const newException = (): ExceptionRow => ({ key: rowKey(), date: null, name: '' });

export const toCalendarFormValues = (calendar: CalendarView | null, fallback: CalendarDefinition) => {
  const definition = (calendar && latestDefinition(calendar.versions)) ?? fallback;
  return {
    name: calendar?.name ?? '',
    region: definition.region,
    workingWeekdays: definition.workingWeekdays.map(String),
    companyDays: definition.companyDays.map((day) => ({
      ...day,
      key: rowKey(),
      date: serverToUiDate(day.date),
    })),
    exceptions: definition.exceptions.map((day) => ({
      ...day,
      key: rowKey(),
      date: serverToUiDate(day.date),
    })),
    effectiveFrom: null,
  } satisfies CalendarFormValues;
};

/** A typed date as the server's (YYYY-MM-DD), or as typed when it is none, for the schema to refuse. */
const serverDate = (date: string | null) => (date && isUiDate(date) ? uiToServerDate(date) : (date ?? ''));

/** The definition the form describes; its days in date order. */
export const toDefinition = (values: CalendarFormValues): CalendarDefinition => ({
  region: values.region,
  workingWeekdays: values.workingWeekdays.map(Number).sort((a, b) => a - b),
  companyDays: values.companyDays.map(({ date, kind, yearly, name }) => ({
    date: serverDate(date),
    kind,
    yearly,
    name: name.trim(),
  })),
  exceptions: values.exceptions.map(({ date, name }) => ({ date: serverDate(date), name: name.trim() })),
});

const byDate = <T extends { date: string }>(days: readonly T[]) =>
  [...days].sort((a, b) => a.date.localeCompare(b.date));

/** Whether two definitions say the same, whatever the order of their days. */
export const sameDefinition = (a: CalendarDefinition, b: CalendarDefinition): boolean =>
  JSON.stringify({ ...a, companyDays: byDate(a.companyDays), exceptions: byDate(a.exceptions) }) ===
  JSON.stringify({ ...b, companyDays: byDate(b.companyDays), exceptions: byDate(b.exceptions) });

/** Whether the form changes an existing calendar's definition (which then needs its effective date). */
export const changesDefinition = (values: CalendarFormValues, calendar: CalendarView | null): boolean => {
  const current = calendar && latestDefinition(calendar.versions);
  return !!current && !sameDefinition(current, toDefinition(values));
};

/** The SaveCalendar command's data: a new calendar, or a change of `calendar` from its effective date. */
export const toSaveCalendar = (
  values: CalendarFormValues,
  calendar: CalendarView | null,
): SaveCalendarData => ({
  ...(calendar ? { id: calendar.id, version: calendar.version } : {}),
  name: values.name.trim(),
  definition: toDefinition(values),
  ...(changesDefinition(values, calendar) ? { effectiveFrom: serverDate(values.effectiveFrom) } : {}),
});

/** definition.companyDays.0.date → companyDays.0.date: the schema's paths as the form's fields. */
const formField = (path: string) => path.replace(/^definition\./, '');

/** The form's rules, from the shared schemas (STYLE 13), checked on what will be sent. */
export const calendarFormValidator = (calendar: CalendarView | null) =>
  zodValidate(
    saveCalendarSchema,
    (values: CalendarFormValues) => toSaveCalendar(values, calendar),
    formField,
  );

/**
 * The versions the form would leave: for a new calendar its definition since always; for a change, the
 * saved versions before its effective date and the new definition from it (since always while no date
 * is given).
 */
export const draftVersions = (
  values: CalendarFormValues,
  calendar: CalendarView | null,
): CalendarVersion[] => {
  const typed = toDefinition(values);
  // the days typed so far that are dates: a row being filled in shows once its date is whole
  const definition = {
    ...typed,
    companyDays: typed.companyDays.filter((day) => isServerDate(day.date)),
    exceptions: typed.exceptions.filter((day) => isServerDate(day.date)),
  };
  const from =
    values.effectiveFrom && isUiDate(values.effectiveFrom) ? uiToServerDate(values.effectiveFrom) : null;
  if (calendar && !changesDefinition(values, calendar)) return [...calendar.versions];
  if (!calendar || from === null) return [{ effectiveFrom: null, definition }];
  const before = calendar.versions.filter(
    (version) => version.effectiveFrom === null || version.effectiveFrom < from,
  );
  return [...before, { effectiveFrom: from, definition }];
};
