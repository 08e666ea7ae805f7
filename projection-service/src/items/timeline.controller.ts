import { Get, Query } from '@nestjs/common';
import type { TimelineView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { visibleGroups } from '../groups/visible-groups';
import { requireView } from '../http/query-helpers';
import { numbers } from '../http/query-params';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { byContent, itemsInWindow, runsIn, shows, timelineGroup, timelineItem, windowOf } from './timeline';

/** The home timeline (§2): only what the window shows. */
@ReadModelController()
export class TimelineController extends ReadModelQueries {
  /**
   * The items that overlap [from, to) (a milestone: its start in the window) and the projects the
   * caller sees that have items there or run in it; filtered by project ids and by the projects'
   * status, resource and application. Items of a project shared with the tenant come read-only.
   */
  @Get('timeline')
  async timeline(
    @CurrentPrincipal() principal: Principal,
    @Query('from') fromParam?: string | string[],
    @Query('to') toParam?: string | string[],
    @Query('group') groupParam?: string | string[],
    @Query('status') statusParam?: string | string[],
    @Query('resource') resourceParam?: string | string[],
    @Query('application') applicationParam?: string | string[],
  ): Promise<TimelineView> {
    requireView(this.directory, principal, 'items');
    const { from, to } = windowOf(fromParam, toParam);
    const filters = {
      groups: numbers('group', groupParam),
      status: numbers('status', statusParam),
      resource: numbers('resource', resourceParam),
      application: numbers('application', applicationParam),
    };
    const { tenant } = principal;
    // a tenant has hundreds of projects, not millions: its index lists them, the filters run here
    const projects = (await visibleGroups(this.store, tenant, { deleted: false })).filter((g) =>
      shows(filters, g),
    );
    const items = await itemsInWindow(this.store, tenant, projects, from, to);
    const withItems = new Set(items.map((item) => item.group));
    const groups = projects
      .filter((g) => withItems.has(g.id) || runsIn(g, from, to))
      .map((g) => timelineGroup(g, tenant))
      .sort(byContent);
    return { from, to, groups, items: items.map((item) => timelineItem(item, tenant)) };
  }
}
