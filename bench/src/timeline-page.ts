/**
 * What each timeline candidate page (bench/timeline/src/harness.ts) exposes as `window.__bench` to
 * bench/src/timeline.bench.ts. Here, free of the DOM library, so that both compile against it.
 */
export interface BenchApi {
  /** ms since navigation start when the first frame with an item in view was painted; null before. */
  firstPaint: number | null;
  /** ms since navigation start when the data was generated (before the candidate mounted). */
  dataReady: number;
  error: string | null;
  itemsInDom(): number;
  /** Where the first items are drawn: changes when the view pans or zooms. */
  signature(): string;
  /** A point of the pan area not over an item, or null. */
  panPoint(): { x: number; y: number } | null;
  startFrames(): void;
  /** The rAF deltas (ms) since startFrames. */
  stopFrames(): number[];
}
