import { isSprintGroup, subgroupsOf, toDayNumber } from '@fahrplan/contracts';
import type { TimelineGroup, TimelineItem } from '@fahrplan/contracts';
import type { GroupDoc } from '../groups/groups.projection';
import { strip } from '../http/query-helpers';
import { date, fieldError } from '../http/query-params';
import type { ReadStore } from '../read-store/read-store';
import { byRank } from './item-view';
import type { ItemDoc } from './items.projection';

/** The widest window the timeline answers (about five years), so that one request cannot read everything. */
export const maxTimelineDays = 5 * 366;

/** The window [from, to) of a timeline query, or a 400 naming what is wrong with it. */
export const windowOf = (
  fromParam: string | string[] | undefined,
  toParam: string | string[] | undefined,
): { from: string; to: string } => {
  const from = date('from', fromParam);
  const to = date('to', toParam);
  const days = toDayNumber(to) - toDayNumber(from);
  if (days <= 0) throw fieldError('to', 'after from', 'to must be after from (the window is [from, to))');
  if (days > maxTimelineDays)
    throw fieldError('to', 'window too wide', `the window may span at most ${maxTimelineDays} days`);
  return { from, to };
};

/** The timeline's filters of projects: by id, status, resource and application (absent: any). */
export interface ProjectFilters {
  readonly groups: readonly number[] | undefined;
  readonly status: readonly number[] | undefined;
  readonly resource: readonly number[] | undefined;
  readonly application: readonly number[] | undefined;
}

/** Whether the timeline shows project `g` with `filters` (never a sprint). */
export const shows = (filters: ProjectFilters, g: GroupDoc) => {
  const { groups, status, resource, application } = filters;
  return (
    !isSprintGroup(g) &&
    (!groups || groups.includes(g.id)) &&
    (!status || status.includes(g.status)) &&
    (!resource || (g.resource !== null && resource.includes(g.resource))) &&
    (!application || g.applications.some((a) => application.includes(a)))
  );
};

/**
 * The items of `projects` that overlap [from, to) (a milestone: its start in the window), by rank:
 * the tenant's own, and those of shared projects, stored under their owners' tenants.
 */
export const itemsInWindow = async (
  store: ReadStore,
  tenant: string,
  projects: readonly GroupDoc[],
  from: string,
  to: string,
): Promise<ItemDoc[]> => {
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
  const finds = window.map((w) => store.find('items', { tenant, deleted: false, ...w }));
  for (const [owner, ids] of shared)
    finds.push(
      ...window.map((w) => store.find('items', { tenant: owner, deleted: false, group: { $in: ids }, ...w })),
    );
  return (
    (await Promise.all(finds))
      .flat()
      .map((d) => strip<ItemDoc>(d))
      // only items of a project the caller sees with the filters, planned there by its owner
      .filter((item) => byId.get(item.group)?.tenant === item.tenant)
      .sort(byRank)
  );
};

/** Whether project `g`'s own dates meet the window [from, to). */
export const runsIn = (g: GroupDoc, from: string, to: string) =>
  g.start !== null && g.end !== null && g.start < to && g.end >= from;

export const byContent = (a: { content: string; id: number }, b: { content: string; id: number }) =>
  a.content.localeCompare(b.content, undefined, { sensitivity: 'base' }) || a.id - b.id;

export const timelineGroup = (g: GroupDoc, tenant: string): TimelineGroup => ({
  id: g.id,
  content: g.title,
  subgroups: subgroupsOf(g.subgroups ?? []),
  shared: g.tenant !== tenant,
  tenant: g.tenant,
  status: g.status,
  resource: g.resource,
  jirarepo: g.jirarepo,
});

export const timelineItem = (item: ItemDoc, tenant: string): TimelineItem => ({
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
});
