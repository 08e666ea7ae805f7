import { calendarRules, defaultCalendarId, defaultCalendarVersions } from '@fahrplan/contracts';
import type { CalendarRules } from '@fahrplan/contracts';
import { swissCalendarRules, swissHolidays } from '@fahrplan/platform';
import { strip } from '../http/query-helpers';
import { isTombstone } from '../read-store/read-store';
import type { ReadView } from '../read-store/read-store';
import { calendarDocId, defaultCalendarDoc } from './calendars.projection';
import type { CalendarDoc } from './calendars.projection';

/**
 * Issue 24's "who uses which" on the read side (docs/design/calendars.md): the rules of a tenant's
 * calendar and the calendar a project plans on. It reads the read models it is given, so within an
 * `?asOf=` request a calendar answers as it was then.
 */
export interface CalendarBook {
  /** The rules of calendar `id` of `tenant`; null when the tenant has no such live calendar. */
  rulesOf(tenant: string, id: number): Promise<CalendarRules | null>;
  /** The calendar of a project (the default when it names none or is not the tenant's). */
  calendarOfProject(tenant: string, projectId: number): Promise<number>;
  /** The rules a project plans on: its owner's calendar, the default where that is gone. */
  rulesOfProject(project: Omit<ProjectCalendar, 'id'>): Promise<CalendarRules>;
  /** The rules each of `projects` plans on (`rulesOfProject`), each calendar read once. */
  rulesOfProjects(projects: readonly ProjectCalendar[]): Promise<ReadonlyMap<number, CalendarRules>>;
}

/** What a project's calendar is read from: its id, its owner and its calendar (absent: the default). */
export interface ProjectCalendar {
  readonly id: number;
  readonly tenant: string;
  readonly calendar?: number;
}

/** The live document of calendar `id` of `tenant`, the default one as it is before its first event, or null. */
export const liveCalendar = async (
  store: ReadView,
  tenant: string,
  id: number,
): Promise<CalendarDoc | null> => {
  const stored = await store.get('calendars', calendarDocId(tenant, id));
  if (stored) return stored.tenant === tenant && stored.deleted === false ? strip<CalendarDoc>(stored) : null;
  return id === defaultCalendarId ? defaultCalendarDoc(tenant) : null;
};

/** The rules of a default calendar never changed: Bern (§9), what a record without a calendar plans on. */
export const defaultRules: CalendarRules = calendarRules(defaultCalendarVersions, swissHolidays);

/** The rules of a calendar's document (its server-side rules, kept per tenant, id and version). */
export const rulesOfCalendar = (
  doc: Pick<CalendarDoc, 'tenant' | 'id' | 'version' | 'versions'>,
): CalendarRules => swissCalendarRules(`${doc.tenant} ${doc.id} ${doc.version}`, doc.versions);

/** The CalendarBook of a read store (the live one, or the switching one that answers as of an instant). */
export const calendarBook = (store: ReadView): CalendarBook => {
  const book: CalendarBook = {
    async rulesOf(tenant, id) {
      const doc = await liveCalendar(store, tenant, id);
      return doc && rulesOfCalendar(doc);
    },
    async calendarOfProject(tenant, projectId) {
      const doc = await store.get('groups', String(projectId));
      const calendar = doc?.tenant === tenant && doc.deleted === false ? doc.calendar : undefined;
      return typeof calendar === 'number' ? calendar : defaultCalendarId;
    },
    async rulesOfProject({ tenant, calendar = defaultCalendarId }) {
      return (await book.rulesOf(tenant, calendar)) ?? (await book.rulesOf(tenant, defaultCalendarId))!;
    },
    async rulesOfProjects(projects) {
      const byCalendar = new Map<string, Promise<CalendarRules>>();
      const rulesOfProject = (project: ProjectCalendar) => {
        const key = `${project.tenant} ${project.calendar ?? defaultCalendarId}`;
        let rules = byCalendar.get(key);
        if (!rules) {
          rules = book.rulesOfProject(project);
          byCalendar.set(key, rules);
        }
        return rules;
      };
      const entries = await Promise.all(
        projects.map(async (project) => [project.id, await rulesOfProject(project)] as const),
      );
      return new Map(entries);
    },
  };
  return book;
};

/**
 * The rules each of `projects` (ids of `tenant`'s read models, e.g. the projects of some items) plans
 * on: one read of their documents by id, then their calendars' rules. A project gone counts in the default's.
 */
export const rulesOfProjectIds = async (
  store: ReadView,
  tenant: string,
  projects: Iterable<number>,
): Promise<ReadonlyMap<number, CalendarRules>> => {
  const ids = [...new Set(projects)];
  const docs = await store.getMany('groups', ids.map(String));
  const book = calendarBook(store);
  const found = await book.rulesOfProjects(
    [...docs.values()].filter((doc) => !isTombstone(doc)).map((doc) => strip<ProjectCalendar>(doc)),
  );
  const fallback = (await book.rulesOf(tenant, defaultCalendarId))!;
  return new Map(ids.map((id) => [id, found.get(id) ?? fallback]));
};
