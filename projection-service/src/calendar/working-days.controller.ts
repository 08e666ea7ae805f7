import { Get } from '@nestjs/common';
import {
  calendarRules,
  consoleLanguages,
  defaultCalendarId,
  notFound,
  say,
  serverDateSchema,
  validationError,
} from '@fahrplan/contracts';
import type { CalendarVersion, ConsoleLanguage, WorkingDays } from '@fahrplan/contracts';
import { swissHolidaysIn } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { z } from 'zod';
import { liveCalendar } from '../calendars/calendar-book';
import { visibleGroup } from '../groups/visible-groups';
import { requireView } from '../http/query-helpers';
import { fieldError, integer } from '../http/query-params';
import type { QueryParams } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';

/** A calendar's working days for [from, to), its holidays named in `language` (the library's names). */
export const workingDaysIn = (
  versions: readonly CalendarVersion[],
  language: ConsoleLanguage,
  from: string,
  to: string,
): WorkingDays =>
  // rules are built per answer: a year's table costs its days once, the holidays are cached
  calendarRules(versions, (region, year) => swissHolidaysIn(region, year, language)).workingDays(from, to);

/** The working-day calendars (§9, issue 24): the rules of contracts/ over a calendar's versions. */
@ReadModelController()
export class WorkingDaysController extends ReadModelQueries {
  /**
   * From inclusive, to exclusive, like every server-side end date; on the tenant's default calendar,
   * on `calendar` or on the calendar of `project` (one of them); the holidays named in `lang`
   * (de-CH, fr-CH, it-CH or en; German without).
   */
  @Get('calendar/working-days')
  async calendar(@Asked() { principal, query }: ReadRequest): Promise<WorkingDays> {
    const language = z.enum(consoleLanguages).optional().safeParse(query.lang);
    if (!language.success)
      throw validationError(`lang must be one of ${consoleLanguages.join(', ')}`, [
        { field: 'lang', message: say('one-of', { values: consoleLanguages.join(', ') }) },
      ]);
    const range = z.object({ from: serverDateSchema, to: serverDateSchema }).safeParse(query);
    if (!range.success)
      throw validationError('from and to are required as YYYY-MM-DD', [
        { field: 'from', message: 'YYYY-MM-DD' },
        { field: 'to', message: 'YYYY-MM-DD' },
      ]);
    const versions = await this.versionsOf(principal, query);
    try {
      return workingDaysIn(versions, language.data ?? 'de-CH', range.data.from, range.data.to);
    } catch (error) {
      throw validationError(error instanceof Error ? error.message : 'invalid range');
    }
  }

  /** The versions of the calendar asked for: by id, by a project the tenant sees, or the default. */
  private async versionsOf(principal: Principal, query: QueryParams): Promise<readonly CalendarVersion[]> {
    const calendar = integer('calendar', query.calendar);
    const projectId = integer('project', query.project);
    if (calendar !== undefined && projectId !== undefined)
      throw fieldError('project', 'calendar or project', 'give calendar or project, not both');
    // the default calendar is everyone's (§9); a named one is for those who see calendars or plan
    if (calendar !== undefined || projectId !== undefined)
      requireView(this.directory, principal, 'calendars', 'group-details', 'items');
    const { tenant } = principal;
    let owner = tenant;
    let id = calendar ?? defaultCalendarId;
    if (projectId !== undefined) {
      const project = await visibleGroup(this.store, tenant, projectId);
      if (!project) throw notFound('group');
      // a project shared with the tenant plans on its owner's calendar
      [owner, id] = [project.tenant, project.calendar ?? defaultCalendarId];
    }
    const doc = await liveCalendar(this.store, owner, id);
    if (!doc) throw notFound('calendar');
    return doc.versions;
  }
}
