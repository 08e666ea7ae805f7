import { Get, Param } from '@nestjs/common';
import { defaultCalendarId, notFound } from '@fahrplan/contracts';
import type { CalendarView, Page, ProjectCalendarView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { encodeCursor, pageAnswer, pageOf, pageRequest } from '../http/paging';
import { requireView, strip } from '../http/query-helpers';
import { isRecordId } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import type { ReadView } from '../read-store/read-store';
import { visibleGroup } from '../groups/visible-groups';
import { liveCalendar } from './calendar-book';
import { calendarDocId, defaultCalendarDoc } from './calendars.projection';
import type { CalendarDoc } from './calendars.projection';

/** Who may list calendars: their administrators, and whoever plans projects or items (the pickers). */
export const calendarViewers = ['calendars', 'group-details', 'items'] as const;

/** The tenant's live projects and resources that name calendar `id` (a project without one: the default). */
const usedBy = async (store: ReadView, tenant: string, id: number): Promise<CalendarView['usedBy']> => {
  const [projects, resources] = await Promise.all([
    store.count('groups', { tenant, deleted: false, calendar: id }),
    store.count('resources', { tenant, deleted: false, calendar: id }),
  ]);
  return { projects, resources };
};

const view = async (store: ReadView, doc: CalendarDoc): Promise<CalendarView> => ({
  id: doc.id,
  name: doc.name,
  version: doc.version,
  versions: doc.versions,
  usedBy: await usedBy(store, doc.tenant, doc.id),
});

/** Issue 24: the tenant's working-day calendars (docs/design/calendars.md). */
@ReadModelController()
export class CalendarsController extends ReadModelQueries {
  /**
   * A page of the tenant's live calendars by id, the default (0) first whether or not it was ever
   * changed, each with how many live projects and resources use it.
   */
  @Get('calendars')
  async calendars(@Asked() { principal, query }: ReadRequest): Promise<Page<CalendarView>> {
    requireView(this.directory, principal, ...calendarViewers);
    const { tenant } = principal;
    const request = pageRequest(query.limit, query.cursor);
    const page = await pageOf(this.store, 'calendars', { tenant, deleted: false }, [['id', 1]], request);
    let docs = page.docs.map((doc) => ({ ...strip<CalendarDoc>(doc), _id: doc._id }));
    let nextCursor = page.nextCursor;
    // the default calendar has no document before its first event: the first page shows it all the same
    if (request.after === null && docs[0]?.id !== defaultCalendarId) {
      docs = [{ ...defaultCalendarDoc(tenant), _id: calendarDocId(tenant, defaultCalendarId) }, ...docs];
      if (docs.length > request.limit) {
        docs = docs.slice(0, request.limit);
        const last = docs.at(-1)!;
        nextCursor = encodeCursor([last.id, last._id]);
      }
    }
    return pageAnswer(await Promise.all(docs.map((doc) => view(this.store, doc))), nextCursor);
  }

  @Get('calendars/:id')
  async calendar(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<CalendarView> {
    requireView(this.directory, principal, ...calendarViewers);
    const doc = isRecordId(id) ? await liveCalendar(this.store, principal.tenant, Number(id)) : null;
    if (!doc) throw notFound('calendar');
    return view(this.store, doc);
  }

  /**
   * The calendar project `id` plans on: the tenant's own project's, or for a project shared with the
   * tenant and accepted its owner's, read-only (its name and versions, never its users nor the owner's
   * other calendars); the default where the named one is gone. 404 for any other project.
   */
  @Get('groups/:id/calendar')
  async projectCalendar(
    @Asked() { principal, params: { id } }: ReadRequest<'id'>,
  ): Promise<ProjectCalendarView> {
    requireView(this.directory, principal, ...calendarViewers);
    const project = isRecordId(id) ? await visibleGroup(this.store, principal.tenant, Number(id)) : null;
    if (!project) throw notFound('group');
    const doc =
      (await liveCalendar(this.store, project.tenant, project.calendar ?? defaultCalendarId)) ??
      (await liveCalendar(this.store, project.tenant, defaultCalendarId))!;
    return { id: doc.id, name: doc.name, versions: doc.versions };
  }
}
