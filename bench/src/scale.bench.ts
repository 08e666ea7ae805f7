/**
 * `npm run bench:scale` (issue 17): tenants of 100,000 and 1,000,000 items (100 per project), seeded
 * with `npm run seed`, started as `npm start` starts them and measured over HTTP: start until
 * /api/health answers and until the read models are ready (a full rebuild, then a restart from the
 * checkpoint, and `npm run replay`), RSS, the latencies of the queries a planner's screens ask with 10
 * connections at once, and a command's read-your-writes confirmation while queries run.
 *
 * Peers in the same run, on copies of the same log: this build's embedded app and, when
 * BENCH_SCALE_BASELINE names a built checkout of an earlier commit, that build (the design before
 * issue 17: read models in memory, rebuilt at every start, lists unpaged).
 */
import { rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seeded } from '@fahrplan/platform/testing';
import { MongoReadStore } from '@fahrplan/projection-service';
import { format, load, printTable, setting, settingList } from './figures';
import { runFolder, sampleLog, seededFolder, seededFolderSettings } from './scale/data-folder';
import type { LogSample } from './scale/data-folder';
import { ask, askUntil, clientCollects, demoAdmin, latency, readYourWrites, spread } from './scale/load';
import { checked, measures, queryKinds } from './scale/queries';
import type { Figure, Measure } from './scale/queries';
import { mongoDatabaseOf, replay, rssMb, startServer } from './scale/server';
import type { Build, Deployment } from './scale/server';

const repository = resolve(__dirname, '../..');

const config = {
  /** Items of each seeded tenant, 100 per project. */
  sizes: settingList('BENCH_SCALE_ITEMS', [100_000, 1_000_000]),
  /** Where each run's copy of a seeded folder goes (removed after the run). */
  runs: process.env.BENCH_SCALE_RUNS_DIR ?? join(tmpdir(), 'fahrplan-scale-runs'),
  /** A built checkout to compare with (`git worktree add <dir> <rev>`, `npm install`, `npm run build`). */
  baseline: process.env.BENCH_SCALE_BASELINE,
  /** The distributed shape on this MongoDB read store, beside the embedded app (`.ci/servers.sh` starts one). */
  mongoUrl: process.env.MONGODB_URL,
  /** Which of the builds run (those configured): this, mongodb, baseline. */
  builds: (process.env.BENCH_SCALE_BUILDS ?? 'this,mongodb,baseline').split(','),
  /**
   * The MongoDB build in two steps, so that its long catch-up runs apart from the timed queries:
   * `catch-up` times the first start (the full catch-up) and keeps the database; `measure` starts on
   * that database (a restart from its checkpoint), asks the queries and drops it. Both by default.
   */
  mongoStep: mongoStepOf(process.env.BENCH_SCALE_MONGO_STEP),
  connections: setting('BENCH_SCALE_CONNECTIONS', 10),
  /** Requests per query kind. */
  requests: setting('BENCH_SCALE_REQUESTS', 200),
  /**
   * Requests of each kind asked before its timed ones and not counted (other windows and words, the
   * same kind): the figures are of a server in use, not of the first requests after its start. Their
   * own p50 / p95 are printed beside, so that the cold figures stay in view. 0 asks none. 1,000: V8
   * still compiles the server's functions through the first few hundred of each kind after a restart
   * (bench/README.md, "A server in use").
   */
  warmUp: setting('BENCH_SCALE_WARM_UP', 1_000, { none: true }),
  /** Cold as-of requests, each at an instant of its own. */
  instants: setting('BENCH_SCALE_INSTANTS', 20),
  /** Commands whose read-your-writes confirmation is timed while queries run. */
  commands: setting('BENCH_SCALE_COMMANDS', 50),
  /** Seeded folders (`<items>/`, with a `seeded` marker), only read; made once when missing. */
  ...seededFolderSettings(1_800_000),
};

function mongoStepOf(step: string | undefined): 'both' | 'catch-up' | 'measure' {
  if (step === undefined || step === 'both' || step === 'catch-up' || step === 'measure')
    return step ?? 'both';
  throw new Error(`BENCH_SCALE_MONGO_STEP must be catch-up, measure or both, not '${step}'`);
}

const log = (line = '') => process.stdout.write(`${line}\n`);
const machine = () => `load ${load()}, ${cpus().length} cores`;
const seconds = (ms: number): Figure => ({ text: format(ms / 1000, 2), value: ms / 1000 });
const megabytes = (deployment: Deployment): Figure => {
  const mb = rssMb(deployment);
  return { text: format(mb), value: mb };
};

type Figures = Partial<Record<Measure, Figure>>;

/** Why a start failed, in one line: the last line the server printed that is not a stack frame. */
const reason = (error: unknown) =>
  String(error instanceof Error ? error.message : error)
    .split('\n')
    .filter((line) => line.trim() && !/^\s+at /.test(line))
    .at(-1)
    ?.trim()
    .slice(0, 160) ?? 'unknown';

/** `npm run replay` on the stopped build's folder, timed into `figures`. */
const replayed = (build: Build, folder: string, figures: Figures, note: (line: string) => void) => {
  const run = replay(build, folder);
  if (!run) return;
  figures['full rebuild by npm run replay (s)'] = { text: format(run.seconds, 2), value: run.seconds };
  note(run.report);
};

const env = () => ({ FAHRPLAN_DEMO_PASSWORD: config.password });

/**
 * A start on an empty read store (a full rebuild), timed; when it fails (an older main gives up when
 * catch-up takes longer than 120 s), `npm run replay` runs first, so that the restart has a checkpoint.
 */
const firstStart = async (
  build: Build,
  folder: string,
  head: number,
  figures: Figures,
  note: (line: string) => void,
) => {
  try {
    const first = await startServer(build, folder, env(), head, config.startTimeoutMs);
    figures['start until /api/health 200, no read.db (s)'] = seconds(first.health);
    figures['until ready, full rebuild at start (s)'] = seconds(first.ready);
    figures['RSS after the first start (MB)'] = megabytes(first.deployment);
    note(
      `answered after ${format(first.health / 1000, 2)} s, ready after ${format(first.ready / 1000, 2)} s`,
    );
    await first.deployment.stop();
  } catch (error) {
    figures['start until /api/health 200, no read.db (s)'] = { text: `failed: ${reason(error)}` };
    note(`the first start failed: ${reason(error)}`);
    replayed(build, folder, figures, note);
  }
};

/**
 * The first start (unless a catch-up step left the read models caught up), then a restart from the
 * checkpoint; `npm run replay` follows the measurements.
 */
const starts = async (
  build: Build,
  folder: string,
  head: number,
  figures: Figures,
  note: (line: string) => void,
  caughtUp: boolean,
) => {
  if (caughtUp) {
    figures['start until /api/health 200, no read.db (s)'] = { text: 'in the catch-up step' };
    note('starts on the read models its catch-up step left');
  } else await firstStart(build, folder, head, figures, note);
  const { deployment, ...again } = await startServer(build, folder, env(), head, config.startTimeoutMs);
  figures['restart until /api/health 200 (s)'] = seconds(again.health);
  figures['restart until ready, from the checkpoint (s)'] = seconds(again.ready);
  figures['RSS after the restart (MB)'] = megabytes(deployment);
  note(
    `restarted: answered after ${format(again.health / 1000, 2)} s, ready after ${format(again.ready / 1000, 2)} s`,
  );
  return deployment;
};

/** Everything issue 17 asks of one build at one size, on a fresh copy of the seeded folder. */
const measure = async (build: Build, folder: string, sample: LogSample, caughtUp: boolean) => {
  const figures: Figures = {};
  const note = (line: string) => log(`  ${build.name}: ${line}`);
  const deployment = await starts(build, folder, sample.head, figures, note, caughtUp);

  const session = await demoAdmin(deployment, config.password);
  const kinds = queryKinds(build, sample, config);
  const warmUps = queryKinds(build, sample, { ...config, requests: config.warmUp, seed: config.seed + 1 });
  for (const [i, { measure: name, paths, connections }] of kinds.entries()) {
    // (as of an instant: each is cold by design, at an instant of its own)
    const warmUp = connections === 1 ? [] : warmUps[i]!.paths;
    if (warmUp.length > 0)
      note(
        `${name}, warm-up of ${warmUp.length} (not counted): ${latency(await ask(session, warmUp, connections)).text}`,
      );
    figures[name] = latency(await ask(session, paths, connections));
    note(`${name}: ${figures[name]!.text}`);
    const died = deployment.died();
    if (died) throw new Error(`${build.name} died during "${name}":\n${died}`);
  }

  // commands one after another while 10 connections ask the month timeline and the portfolio
  const busy = kinds
    .filter((kind) => kind.measure === 'one-month timeline' || kind.measure === 'portfolio first page')
    .flatMap((kind) => kind.paths);
  const commands = readYourWrites(session, sample.itemIds.slice(0, config.commands));
  const meanwhile = askUntil(session, busy, config.connections, commands);
  const { confirmations, failures } = await commands;
  if (failures.length > 0) note(`${failures.length} commands failed, the first: ${failures[0]}`);
  figures['command saved, under load'] = spread(
    confirmations.map((c) => c.saved),
    failures.length,
  );
  figures['read-your-writes confirmation, under load'] = spread(
    confirmations.map((c) => c.confirmed),
    failures.length,
  );
  figures['the load meanwhile (month, portfolio)'] = latency(await meanwhile);
  figures['RSS after the load (MB)'] = megabytes(deployment);
  figures['load average (1/5/15 min) at the end'] = { text: load() };
  await deployment.stop();

  if (!figures['full rebuild by npm run replay (s)']) replayed(build, folder, figures, note);
  return figures;
};

/** The MongoDB build's catch-up step: its first start alone; the database stays for the measure step. */
const caughtUp = async (build: Build, folder: string, sample: LogSample) => {
  const figures: Figures = {};
  const note = (line: string) => log(`  ${build.name}: ${line}`);
  await firstStart(build, folder, sample.head, figures, note);
  figures['load average (1/5/15 min) at the end'] = { text: load() };
  note(`database ${mongoDatabaseOf(folder)} kept for BENCH_SCALE_MONGO_STEP=measure`);
  return figures;
};

const table = (title: string, names: readonly string[], columns: readonly Figures[]) => {
  log();
  log(title);
  printTable(
    log,
    [
      ['measure (latencies: p50 / p95, mean answer size)', 'target', ...names],
      ...(Object.keys(measures) as Measure[]).map((name) => [
        name,
        measures[name].target,
        ...columns.map((column) => checked(name, column[name])),
      ]),
    ],
    'all',
  );
  log();
};

/** A fresh, empty MongoDB database for a run of the distributed shape on `folder` (dropped again after it). */
const dropMongoDatabase = async (build: Build, folder: string) => {
  if (!build.mongoUrl) return;
  const store = await MongoReadStore.connect(build.mongoUrl, mongoDatabaseOf(folder));
  await store.database.dropDatabase();
  await store.close();
};

const thisBuild: Build = { name: 'this build', root: repository, paged: true };

const main = async () => {
  const builds = (
    [
      ['this', thisBuild],
      [
        'mongodb',
        config.mongoUrl && {
          name: 'this build, MongoDB',
          root: repository,
          paged: true,
          mongoUrl: config.mongoUrl,
        },
      ],
      ['baseline', config.baseline && { name: 'baseline', root: resolve(config.baseline), paged: false }],
    ] as const
  ).flatMap(([key, build]) => (build && config.builds.includes(key) ? [build as Build] : []));
  log(`bench:scale: ${builds.map((b) => `${b.name} (${b.root})`).join(', ')}`);
  log(
    `${config.connections} connections, ${config.requests} requests per query after a warm-up of ${config.warmUp} not counted, ${config.instants} as-of instants, ${config.commands} commands; the client ${clientCollects ? 'collects its garbage before each run of requests' : 'does not collect its garbage before each run of requests (node without --expose-gc)'}; ${machine()}`,
  );
  if (!config.baseline)
    log('baseline: skipped (set BENCH_SCALE_BASELINE to a built checkout of the design before issue 17)');
  if (!config.mongoUrl)
    log(
      'MongoDB read store: skipped (MONGODB_URL is not set; `bash .ci/servers.sh start` prints it, but its servers scan for every conditional write: their catch-up of 1,000,000 items takes hours, so run the mongodb build at 100,000 items in two steps, see bench/README.md)',
    );
  const all: { name: string; figures: Figures }[] = [];
  for (const items of config.sizes) {
    const seededDir = await seededFolder(
      config.dir,
      items,
      async (folder) => {
        const { deployment } = await startServer(
          thisBuild,
          folder,
          { FAHRPLAN_DEMO_PASSWORD: config.password },
          0,
          config.startTimeoutMs,
        );
        await deployment.stop();
      },
      join(repository, 'server/dist/seed.js'),
      log,
    );
    let sample: LogSample | undefined;
    const columns: Figures[] = [];
    for (const build of builds) {
      log(`${build.name}, ${format(items)} items: ${machine()}`);
      const folder = runFolder(seededDir, join(config.runs, `${items}-${build.name.replace(/\W+/g, '-')}`));
      sample ??= sampleLog(folder, config.instants, seeded(config.seed).next);
      const step = build.mongoUrl ? config.mongoStep : 'both';
      try {
        if (step !== 'measure') await dropMongoDatabase(build, folder);
        columns.push(
          step === 'catch-up'
            ? await caughtUp(build, folder, sample)
            : await measure(build, folder, sample, step === 'measure'),
        );
      } finally {
        if (step !== 'catch-up') await dropMongoDatabase(build, folder);
        rmSync(folder, { recursive: true, force: true });
      }
      all.push({ name: `${build.name}, ${format(items / 1000)}k`, figures: columns.at(-1)! });
    }
    table(
      `${format(items / 100)} projects, ${format(items)} items (${machine()})`,
      builds.map((b) => b.name),
      columns,
    );
  }
  if (config.sizes.length > 1)
    table(
      'From size to size (the goal: flat for window queries and paged lists)',
      all.map((c) => c.name),
      all.map((c) => c.figures),
    );
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
