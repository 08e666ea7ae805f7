import {
  maxTimelineDays,
  sprintGroupArt,
  subgroupsOf,
  timelineItemsMaxDays,
  toDayNumber,
} from '@fahrplan/contracts';
import type {
  ItemDependencies,
  TimelineDetail,
  TimelineGroup,
  TimelineItem,
  TimelineView,
} from '@fahrplan/contracts';
import { dependenciesOf, noDependencies } from '../dependencies/dependency-links';
import type { GroupDoc } from '../groups/groups.projection';
import { JsonText } from '../http/json-text';
import type { Facts } from '../http/position-facts';
import { encodeCursor, fieldsPageOf } from '../http/paging';
import type { PageRequest, SortOrder } from '../http/paging';
import { date, fieldError, single } from '../http/query-params';
import { groupStats } from '../read-store/read-store';
import type { Filter, GroupStats, ReadView } from '../read-store/read-store';
import { byRank } from './item-view';
import { timelineItemFields } from './items.projection';
import type { TimelineItemDoc } from './items.projection';
import { levelRanges, windowRanges } from './timeline-interval';
import { answerPieces, listedJson, readListed } from './timeline-json';
import type { ListedItem, TimelineParts } from './timeline-json';
import { summariesFromStats, summaryFields, summaryKeys } from './timeline-summary';
import { tiledItems } from './window-tiles';
import type { WindowTiles } from './window-tiles';
import type { SummarisedMilestone } from './timeline-summary';

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

/** `?detail=`: items, summary, or auto (the default): items up to `timelineItemsMaxDays`, summaries beyond. */
export const detailOf = (
  param: string | string[] | undefined,
  window: { from: string; to: string },
): TimelineDetail => {
  const detail = single('detail', param) || 'auto';
  if (detail === 'items' || detail === 'summary') return detail;
  if (detail !== 'auto')
    throw fieldError(
      'detail',
      'auto, items or summary',
      'the query parameter detail must be auto, items or summary',
    );
  return toDayNumber(window.to) - toDayNumber(window.from) <= timelineItemsMaxDays ? 'items' : 'summary';
};

/** The timeline's filters of projects: by id, status, resource and application (absent: any). */
export interface ProjectFilters {
  readonly groups: readonly number[] | undefined;
  readonly status: readonly number[] | undefined;
  readonly resource: readonly number[] | undefined;
  readonly application: readonly number[] | undefined;
}

/** The rows' order: by title (folded), then id. */
const rowOrder: SortOrder = [['_title', 1]];

/**
 * The projects the timeline may show, as two disjoint filters: the tenant's own and those shared with
 * it and accepted, never a sprint group or a deleted project. Chosen ids are looked up by id; the other
 * filters are checked on each project as the title index walks.
 */
export const rowFilters = (tenant: string, { groups, status, resource, application }: ProjectFilters) => {
  const conditions = [
    { art: { $ne: sprintGroupArt } },
    ...(status ? [{ status: { $in: status } }] : []),
    ...(resource ? [{ resource: { $in: resource } }] : []),
    ...(application ? [{ applications: { $in: application } }] : []),
  ];
  return [{ tenant }, { acceptedBy: tenant }].map((owner) => ({
    ...owner,
    deleted: false,
    ...(groups ? { id: { $in: groups } } : {}),
    $and: conditions,
  }));
};

/**
 * The interval levels that hold any live item of `tenant`: most tenants' items are far shorter than
 * the longest level, and a level without items need not be read per project (one seek per level here
 * saves one per level and project in each batch).
 */
export const levelsOf = async (store: ReadView, tenant: string): Promise<ReadonlySet<number>> => {
  const filters = levelRanges(0, 1).map(({ _lvl }) => ({ tenant, deleted: false, _lvl }));
  const found = await store.findFields('items', filters, ['_lvl'], { limit: 1 });
  return new Set(found.map(({ _lvl }) => _lvl as number));
};

/** The levels of each owner's items, read once per request. */
export type OwnerLevels = Map<string, Promise<ReadonlySet<number>>>;

/** The ids of `projects` by owner (a shared project's documents are stored under its owner's tenant). */
const idsByOwner = (projects: readonly Pick<GroupDoc, 'tenant' | 'id'>[]): Map<string, number[]> => {
  const byOwner = new Map<string, number[]>();
  for (const { tenant, id } of projects) byOwner.set(tenant, [...(byOwner.get(tenant) ?? []), id]);
  return byOwner;
};

/**
 * The filters of the items of `projects` that overlap the days [fromDay, toDay), disjoint: per owner (a
 * shared project's items are stored under its owner's tenant, and show only when planned there), per
 * project a range of start days for the short levels the owner holds and one per longer level
 * (`windowRanges`).
 */
export const windowFilters = async (
  store: ReadView,
  projects: readonly Pick<GroupDoc, 'tenant' | 'id'>[],
  fromDay: number,
  toDay: number,
  levels: OwnerLevels = new Map(),
): Promise<Filter[]> => {
  const owners = [...idsByOwner(projects)].map(async ([tenant, ids]) => {
    if (!levels.has(tenant)) levels.set(tenant, levelsOf(store, tenant));
    const held = await levels.get(tenant)!;
    return windowRanges(fromDay, toDay, held).map((range) => ({
      tenant,
      deleted: false,
      group: { $in: ids },
      ...range,
    }));
  });
  return (await Promise.all(owners)).flat();
};

/**
 * A read of what `projects` hold in the days [fromDay, toDay): `read` of their window's filters
 * (`windowFilters`), in one statement; nothing when no filter is left.
 */
const inWindow =
  <T>(read: (store: ReadView, filters: Filter[]) => Promise<T[]>) =>
  async (
    store: ReadView,
    projects: readonly Pick<GroupDoc, 'tenant' | 'id'>[],
    fromDay: number,
    toDay: number,
    levels: OwnerLevels = new Map(),
  ): Promise<T[]> => {
    const filters = await windowFilters(store, projects, fromDay, toDay, levels);
    return filters.length === 0 ? [] : read(store, filters);
  };

// (each with its `_id` beside: nothing reads it, and leaving it saves a copy of every row)
const readItems = async (store: ReadView, filters: Filter[]) =>
  (await store.findFields('items', filters, timelineReads)) as unknown as TimelineItemDoc[];

/** The items of `projects` that overlap the days [fromDay, toDay) (`windowFilters`), in one read, in no order. */
export const itemsOf = inWindow(readItems);

/** What the timeline reads of an item: all of it from the interval index. */
const timelineReads = [...timelineItemFields, 'tenant', 'group'] as const;

/** Whether project `g`'s own dates meet the window [from, to). */
export const runsIn = (g: Pick<GroupDoc, 'start' | 'end'>, from: string, to: string) =>
  g.start !== null && g.end !== null && g.start < to && g.end >= from;

export const timelineGroup = (g: RowDoc, tenant: string): TimelineGroup => ({
  id: g.id,
  content: g.title,
  subgroups: subgroupsOf(g.subgroups ?? []),
  shared: g.tenant !== tenant,
  tenant: g.tenant,
  status: g.status,
  resource: g.resource,
  jirarepo: g.jirarepo,
  // issue 24: the dependency arrows' slip counts in the successor's project's calendar
  calendar: g.calendar,
});

export const timelineItem = (
  item: TimelineItemDoc,
  tenant: string,
  dependencies: ItemDependencies = noDependencies,
): TimelineItem => ({
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
  predecessors: dependencies.predecessors,
  successors: dependencies.successors,
});

/** The dependencies a timeline page reads at most each way: as many as the items a page may show. */
export const maxTimelineDependencies = 10_000;

/** A request's projects are read in batches of its page size plus one, at most this many batches. */
export const maxBatches = 10;

export interface TimelineQuery {
  readonly tenant: string;
  readonly from: string;
  readonly to: string;
  readonly filters: ProjectFilters;
  readonly detail: TimelineDetail;
  readonly page: PageRequest;
}

/** What the walk reads of each project to tell whether it is a row: its owner and dates (and its title's key). */
const scanFields = ['id', 'tenant', 'start', 'end'] as const;

/**
 * What a row shows of its project beside those, read for the page's rows alone: a month page looks at
 * about three projects for each row it shows, and these fields are read from the documents.
 */
const rowShownFields = ['title', 'subgroups', 'status', 'resource', 'jirarepo', 'calendar'] as const;
type RowDoc = Pick<GroupDoc, (typeof scanFields)[number] | (typeof rowShownFields)[number]>;
type RowRead = Pick<GroupDoc, (typeof scanFields)[number]> & {
  readonly _id: string;
  readonly _title: unknown;
};

/**
 * The page's rows as the timeline shows them, in their order: what they show read in one read, by owner
 * and id (the rows are live projects, stored under their owner's tenant).
 */
const pageGroups = async (
  store: ReadView,
  page: readonly RowRead[],
  tenant: string,
  tiles: WindowTiles | undefined,
) => {
  const shown = new Map<string, object>();
  const missing = page.filter((row) => {
    const kept = tiles?.recall<object>(`row ${row._id}`);
    if (kept) shown.set(row._id, kept);
    return !kept;
  });
  const filters = [...idsByOwner(missing)].map(([owner, ids]) => ({
    tenant: owner,
    deleted: false,
    id: { $in: ids },
  }));
  for (const doc of filters.length === 0 ? [] : await store.findFields('groups', filters, rowShownFields)) {
    shown.set(doc._id, doc);
    tiles?.keep(`row ${doc._id}`, doc);
  }
  // (a project removed or deleted since the walk read it has no row)
  return page.flatMap((row) => {
    const doc = shown.get(row._id);
    return doc ? [timelineGroup({ ...row, ...doc } as unknown as RowDoc, tenant)] : [];
  });
};

/** A project's place in the rows' order: the cursor's values. */
const keyOf = (doc: RowRead) => [doc._title, doc._id];

/** The rows a request found: candidates with items in the window or running in it, and what was read of those items. */
interface Scan<T> {
  readonly rows: RowRead[];
  readonly found: T[];
  /** The sort values of the last project looked at, unless none follows it. */
  readonly resumeAfter: readonly unknown[] | null;
}

/** How a page reads its candidates' items in the days [fromDay, toDay), and the project of each thing read. */
interface WindowRead<T> {
  readonly read: (
    store: ReadView,
    projects: readonly RowRead[],
    fromDay: number,
    toDay: number,
    levels: OwnerLevels,
  ) => Promise<T[]>;
  readonly groupOf: (found: T) => number;
}

/** The listed items of `projects` in the days [fromDay, toDay). */
const readWindow = inWindow(readListed);

/** A page's items: read from the store, or through a query thread's tiles (`WindowTiles`). */
const listedItems = (tiles: WindowTiles | undefined): WindowRead<ListedItem> => ({
  read: (store, projects, fromDay, toDay, levels) =>
    tiles
      ? tiledItems(tiles, projects, fromDay, toDay, (missing, from, to) =>
          readWindow(store, missing, from, to, levels),
        )
      : readWindow(store, projects, fromDay, toDay, levels),
  groupOf: (item) => item.group,
});

/** A summary's reads: the stats of the items per project and type, their milestones read for the page's rows only. */
const summaryStats: WindowRead<GroupStats> = {
  read: inWindow((store, filters) => groupStats(store, 'items', filters, summaryKeys, summaryFields)),
  groupOf: (stats) => stats.keys[0] as number,
};

/**
 * How many projects a batch after the first reads: as many as the rows still `wanted` take at the share
 * of the projects `looked` at that were rows (`found`), so that a page's last rows do not read a whole
 * batch's items; at least `wanted`, at most `most`.
 */
export const batchSize = (wanted: number, looked: number, found: number, most: number): number =>
  Math.min(most, Math.ceil((wanted * looked) / Math.max(found, 1)));

/**
 * Walks the projects in title order from the cursor, a batch at a time (the first of a page and one
 * projects, the next sized by `batchSize`), each batch with one read of the window's items, until one row
 * more than the page is found (so it knows that another page follows) or `maxBatches` batches were read:
 * a window few projects meet may answer fewer rows than the limit, with a cursor to go on from.
 */
const scanRows = async <T>(
  store: ReadView,
  query: TimelineQuery,
  levels: OwnerLevels,
  { read: readFound, groupOf }: WindowRead<T>,
  tiles: WindowTiles | undefined,
): Promise<Scan<T>> => {
  const { limit } = query.page;
  const [fromDay, toDay] = [toDayNumber(query.from), toDayNumber(query.to)];
  const filters = rowFilters(query.tenant, query.filters);
  const rows: RowRead[] = [];
  const found: T[] = [];
  let after = query.page.after;
  let looked = 0;
  for (let batch = 0; batch < maxBatches && rows.length <= limit; batch++) {
    const size = batch === 0 ? limit + 1 : batchSize(limit + 1 - rows.length, looked, rows.length, limit + 1);
    const page = await walked(tiles, [filters, size, after], () =>
      fieldsPageOf(store, 'groups', filters, rowOrder, { limit: size, after }, scanFields),
    );
    const { nextCursor } = page;
    const docs = page.docs as unknown as RowRead[];
    const read = docs.length === 0 ? [] : await readFound(store, docs, fromDay, toDay, levels);
    const planned = new Set(read.map(groupOf));
    rows.push(...docs.filter((doc) => planned.has(doc.id) || runsIn(doc, query.from, query.to)));
    found.push(...read);
    looked += docs.length;
    const last = docs.at(-1);
    if (nextCursor === null || !last) return { rows, found, resumeAfter: null };
    after = keyOf(last);
  }
  return { rows, found, resumeAfter: after };
};

/** A batch of the walk: as `tiles` kept it for the same filters, size and start, else `read`. */
const walked = async <T>(tiles: WindowTiles | undefined, batch: unknown, read: () => Promise<T>) => {
  if (!tiles) return read();
  const key = `walk ${JSON.stringify(batch)}`;
  const kept = tiles.recall<T>(key);
  if (kept) return kept;
  const page = await read();
  tiles.keep(key, page);
  return page;
};

/** The page of `rows` (at most the limit) and the cursor after it. */
const pageOf = <T>({ rows, resumeAfter }: Scan<T>, limit: number) => {
  const page = rows.slice(0, limit);
  const resume = rows.length > limit ? keyOf(page.at(-1)!) : resumeAfter;
  return { page, nextCursor: resume && encodeCursor(resume) };
};

/**
 * One page of the timeline: the rows in title order, with their items in the window or their
 * summaries. What it reads follows the page (its projects and their items in the window), never the
 * tenant.
 */
const timelineParts = async (
  store: ReadView,
  query: TimelineQuery,
  { tiles, facts }: TimelineKeeping,
): Promise<TimelineParts> => {
  const { from, to, detail, tenant } = query;
  const levels: OwnerLevels = tiles?.levels ?? new Map();
  if (detail === 'items') {
    const scan = await scanRows(store, query, levels, listedItems(tiles), tiles);
    const { page, nextCursor } = pageOf(scan, query.page.limit);
    const shown = new Set(page.map((row) => row.id));
    const pageItems = scan.found.filter((item) => shown.has(item.group));
    const dependencies = await dependenciesOf(
      store,
      tenant,
      pageItems.map((item) => item.id),
      maxTimelineDependencies,
      facts,
    );
    const listed = pageItems.sort(byRank).map((item) => listedJson(item, tenant, dependencies.get(item.id)));
    const groups = await pageGroups(store, page, tenant, tiles);
    return { from, to, detail, groups, items: listed, summaries: [], itemCount: listed.length, nextCursor };
  }
  const scan = await scanRows(store, query, levels, summaryStats, tiles);
  const { page, nextCursor } = pageOf(scan, query.page.limit);
  const window = await windowFilters(store, page, toDayNumber(from), toDayNumber(to), levels);
  const milestones =
    window.length === 0
      ? []
      : ((await store.findFields(
          'items',
          window.map((filter) => ({ ...filter, type: null, end: null })),
          ['id', 'title', 'group', 'start'],
        )) as unknown as SummarisedMilestone[]);
  const groups = await pageGroups(store, page, tenant, tiles);
  const summaries = summariesFromStats(
    groups.map((g) => g.id),
    scan.found,
    milestones,
  );
  const itemCount = summaries.reduce((sum, s) => sum + s.taskCount + s.milestoneCount, 0);
  return { from, to, detail, groups, items: [], summaries, itemCount, nextCursor };
};

/**
 * What a live query's timeline may keep for the read models' position: a query thread's tiles (the
 * items of the window are taken from those), and the facts of its caller (the tenant's first
 * dependency links).
 */
export interface TimelineKeeping {
  readonly tiles?: WindowTiles;
  readonly facts?: Facts;
}

/**
 * One page of the timeline (`timelineParts`) as the JSON the API answers: the items' texts as the store
 * wrote them, joined in place, never parsed (a month page's 600 items were most of its CPU as objects).
 */
export const timelineJson = async (
  store: ReadView,
  query: TimelineQuery,
  keeping: TimelineKeeping = {},
): Promise<JsonText<TimelineView>> => {
  return new JsonText(answerPieces(await timelineParts(store, query, keeping)));
};

/** One page of the timeline as a value (`timelineJson` read): for the exports, which walk its rows. */
export const timelinePage = async (store: ReadView, query: TimelineQuery): Promise<TimelineView> =>
  JSON.parse((await timelineJson(store, query)).json) as TimelineView;
