import { Get, Header, Inject, Param } from '@nestjs/common';
import { maxComparisonDays, toDayNumber } from '@fahrplan/contracts';
import type { BaselineComparison, BaselineView, ComparedItem, Page } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import type { AsOfLimit } from '../as-of/as-of-limit';
import type { AsOfStores } from '../as-of/as-of-stores';
import { csvText } from '../http/csv';
import { maxPageLimit, pageRequest } from '../http/paging';
import type { PageRequest } from '../http/paging';
import { latestLivePage, requireView } from '../http/query-helpers';
import { fieldError, numbers } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { AS_OF_LIMIT, AS_OF_STORES } from '../http/tokens';
import { windowOf } from '../items/timeline';
import { compareWithBaseline, findBaseline } from './baseline-reader';

type Param = string | string[] | undefined;

/** A comparison's window: the timeline's rules, at most `maxComparisonDays` wide. */
const comparisonWindow = (from: Param, to: Param) => {
  const window = windowOf(from, to);
  if (toDayNumber(window.to) - toDayNumber(window.from) > maxComparisonDays)
    throw fieldError(
      'to',
      'window too wide',
      `a comparison's window may span at most ${maxComparisonDays} days`,
    );
  return window;
};

/** The CSV's columns: an item's line, or (change `total`) its project's totals. */
const csvFields = [
  'project',
  'projectId',
  'item',
  'itemId',
  'change',
  'startThen',
  'endThen',
  'startNow',
  'endNow',
  'startSlip',
  'endSlip',
  'slipped',
  'added',
  'removed',
] as const;

const itemLine = (project: string, item: ComparedItem) => ({
  project,
  projectId: item.group,
  item: item.title,
  itemId: item.id,
  change: item.change,
  startThen: item.then?.start ?? '',
  endThen: item.then?.end ?? '',
  startNow: item.now?.start ?? '',
  endNow: item.now?.end ?? '',
  startSlip: item.startSlip ?? '',
  endSlip: item.endSlip ?? '',
});

/** The table's lines of one page: per project its slipped, added and removed items, then its totals. */
const csvLines = (page: BaselineComparison) =>
  page.groups.flatMap((group) => [
    ...page.items
      .filter((item) => item.group === group.id && item.change !== 'unchanged')
      .map((item) => itemLine(group.title, item)),
    {
      project: group.title,
      projectId: group.id,
      change: 'total',
      endSlip: group.slip,
      slipped: group.slipped,
      added: group.added,
      removed: group.removed,
    },
  ]);

/**
 * Baselines (issue 21): the tenant's named instants, and a window of the plan compared with the plan
 * as it stood at one of them. Guarded by `history` (VIEW), since a comparison shows a past state.
 */
@ReadModelController()
export class BaselinesController extends ReadModelQueries {
  @Inject(AS_OF_STORES) private readonly asOf!: AsOfStores;
  @Inject(AS_OF_LIMIT) private readonly asOfLimit!: AsOfLimit;

  /** A page of the tenant's live baselines, the latest instant first. */
  @Get('baselines')
  async baselines(@Asked() { principal, query }: ReadRequest): Promise<Page<BaselineView>> {
    requireView(this.directory, principal, 'history');
    return latestLivePage(this.store, 'baselines', principal.tenant, 'at', query);
  }

  @Get('baselines/:id')
  async baseline(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<BaselineView> {
    requireView(this.directory, principal, 'history');
    return this.find(principal, id);
  }

  /**
   * A page of projects (`limit`, `cursor`) with their items of the window [from, to) where each stood
   * at the baseline's instant and now, the slips in working days, and the totals per project.
   */
  @Get('baselines/:id/comparison')
  async comparison(
    @Asked() { principal, params: { id }, query: { from, to, group, limit, cursor } }: ReadRequest<'id'>,
  ): Promise<BaselineComparison> {
    return this.compare(principal, id, from, to, group, pageRequest(limit, cursor));
  }

  /** The comparison's table as CSV: every project's slipped, added and removed items and its totals. */
  @Get('baselines/:id/comparison.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  async comparisonCsv(
    @Asked() { principal, params: { id }, query: { from, to, group } }: ReadRequest<'id'>,
  ): Promise<string> {
    const lines: object[] = [];
    let after: PageRequest['after'] = null;
    do {
      const page = await this.compare(principal, id, from, to, group, { limit: maxPageLimit, after });
      lines.push(...csvLines(page));
      after = page.nextCursor === null ? null : pageRequest(undefined, page.nextCursor).after;
    } while (after !== null);
    return csvText(lines, csvFields);
  }

  private compare(
    principal: Principal,
    id: string,
    from: Param,
    to: Param,
    group: Param,
    page: PageRequest,
  ): Promise<BaselineComparison> {
    requireView(this.directory, principal, 'history');
    requireView(this.directory, principal, 'items');
    return compareWithBaseline(
      { now: this.store, asOf: this.asOf, asOfLimit: this.asOfLimit },
      principal,
      id,
      () => comparisonWindow(from, to),
      numbers('group', group),
      page,
    );
  }

  private find(principal: Principal, id: string): Promise<BaselineView> {
    return findBaseline(this.store, principal.tenant, id);
  }
}
