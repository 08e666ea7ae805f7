import { Get, Query } from '@nestjs/common';
import { validationError } from '@fahrplan/contracts';
import type { CommentView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { ownerOf } from '../groups/visible-groups';
import { requireView, strip } from '../http/query-helpers';
import { single } from '../http/query-params';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';

/** The comments of a record, oldest first; of a shared project's records, the owner's. */
@ReadModelController()
export class CommentsController extends ReadModelQueries {
  @Get('comments')
  async comments(
    @CurrentPrincipal() principal: Principal,
    @Query('refType') refTypes: string | string[],
    @Query('refId') refIds: string | string[],
  ): Promise<CommentView[]> {
    requireView(this.directory, principal, 'application-details');
    const refType = single('refType', refTypes);
    const refId = single('refId', refIds);
    if (!refType || !/^\d+$/.test(refId ?? ''))
      throw validationError('refType and a numeric refId are required');
    const docs = await this.store.find(
      'comments',
      {
        tenant: await ownerOf(this.store, principal.tenant, refType, Number(refId)),
        refType,
        refId: Number(refId),
      },
      { sort: { createdAt: 1, id: 1 } },
    );
    return docs.map((d) => strip<CommentView>(d));
  }
}
