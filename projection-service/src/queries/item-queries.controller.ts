import { Controller, Get, Inject, Param, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  countWorkingDays,
  isSprintGroup,
  notFound,
  serverDateSchema,
  subgroupsOf,
  toDayNumber,
  validationError,
  workload,
} from '@fahrplan/contracts';
import type { ItemView, TimelineGroup, TimelineItem, TimelineView } from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import type { ReadDocument, ReadStore } from '../read-store/read-store';
import type { ItemDoc } from '../items/items.projection';
import { ReadYourWritesInterceptor } from './read-your-writes.interceptor';
import { AsOfInterceptor } from '../as-of/as-of.interceptor';
import { escapeRegex, requireView, single, strip, visibleGroup, visibleGroups } from './query-helpers';
import { READ_STORE } from './tokens';

/** The widest window the timeline answers (about five years), so that one request cannot read everything. */
export const maxTimelineDays = 5 * 366;

const fieldError = (field: string, message: string, detail: string) =>
  validationError(detail, [{ field, message }]);

/** A comma list of whole numbers (`1,2,3`); undefined when absent or empty. */
const numbers = (name: string, value: string | string[] | undefined): number[] | undefined => {
  const text = single(name, value)?.trim();
  if (!text) return undefined;
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > 1000 || parts.some((p) => !/^\d{1,9}$/.test(p)))
    throw fieldError(
      name,
      'whole numbers',
      `the query parameter ${name} must be a comma list of whole numbers`,
    );
  return [...new Set(parts.map(Number))];
};

const date = (name: string, value: string | string[] | undefined): string => {
  const parsed = serverDateSchema.safeParse(single(name, value) ?? '');
  if (!parsed.success) throw fieldError(name, 'YYYY-MM-DD', `${name} is required as a date YYYY-MM-DD`);
  return parsed.data;
};

/** §9 working days of an item's date parts, [start, end); null for a milestone or outside the calendar. */
const durationOf = (start: string, end: string | null): number | null => {
  if (end === null) return null;
  try {
    return countWorkingDays(start.slice(0, 10), end.slice(0, 10));
  } catch {
    return null;
  }
};

const byTitle = (a: { content: string; id: number }, b: { content: string; id: number }) =>
  a.content.localeCompare(b.content, undefined, { sensitivity: 'base' }) || a.id - b.id;

const byRank = (a: ItemDoc, b: ItemDoc) =>
  a.group - b.group ||
  (a.rank ?? '').localeCompare(b.rank ?? '') ||
  a.start.localeCompare(b.start) ||
  a.id - b.id;

/** Items (§3) and the home timeline (§2): only what the window shows. */
@Controller('api')
@UseGuards(AuthGuard)
@UseInterceptors(ReadYourWritesInterceptor, AsOfInterceptor)
export class ItemQueriesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
  ) {}

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
      .map((doc) => this.itemView(doc, project.title));
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
    return this.itemView(item, (project?.title as string | undefined) ?? null);
  }

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
    const from = date('from', fromParam);
    const to = date('to', toParam);
    const days = toDayNumber(to) - toDayNumber(from);
    if (days <= 0) throw fieldError('to', 'after from', 'to must be after from (the window is [from, to))');
    if (days > maxTimelineDays)
      throw fieldError('to', 'window too wide', `the window may span at most ${maxTimelineDays} days`);
    const groups = numbers('group', groupParam);
    const status = numbers('status', statusParam);
    const resource = numbers('resource', resourceParam);
    const application = numbers('application', applicationParam);
    const { tenant } = principal;
    // a tenant has hundreds of projects, not millions: its index lists them, the filters run here
    const projects = (await visibleGroups(this.store, tenant, { deleted: false })).filter(
      (g) =>
        !isSprintGroup(g) &&
        (!groups || groups.includes(g.id)) &&
        (!status || status.includes(g.status)) &&
        (!resource || (g.resource !== null && resource.includes(g.resource))) &&
        (!application || g.applications.some((a) => application.includes(a))),
    );
    const byId = new Map(projects.map((g) => [g.id, g]));
    // the accepted shared projects by owner: their items are stored under the owner's tenant
    const shared = new Map<string, number[]>();
    for (const g of projects)
      if (g.tenant !== tenant) shared.set(g.tenant, [...(shared.get(g.tenant) ?? []), g.id]);
    const start = `${from}T00:00`;
    const end = `${to}T00:00`;
    const window = [
      { end: { $gt: start }, start: { $lt: end } },
      { end: null, start: { $gte: start, $lt: end } },
    ];
    const finds = window.map((w) => this.store.find('items', { tenant, deleted: false, ...w }));
    for (const [owner, ids] of shared)
      finds.push(
        ...window.map((w) =>
          this.store.find('items', { tenant: owner, deleted: false, group: { $in: ids }, ...w }),
        ),
      );
    const docs = (await Promise.all(finds))
      .flat()
      .map((d) => strip<ItemDoc>(d))
      // only items of a project the caller sees with the filters, planned there by its owner
      .filter((item) => byId.get(item.group)?.tenant === item.tenant)
      .sort(byRank);

    const withItems = new Set(docs.map((item) => item.group));
    const timelineGroups: TimelineGroup[] = projects
      .filter(
        (g) => withItems.has(g.id) || (g.start !== null && g.end !== null && g.start < to && g.end >= from),
      )
      .map((g) => ({
        id: g.id,
        content: g.title,
        subgroups: subgroupsOf(g.subgroups ?? []),
        shared: g.tenant !== tenant,
        tenant: g.tenant,
        status: g.status,
        resource: g.resource,
        jirarepo: g.jirarepo,
      }))
      .sort(byTitle);
    const items: TimelineItem[] = docs.map((item) => ({
      id: item.id,
      title: item.title,
      group: item.group,
      subgroup: item.subgroup,
      start: item.start,
      end: item.end,
      type: item.type,
      className: item.className,
      rank: item.rank,
      status: item.status,
      version: item.version,
      shared: item.tenant !== tenant,
    }));
    return { from, to, groups: timelineGroups, items };
  }

  private itemView(doc: ItemDoc, groupTitle: string | null): ItemView {
    const duration = durationOf(doc.start, doc.end);
    return {
      ...doc,
      duration,
      workload: doc.end === null ? null : workload(doc.effort, duration),
      groupTitle,
    };
  }
}
