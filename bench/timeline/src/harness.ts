/**
 * What every candidate page shares: it reads the data size from the query string, generates the data,
 * mounts the candidate and exposes `window.__bench` to bench/src/timeline.bench.ts (first paint, frame
 * deltas, rendered item count, a point on the empty timeline background for pan and zoom).
 */
import { syntheticTimeline } from './data';
import type { BenchData } from './data';
import type { BenchApi } from '../../src/timeline-page';

export type { BenchData } from './data';

export interface Candidate {
  /** CSS selector of one item element (a bar or a milestone) of this library. */
  readonly itemSelector: string;
  /** CSS selector of the element that pans on drag and zooms on ctrl+wheel. */
  readonly panAreaSelector: string;
  /** Draws `data` into `root`, which is the whole viewport; may render asynchronously. */
  mount(root: HTMLElement, data: BenchData): void;
}

declare global {
  interface Window {
    __bench: BenchApi;
  }
}

const inViewport = (element: Element) => {
  const rect = element.getBoundingClientRect();
  return (
    rect.width > 0 &&
    rect.height > 0 &&
    rect.right > 0 &&
    rect.bottom > 0 &&
    rect.left < innerWidth &&
    rect.top < innerHeight
  );
};

export const runCandidate = (candidate: Candidate) => {
  const params = new URLSearchParams(location.search);
  const number = (name: string, fallback: number) => Number(params.get(name) ?? fallback);
  const data = syntheticTimeline(
    number('groups', 1000),
    number('items', 2000),
    number('seed', 4711),
    number('deps', 0),
  );

  let frames: number[] | null = null;
  const api: BenchApi = {
    firstPaint: null,
    dataReady: performance.now(),
    error: null,
    itemsInDom: () => document.querySelectorAll(candidate.itemSelector).length,
    signature() {
      // the first items in DOM order, in view or not: a zoom can leave none of them in view
      const items = Array.from(document.querySelectorAll(candidate.itemSelector)).slice(0, 50);
      return items
        .map((element) => {
          const rect = element.getBoundingClientRect();
          return `${Math.round(rect.left)}+${Math.round(rect.width)}`;
        })
        .join(',');
    },
    panPoint() {
      const area = document.querySelector(candidate.panAreaSelector);
      if (!area) return null;
      const rect = area.getBoundingClientRect();
      const top = Math.max(rect.top, 0);
      const bottom = Math.min(rect.bottom, innerHeight);
      // scan from the middle outwards for background: a drag on an item would move the item
      for (let dy = 0; dy < (bottom - top) / 2; dy += 7) {
        for (const y of [(top + bottom) / 2 + dy, (top + bottom) / 2 - dy]) {
          for (let x = rect.left + rect.width / 2; x < Math.min(rect.right, innerWidth) - 20; x += 13) {
            const hit = document.elementFromPoint(x, y);
            if (hit && area.contains(hit) && !hit.closest(candidate.itemSelector)) return { x, y };
          }
        }
      }
      return null;
    },
    startFrames() {
      const recorded: number[] = [];
      frames = recorded;
      let last: number | null = null;
      const tick = (now: number) => {
        if (frames !== recorded) return;
        if (last !== null) recorded.push(now - last);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    stopFrames() {
      const recorded = frames ?? [];
      frames = null;
      return recorded;
    },
  };
  window.__bench = api;
  addEventListener('error', (event) => {
    api.error ??= String(event.message);
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  try {
    candidate.mount(root, data);
  } catch (error) {
    api.error = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
    return;
  }
  // Poll each frame until an item is in view; the mark goes in the next frame, i.e. after that paint.
  const watch = () => {
    const items = document.querySelectorAll(candidate.itemSelector);
    let visible = false;
    for (const item of Array.from(items).slice(0, 5000)) if ((visible = inViewport(item))) break;
    if (!visible) {
      requestAnimationFrame(watch);
      return;
    }
    requestAnimationFrame(() => {
      performance.mark('timeline-first-paint');
      api.firstPaint = performance.now();
    });
  };
  requestAnimationFrame(watch);
};
