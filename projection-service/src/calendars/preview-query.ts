import { calendarRules } from '@fahrplan/contracts';
import type {
  CalendarPreviewAnswer,
  CalendarPreviewRequest,
  CalendarRules,
  CalendarVersion,
} from '@fahrplan/contracts';
import { swissHolidays } from '@fahrplan/platform';
import type { PageRequest } from '../http/paging';
import type { ReadView } from '../read-store/read-store';
import { liveCalendar } from './calendar-book';
import { calendarPreview } from './calendar-preview';

/** Rules kept per versions: a year's table is built once for the calendars a tenant previews again and again. */
const keptRules = new Map<string, CalendarRules>();
const maxKeptRules = 64;

const rulesOf = (versions: readonly CalendarVersion[]): CalendarRules => {
  const key = JSON.stringify(versions);
  const kept = keptRules.get(key);
  if (kept) {
    // the most recently used last: the first is the one to drop
    keptRules.delete(key);
    keptRules.set(key, kept);
    return kept;
  }
  const rules = calendarRules(versions, swissHolidays);
  keptRules.set(key, rules);
  if (keptRules.size > maxKeptRules) keptRules.delete(keptRules.keys().next().value!);
  return rules;
};

/** A preview as a query thread is asked it: plain arguments its controller checked. */
export interface CalendarPreviewQuery {
  readonly tenant: string;
  readonly id: number;
  readonly request: CalendarPreviewRequest;
  readonly page: PageRequest;
}

/** Issue 24's impact preview of `store` (a thread's own connection, or the main thread's view). */
export const calendarPreviewPage = (
  store: ReadView,
  { tenant, id, request, page }: CalendarPreviewQuery,
): Promise<CalendarPreviewAnswer> => {
  const versionsOf = async (calendar: number) =>
    (await liveCalendar(store, tenant, calendar))?.versions ?? null;
  return calendarPreview({ store, tenant, rulesOf, versionsOf }, id, request, page);
};
