/**
 * Issue 5 "Scale": timeline components in headless Chromium, on the same synthetic data (1,000
 * projects × 3 lanes; 2,000 and 10,000 items, all in the initial window) in the same 1400×900
 * viewport: first paint, then pan (mouse drag) and zoom (ctrl+wheel) frame times, plain vis-timeline
 * beside the others in one run. The candidate pages live in bench/timeline/ (one HTML entry each,
 * built by `vite build -c bench/timeline/vite.config.mjs` into bench/dist-timeline/); a new candidate
 * is a new page there. Scale with the BENCH_TIMELINE_* variables below.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { format, load, setting } from './figures';
import type { BenchApi } from './timeline-page';

const pagesDir = join(__dirname, '..', 'dist-timeline');

const config = {
  groups: setting('BENCH_TIMELINE_GROUPS', 1000),
  /** The item counts, comma-separated (BENCH_TIMELINE_ITEMS=2000,10000). */
  sizes: (process.env.BENCH_TIMELINE_ITEMS ?? '2000,10000').split(',').map(Number).filter(Boolean),
  /** Fresh pages per candidate and size; the median of each figure is reported. */
  repeats: setting('BENCH_TIMELINE_REPEATS', 3),
  /** How long each gesture (pan, zoom) is driven. */
  gestureMs: setting('BENCH_TIMELINE_GESTURE_MS', 2000),
  /** A candidate whose first paint takes longer than this is measured once, not `repeats` times. */
  slowMs: setting('BENCH_TIMELINE_SLOW_MS', 10_000),
  /** Give up on a page whose first items take longer than this. */
  timeoutMs: setting('BENCH_TIMELINE_TIMEOUT_MS', 60_000),
  seed: setting('BENCH_TIMELINE_SEED', 4711),
  /** Dependencies between the items (issue 21): the fahrplan page draws their arrows in view. */
  deps: setting('BENCH_TIMELINE_DEPS', 0),
  /** A folder for screenshots of the first repeat (after first paint, after pan and zoom); none if unset. */
  screenshots: process.env.BENCH_TIMELINE_SCREENSHOTS,
  /** The candidates (page names), comma-separated; default every page in bench/dist-timeline. */
  candidates: process.env.BENCH_TIMELINE_CANDIDATES?.split(',').filter(Boolean),
  viewport: { width: 1400, height: 900 },
};

/** One vsync at 60 Hz: the frame budget the targets are stated in. */
const FRAME_MS = 1000 / 60;
const targets = { firstPaintAt2000: 1000, firstPaintAt10000: 2000, frameMs: 16 };
/** The first-paint target for `items` (the issue states it at 2,000 and 10,000). */
const firstPaintTarget = (items: number) =>
  items <= 2000 ? targets.firstPaintAt2000 : items <= 10_000 ? targets.firstPaintAt10000 : undefined;

// ---- Serving the built pages. ----

const contentTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

const serve = async () => {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(pagesDir, path);
    if (!file.startsWith(pagesDir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

// ---- Measuring one page. ----

interface FrameFigures {
  /** Median and 95th percentile of the rAF deltas (ms). */
  readonly median: number;
  readonly p95: number;
  /** Vsyncs missed: each delta of k frame budgets counts k − 1. */
  readonly dropped: number;
  readonly frames: number;
  /** Main-thread time (CDP TaskDuration) per frame, ms: the headroom the rAF delta cannot show. */
  readonly busyPerFrame: number;
  /** From the last input sent to the frame that shows it (ms): how far the page lags behind. */
  readonly catchUp: number;
  /** Whether a few more inputs of the gesture moved the items (checked after the measurement). */
  readonly moved: boolean;
}

interface Run {
  readonly firstPaint: number | null;
  readonly itemsInDom: number;
  readonly pan: FrameFigures | null;
  readonly zoom: FrameFigures | null;
  readonly error: string | null;
}

const percentile = (values: readonly number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const median = (values: readonly number[]) => percentile(values, 50);

/**
 * Sends `step` every frame budget until `ms` have passed, like a real mouse: without waiting for the
 * page to take each input (Chromium coalesces what queues up), so a slow page shows long frames
 * instead of slowing the input down. Returns the acknowledgements of every step.
 */
const paced = async (ms: number, step: (index: number) => Promise<void>) => {
  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (let index = 0; performance.now() - start < ms;) {
    sent.push(step(index++));
    const wait = start + index * FRAME_MS - performance.now();
    if (wait > 0) await sleep(wait);
  }
  return sent;
};

/** Seconds the renderer's main thread has run tasks so far. */
const taskSeconds = async (cdp: CDPSession) => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
};

/** Resolves in the frame after the next one: everything sent before is drawn by then. */
const drawn = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/** Records the frames of `gesture` (which returns its unacknowledged input) until the page caught up. */
const frames = async (page: Page, gesture: () => Promise<Promise<void>[]>): Promise<FrameFigures> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const busyBefore = await taskSeconds(cdp);
  await page.evaluate(() => window.__bench.startFrames());
  const sent = await gesture();
  const lastSent = performance.now();
  await Promise.all(sent);
  await drawn(page);
  const catchUp = performance.now() - lastSent;
  const deltas = await page.evaluate(() => window.__bench.stopFrames());
  const busy = (await taskSeconds(cdp)) - busyBefore;
  await cdp.detach();
  return {
    median: median(deltas),
    p95: percentile(deltas, 95),
    dropped: deltas.reduce((sum, delta) => sum + Math.max(0, Math.round(delta / FRAME_MS) - 1), 0),
    frames: deltas.length,
    busyPerFrame: deltas.length > 0 ? (busy * 1000) / deltas.length : NaN,
    catchUp,
    moved: false,
  };
};

/**
 * Whether `steps` (a few more inputs of the gesture, after it was measured) move the items: else the
 * gesture did nothing on this page and its figures say nothing.
 */
const moves = async (page: Page, steps: () => Promise<void>) => {
  const before = await page.evaluate(() => window.__bench.signature());
  await steps();
  await drawn(page);
  return (await page.evaluate(() => window.__bench.signature())) !== before;
};

/** Drag across the background, 8 px per frame: 40 frames right, 40 left, and again. */
const pan = async (page: Page, from: { x: number; y: number }): Promise<FrameFigures> => {
  const figures = await frames(page, async () => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    let x = from.x;
    const sent = await paced(config.gestureMs, (index) => {
      x += Math.floor(index / 40) % 2 === 0 ? 8 : -8;
      return page.mouse.move(x, from.y);
    });
    return [...sent, page.mouse.up()];
  });
  const moved = await moves(page, async () => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (const dx of [10, 20, 30]) await page.mouse.move(from.x + dx, from.y);
    await page.mouse.up();
  });
  return { ...figures, moved };
};

/**
 * ctrl+wheel at the point, one notch per frame: 20 in, 20 out, and again, so every library stays
 * around the initial window (its zoom step per notch differs) with most items in view.
 */
const zoom = async (page: Page, at: { x: number; y: number }): Promise<FrameFigures> => {
  const figures = await frames(page, async () => {
    await page.mouse.move(at.x, at.y);
    await page.keyboard.down('Control');
    const sent = await paced(config.gestureMs, (index) => page.mouse.wheel(0, index % 40 < 20 ? -100 : 100));
    return [...sent, page.keyboard.up('Control')];
  });
  const moved = await moves(page, async () => {
    await page.mouse.move(at.x, at.y);
    await page.keyboard.down('Control');
    for (let notch = 0; notch < 3; notch++) await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
  });
  return { ...figures, moved };
};

// Browser globals inside page.evaluate (this package compiles without the DOM library).
declare const requestAnimationFrame: (callback: () => void) => number;
/** window.__bench of the candidate page, inside page.evaluate. */
declare const window: { __bench: BenchApi };

/** Measures one fresh page; `shot` names its screenshots (in config.screenshots), if any. */
const measure = async (browser: Browser, url: string, shot?: string): Promise<Run> => {
  const screenshot = async (page: Page, when: string) => {
    if (config.screenshots && shot)
      await page.screenshot({ path: join(config.screenshots, `${shot}-${when}.png`) });
  };
  const context = await browser.newContext({ viewport: config.viewport });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  try {
    // not 'load': that waits for the module script, i.e. for a synchronous first render
    await page.goto(url, { waitUntil: 'commit' });
    try {
      await page.waitForFunction(
        () => window.__bench?.firstPaint != null || window.__bench?.error != null,
        null,
        {
          timeout: config.timeoutMs,
          polling: 100,
        },
      );
    } catch {
      return { firstPaint: null, itemsInDom: 0, pan: null, zoom: null, error: failures[0] ?? 'timeout' };
    }
    const { firstPaint, error, itemsInDom } = await page.evaluate(() => ({
      firstPaint: window.__bench.firstPaint,
      error: window.__bench.error,
      itemsInDom: window.__bench.itemsInDom(),
    }));
    if (firstPaint === null)
      return { firstPaint, itemsInDom, pan: null, zoom: null, error: error ?? failures[0] ?? null };
    await screenshot(page, 'first-paint');
    const point = await page.evaluate(() => window.__bench.panPoint());
    if (!point)
      return { firstPaint, itemsInDom, pan: null, zoom: null, error: 'no empty background to drag' };
    const panned = await pan(page, point);
    const zoomed = await zoom(page, point);
    await screenshot(page, 'after-gestures');
    return { firstPaint, itemsInDom, pan: panned, zoom: zoomed, error: failures[0] ?? null };
  } finally {
    await context.close();
  }
};

// ---- The run. ----

const ms = (value: number | null | undefined, digits = 0) =>
  value == null || Number.isNaN(value) ? '–' : format(value, digits);

const medianOf = (runs: readonly Run[], pick: (run: Run) => number | null | undefined) => {
  const values = runs.map(pick).filter((value): value is number => value != null && !Number.isNaN(value));
  return values.length === 0 ? null : median(values);
};

const main = async () => {
  if (!existsSync(pagesDir))
    throw new Error(
      `no built pages in ${pagesDir}: run \`npx vite build -c bench/timeline/vite.config.mjs\``,
    );
  const available = readdirSync(pagesDir)
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.slice(0, -'.html'.length));
  const order = ['vis-plain', 'vis-windowed', 'vis-cluster', 'rct', 'dnd', 'fahrplan'];
  const candidates = (config.candidates ?? available).sort(
    (a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99),
  );
  const missing = candidates.filter((candidate) => !available.includes(candidate));
  if (missing.length > 0) throw new Error(`no page for candidate(s) ${missing.join(', ')} in ${pagesDir}`);

  if (config.screenshots) mkdirSync(config.screenshots, { recursive: true });
  const { server, url } = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const started = performance.now();
  try {
    const cpu = cpus()[0];
    process.stdout.write(
      `Timeline components in headless Chromium ${browser.version()} (--disable-gpu), viewport ` +
        `${config.viewport.width}×${config.viewport.height}\n` +
        `Machine: ${cpus().length} × ${cpu?.model ?? 'unknown CPU'}, ${format(totalmem() / 2 ** 30, 1)} GiB, ` +
        `Node ${process.version}, load ${load()}\n` +
        `Data: ${format(config.groups)} projects × 3 lanes, items ${config.sizes.map((n) => format(n)).join(' / ')}` +
        ` (~15% milestones, ranges 1–60 days, over 2 years, all in the initial window), ` +
        `${format(config.deps)} dependencies (arrows: fahrplan only), seed ${config.seed}\n` +
        `Per candidate and size: ${config.repeats} fresh pages, medians; pan = mouse drag, zoom = ctrl+wheel, ` +
        `${format(config.gestureMs)} ms each, input paced at 60 Hz\n` +
        `Targets: first paint ≤ ${format(targets.firstPaintAt2000)} ms at 2,000 items and ≤ ` +
        `${format(targets.firstPaintAt10000)} ms at 10,000; median pan/zoom frame ≤ ${targets.frameMs} ms ` +
        `(one 60 Hz vsync is ${format(FRAME_MS, 1)} ms, so a smooth run shows 16.7)\n\n`,
    );
    const columns = [
      ['candidate', 13],
      ['items', 6],
      ['paint ms', 9],
      ['in DOM', 7],
      ['│ pan med', 9],
      ['p95', 5],
      ['drop', 5],
      ['busy', 6],
      ['lag', 6],
      ['│ zoom med', 10],
      ['p95', 5],
      ['drop', 5],
      ['busy', 6],
      ['lag', 6],
    ] as const;
    const line = (cells: readonly string[]) =>
      cells.map((cell, index) =>
        index === 0 ? cell.padEnd(columns[0][1]) : cell.padStart(columns[index]?.[1] ?? 0),
      );
    const header = line(columns.map(([name]) => name)).join(' ') + ' │ notes';
    process.stdout.write(`${header}\n${'─'.repeat(header.length)}\n`);
    for (const items of config.sizes) {
      for (const candidate of candidates) {
        const runs: Run[] = [];
        for (let repeat = 0; repeat < config.repeats; repeat++) {
          const run = await measure(
            browser,
            `${url}/${candidate}.html?groups=${config.groups}&items=${items}&seed=${config.seed}&deps=${config.deps}`,
            repeat === 0 ? `${candidate}-${items}` : undefined,
          );
          runs.push(run);
          // far off the target already: more runs would only make the bench slow
          if (run.firstPaint === null || run.firstPaint > config.slowMs) break;
        }
        const firstPaint = medianOf(runs, (run) => run.firstPaint);
        const gesture = (pick: (run: Run) => FrameFigures | null) => ({
          median: medianOf(runs, (run) => pick(run)?.median),
          cells: [
            ms(
              medianOf(runs, (run) => pick(run)?.median),
              1,
            ),
            ms(medianOf(runs, (run) => pick(run)?.p95)),
            ms(medianOf(runs, (run) => pick(run)?.dropped)),
            ms(
              medianOf(runs, (run) => pick(run)?.busyPerFrame),
              1,
            ),
            ms(medianOf(runs, (run) => pick(run)?.catchUp)),
          ],
        });
        const panned = gesture((run) => run.pan);
        const zoomed = gesture((run) => run.zoom);
        const target = firstPaintTarget(items);
        const misses = [
          firstPaint === null || (target !== undefined && firstPaint > target) ? 'paint' : '',
          // a smooth run is one vsync per frame: 16.7 ms at 60 Hz (the target's "16 ms")
          panned.median === null || panned.median > FRAME_MS + 0.5 ? 'pan' : '',
          zoomed.median === null || zoomed.median > FRAME_MS + 0.5 ? 'zoom' : '',
        ].filter(Boolean);
        const errors = [...new Set(runs.map((run) => run.error).filter(Boolean))];
        const inert = (['pan', 'zoom'] as const).filter((name) =>
          runs.some((run) => run[name]?.moved === false),
        );
        const notes = [
          misses.length > 0 ? `misses ${misses.join('+')}` : 'meets targets',
          ...(runs.length < config.repeats
            ? [`${runs.length} run(s) only: slower than ${format(config.slowMs)} ms`]
            : []),
          ...inert.map((name) => `${name} moved nothing`),
          ...errors.map((error) => `error: ${(String(error).split('\n')[0] ?? '').slice(0, 120)}`),
        ].join('; ');
        const cells = [
          candidate,
          format(items),
          ms(firstPaint),
          ms(medianOf(runs, (run) => run.itemsInDom)),
          ...panned.cells,
          ...zoomed.cells,
        ];
        process.stdout.write(`${line(cells).join(' ')} │ ${notes}\n`);
      }
    }
    process.stdout.write(
      `\nfirst paint: navigation start → the frame after the first one with an item element in view ` +
        `(performance.mark 'timeline-first-paint'); in DOM = item elements then; med/p95 = requestAnimationFrame ` +
        `deltas (ms) from the first input until the page caught up; drop = missed vsyncs; busy = main-thread ` +
        `task time (CDP TaskDuration) per frame, ms; lag = last input sent → the frame after it was handled, ms.\n` +
        `Total ${format((performance.now() - started) / 1000, 0)} s.\n`,
    );
  } finally {
    await browser.close();
    server.close();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
