/**
 * `npm run bench:scenario` (issue 22): scenarios at 10,000 projects / 1,000,000 items, through the
 * embedded app over HTTP. On a copy of `npm run bench:scale`'s seeded folder (never written): creating a
 * scenario now and at a past instant (target ≤ 100 ms); a scenario with 1,000 changes (items moved three
 * days later each); its one-month timeline beside the live one of the same windows in the same run
 * (target p95 ≤ 2× live); its diff against the live plan, first and repeated read (≤ 500 ms); and its
 * publish (≤ 5 s), all or nothing: first refused whole by a live change of one changed item, then, the
 * conflict resolved in the scenario (ResolveScenarioConflict), landed whole and read back item by item.
 *
 * The copy's read models are rebuilt once, in a prepared folder kept for later runs (a full rebuild at a
 * million items takes 3–10 minutes); each run works on a fresh copy of it, started from its checkpoint.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seeded } from '@fahrplan/platform/testing';
import { format, load, printTable, setting } from './figures';
import { existingSeededFolder, seededFolderSettings } from './scale/data-folder';
import { copyOf, preparedFolder, startSampled } from './scale/prepared-folder';
import { ask, demoAdmin, latency, spread } from './scale/load';
import type { Latency, Session } from './scale/load';
import { cpuMs } from './scale/server';

const repository = resolve(__dirname, '../..');

const config = {
  /** The seeded tenant's items: the folder `<dir>/<items>/` of `npm run bench:scale`, only read. */
  items: setting('BENCH_SCENARIO_ITEMS', 1_000_000),
  /** The prepared copy (read models rebuilt, kept) and each run's copy of it (removed after the run). */
  runs: process.env.BENCH_SCENARIO_RUNS_DIR ?? join(tmpdir(), 'fahrplan-scenario-runs'),
  /** Items the scenario moves (one SaveItem each): the scenario's changes. */
  changes: setting('BENCH_SCENARIO_CHANGES', 1_000),
  /** Scenarios created per instant (now, and a past instant). */
  creations: setting('BENCH_SCENARIO_CREATIONS', 20),
  /** Timeline requests per side (live, scenario), each a random month, and how many at once. */
  requests: setting('BENCH_SCENARIO_REQUESTS', 200),
  connections: setting('BENCH_SCENARIO_CONNECTIONS', 10),
  /** Repeated diff reads after the first. */
  diffs: setting('BENCH_SCENARIO_DIFFS', 20),
  ...seededFolderSettings(1_800_000),
  /**
   * Seconds to wait before the timelines (0: none): the server's start-up work (tracker-sync's fold of
   * a tracked tenant's million items) may still run, and its CPU would count on the live side.
   */
  settle: Number(process.env.BENCH_SCENARIO_SETTLE_S ?? 0),
};

const targets = { create: 100, timelineFactor: 2, diff: 500, publish: 5_000 };
const DAY_MS = 86_400_000;
/** Requests made at once while preparing the scenario (not timed). */
const SETUP_CONNECTIONS = 4;
const log = (line = '') => process.stdout.write(`${line}\n`);
/** What `uptime` says: the load other work puts on the machine shows in the figures. */
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const machine = () => `load ${load()}, ${cpus().length} cores`;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const moved = (dateTime: string, days: number) => `${addDays(dateTime, days)}${dateTime.slice(10)}`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly ms: number;
}

/** One request (a command when `body` is given), timed from the send to the body read. */
const call = async (
  session: Session,
  path: string,
  init: { body?: unknown; after?: number; scenario?: number } = {},
): Promise<Answer> => {
  await session.fresh();
  const command = init.body !== undefined;
  const started = performance.now();
  const response = await fetch(`${command ? session.commandUrl : session.url}${path}`, {
    method: command ? 'POST' : 'GET',
    headers: session.headers({
      'content-type': 'application/json',
      ...(init.after === undefined ? {} : { 'x-fahrplan-after': String(init.after) }),
      ...(init.scenario === undefined ? {} : { 'x-fahrplan-scenario': String(init.scenario) }),
    }),
    ...(command ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  return { status: response.status, body, ms };
};

/** `call`, which must answer 200. */
const ok = async (...args: Parameters<typeof call>) => {
  const answer = await call(...args);
  if (answer.status !== 200)
    throw new Error(`${args[1]}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 2000)}`);
  return answer;
};

/** `work` for every value, `connections` at a time, in order of the values. */
const eachAtOnce = async <T, R>(
  values: readonly T[],
  connections: number,
  work: (value: T) => Promise<R>,
) => {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < values.length) {
        const index = next++;
        results[index] = await work(values[index]!);
      }
    }),
  );
  return results;
};

interface Item {
  readonly id: number;
  readonly version: number;
  readonly start: string;
  readonly end: string | null;
}

/** The scenario's changes: each item moved `days` later in the scenario; the last position. */
const moveInScenario = async (session: Session, scenario: number, items: readonly Item[], days: number) => {
  const saved = await eachAtOnce(items, SETUP_CONNECTIONS, (item) =>
    ok(session, '/api/commands/SaveItem', {
      scenario,
      body: {
        id: item.id,
        version: item.version,
        start: moved(item.start, days),
        ...(item.end === null ? {} : { end: moved(item.end, days) }),
      },
    }),
  );
  return Math.max(...saved.map((answer) => answer.body.position as number));
};

const measure = async (folder: string) => {
  const { next: random, pick } = seeded(config.seed);
  const { sample, started } = await startSampled(
    config,
    { name: 'embedded (SQLite)', root: repository, paged: true },
    folder,
    5,
    random,
  );
  const { deployment } = started;
  log(`  ready after ${format(started.ready / 1000, 1)} s (from the prepared checkpoint); ${machine()}`);
  try {
    const session = await demoAdmin(deployment, config.password);

    // creating: now, and at past instants of the log
    const create = async (from?: string) =>
      ok(session, '/api/commands/CreateScenario', {
        body: {
          name: `bench ${from ?? 'now'} ${random().toString(36).slice(2, 8)}`,
          ...(from ? { from } : {}),
        },
      });
    const createdNow = await eachAtOnce(Array.from({ length: config.creations }), 1, () => create());
    const instants = Array.from({ length: config.creations }, () => pick(sample.instants));
    const createdPast = await eachAtOnce(instants, 1, (from) => create(from));
    const scenario = createdPast[0]!.body.id as number;

    // 1,000 changes: items moved three days later each
    const items = (
      await eachAtOnce(sample.itemIds.slice(0, config.changes), SETUP_CONNECTIONS, (id) =>
        ok(session, `/api/items/${id}`),
      )
    ).map((answer) => answer.body as unknown as Item);
    const changing = performance.now();
    const position = await moveInScenario(session, scenario, items, 3);
    log(
      `  scenario ${scenario} (branched at ${instants[0]!}): ${format(items.length)} items moved in ${format((performance.now() - changing) / 1000, 1)} s, ${SETUP_CONNECTIONS} at once`,
    );
    await ok(session, `/api/scenarios/${scenario}`, { after: position });

    // the one-month timeline: the same random windows live and in the scenario
    const spanDays = Math.round((Date.parse(sample.span[1]) - Date.parse(sample.span[0])) / DAY_MS);
    const windows = Array.from({ length: config.requests }, () => {
      const from = addDays(sample.span[0], Math.floor(random() * (spanDays - 30)));
      return `/api/timeline?from=${from}&to=${addDays(from, 30)}&limit=40`;
    });
    await new Promise((settled) => setTimeout(settled, config.settle * 1000));
    const firstInScenario = await ask(session, [`${windows[0]!}&scenario=${scenario}`], 1);
    // the server's CPU time per request beside each side's latency: what the machine's load does not inflate
    const timedSide = async (paths: readonly string[]) => {
      const cpu = cpuMs(deployment);
      const samples = await ask(session, paths, config.connections);
      return { latency: latency(samples), cpu: (cpuMs(deployment) - cpu) / paths.length };
    };
    const live = await timedSide(windows);
    const inScenario = await timedSide(windows.map((path) => `${path}&scenario=${scenario}`));

    // the diff: the first read at this read-model position, then repeated; one page of every record
    const diffPath = `/api/scenarios/${scenario}/diff?limit=1000`;
    const firstDiff = await ok(session, diffPath);
    const records = (firstDiff.body.records as unknown[]).length;
    const repeatedDiffs = await eachAtOnce(Array.from({ length: config.diffs }), 1, () =>
      ok(session, diffPath),
    );

    // publish, all or nothing: a live change of one moved item refuses it whole
    const [first, ...rest] = items;
    const liveNow = (await ok(session, `/api/items/${first!.id}`)).body as unknown as Item;
    const shifted = (item: Item, days: number) => ({
      start: moved(item.start, days),
      ...(item.end === null ? {} : { end: moved(item.end, days) }),
    });
    const liveChange = await ok(session, '/api/commands/SaveItem', {
      body: { id: first!.id, version: liveNow.version, ...shifted(liveNow, 1) },
    });
    const version = (await ok(session, `/api/scenarios/${scenario}`)).body.version as number;
    const refused = await call(session, '/api/commands/PublishScenario', { body: { id: scenario, version } });
    const untouched = (
      await ok(session, `/api/items/${rest[0]!.id}`, {
        after: liveChange.body.position as number,
      })
    ).body as unknown as Item;
    const refusedWhole =
      refused.status === 409 && untouched.version === rest[0]!.version && untouched.start === rest[0]!.start;
    // resolved in the scenario by keeping its dates (docs/design/scenario-conflict-resolution.md)
    for (const field of liveNow.end === null ? ['start'] : ['start', 'end'])
      await ok(session, '/api/commands/ResolveScenarioConflict', {
        body: { scenario, kind: 'item', id: first!.id, field, keep: 'scenario' },
      });
    const published = await call(session, '/api/commands/PublishScenario', {
      body: { id: scenario, version },
    });
    if (published.status !== 200)
      throw new Error(
        `PublishScenario: ${published.status} ${JSON.stringify(published.body).slice(0, 2000)}`,
      );
    const after = published.body.position as number;
    const landed = await eachAtOnce(rest, SETUP_CONNECTIONS, async (item) => {
      const now = (await ok(session, `/api/items/${item.id}`, { after })).body as unknown as Item;
      return now.start === moved(item.start, 3) && now.version === item.version + 1;
    });
    const landedWhole = landed.every(Boolean);

    const died = deployment.died();
    if (died) throw new Error(`the server died:\n${died}`);
    return {
      createdNow: spread(createdNow.map((a) => a.ms)),
      createdPast: spread(createdPast.map((a) => a.ms)),
      firstInScenario: latency(firstInScenario),
      live,
      inScenario,
      firstDiff: firstDiff.ms,
      repeatedDiffs: spread(repeatedDiffs.map((a) => a.ms)),
      records,
      refused: {
        ms: refused.status === 409 ? refused.ms : undefined,
        whole: refusedWhole,
        status: refused.status,
      },
      published: { ms: published.ms, whole: landedWhole, landed: landed.filter(Boolean).length },
    };
  } finally {
    await deployment.stop();
  }
};

const within = (figure: Latency, max: number) =>
  figure.value === undefined ? figure.text : `${figure.text} ${mark(figure.value <= max)}`;

const main = async () => {
  const seededDir = existingSeededFolder(config.dir, config.items);
  log(
    `bench:scenario: ${format(config.items)} items (${seededDir}), ${format(config.changes)} changes, ${machine()}`,
  );
  log(uptime());
  const runs = { ...config, root: repository, log };
  const prepared = await preparedFolder(runs, seededDir);
  const folder = copyOf(runs, prepared);
  let figures: Awaited<ReturnType<typeof measure>>;
  try {
    figures = await measure(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const f = figures;
  const factor =
    f.live.latency.value && f.inScenario.latency.value
      ? f.inScenario.latency.value / f.live.latency.value
      : undefined;
  const cpuText = (side: typeof f.live) => `CPU ${format(side.cpu, 1)} ms per request`;
  log();
  log(`${format(config.items)} items, a scenario of ${format(config.changes)} changes (${machine()})`);
  printTable(
    log,
    [
      ['measure (p50 / p95)', 'target', 'embedded (SQLite)'],
      [
        `create a scenario now (${config.creations}, one at a time)`,
        `≤ ${targets.create} ms`,
        within(f.createdNow, targets.create),
      ],
      [
        `create a scenario at a past instant (${config.creations})`,
        `≤ ${targets.create} ms`,
        within(f.createdPast, targets.create),
      ],
      ['one-month timeline, live', '—', `${f.live.latency.text}; ${cpuText(f.live)}`],
      [
        'one-month timeline, in the scenario',
        `p95 ≤ ${targets.timelineFactor}× live`,
        `${f.inScenario.latency.text}${
          factor === undefined ? '' : `, ${format(factor, 2)}× ${mark(factor <= targets.timelineFactor)}`
        }; ${cpuText(f.inScenario)} (${format(f.inScenario.cpu / f.live.cpu, 2)}×)`,
      ],
      ['the first timeline in the scenario (cold fold)', '—', f.firstInScenario.text],
      [
        `diff, first read (${format(f.records)} records)`,
        `≤ ${targets.diff} ms`,
        `${format(f.firstDiff, 1)} ms ${mark(f.firstDiff <= targets.diff)}`,
      ],
      [`diff, repeated (${config.diffs})`, `≤ ${targets.diff} ms`, within(f.repeatedDiffs, targets.diff)],
      [
        'publish refused by one live conflict',
        'nothing stored',
        f.refused.ms === undefined
          ? `answered ${f.refused.status} ✗`
          : `${format(f.refused.ms, 1)} ms, ${f.refused.whole ? 'nothing stored ✓' : 'a change landed ✗'}`,
      ],
      [
        `publish ${format(config.changes)} changes`,
        `≤ ${format(targets.publish / 1000)} s, all`,
        `${format(f.published.ms / 1000, 2)} s ${mark(f.published.ms <= targets.publish)}, ${format(f.published.landed)} of ${format(config.changes - 1)} read back ${mark(f.published.whole)}`,
      ],
    ],
    'all',
  );
  log(uptime());
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
