import { Get } from '@nestjs/common';
import type { CalendarFeedView, Page } from '@fahrplan/contracts';
import { pageAnswer, pageOf, pageRequest } from '../http/paging';
import { strip } from '../http/query-helpers';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import type { ReadDocument } from '../read-store/read-store';
/** What a feed's owner sees of it: never its secret's hash, nor the tenant and the live flag. */
export const feedView = (doc: ReadDocument): CalendarFeedView => {
  const {
    secretHash: _hash,
    tenant: _tenant,
    deleted: _deleted,
    createdBy: _by,
    ...view
  } = strip<Record<string, unknown>>(doc);
  return view as unknown as CalendarFeedView;
};

/** Issue 23: the caller's own calendar feeds. */
@ReadModelController()
export class CalendarFeedsController extends ReadModelQueries {
  /** A page of the caller's live feeds, the latest created first. */
  @Get('calendar-feeds')
  async feeds(@Asked() { principal, query }: ReadRequest): Promise<Page<CalendarFeedView>> {
    const page = await pageOf(
      this.store,
      'calendarFeeds',
      { tenant: principal.tenant, owner: principal.username, deleted: false },
      [
        ['createdAt', -1],
        ['_id', -1],
      ],
      pageRequest(query.limit, query.cursor),
    );
    return pageAnswer(page.docs.map(feedView), page.nextCursor);
  }
}
