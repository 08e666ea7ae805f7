import { Body, HttpCode, Param, Post, Query } from '@nestjs/common';
import { calendarPreviewSchema, calendarRules, notFound } from '@fahrplan/contracts';
import type { CalendarPreviewAnswer, CalendarRules, CalendarVersion } from '@fahrplan/contracts';
import { CurrentPrincipal, swissHolidays } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { pageRequest } from '../http/paging';
import { requireView } from '../http/query-helpers';
import { isRecordId } from '../http/query-params';
import type { QueryParams } from '../http/query-params';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { calendarPreview } from './calendar-preview';
import { liveCalendar } from './calendar-book';
import { calendarViewers } from './calendars.controller';

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

/** Issue 24's impact preview (docs/design/calendars.md, "Impact preview"): a query, though a POST. */
@ReadModelController()
export class CalendarPreviewController extends ReadModelQueries {
  /**
   * What a change of calendar `id` from `effectiveFrom` on (`{effectiveFrom, definition}`), or a
   * project's switch to it (`{project}`), does to the plan: a page of the affected items (`?limit=`,
   * `?cursor=` with the same body). Nothing is stored.
   */
  @Post('calendars/:id/preview')
  @HttpCode(200)
  async preview(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: unknown,
    @Query() query: QueryParams = {},
  ): Promise<CalendarPreviewAnswer> {
    requireView(this.directory, principal, ...calendarViewers);
    const page = pageRequest(query.limit, query.cursor);
    const request = calendarPreviewSchema.parse(body);
    if (!isRecordId(id)) throw notFound('calendar');
    const { tenant } = principal;
    const versionsOf = async (calendar: number) =>
      (await liveCalendar(this.store, tenant, calendar))?.versions ?? null;
    return calendarPreview({ store: this.store, tenant, rulesOf, versionsOf }, Number(id), request, page);
  }
}
