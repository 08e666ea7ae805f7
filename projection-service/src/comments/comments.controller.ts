import { Get } from '@nestjs/common';
import { commentRefTypes, validationError } from '@fahrplan/contracts';
import type { CommentView, Page } from '@fahrplan/contracts';
import { ownerOf } from '../groups/visible-groups';
import { pageAnswer, pageOf, pageRequest } from '../http/paging';
import { requireView, strip } from '../http/query-helpers';
import { single } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';

/** The comments of a record, oldest first, in pages; of a shared project's records, the owner's. */
@ReadModelController()
export class CommentsController extends ReadModelQueries {
  @Get('comments')
  async comments(@Asked() { principal, query }: ReadRequest): Promise<Page<CommentView>> {
    requireView(this.directory, principal, 'application-details');
    const refType = single('refType', query.refType);
    const refId = single('refId', query.refId);
    if (!refType || !(commentRefTypes as readonly string[]).includes(refType) || !/^\d+$/.test(refId ?? ''))
      throw validationError(`refType (${commentRefTypes.join(', ')}) and a numeric refId are required`, [
        { field: 'refType', message: commentRefTypes.join(', ') },
      ]);
    const request = pageRequest(query.limit, query.cursor);
    const filter = {
      tenant: await ownerOf(this.store, principal.tenant, refType, Number(refId)),
      refType,
      refId: Number(refId),
    };
    const page = await pageOf(
      this.store,
      'comments',
      filter,
      [
        ['createdAt', 1],
        ['id', 1],
      ],
      request,
    );
    return pageAnswer(
      page.docs.map((d) => strip<CommentView>(d)),
      page.nextCursor,
    );
  }
}
