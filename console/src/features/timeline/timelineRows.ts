import type {
  Subgroup,
  SubgroupType,
  TimelineGroup,
  TimelineItem,
  TimelineSummary,
} from '@fahrplan/contracts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../common/numbers';
import { toMs } from './timeScale';
import type { TimeRange } from './timeScale';

/** One lane of one project: the unit the timeline virtualises. */
export interface LaneRow {
  key: string;
  groupId: number;
  laneId: string;
  laneName: string;
  /** INDIVIDUAL lanes are the project's own; tasks and milestones are implicit. */
  laneType: SubgroupType;
  groupTitle: string;
  /** The project's first lane carries its title; the last closes its block. */
  first: boolean;
  last: boolean;
  shared: boolean;
  tenant: string;
  /** Issue 24: the project's working-day calendar (absent: the tenant's default). */
  calendar?: number;
}

export const rowKey = (groupId: number, laneId: string) => `${groupId}|${laneId}`;

/** One row per lane of `groups`, each lane named as `nameOf` shows it. */
export function buildRows(
  groups: readonly TimelineGroup[],
  nameOf: (lane: Pick<Subgroup, 'type' | 'name'>) => string,
): LaneRow[] {
  const rows: LaneRow[] = [];
  for (const group of groups) {
    group.subgroups.forEach((lane, index) =>
      rows.push({
        key: rowKey(group.id, lane.id),
        groupId: group.id,
        laneId: lane.id,
        laneName: nameOf(lane),
        laneType: lane.type,
        groupTitle: group.content,
        first: index === 0,
        last: index === group.subgroups.length - 1,
        shared: group.shared,
        tenant: group.tenant,
        calendar: group.calendar,
      }),
    );
  }
  return rows;
}

/** The one row of a project when the timeline shows summaries: its title, its counts and its summary bar. */
export const summaryLane = 'summary';

/** What a summary counts, as its row and its bar say it ("12 tasks, 1 milestone"). */
export const summaryCounts = (
  t: TFunction<'timeline'>,
  summary: Pick<TimelineSummary, 'taskCount' | 'milestoneCount'>,
): string =>
  t('summary.counts', {
    tasks: t('summary.tasks', { count: summary.taskCount, number: formatNumber(summary.taskCount) }),
    milestones: t('summary.milestones', {
      count: summary.milestoneCount,
      number: formatNumber(summary.milestoneCount),
    }),
  });

export function buildSummaryRows(
  t: TFunction<'timeline'>,
  groups: readonly TimelineGroup[],
  summaries: ReadonlyMap<number, TimelineSummary>,
): LaneRow[] {
  return groups.map((group) => {
    const summary = summaries.get(group.id);
    return {
      key: rowKey(group.id, summaryLane),
      groupId: group.id,
      laneId: summaryLane,
      laneName: summary ? summaryCounts(t, summary) : t('summary.noItems'),
      laneType: 'tasks',
      groupTitle: group.content,
      first: true,
      last: true,
      shared: group.shared,
      tenant: group.tenant,
    };
  });
}

/** An item with its instants parsed once, and the slot (sub-row) it stacks in within its lane. */
export interface PlacedItem {
  item: TimelineItem;
  start: number;
  /** Exclusive; equals start for a milestone. */
  end: number;
  slot: number;
}

export interface LaneIndex {
  /** Ranges and points per lane row key, sorted by start. */
  byRow: Map<string, PlacedItem[]>;
  /** Slots per lane row key (at least 1), so overlapping items stack instead of hiding each other. */
  slots: Map<string, number>;
  /** `background` items per project. */
  groupBackgrounds: Map<number, PlacedItem[]>;
  /** `lane-background` items per lane row key. */
  laneBackgrounds: Map<string, PlacedItem[]>;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Sorts the items into their lanes. An item whose lane the project no longer has goes to the
 * default lane of its kind (tasks or milestones), so nothing the server sent disappears.
 */
export function indexItems(groups: readonly TimelineGroup[], items: readonly TimelineItem[]): LaneIndex {
  const lanesOf = new Map(groups.map((g) => [g.id, new Set(g.subgroups.map((s) => s.id))]));
  const byRow = new Map<string, PlacedItem[]>();
  const groupBackgrounds = new Map<number, PlacedItem[]>();
  const laneBackgrounds = new Map<string, PlacedItem[]>();
  for (const item of items) {
    const lanes = lanesOf.get(item.group);
    if (!lanes) continue;
    const start = toMs(item.start);
    const placed: PlacedItem = { item, start, end: item.end === null ? start : toMs(item.end), slot: 0 };
    if (item.type === 'background') push(groupBackgrounds, item.group, placed);
    else if (item.type === 'lane-background') {
      if (item.subgroup !== null && lanes.has(item.subgroup))
        push(laneBackgrounds, rowKey(item.group, item.subgroup), placed);
    } else {
      const fallback = item.end === null ? 'milestones' : 'tasks';
      const lane = item.subgroup !== null && lanes.has(item.subgroup) ? item.subgroup : fallback;
      push(byRow, rowKey(item.group, lane), placed);
    }
  }
  const slots = new Map<string, number>();
  for (const [key, list] of byRow) {
    list.sort((a, b) => a.start - b.start || a.item.id - b.item.id);
    slots.set(key, stack(list));
  }
  return { byRow, slots, groupBackgrounds, laneBackgrounds };
}

/** Milestones are points: for stacking they occupy this much time so neighbouring diamonds do not collide. */
const pointExtent = 1;

/** Greedy interval stacking of items sorted by start: each takes the first slot free at its start. */
function stack(sorted: PlacedItem[]): number {
  const slotEnds: number[] = [];
  for (const placed of sorted) {
    const end = Math.max(placed.end, placed.start + pointExtent);
    const free = slotEnds.findIndex((slotEnd) => slotEnd <= placed.start);
    placed.slot = free === -1 ? slotEnds.length : free;
    slotEnds[placed.slot] = end;
  }
  return Math.max(1, slotEnds.length);
}

/** Whether an item shows in the window (ends are exclusive; a point is in at its instant); `margin` keeps edge points visible. */
export const overlaps = (placed: PlacedItem, range: TimeRange, margin = 0): boolean =>
  placed.start < range.end + margin &&
  (placed.end > placed.start ? placed.end > range.start - margin : placed.start >= range.start - margin);

/**
 * The items of a lane inside the window. The list is sorted by start, so a binary search skips
 * everything starting after the window; the items before are few per lane.
 */
export function visibleIn(list: readonly PlacedItem[], range: TimeRange, margin = 0): PlacedItem[] {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.start < range.end + margin) lo = mid + 1;
    else hi = mid;
  }
  const out: PlacedItem[] = [];
  for (let i = 0; i < lo; i++) if (overlaps(list[i]!, range, margin)) out.push(list[i]!);
  return out;
}
