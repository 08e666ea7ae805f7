import { useCallback, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { DragEndEvent, DragMoveEvent, DragStartEvent } from '@dnd-kit/core';
import { useTimelineMonitor } from 'dnd-timeline';
import type { DragItemData, PixelsToValue, ResizeEndEvent, ResizeMoveEvent } from 'dnd-timeline';
import type { TimelineItem } from '@fahrplan/contracts';
import { matches } from '../../shortcuts/shortcuts';
import type { ReleaseRow } from '../releaseMilestones';
import { isReleaseRow } from '../releaseMilestones';
import { snappedMove, snappedResize } from '../timelineChanges';
import type { ItemChange } from '../timelineChanges';
import type { LaneRow, PlacedItem } from '../timelineRows';
import { snap, snapStep } from '../timeScale';
import type { SnapUnit, TimeRange } from '../timeScale';
import { pointSize } from './timelineLayout';
import type { ItemData, RowData } from './timelineLayout';

interface GestureOptions {
  rows: readonly (LaneRow | ReleaseRow)[];
  /** What moves and resizes snap to at this zoom. */
  unit: SnapUnit;
  onItemMove: (item: TimelineItem, change: ItemChange) => void;
  onItemResize: (item: TimelineItem, change: ItemChange) => void;
  onOpenItem: (id: number) => void;
  onItemPreview?: (item: TimelineItem, change: ItemChange | null) => void;
}

/** Where a drag puts an item, snapped (a milestone by its centre); lane and project as the drop row's. */
function draggedTo(
  event: DragMoveEvent | DragEndEvent,
  pixelsToValue: PixelsToValue,
  unit: SnapUnit,
): { data: DragItemData & ItemData; over: RowData; change: ItemChange } | null {
  const data = event.active.data.current as (DragItemData & ItemData) | undefined;
  const over = event.over?.data.current as RowData | undefined;
  if (!data || !over || over.locked) return null;
  const next = data.getSpanFromDragEvent?.(event);
  if (!next) return null;
  const { item, start, end } = data.placed;
  const change: ItemChange =
    item.end === null
      ? { start: snap(next.start + pixelsToValue(pointSize / 2), unit), end: null, group: 0, subgroup: null }
      : { ...snappedMove({ start, end }, next.start, unit), group: 0, subgroup: null };
  return { data, over, change: { ...change, group: over.groupId, subgroup: over.laneId } };
}

/** Where a resize puts an item's edge, snapped; null when nothing would change. */
function resizedTo(
  event: ResizeMoveEvent,
  unit: SnapUnit,
): { item: TimelineItem; change: ItemChange } | null {
  const data = event.active.data.current as DragItemData &
    ItemData & { getSpanFromResizeEvent?: (e: ResizeMoveEvent) => TimeRange | null };
  const next = data.getSpanFromResizeEvent?.(event);
  if (!next) return null;
  const { item, start, end } = data.placed;
  const resized = snappedResize({ start, end }, event.direction, next[event.direction], unit);
  if (resized.start === start && resized.end === end) return null;
  return { item, change: { ...resized, group: item.group, subgroup: item.subgroup } };
}

/**
 * Drags and resizes of items, snapped: one onItemMove or onItemResize per gesture. `activeRow` is the
 * dragged item's row (it must stay mounted); `open` opens an item unless the click ended a drag.
 */
export function useItemDrag({
  pixelsToValue,
  rows,
  unit,
  onItemMove,
  onItemResize,
  onOpenItem,
  onItemPreview,
}: GestureOptions & { pixelsToValue: PixelsToValue }) {
  const [activeRow, setActiveRow] = useState<number | null>(null);
  const lastDragEnd = useRef(0);
  const previewed = useRef<TimelineItem | null>(null);

  /** The drop's change: the lane kept when the row is the item's own; null when nothing changes. */
  const dropOf = useCallback(
    (event: DragMoveEvent | DragEndEvent) => {
      const dragged = draggedTo(event, pixelsToValue, unit);
      if (!dragged) return null;
      const { data, over, change } = dragged;
      const { item, start } = data.placed;
      const origin = rows[data.rowIndex];
      const sameLane =
        origin !== undefined &&
        !isReleaseRow(origin) &&
        origin.groupId === over.groupId &&
        origin.laneId === over.laneId;
      if (sameLane && change.start === start) return { item, change: null };
      return { item, change: { ...change, subgroup: sameLane ? item.subgroup : over.laneId } };
    },
    [pixelsToValue, unit, rows],
  );

  /** Tells the preview where the item would go (null: back where it was, or the gesture ended). */
  const preview = useCallback(
    (item: TimelineItem | null, change: ItemChange | null) => {
      const shown = item ?? previewed.current;
      previewed.current = change === null ? null : item;
      if (shown) onItemPreview?.(shown, change);
    },
    [onItemPreview],
  );

  const onDragStart = useCallback((event: DragStartEvent) => {
    const data = event.active.data.current as (DragItemData & ItemData) | undefined;
    if (data) setActiveRow(data.rowIndex);
  }, []);

  const onDragMove = useCallback(
    (event: DragMoveEvent) => {
      const drop = dropOf(event);
      preview(drop?.item ?? null, drop?.change ?? null);
    },
    [dropOf, preview],
  );

  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      setActiveRow(null);
      const drop = dropOf(event);
      if (drop && Math.abs(event.delta.x) + Math.abs(event.delta.y) > 0) lastDragEnd.current = Date.now();
      if (drop?.change) onItemMove(drop.item, drop.change);
      preview(null, null);
    },
    [dropOf, onItemMove, preview],
  );

  const onDragCancel = useCallback(() => {
    setActiveRow(null);
    preview(null, null);
  }, [preview]);

  /** Set by Esc during a resize: the rest of the gesture is dropped. */
  const resizeCancelled = useRef(false);

  /**
   * Esc cancels a resize as dnd-kit's Esc cancels a move: dnd-timeline has no cancel of its own, so the
   * gesture is ended here (its pointerup puts the bar back) and its end is dropped.
   */
  const onResizeStart = useCallback(() => {
    resizeCancelled.current = false;
    const cancel = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      resizeCancelled.current = true;
      preview(null, null);
      window.dispatchEvent(new PointerEvent('pointerup'));
      // the button's release still ends in a click on the bar: that is not a request to open it
      window.addEventListener('pointerup', () => (lastDragEnd.current = Date.now()), { once: true });
    };
    window.addEventListener('keydown', cancel, true);
    window.addEventListener('pointerup', () => window.removeEventListener('keydown', cancel, true), {
      once: true,
      capture: true,
    });
  }, [preview]);

  const onResizeMove = useCallback(
    (event: ResizeMoveEvent) => {
      if (resizeCancelled.current) return;
      const resized = resizedTo(event, unit);
      preview(resized?.item ?? null, resized?.change ?? null);
    },
    [unit, preview],
  );

  const onResizeEnd = useCallback(
    (event: ResizeEndEvent) => {
      preview(null, null);
      if (event.delta.x === 0 || resizeCancelled.current) return;
      lastDragEnd.current = Date.now();
      const resized = resizedTo(event, unit);
      if (resized) onItemResize(resized.item, resized.change);
    },
    [unit, onItemResize, preview],
  );

  useTimelineMonitor({
    onDragStart,
    onDragMove,
    onDragEnd,
    onDragCancel,
    onResizeStart,
    onResizeMove,
    onResizeEnd,
  });

  const open = useCallback(
    (id: number) => {
      // a drag or resize ends with a click on the item: that is not a request to open it
      if (Date.now() - lastDragEnd.current > 300) onOpenItem(id);
    },
    [onOpenItem],
  );

  return { activeRow, open };
}

/**
 * The items' keys (the shortcuts registry's timeline items), in place of a keyboard drag sensor: Enter
 * opens, the arrows move by a snap step, Shift+arrow moves the end, Alt+up/down moves to the lane above
 * or below (past releases rows).
 */
export function useItemKeys({
  rows,
  unit,
  readOnly,
  onItemMove,
  onItemResize,
  onOpenItem,
}: GestureOptions & { readOnly: boolean }) {
  return useCallback(
    (placed: PlacedItem, rowIndex: number, event: KeyboardEvent<HTMLDivElement>) => {
      const { item, start, end } = placed;
      const step = snapStep(unit) * (event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 1);
      if (matches('openItem', event)) {
        event.preventDefault();
        onOpenItem(item.id);
        return;
      }
      if (readOnly || item.shared) return;
      // a milestone has no end to move: Shift+arrow moves it like the arrow alone
      const resize = matches('resizeItem', event) && item.end !== null;
      if (matches('moveItem', event) || matches('resizeItem', event)) {
        event.preventDefault();
        event.stopPropagation();
        if (resize) {
          const resized = snappedResize({ start, end }, 'end', end + step, unit);
          if (resized.end !== end)
            onItemResize(item, { ...resized, group: item.group, subgroup: item.subgroup });
        } else {
          onItemMove(item, {
            start: start + step,
            end: item.end === null ? null : end + step,
            group: item.group,
            subgroup: item.subgroup,
          });
        }
      } else if (matches('changeLane', event)) {
        event.preventDefault();
        // releases rows take no items: the lane beyond them
        let targetIndex = rowIndex + Math.sign(step);
        while (rows[targetIndex] && isReleaseRow(rows[targetIndex]!)) targetIndex += Math.sign(step);
        const target = rows[targetIndex];
        if (!target || isReleaseRow(target) || target.shared) return;
        onItemMove(item, {
          start,
          end: item.end === null ? null : end,
          group: target.groupId,
          subgroup: target.laneId,
        });
      }
    },
    [unit, readOnly, rows, onItemMove, onItemResize, onOpenItem],
  );
}
