import { Get, Query } from '@nestjs/common';
import type { TimelineView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import type { Answer } from '../http/json-text';
import { pageRequest } from '../http/paging';
import { requireView } from '../http/query-helpers';
import { numbers } from '../http/query-params';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { detailOf, windowOf } from './timeline';

/** The home timeline (§2): only what the window shows, a page of projects at a time. */
@ReadModelController()
export class TimelineController extends ReadModelQueries {
  /**
   * A page of rows (`limit`, `cursor`): the projects the caller sees that have items overlapping
   * [from, to) (a milestone: its start in it) or run in it, by title; filtered by project ids and by the
   * projects' status, resource and application. With their items in the window, or (`detail`) one
   * summary each. Items of a project shared with the tenant come read-only.
   */
  @Get('timeline')
  async timeline(
    @CurrentPrincipal() principal: Principal,
    @Query('from') fromParam?: string | string[],
    @Query('to') toParam?: string | string[],
    @Query('group') groupParam?: string | string[],
    @Query('status') statusParam?: string | string[],
    @Query('resource') resourceParam?: string | string[],
    @Query('application') applicationParam?: string | string[],
    @Query('limit') limitParam?: string | string[],
    @Query('cursor') cursorParam?: string | string[],
    @Query('detail') detailParam?: string | string[],
  ): Promise<Answer<TimelineView>> {
    requireView(this.directory, principal, 'items');
    const window = windowOf(fromParam, toParam);
    return this.answer('timeline', {
      tenant: principal.tenant,
      ...window,
      detail: detailOf(detailParam, window),
      page: pageRequest(limitParam, cursorParam),
      filters: {
        groups: numbers('group', groupParam),
        status: numbers('status', statusParam),
        resource: numbers('resource', resourceParam),
        application: numbers('application', applicationParam),
      },
    });
  }
}
