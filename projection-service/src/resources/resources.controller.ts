import { Get, Param } from '@nestjs/common';
import type { Page, ResourceView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { pageAnswer, pageOf, pageRequest } from '../http/paging';
import { liveRecord, requireView, searchFilter } from '../http/query-helpers';
import { numbers } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import type { ReadDocument } from '../read-store/read-store';

const view = (doc: ReadDocument): ResourceView => ({
  id: doc.id as number,
  name: doc.name as string,
  version: doc.version as number,
  calendar: doc.calendar as number | null,
  share: doc.share as number,
});

/** §3 resources: what projects and items are assigned to. */
@ReadModelController()
export class ResourcesController extends ReadModelQueries {
  /**
   * Whoever sees items or projects picks their resources (§2 Details: resource): a page of the
   * tenant's live resources by name, searched by name (`q`) or picked by id (`id`, a comma list).
   */
  @Get('resources')
  async resources(@Asked() { principal, query }: ReadRequest): Promise<Page<ResourceView>> {
    requireView(this.directory, principal, 'items', 'group-details');
    const request = pageRequest(query.limit, query.cursor);
    const filter: Record<string, unknown> = {
      tenant: principal.tenant,
      deleted: false,
      ...searchFilter(query.q),
    };
    const ids = numbers('id', query.id);
    if (ids) filter.id = { $in: ids };
    const page = await pageOf(
      this.store,
      'resources',
      filter,
      [
        ['_name', 1],
        ['id', 1],
      ],
      request,
    );
    return pageAnswer(page.docs.map(view), page.nextCursor);
  }

  @Get('resources/:id')
  async resource(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ResourceView> {
    requireView(this.directory, principal, 'items', 'group-details');
    return view(await liveRecord(this.store, 'resources', principal.tenant, id, 'resource'));
  }
}
