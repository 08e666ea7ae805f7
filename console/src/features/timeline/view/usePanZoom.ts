import { useEffect, useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent, PointerEvent, RefObject } from 'react';
import { panRange, wheelZoomFactor, zoomRange } from '../timeScale';
import type { TimeRange } from '../timeScale';
import { usePressed } from '../../shortcuts/shortcutsOn';
import { sidebarWidth } from './timelineLayout';

interface PanZoomOptions {
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** The time area's width in px. */
  width: number;
  range: TimeRange;
  emitRange: (range: TimeRange) => void;
  /** The newest window, also one that still waits for its frame. */
  latest: RefObject<TimeRange>;
}

/**
 * Ctrl/⌘+wheel zooms around the pointer; Shift+wheel or a horizontal wheel pans; a plain wheel
 * scrolls the rows; a drag on empty space pans; +/- and the arrows zoom and pan the focused timeline
 * (+/- only while shortcuts are on).
 * Spread the handlers onto the scroller (`onKeyDown`) and the rows' area (`onPointerDown`).
 */
export function usePanZoom({ scrollerRef, width, range, emitRange, latest }: PanZoomOptions) {
  const pressed = usePressed();
  const widthRef = useRef(width);
  useLayoutEffect(() => {
    widthRef.current = width;
  }, [width]);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const onWheel = (event: WheelEvent) => {
      const w = widthRef.current;
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        const x = event.clientX - scroller.getBoundingClientRect().left - sidebarWidth;
        const anchor = Math.min(1, Math.max(0, x / w));
        emitRange(zoomRange(latest.current, wheelZoomFactor(event.deltaY), anchor));
      } else if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
        event.preventDefault();
        const dx = event.shiftKey ? event.deltaY || event.deltaX : event.deltaX;
        emitRange(panRange(latest.current, dx, w));
      }
    };
    scroller.addEventListener('wheel', onWheel, { passive: false });
    return () => scroller.removeEventListener('wheel', onWheel);
  }, [scrollerRef, emitRange, latest]);

  // window listeners (no pointer capture) so a double-click still hits the lane
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (
      event.button !== 0 ||
      target.closest('[data-timeline-item],[data-timeline-sidebar],[data-timeline-release]')
    )
      return;
    const startX = event.clientX;
    const startRange = latest.current;
    const move = (e: globalThis.PointerEvent) => {
      const dx = startX - e.clientX;
      if (Math.abs(dx) > 2) emitRange(panRange(startRange, dx, widthRef.current));
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const action = pressed('zoomIn', event)
      ? zoomRange(range, 1 / 1.5)
      : pressed('zoomOut', event)
        ? zoomRange(range, 1.5)
        : pressed('panEarlier', event)
          ? panRange(range, -0.2, 1)
          : pressed('panLater', event)
            ? panRange(range, 0.2, 1)
            : null;
    if (action) {
      event.preventDefault();
      emitRange(action);
    }
  };

  return { onPointerDown, onKeyDown };
}
