import { Get, Param, Query } from '@nestjs/common';
import type { GroupDetailsView, GroupView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { escapeRegex, requireView } from '../http/query-helpers';
import { integer, single } from '../http/query-params';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { budgetsOf, groupTitles, groupView } from './group-view';
import { byTitle, findVisibleGroup, visibleGroup, visibleGroups } from './visible-groups';

/** Projects (§2): the portfolio and one project's details, the tenant's own and those shared with it. */
@ReadModelController()
export class GroupsController extends ReadModelQueries {
  /** The portfolio (§2): the tenant's projects, filtered; priority and duration computed here. */
  @Get('groups')
  async groups(
    @CurrentPrincipal() principal: Principal,
    @Query('q') q?: string | string[],
    @Query('status') status?: string | string[],
    @Query('phase') phase?: string | string[],
    @Query('health') health?: string | string[],
    @Query('resource') resource?: string | string[],
    @Query('application') application?: string | string[],
  ): Promise<GroupView[]> {
    requireView(this.directory, principal, 'group-details');
    const filter: Record<string, unknown> = { deleted: false };
    const equal = {
      status: integer('status', status),
      phase: integer('phase', phase),
      healthStatus: integer('health', health),
      resource: integer('resource', resource),
      applications: integer('application', application),
    };
    for (const [field, value] of Object.entries(equal)) if (value !== undefined) filter[field] = value;
    const text = single('q', q)?.trim().slice(0, 200);
    if (text) {
      const pattern = { $regex: escapeRegex(text), $options: 'i' };
      filter.$or = ['title', 'shortname', 'description', 'contact', 'projectNr'].map((f) => ({
        [f]: pattern,
      }));
    }
    const docs = await visibleGroups(this.store, principal.tenant, filter);
    const [titles, budgets] = await Promise.all([
      groupTitles(this.store, principal.tenant),
      budgetsOf(this.store, docs),
    ]);
    return docs.sort(byTitle).map((doc) => groupView(doc, principal.tenant, titles, budgets));
  }

  /**
   * Numeric id first, then title; own projects first, then those shared with the tenant and accepted
   * (§2). Subprojects and the parent are those the tenant sees.
   */
  @Get('groups/:idOrName')
  async group(
    @CurrentPrincipal() principal: Principal,
    @Param('idOrName') idOrName: string,
  ): Promise<GroupDetailsView> {
    requireView(this.directory, principal, 'group-details');
    const doc = await findVisibleGroup(this.store, principal.tenant, idOrName);
    const [subprojects, parent, budgets] = await Promise.all([
      visibleGroups(this.store, principal.tenant, { deleted: false, parent: doc.id }, { title: 1 }),
      doc.parent === null ? null : visibleGroup(this.store, principal.tenant, doc.parent),
      budgetsOf(this.store, [doc]),
    ]);
    const titles = new Map(parent ? [[parent.id as number, parent.title as string]] : []);
    return {
      ...groupView(doc, principal.tenant, titles, budgets),
      subprojects: subprojects.sort(byTitle).map((s) => ({ id: s.id, title: s.title })),
    };
  }
}
