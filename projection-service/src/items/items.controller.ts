import { Get } from '@nestjs/common';
import { notFound } from '@fahrplan/contracts';
import type { ItemView, Page } from '@fahrplan/contracts';
import { calendarBook } from '../calendars/calendar-book';
import { dependenciesOf } from '../dependencies/dependency-links';
import type { GroupDoc } from '../groups/groups.projection';
import { visibleGroup } from '../groups/visible-groups';
import { maxPageLimit, pageAnswer, pageRequest, sortRequest, sortedPage } from '../http/paging';
import type { SortKey } from '../http/paging';
import { requireView, searchFilter, strip } from '../http/query-helpers';
import { fieldError, numbers } from '../http/query-params';
import type { Answer } from '../http/json-text';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { isTombstone } from '../read-store/read-store';
import { itemView } from './item-view';
import { capacityOfItem, resourceCapacities } from './item-capacity';
import type { ItemDoc } from './items.projection';

/** The item lists' sorts: a project's items by rank (ties by start and id), or by title. */
export const itemSorts: Readonly<Record<string, SortKey>> = {
  rank: { fields: ['_rank', 'start', 'id'] },
  title: { fields: ['_search'] },
};

/** Items (§3): a project's items, the tenant's items by title, and one item by id or title. */
@ReadModelController()
export class ItemsController extends ReadModelQueries {
  /**
   * A page of the items of one project the caller sees (`group`, for ranking a new or moved item),
   * or of the caller's own items whose title holds `q` (the command palette's search); by rank, or
   * by title.
   */
  @Get('items')
  async items(@Asked() { principal, query }: ReadRequest): Promise<Page<ItemView>> {
    requireView(this.directory, principal, 'items');
    const request = pageRequest(query.limit, query.cursor);
    const sort = sortRequest(query.sort, itemSorts, 'rank');
    const search = searchFilter(query.q);
    const ids = numbers('group', query.group);
    if (ids === undefined && !search._search)
      throw fieldError(
        'group',
        'required without q',
        'the query parameter group (one project id) or a search text q is required',
      );
    const [id] = ids ?? [];
    if (ids && (id === undefined || ids.length !== 1))
      throw fieldError('group', 'one project id', 'the query parameter group must be one project id');
    const project = id === undefined ? null : await visibleGroup(this.store, principal.tenant, id);
    if (id !== undefined && !project) throw notFound('group');
    const filter = project
      ? { tenant: project.tenant, deleted: false, group: project.id, ...search }
      : { tenant: principal.tenant, deleted: false, ...search };
    const page = await sortedPage(this.store, 'items', filter, sort, request);
    const docs = page.docs.map((d) => strip<ItemDoc>(d));
    const projects = project
      ? { titles: new Map([[project.id, project.title]]), deleted: new Set<number>(), calendars: [project] }
      : await this.projectTitles(docs);
    // the items of a deleted project went with it (GroupDeleted): a page may hold fewer than its limit
    const live = docs.filter((doc) => !projects.deleted.has(doc.group));
    const dependencies = await dependenciesOf(
      this.store,
      principal.tenant,
      live.map((doc) => doc.id),
      maxPageLimit,
    );
    const book = calendarBook(this.store);
    const [rules, capacities] = await Promise.all([
      book.rulesOfProjects(projects.calendars),
      resourceCapacities(this.store, book, live),
    ]);
    return pageAnswer(
      live.map((doc) =>
        itemView(
          doc,
          projects.titles.get(doc.group) ?? null,
          dependencies.get(doc.id),
          rules.get(doc.group),
          capacityOfItem(capacities, doc),
        ),
      ),
      page.nextCursor,
    );
  }

  /** The titles and calendars of the projects that `docs` belong to, and which are deleted: one read by id. */
  private async projectTitles(docs: readonly ItemDoc[]) {
    const stored = [
      ...(await this.store.getMany('groups', [...new Set(docs.map((d) => String(d.group)))])).values(),
    ].filter((doc) => !isTombstone(doc));
    return {
      titles: new Map(stored.map((doc) => [doc.id as number, doc.title as string])),
      deleted: new Set(stored.filter((doc) => doc.deleted === true).map((doc) => doc.id as number)),
      calendars: stored.map((doc) => strip<GroupDoc>(doc)),
    };
  }

  /**
   * One item by id or title (`itemAnswer`), for the caller's tenant. Where there are query threads,
   * one reads it and the answer is kept for the read models' position (a dialog opened again, or the
   * item read before its save, is a lookup): the main thread, which every request passes, only sends.
   */
  @Get('items/:idOrName')
  item(@Asked() { principal, params: { idOrName } }: ReadRequest<'idOrName'>): Promise<Answer<ItemView>> {
    requireView(this.directory, principal, 'items');
    return this.answer('item', { tenant: principal.tenant, idOrName });
  }
}
