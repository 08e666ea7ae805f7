/**
 * `npm run bench:baseline` (issue 21): the timeline's baseline overlay at 1,000,000 items over a
 * one-year window, target p95 ≤ 300 ms. On a copy of `npm run bench:scale`'s seeded folder, a baseline
 * is taken now and some items are moved after it; then the comparison is asked as the overlay asks it:
 * for each page of the timeline's rows (40 projects), the comparison of those projects
 * (`GET /api/baselines/<id>/comparison?from&to&group=<the page's projects>&limit=40`), every page of the
 * first screens in turn, one request at a time. The peer is the plain timeline query of the same window
 * and page (`GET /api/timeline?from&to&limit=40&cursor`), asked in the same run. Beside them, the
 * comparison's own first page (as the Baselines page asks it), and the first comparison after the
 * start, cold. The embedded app, and the MongoDB read store when MONGODB_URL is set.
 */
import { rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seeded } from '@fahrplan/platform/testing';
import { MongoReadStore } from '@fahrplan/projection-service';
import { format, load, printTable, setting } from './figures';
import { existingSeededFolder, runFolder, seededFolderSettings } from './scale/data-folder';
import { ask, demoAdmin, latency } from './scale/load';
import type { Latency, Sample, Session } from './scale/load';
import { mongoDatabaseOf } from './scale/server';
import { startSampled } from './scale/prepared-folder';
import type { Build } from './scale/server';

const repository = resolve(__dirname, '../..');

const config = {
  /** The seeded tenant's items: the folder `<dir>/<items>/` of `npm run bench:scale`, only read. */
  items: setting('BENCH_BASELINE_ITEMS', 1_000_000),
  /** Where the run's copy of the seeded folder goes (removed after the run). */
  runs: process.env.BENCH_BASELINE_RUNS_DIR ?? join(tmpdir(), 'fahrplan-baseline-runs'),
  mongoUrl: process.env.MONGODB_URL,
  /** Items moved after the baseline (3 days later each, SaveItem by SaveItem). */
  moves: setting('BENCH_BASELINE_MOVES', 200),
  /** Timeline pages of rows whose comparisons are asked, in turn. */
  pages: setting('BENCH_BASELINE_PAGES', 5),
  /** Requests per measure: each page asked this many times over. */
  runsPerMeasure: setting('BENCH_BASELINE_RUNS', 100),
  ...seededFolderSettings(1_800_000),
};

const rowsPerPage = 40;
const target = 300;
const DAY_MS = 86_400_000;
const log = (line = '') => process.stdout.write(`${line}\n`);
const machine = () => `load ${load()}, ${cpus().length} cores`;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const moved = (dateTime: string) => `${addDays(dateTime, 3)}${dateTime.slice(10)}`;

const json = async (session: Session, path: string, init: { body?: unknown; after?: number } = {}) => {
  await session.fresh();
  const response = await fetch(`${init.body === undefined ? session.url : session.commandUrl}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: session.headers({
      'content-type': 'application/json',
      ...(init.after === undefined ? {} : { 'x-fahrplan-after': String(init.after) }),
    }),
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
};

/** The baseline taken now, then `moves` items moved three days later each; the last move confirmed read. */
const baselineThenMoves = async (session: Session, itemIds: readonly number[]) => {
  const baseline = await json(session, '/api/commands/CreateBaseline', {
    body: { name: `bench ${new Date().toISOString()}` },
  });
  let position = baseline.position as number;
  const started = performance.now();
  for (const id of itemIds.slice(0, config.moves)) {
    const item = (await json(session, `/api/items/${id}`)) as {
      version: number;
      start: string;
      end: string | null;
    };
    const saved = await json(session, '/api/commands/SaveItem', {
      body: {
        id,
        version: item.version,
        start: moved(item.start),
        ...(item.end === null ? {} : { end: moved(item.end) }),
      },
    });
    position = saved.position as number;
  }
  await json(session, `/api/baselines/${String(baseline.id)}`, { after: position });
  log(
    `  baseline ${String(baseline.id)} taken, ${config.moves} items moved in ${format((performance.now() - started) / 1000, 1)} s`,
  );
  return baseline.id as number;
};

interface TimelinePage {
  readonly groups: readonly { id: number }[];
  readonly nextCursor: string | null;
}

/** The first pages of the timeline's rows for the window: each page's query and its projects. */
const timelinePages = async (session: Session, window: string) => {
  const pages: { timeline: string; projects: readonly number[] }[] = [];
  let cursor: string | null = null;
  do {
    const timeline: string = `/api/timeline?${window}&detail=items&limit=${rowsPerPage}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await json(session, timeline)) as unknown as TimelinePage;
    pages.push({ timeline, projects: page.groups.map((g) => g.id) });
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < config.pages);
  return pages;
};

const sizeOf = (samples: readonly Sample[]) => samples.reduce((sum, s) => sum + s.bytes, 0) / samples.length;

/** The measures of one build on a fresh copy of the seeded folder. */
const measure = async (build: Build, folder: string) => {
  const { next: random } = seeded(config.seed);
  const { sample, started } = await startSampled(config, build, folder, 1, random);
  const { deployment } = started;
  log(
    `  ${build.name}: ready after ${format(started.ready / 1000, 1)} s (a full rebuild of the copy's read models)`,
  );
  try {
    const session = await demoAdmin(deployment, config.password);
    // the middle year of the items' span: a year zoom's window, every project has items in it
    const spanDays = Math.round((Date.parse(sample.span[1]) - Date.parse(sample.span[0])) / DAY_MS);
    const from = addDays(sample.span[0], Math.max(0, Math.floor((spanDays - 365) / 2)));
    const window = `from=${from}&to=${addDays(from, 365)}`;
    const baseline = await baselineThenMoves(session, sample.itemIds);
    const pages = await timelinePages(session, window);
    const comparison = (projects: readonly number[]) =>
      `/api/baselines/${baseline}/comparison?${window}&group=${projects.join(',')}&limit=${rowsPerPage}`;
    const repeated = (paths: readonly string[]) =>
      Array.from({ length: config.runsPerMeasure }, (_, i) => paths[i % paths.length]!);

    const cold = await ask(session, [comparison(pages[0]!.projects)], 1);
    const overlay = await ask(session, repeated(pages.map((p) => comparison(p.projects))), 1);
    const timeline = await ask(session, repeated(pages.map((p) => p.timeline)), 1);
    const ownPages = await ask(
      session,
      repeated([`/api/baselines/${baseline}/comparison?${window}&limit=${rowsPerPage}`]),
      1,
    );
    const died = deployment.died();
    if (died) throw new Error(`${build.name} died:\n${died}`);
    log(
      `  ${build.name}: window ${window}, ${pages.length} pages of rows, ${format(
        pages.reduce((sum, p) => sum + p.projects.length, 0),
      )} projects; mean answers: overlay ${format(sizeOf(overlay) / 1024, 1)} kB, timeline ${format(sizeOf(timeline) / 1024, 1)} kB`,
    );
    return {
      cold: latency(cold),
      overlay: latency(overlay),
      timeline: latency(timeline),
      ownPages: latency(ownPages),
    };
  } finally {
    await deployment.stop();
  }
};

const checked = (figure: Latency, withTarget: boolean) =>
  withTarget && figure.value !== undefined
    ? `${figure.text} ${figure.value <= target ? '✓' : '✗'}`
    : figure.text;

const dropMongoDatabase = async (build: Build, folder: string) => {
  if (!build.mongoUrl) return;
  const store = await MongoReadStore.connect(build.mongoUrl, mongoDatabaseOf(folder));
  await store.database.dropDatabase();
  await store.close();
};

const main = async () => {
  const seededDir = existingSeededFolder(config.dir, config.items);
  const builds: Build[] = [
    { name: 'embedded (SQLite)', root: repository, paged: true },
    ...(config.mongoUrl
      ? [{ name: 'MongoDB', root: repository, paged: true, mongoUrl: config.mongoUrl }]
      : []),
  ];
  log(
    `bench:baseline: ${format(config.items)} items (${seededDir}), ${config.runsPerMeasure} requests per measure, one at a time; ${machine()}`,
  );
  if (!config.mongoUrl)
    log(
      'MongoDB read store: skipped (MONGODB_URL is not set; `bash .ci/servers.sh run npm run bench:baseline` sets it)',
    );
  const columns: Awaited<ReturnType<typeof measure>>[] = [];
  for (const build of builds) {
    const folder = runFolder(
      seededDir,
      join(config.runs, `${config.items}-${build.name.replace(/\W+/g, '-')}`),
    );
    try {
      await dropMongoDatabase(build, folder);
      columns.push(await measure(build, folder));
    } finally {
      await dropMongoDatabase(build, folder);
      rmSync(folder, { recursive: true, force: true });
    }
  }
  log();
  log(`${format(config.items)} items, a one-year window (${machine()})`);
  printTable(
    log,
    [
      ['measure (p50 / p95, mean answer size)', 'target', ...builds.map((b) => b.name)],
      [
        'overlay: the comparison of a page of 40 rows',
        `p95 ≤ ${target} ms`,
        ...columns.map((c) => checked(c.overlay, true)),
      ],
      ['peer: the timeline page of the same rows', '', ...columns.map((c) => c.timeline.text)],
      ['the first comparison after the start (cold, one request)', '', ...columns.map((c) => c.cold.text)],
      ["the comparison's own first page (Baselines page)", '', ...columns.map((c) => c.ownPages.text)],
    ],
    'all',
  );
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
