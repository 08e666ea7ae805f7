import { Get } from '@nestjs/common';
import type { TimelineView } from '@fahrplan/contracts';
import type { Answer } from '../http/json-text';
import { pageRequest } from '../http/paging';
import { requireView } from '../http/query-helpers';
import { numbers } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
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
  async timeline(@Asked() { principal, query }: ReadRequest): Promise<Answer<TimelineView>> {
    requireView(this.directory, principal, 'items');
    const window = windowOf(query.from, query.to);
    return this.answer('timeline', {
      tenant: principal.tenant,
      ...window,
      detail: detailOf(query.detail, window),
      page: pageRequest(query.limit, query.cursor),
      filters: {
        groups: numbers('group', query.group),
        status: numbers('status', query.status),
        resource: numbers('resource', query.resource),
        application: numbers('application', query.application),
      },
    });
  }
}
