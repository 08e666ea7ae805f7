import { maxTimelineDays, timelineItemsMaxDays } from '@fahrplan/contracts';
import type { TimelineDetail, TimelineItem } from '@fahrplan/contracts';
import { ceilDay, dayMs, floorDay, snap, snapStep, toMs, toServerDate, toServerDateTime } from './timeScale';
import type { SnapUnit, TimeRange } from './timeScale';

/** Where an item sits: what a drag changes and an undo restores. */
export interface ItemPlacement {
  start: string;
  /** Exclusive; null for a milestone. */
  end: string | null;
  group: number;
  subgroup: string | null;
}

/** A drag's result in instants, as TimelineView reports it (end null for a milestone). */
export interface ItemChange {
  start: number;
  end: number | null;
  group: number;
  subgroup: string | null;
}

/** The SaveItem data of a timeline change: only what a drag touches, with the expected version. */
export interface PlacementSave {
  id: number;
  version: number;
  start: string;
  end: string | null;
  group?: number;
  subgroup?: string | null;
}

export const placementOf = (item: TimelineItem): ItemPlacement => ({
  start: item.start,
  end: item.end,
  group: item.group,
  subgroup: item.subgroup,
});

/** A move keeps the duration: the start snaps, the end follows. */
export function snappedMove(span: TimeRange, newStart: number, unit: SnapUnit): TimeRange {
  const start = snap(newStart, unit);
  return { start, end: start + (span.end - span.start) };
}

/** A resize snaps the dragged edge and never lets the range shrink below one snap step. */
export function snappedResize(
  span: TimeRange,
  edge: 'start' | 'end',
  value: number,
  unit: SnapUnit,
): TimeRange {
  const step = snapStep(unit);
  const at = snap(value, unit);
  return edge === 'start'
    ? { start: Math.min(at, span.end - step), end: span.end }
    : { start: span.start, end: Math.max(at, span.start + step) };
}

export const placementFromChange = (change: ItemChange): ItemPlacement => ({
  start: toServerDateTime(change.start),
  end: change.end === null ? null : toServerDateTime(change.end),
  group: change.group,
  subgroup: change.subgroup,
});

/**
 * The ONE SaveItem of a drop: id, version, start and end always; group and subgroup only when the
 * drop row changed them. Null when the drop put the item back where it was.
 */
export function saveForPlacement(
  item: Pick<TimelineItem, 'id' | 'version'>,
  before: ItemPlacement,
  after: ItemPlacement,
): PlacementSave | null {
  const laneChanged = before.group !== after.group || before.subgroup !== after.subgroup;
  if (!laneChanged && before.start === after.start && before.end === after.end) return null;
  return {
    id: item.id,
    version: item.version,
    start: after.start,
    end: after.end,
    ...(before.group !== after.group ? { group: after.group } : {}),
    ...(laneChanged ? { subgroup: after.subgroup } : {}),
  };
}

// ---- undo ---------------------------------------------------------------------------------------

/** One placement change the user made in this session: undoing it saves `before` again. */
export interface UndoEntry {
  id: number;
  title: string;
  before: ItemPlacement;
  after: ItemPlacement;
}

/** The SaveItem that restores an entry's `before`, as a new command with the item's current version. */
export const undoSave = (entry: UndoEntry, currentVersion: number): PlacementSave =>
  saveForPlacement({ id: entry.id, version: currentVersion }, entry.after, entry.before) ?? {
    id: entry.id,
    version: currentVersion,
    start: entry.before.start,
    end: entry.before.end,
  };

// ---- the query window ---------------------------------------------------------------------------

export interface FetchWindow {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, exclusive. */
  to: string;
}

/**
 * The window to ask the server for: the visible one widened by its own width on each side (less when
 * that would pass the widest window the server answers), in whole days. The current window is kept
 * while it still covers the view with a quarter of that margin and is not much wider than needed, so
 * small pans do not refetch.
 */
export function fetchWindowFor(visible: TimeRange, current: FetchWindow | null): FetchWindow {
  const span = visible.end - visible.start;
  // a day of the widest window is kept for rounding each end to whole days
  const margin = Math.max(0, Math.min(span, ((maxTimelineDays - 2) * dayMs - span) / 2));
  if (current) {
    const from = toMs(current.from);
    const to = toMs(current.to);
    const covers = from <= visible.start - margin / 4 && to >= visible.end + margin / 4;
    if (covers && to - from <= 6 * span) return current;
  }
  return {
    from: toServerDate(floorDay(visible.start - margin)),
    to: toServerDate(Math.max(ceilDay(visible.end + margin), floorDay(visible.start - margin) + dayMs)),
  };
}

/**
 * What the timeline asks for at a zoom: every item up to the server's threshold, measured on the
 * visible window (the fetched one is wider, for panning), and one summary bar per project beyond it.
 */
export const detailFor = (visible: TimeRange): TimelineDetail =>
  visible.end - visible.start <= timelineItemsMaxDays * dayMs ? 'items' : 'summary';

// ---- optimistic placements ----------------------------------------------------------------------

/**
 * A dropped item's placement while its save is on its way (`confirmed` false, `version` the one the
 * save expects) or after it succeeded (`confirmed`, `version` the new one) until the read side shows it.
 */
export interface Override {
  placement: ItemPlacement;
  version: number;
  confirmed: boolean;
}

/** Whether the server's item has caught up with (or moved past) an override, so it can go. */
export const overrideSettled = (serverVersion: number, override: Override): boolean =>
  override.confirmed ? serverVersion >= override.version : serverVersion > override.version;

/**
 * The items as the user should see them: where they were dropped, not where the last fetch (maybe
 * older than the save) put them. A confirmed override also carries the new version, so the next drag
 * of the same item expects the right one.
 */
export function applyOverrides<T extends TimelineItem>(
  items: readonly T[],
  overrides: ReadonlyMap<number, Override>,
): T[] {
  if (overrides.size === 0) return items as T[];
  return items.map((item) => {
    const override = overrides.get(item.id);
    if (!override || overrideSettled(item.version, override)) return item;
    return { ...item, ...override.placement, version: override.confirmed ? override.version : item.version };
  });
}
