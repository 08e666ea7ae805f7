import { toDayNumber } from '@fahrplan/contracts';
import type { DayWindow, PreviewCandidate } from '@fahrplan/contracts';
import { fieldError } from '../http/query-params';
import type { ReadView } from '../read-store/read-store';
import { itemsOf, levelsOf } from '../items/timeline';
import type { OwnerLevels } from '../items/timeline';
import { levelRanges, openLevel } from '../items/timeline-interval';
import type { PreviewProject } from './preview-milestones';

/** The most items one preview reads (those in the changed days' windows, or a switching project's). */
export const maxPreviewItems = 2_000_000;
/** Per project, a preview reads the items of this many projects per read of the interval index. */
const projectBatch = 1000;

/** Days as the interval index numbers them: [from, to). */
export interface DaySpan {
  readonly from: number;
  readonly to: number;
}

/** An item whose dates no calendar reads has this start day (`intervalOf`): it spans no day. */
const spansADay = { $gt: Number.MIN_SAFE_INTEGER };

/**
 * The days within which every live item of `tenant` lies, null without items: per interval level that
 * holds items, its first and last start day (one seek each on the level's start days); an item of level
 * L < `openLevel` ends within 2^L days of its start, the open level's items are read for their end.
 */
export const itemDaysOf = async (store: ReadView, tenant: string): Promise<DaySpan | null> => {
  const held = [...(await levelsOf(store, tenant))];
  const edge = async (_lvl: number, order: 1 | -1) => {
    const filter = { tenant, deleted: false, _lvl, _startDay: spansADay };
    const [found] = await store.findFields('items', filter, ['_startDay'], {
      sort: { _startDay: order },
      limit: 1,
    });
    return found ? (found._startDay as number) : null;
  };
  const spans: DaySpan[] = [];
  for (const level of held) {
    const first = await edge(level, 1);
    if (first === null) continue;
    const end =
      level < openLevel
        ? (await edge(level, -1))! + 2 ** level
        : Math.max(...(await openItemEnds(store, tenant)));
    spans.push({ from: first, to: end });
  }
  if (spans.length === 0) return null;
  return { from: Math.min(...spans.map((s) => s.from)), to: Math.max(...spans.map((s) => s.to)) };
};

/** The end days of the tenant's items of the open level (longer than about 5.6 years). */
const openItemEnds = async (store: ReadView, tenant: string): Promise<number[]> =>
  (
    await store.findFields('items', { tenant, deleted: false, _lvl: openLevel, _startDay: spansADay }, [
      '_endDay',
    ])
  ).map((item) => item._endDay as number);

/** What a preview reads of an item (the page's titles are read once paged). */
const candidateFields = ['id', 'group', 'start', 'end'] as const;

/** The items of the tenant overlapping `window`, of every project: a range per level of the start-day index. */
const tenantItemsIn = async (
  store: ReadView,
  tenant: string,
  window: DaySpan,
  held: ReadonlySet<number>,
): Promise<PreviewCandidate[]> => {
  const ranges = levelRanges(window.from, window.to).filter(({ _lvl }) => held.has(_lvl));
  if (ranges.length === 0) return [];
  const filters = ranges.map((range) => ({ tenant, deleted: false, ...range }));
  return (await store.findFields('items', filters, candidateFields)) as unknown as PreviewCandidate[];
};

/** The items of `projects` overlapping `window`: per 1,000 projects, the timeline's interval index. */
const projectItemsIn = async (
  store: ReadView,
  projects: readonly PreviewProject[],
  window: DaySpan,
  levels: OwnerLevels,
): Promise<PreviewCandidate[]> => {
  const found: PreviewCandidate[] = [];
  for (let i = 0; i < projects.length; i += projectBatch) {
    const batch = projects.slice(i, i + projectBatch);
    for (const { id, group, start, end } of await itemsOf(store, batch, window.from, window.to, levels))
      found.push({ id, group, start, end });
  }
  return found;
};

/**
 * Calls `take` with the items of `projects` (the tenant's own) that overlap `windows` (ascending,
 * disjoint), window by window, each item once: in the window it overlaps first. When the projects are
 * at least half of the tenant's, each window is read across the tenant's projects (one range per
 * level, its items filtered here), else per project: either way the reads follow the windows' items.
 */
export const eachCandidateIn = async (
  store: ReadView,
  tenant: string,
  projects: readonly PreviewProject[],
  windows: readonly DayWindow[],
  take: (candidates: readonly PreviewCandidate[]) => void,
): Promise<void> => {
  if (projects.length === 0 || windows.length === 0) return;
  const reached = new Set(projects.map((p) => p.id));
  const tenantWide = 2 * projects.length >= (await store.count('groups', { tenant, deleted: false }));
  const levels: OwnerLevels = new Map([[tenant, levelsOf(store, tenant)]]);
  const held = await levels.get(tenant)!;
  let read = 0;
  // the end of the window before, as a date: ISO dates compare as their days do
  let previousEnd = '';
  for (const { from, to } of windows) {
    const window = { from: toDayNumber(from), to: toDayNumber(to) };
    const found = tenantWide
      ? await tenantItemsIn(store, tenant, window, held)
      : await projectItemsIn(store, projects, window, levels);
    read += found.length;
    if (read > maxPreviewItems)
      throw fieldError(
        'definition',
        'too large a change',
        `the change reaches more than ${maxPreviewItems} items`,
      );
    // an item starting before the previous window's end overlapped that window too, and was taken there
    const since = previousEnd;
    take(found.filter((item) => reached.has(item.group) && item.start.slice(0, 10) >= since));
    previousEnd = to;
  }
};
