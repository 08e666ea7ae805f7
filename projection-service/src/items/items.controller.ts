import { Get, Param, Query } from '@nestjs/common';
import { notFound } from '@fahrplan/contracts';
import type { ItemView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { visibleGroup } from '../groups/visible-groups';
import { escapeRegex, requireView, strip } from '../http/query-helpers';
import { fieldError, numbers } from '../http/query-params';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import type { ReadDocument } from '../read-store/read-store';
import { byRank, itemView } from './item-view';
import type { ItemDoc } from './items.projection';

/** Items (§3): a project's items, and one item by id or title. */
@ReadModelController()
export class ItemsController extends ReadModelQueries {
  /** The items of one project the caller sees, by rank (for ranking a new or moved item). */
  @Get('items')
  async items(
    @CurrentPrincipal() principal: Principal,
    @Query('group') group?: string | string[],
  ): Promise<ItemView[]> {
    requireView(this.directory, principal, 'items');
    const ids = numbers('group', group) ?? [];
    const [id] = ids;
    if (id === undefined || ids.length !== 1)
      throw fieldError('group', 'required', 'the query parameter group (one project id) is required');
    const project = await visibleGroup(this.store, principal.tenant, id);
    if (!project) throw notFound('group');
    // byRank orders fully (ties by id), so the store needs no sort
    const docs = await this.store.find('items', { tenant: project.tenant, deleted: false, group: id });
    return docs
      .map((d) => strip<ItemDoc>(d))
      .sort(byRank)
      .map((doc) => itemView(doc, project.title));
  }

  /**
   * Numeric id first, then title (case-insensitive, lowest id); the caller's own items (§2), and by id
   * an item of a project shared with the caller and accepted (the timeline opens it read-only).
   */
  @Get('items/:idOrName')
  async item(
    @CurrentPrincipal() principal: Principal,
    @Param('idOrName') idOrName: string,
  ): Promise<ItemView> {
    requireView(this.directory, principal, 'items');
    const { tenant } = principal;
    let doc: ReadDocument | null = null;
    if (/^\d{1,15}$/.test(idOrName)) {
      const byId = await this.store.get('items', String(Number(idOrName)));
      if (byId && byId.deleted === false) {
        const shared =
          byId.tenant !== tenant && (await visibleGroup(this.store, tenant, byId.group as number));
        if (byId.tenant === tenant || (shared && shared.tenant === byId.tenant)) doc = byId;
      }
    }
    if (!doc) {
      const title = { $regex: `^${escapeRegex(idOrName)}$`, $options: 'i' };
      [doc = null] = await this.store.find(
        'items',
        { tenant, deleted: false, title },
        { sort: { id: 1 }, limit: 1 },
      );
    }
    if (!doc) throw notFound('item');
    const item = strip<ItemDoc>(doc);
    const project = await this.store.get('groups', String(item.group));
    return itemView(item, (project?.title as string | undefined) ?? null);
  }
}
