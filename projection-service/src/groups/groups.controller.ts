import { Get } from '@nestjs/common';
import type { GroupDetailsView, GroupView, Page } from '@fahrplan/contracts';
import type { Answer } from '../http/json-text';
import { pageRequest, sortRequest } from '../http/paging';
import type { SortKey } from '../http/paging';
import { requireView, searchFilter } from '../http/query-helpers';
import { flag, integer, numbers } from '../http/query-params';
import type { QueryParams } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { byOptional } from '../projections/sort-keys';
import { calendarBook } from '../calendars/calendar-book';
import { budgetsOf, groupView } from './group-view';
import { optionalGroupSorts } from './groups.projection';
import { byTitle, findVisibleGroup, visibleFilters, visibleGroup, visibleGroups } from './visible-groups';

/** The portfolio's sorts (`?sort=`), by title unless asked otherwise. */
export const groupSorts: Readonly<Record<string, SortKey>> = {
  title: { fields: ['_title'] },
  priority: { fields: ['_priority'] },
  ...Object.fromEntries(optionalGroupSorts.map((name) => [name, byOptional(name)])),
};

/** The portfolio's filters by equality: query parameter → field. */
const equalities = {
  status: 'status',
  phase: 'phase',
  health: 'healthStatus',
  resource: 'resource',
  application: 'applications',
} as const;

/** The store filter of GET /api/groups' parameters (besides whose projects they are). */
export const portfolioFilter = (query: QueryParams): Record<string, unknown> => {
  const filter: Record<string, unknown> = { deleted: false, ...searchFilter(query.q) };
  for (const [param, field] of Object.entries(equalities)) {
    const value = integer(param, query[param]);
    if (value !== undefined) filter[field] = value;
  }
  const ids = numbers('id', query.id);
  if (ids) filter.id = { $in: ids };
  const parents = numbers('parent', query.parent);
  if (parents) filter.parent = parents.length === 1 ? parents[0] : { $in: parents };
  return filter;
};

/** Projects (§2): the portfolio and one project's details, the tenant's own and those shared with it. */
@ReadModelController()
export class GroupsController extends ReadModelQueries {
  /**
   * The portfolio (§2): a page of the projects the tenant sees (its own and those shared with it and
   * accepted), filtered and sorted in the store; parents' titles and budgets joined for the page.
   */
  @Get('groups')
  async groups(@Asked() { principal, query }: ReadRequest): Promise<Answer<Page<GroupView>>> {
    requireView(this.directory, principal, 'group-details');
    const { tenant } = principal;
    return this.answer('portfolio', {
      tenant,
      filters: visibleFilters(tenant, portfolioFilter(query), flag('shared', query.shared)),
      sort: sortRequest(query.sort, groupSorts, 'title'),
      request: pageRequest(query.limit, query.cursor),
    });
  }

  /**
   * Numeric id first, then title; own projects first, then those shared with the tenant and accepted
   * (§2). Subprojects and the parent are those the tenant sees.
   */
  @Get('groups/:idOrName')
  async group(
    @Asked() { principal, params: { idOrName } }: ReadRequest<'idOrName'>,
  ): Promise<GroupDetailsView> {
    requireView(this.directory, principal, 'group-details');
    const doc = await findVisibleGroup(this.store, principal.tenant, idOrName);
    const [subprojects, parent, budgets, rules] = await Promise.all([
      visibleGroups(this.store, principal.tenant, { deleted: false, parent: doc.id }, { _title: 1, _id: 1 }),
      doc.parent === null ? null : visibleGroup(this.store, principal.tenant, doc.parent),
      budgetsOf(this.store, [doc]),
      calendarBook(this.store).rulesOfProjects([doc]),
    ]);
    const titles = new Map(parent ? [[parent.id, parent.title]] : []);
    return {
      ...groupView(doc, principal.tenant, titles, budgets, rules.get(doc.id)),
      subprojects: subprojects.sort(byTitle).map((s) => ({ id: s.id, title: s.title })),
    };
  }
}
