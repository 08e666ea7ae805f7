import { Get } from '@nestjs/common';
import type { Page, ShareView } from '@fahrplan/contracts';
import { pageAnswer, pageOf, pageRequest } from '../http/paging';
import type { PageRequest, SortOrder } from '../http/paging';
import { requireView, strip } from '../http/query-helpers';
import { fieldError, single } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { isTombstone } from '../read-store/read-store';
import type { ReadDocument } from '../read-store/read-store';
import type { ShareDoc } from './shares.projection';

/** The latest change first, then by project id. */
const byLastChange: SortOrder = [
  ['_lastChange', -1],
  ['project', 1],
];

const directions = { outgoing: 'tenant', incoming: 'receiver' } as const;
const statuses = ['PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED'];

const directionOf = (param: string | string[] | undefined): keyof typeof directions => {
  const text = single('direction', param);
  if (text === 'outgoing' || text === 'incoming') return text;
  throw fieldError(
    'direction',
    'incoming or outgoing',
    'the query parameter direction (incoming or outgoing) is required',
  );
};

const view = (share: ShareDoc, title: string | null): ShareView => ({
  project: share.project,
  title,
  owner: share.tenant,
  tenant: share.receiver,
  status: share.status,
  history: share.history,
});

/**
 * Project shares (§3, §5) for both sides: what the tenant shared with others (outgoing) and what others
 * shared with it (incoming), each with its requests and decisions.
 */
@ReadModelController()
export class SharesController extends ReadModelQueries {
  /** A page of the tenant's shares of one direction, all or of one status, the latest change first. */
  @Get('shares')
  async shares(@Asked() { principal, query }: ReadRequest): Promise<Page<ShareView>> {
    requireView(this.directory, principal, 'group-details');
    const request = pageRequest(query.limit, query.cursor);
    const direction = directionOf(query.direction);
    const status = single('status', query.status);
    if (status !== undefined && status !== '' && !statuses.includes(status))
      throw fieldError(
        'status',
        statuses.join(', '),
        `the query parameter status must be one of ${statuses}`,
      );
    const filter = { [directions[direction]]: principal.tenant, ...(status ? { status } : {}) };
    return this.visiblePage(filter, direction, request);
  }

  /**
   * A full page of the shares whose project still exists (a deleted project takes its shares with it,
   * on both sides): the store's pages, read on past the shares of deleted projects.
   */
  private async visiblePage(
    filter: Record<string, unknown>,
    direction: keyof typeof directions,
    request: PageRequest,
  ): Promise<Page<ShareView>> {
    const items: ShareView[] = [];
    let after = request.after;
    for (;;) {
      const page = await pageOf(this.store, 'shares', filter, byLastChange, {
        limit: request.limit - items.length,
        after,
      });
      items.push(...(await this.views(page.docs, direction)));
      if (page.nextCursor === null || items.length >= request.limit)
        return pageAnswer(items, page.nextCursor);
      after = pageRequest(undefined, page.nextCursor).after;
    }
  }

  private async views(docs: readonly ReadDocument[], direction: keyof typeof directions) {
    const shares = docs.map((d) => strip<ShareDoc>(d));
    const projects = await this.store.getMany('groups', [...new Set(shares.map((s) => String(s.project)))]);
    return shares.flatMap((share) => {
      const doc = projects.get(String(share.project));
      if (!doc || isTombstone(doc) || doc.deleted !== false || doc.tenant !== share.tenant) return [];
      // the receiving tenant sees the title to decide on a pending share and of an accepted one;
      // nothing of the project once the share ended
      const open = direction === 'outgoing' || share.status === 'PENDING' || share.status === 'ACCEPTED';
      return [view(share, open ? (doc.title as string) : null)];
    });
  }
}
