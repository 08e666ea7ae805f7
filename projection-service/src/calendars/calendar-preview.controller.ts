import { Body, HttpCode, Param, Post, Query } from '@nestjs/common';
import { calendarPreviewSchema, notFound } from '@fahrplan/contracts';
import type { CalendarPreviewAnswer } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { pageRequest } from '../http/paging';
import { requireView } from '../http/query-helpers';
import { isRecordId } from '../http/query-params';
import type { QueryParams } from '../http/query-params';
import type { Answer } from '../http/json-text';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { calendarViewers } from './calendars.controller';

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
  ): Promise<Answer<CalendarPreviewAnswer>> {
    requireView(this.directory, principal, ...calendarViewers);
    const page = pageRequest(query.limit, query.cursor);
    const request = calendarPreviewSchema.parse(body);
    if (!isRecordId(id)) throw notFound('calendar');
    // in a query thread where there are some: a preview at a million items must not hold the commands
    return this.answer('calendarPreview', { tenant: principal.tenant, id: Number(id), request, page });
  }
}
