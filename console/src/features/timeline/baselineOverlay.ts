import { maxComparisonDays } from '@fahrplan/contracts';
import type { BaselineComparison, ComparedItem, TimelineGroup } from '@fahrplan/contracts';
import { positiveInt } from '../common/urlParams';
import type { FetchWindow } from './timelineChanges';
import { rowKey } from './timelineRows';
import { dayMs, toMs, toServerDate } from './timeScale';

/** The baseline the timeline overlays, as the URL keeps it (`baseline=<id>`); null for none. */
export const readBaseline = (params: URLSearchParams): number | null => positiveInt(params.get('baseline'));

/** `params` with the overlaid baseline (none leaves the URL). */
export function withBaseline(params: URLSearchParams, baseline: number | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (baseline === null) next.delete('baseline');
  else next.set('baseline', String(baseline));
  return next;
}

/**
 * The window the overlay compares: the timeline's fetched window, or its middle year when it is wider
 * than a comparison answers (the items' detail reaches a bit beyond a year).
 */
export function overlayWindow(fetched: FetchWindow): FetchWindow {
  const from = toMs(fetched.from);
  const to = toMs(fetched.to);
  const days = Math.round((to - from) / dayMs);
  if (days <= maxComparisonDays) return fetched;
  const start = from + Math.floor((days - maxComparisonDays) / 2) * dayMs;
  return { from: toServerDate(start), to: toServerDate(start + maxComparisonDays * dayMs) };
}

/**
 * The comparison's requests for the timeline's rows: one per `perPage` projects in the order loaded, so
 * that each page of rows is compared once and a new page asks only for its own projects.
 */
export function projectBatches(groups: readonly Pick<TimelineGroup, 'id'>[], perPage: number): number[][] {
  const batches: number[][] = [];
  for (let i = 0; i < groups.length; i += perPage)
    batches.push(groups.slice(i, i + perPage).map((g) => g.id));
  return batches;
}

/** An item removed since the baseline, drawn as a dashed ghost where it stood then. */
export interface RemovedGhost {
  readonly item: ComparedItem;
  readonly start: number;
  readonly end: number;
}

/** What the timeline draws of a comparison: per item id its change, per lane the removed ones. */
export interface BaselineOverlay {
  readonly byItem: ReadonlyMap<number, ComparedItem>;
  readonly removedByRow: ReadonlyMap<string, readonly RemovedGhost[]>;
  /** What the ghosts show: the plan at a baseline, or the live plan under a scenario's bars (issue 22). */
  readonly against: 'baseline' | 'live';
}

const backgroundTypes = new Set(['background', 'lane-background']);

/**
 * The overlay of the comparison pages answered so far. A removed item has no lane any more: it goes to
 * its project's lane of its kind (milestones or tasks), else the project's first lane; backgrounds
 * are not compared on the timeline.
 */
export function buildOverlay(
  pages: readonly (Pick<BaselineComparison, 'items'> | undefined)[],
  groups: readonly TimelineGroup[],
  against: BaselineOverlay['against'] = 'baseline',
): BaselineOverlay {
  const lanesOf = new Map(groups.map((g) => [g.id, g.subgroups.map((s) => s.id)]));
  const byItem = new Map<number, ComparedItem>();
  const removedByRow = new Map<string, RemovedGhost[]>();
  for (const item of pages.flatMap((page) => page?.items ?? [])) {
    if (item.type !== null && backgroundTypes.has(item.type)) continue;
    if (item.change !== 'removed') {
      byItem.set(item.id, item);
      continue;
    }
    const lanes = lanesOf.get(item.group);
    if (!lanes || lanes.length === 0 || !item.then) continue;
    const kind = item.then.end === null ? 'milestones' : 'tasks';
    const key = rowKey(item.group, lanes.includes(kind) ? kind : lanes[0]!);
    const start = toMs(item.then.start);
    const ghost = { item, start, end: item.then.end === null ? start : toMs(item.then.end) };
    removedByRow.set(key, [...(removedByRow.get(key) ?? []), ghost]);
  }
  return { byItem, removedByRow, against };
}

/** Whether an item's bar gets a slip label: it moved by at least a working day at either end. */
export const slipShown = (item: ComparedItem): boolean =>
  item.change === 'slipped' && ((item.endSlip ?? 0) !== 0 || (item.startSlip ?? 0) !== 0);

/** The slip a label names: the end's (a milestone's date), else the start's when only that moved. */
export const shownSlip = (item: ComparedItem): number =>
  item.endSlip !== null && item.endSlip !== 0 ? item.endSlip : (item.startSlip ?? 0);
