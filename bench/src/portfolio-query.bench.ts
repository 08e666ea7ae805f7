/**
 * Portfolio query benchmark: `GET /api/groups` (the Projects page and the portfolio chart, with
 * priority and §9 working-day duration computed per project at query time) and `GET /api/groups/<title>`
 * as the portfolio grows, over real HTTP against the projection service's Nest app as
 * server/src/services/projection-service.ts builds it (the one whose read store can be chosen: memory without
 * MONGODB_URL, MongoDB with it), on both read stores in the same run. Beside it, the peer figure: the
 * same priority and duration computed in-process for the same projects, so the share of the answer
 * time they take is known. Scale with the BENCH_PORTFOLIO_* variables below.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Logger } from '@nestjs/common';
import { countWorkingDays, priority } from '@fahrplan/contracts';
import type { GroupView, Page, Metric } from '@fahrplan/contracts';

import { IdAllocator, SqliteEventStore, TokenService } from '@fahrplan/platform';
import {
  MongoReadStore,
  ProjectionRunner,
  allProjections,
  defaultAsOfPerMinute,
} from '@fahrplan/projection-service';
// The server package's index exports the embedded app only; the distributed service is built here
// exactly as its main builds it.
import { createProjectionService } from '@fahrplan/server';
import type { ProjectionServiceInstance } from '@fahrplan/server';
import { format, load, median, ms, percentile, printTable, seconds, setting, settingList } from './figures';
import { appendPortfolioWorkload } from './portfolio-workload';
import { NOISE, TENANT, createBenchTenants, listenLocally } from './workload-support';

const config = {
  /** Projects of the queried tenant, one portfolio per size. */
  sizes: settingList('BENCH_PORTFOLIO_SIZES', [100, 1000, 5000]),
  /** The other tenant's projects in the same log, in percent of the queried tenant's. */
  noisePercent: setting('BENCH_PORTFOLIO_NOISE_PERCENT', 50),
  /** Requests before measuring, per query. */
  warmup: setting('BENCH_PORTFOLIO_WARMUP', 3),
  /** Measured requests per query: at least `minRepeats`, then more until `repeats` or the time budget. */
  repeats: setting('BENCH_PORTFOLIO_REPEATS', 50),
  minRepeats: setting('BENCH_PORTFOLIO_MIN_REPEATS', 15),
  budgetMs: setting('BENCH_PORTFOLIO_BUDGET_MS', 2000),
  /** Rounds of the in-process computation per size (its median is reported). */
  computeRounds: setting('BENCH_PORTFOLIO_COMPUTE_ROUNDS', 15),
};

const USERNAME = 'planner';
/** Found in titles and descriptions of about one project in nine. */
const TEXT = 'cloud';
const STATUS = 3;

type StoreKind = 'memory' | 'mongo';

interface Query {
  readonly name: string;
  /** The path of the i-th request (queries by title rotate through titles). */
  readonly path: (i: number) => string;
  /** Items in an answer: the list's length, or 1 for one project. */
  readonly items: (body: unknown) => number;
}

/** One query's figures (see `measure`) at one portfolio size and read store. */
type Measured = Readonly<Awaited<ReturnType<typeof measure>> & { size: number; store: StoreKind }>;

type Dated = {
  readonly start: string | null;
  readonly end: string | null;
  readonly metrics: Metric[] | null;
};

/** Sums the §9 priorities as the query computes them per project (a bad rating counts as none). */
const priorities = (projects: readonly Dated[]) => {
  let sum = 0;
  for (const project of projects)
    try {
      sum += priority(project.metrics ?? []);
    } catch {
      // counted as no rating, as the query does
    }
  return sum;
};

/** Sums the §9 working-day durations as the query computes them per project. */
const durations = (projects: readonly Dated[]) => {
  let sum = 0;
  for (const { start, end } of projects)
    if (start && end)
      try {
        sum += countWorkingDays(start, end);
      } catch {
        // outside the calendar's years: no duration, as the query does
      }
  return sum;
};

/** This process's CPU milliseconds (all threads) since `start`, a `process.cpuUsage()` reading. */
const cpuMs = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

/**
 * The median CPU milliseconds of `work` after the warm-up rounds, and what it returned. CPU time, not
 * wall time: on a loaded 2-core machine the wall time of a CPU-bound loop mostly measures the neighbours.
 */
const timed = (work: () => number) => {
  const rounds: number[] = [];
  let result = 0;
  for (let round = 0; round < config.warmup + config.computeRounds; round += 1) {
    const start = process.cpuUsage();
    result = work();
    if (round >= config.warmup) rounds.push(cpuMs(start));
  }
  return { ms: median(rounds), result };
};

async function serverName(url: string): Promise<string> {
  const store = await MongoReadStore.connect(url, 'admin');
  try {
    const info = await store.database.admin().command({ buildInfo: 1 });
    // mongo-java-server answers buildInfo with a version only; MongoDB adds its gitVersion
    if (info.ferretdbVersion) return `FerretDB ${String(info.ferretdbVersion)}`;
    return info.gitVersion
      ? `MongoDB ${String(info.version)}`
      : `a MongoDB-wire server without gitVersion (mongo-java-server) reporting ${String(info.version)}`;
  } finally {
    await store.close();
  }
}

/** `url` with its path naming `database`, so the service's MongoReadStore uses a database of its own. */
const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

class Client {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  /**
   * One request; the times cover the whole answer's bytes (parsing on the client side is not timed).
   * `cpu` is this process's CPU time meanwhile: the service's work plus the client's receiving.
   */
  async get(path: string): Promise<{ ms: number; cpu: number; bytes: Uint8Array }> {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const ms = performance.now() - start;
    const cpu = cpuMs(cpuStart);
    if (response.status !== 200)
      throw new Error(`GET ${path}: ${response.status} ${new TextDecoder().decode(bytes).slice(0, 300)}`);
    return { ms, cpu, bytes };
  }

  async json(path: string): Promise<unknown> {
    return JSON.parse(new TextDecoder().decode((await this.get(path)).bytes));
  }
}

/**
 * One query's figures: its items and largest answer, and per measured request the latency and the CPU
 * milliseconds of this process (service and client).
 */
async function measure(client: Client, query: Query) {
  const first = await client.get(query.path(0));
  const items = query.items(JSON.parse(new TextDecoder().decode(first.bytes)));
  for (let i = 1; i < config.warmup; i += 1) await client.get(query.path(i));
  const latencies: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  const began = performance.now();
  while (
    latencies.length < config.minRepeats ||
    (latencies.length < config.repeats && performance.now() - began < config.budgetMs)
  ) {
    const reply = await client.get(query.path(config.warmup + latencies.length));
    latencies.push(reply.ms);
    cpu.push(reply.cpu);
    bytes = Math.max(bytes, reply.bytes.length);
  }
  return { query: query.name, items, bytes, latencies, cpu };
}

interface Portfolio {
  readonly size: number;
  readonly file: string;
  readonly events: number;
  readonly position: number;
  readonly titles: readonly string[];
  readonly acceptedShares: number;
  readonly userId: number;
  readonly writeSeconds: number;
}

async function buildPortfolio(directory: string, size: number): Promise<Portfolio> {
  const file = join(directory, `events-${size}.db`);
  const store = new SqliteEventStore(file);
  try {
    const began = performance.now();
    const ids = new IdAllocator(store);
    await createBenchTenants(store, ids, [TENANT, NOISE], {
      username: USERNAME,
      displayName: 'Portfolio Planner',
    });
    const identities = await store.readAll({ maxCount: 100 });
    const user = identities.find((event) => event.type === 'UserCreated')?.data as { id: number } | undefined;
    if (!user) throw new Error('the bench user was not created');
    const workload = await appendPortfolioWorkload(store, {
      tenant: TENANT,
      projects: size,
      noiseTenant: NOISE,
      noiseProjects: Math.round((size * config.noisePercent) / 100),
    });
    return { size, file, ...workload, userId: user.id, writeSeconds: seconds(began) };
  } finally {
    await store.close();
  }
}

interface Served {
  readonly instance: ProjectionServiceInstance;
  readonly client: Client;
  readonly catchUpSeconds: number;
}

/**
 * MongoDB: the log is projected first by a ProjectionRunner in one page (each document loaded and written
 * once); in pages of 5,000, as the service would, mongo-java-server's conditional replaces scan the
 * collection and the largest portfolio takes about a minute. The service then finds its checkpoint at
 * the head. Memory: the service projects on start, as it always does.
 */
async function project(portfolio: Portfolio, url: string): Promise<void> {
  const events = new SqliteEventStore(portfolio.file);
  const target = await MongoReadStore.connect(url);
  try {
    await target.database.dropDatabase();
    await target.ensureIndexes(allProjections);
    await new ProjectionRunner(events, target, allProjections, { batchSize: portfolio.events + 1 }).catchUp();
  } finally {
    await target.close();
    await events.close();
  }
}

async function serve(portfolio: Portfolio, kind: StoreKind, mongoUrl: string | undefined): Promise<Served> {
  const secret = randomBytes(32);
  const began = performance.now();
  const url =
    kind === 'mongo' && mongoUrl
      ? withDatabase(mongoUrl, `fahrplan_bench_portfolio_${process.pid}_${portfolio.size}`)
      : undefined;
  if (url) await project(portfolio, url);
  const instance = await createProjectionService(
    {
      TOKEN_SECRET: secret.toString('base64'),
      EVENTSTORE_URL: `sqlite:${portfolio.file}`,
      ...(url ? { MONGODB_URL: url } : {}),
      PORT: 0,
      SHUTDOWN_TIMEOUT_MS: 15_000,
      INSTANCE_ID: `portfolio-bench-${process.pid}`,
      LEASE_TTL_MS: 60_000,
      FAHRPLAN_AS_OF_PER_MINUTE: defaultAsOfPerMinute,
    },
    { logger: false },
  );
  if (!(await instance.runner.waitFor(portfolio.position, 600_000)))
    throw new Error(`the ${kind} read store did not catch up with position ${portfolio.position}`);
  const catchUpSeconds = seconds(began);
  const baseUrl = await listenLocally(instance.app);
  const token = new TokenService(secret).issueAccessToken({
    userId: portfolio.userId,
    tenant: TENANT,
    username: USERNAME,
    session: randomUUID(),
  });
  return { instance, client: new Client(baseUrl, token), catchUpSeconds };
}

async function stop({ instance }: Served): Promise<void> {
  if (instance.readStore instanceof MongoReadStore) await instance.readStore.database.dropDatabase();
  await instance.close();
}

const queriesOf = (titles: readonly string[]): Query[] => {
  // a list answers one page (issue 17): its first page of 100 projects
  const list = (body: unknown) => {
    const items = (body as { items?: unknown }).items;
    return Array.isArray(items) ? items.length : Number.NaN;
  };
  // titles spread over the portfolio, so lookups do not all hit the same document
  const sample = Array.from({ length: 16 }, (_, i) => titles[Math.floor((i * titles.length) / 16)]!);
  return [
    { name: 'list, unfiltered', path: () => '/api/groups', items: list },
    { name: `list, q=${TEXT}`, path: () => `/api/groups?q=${TEXT}`, items: list },
    { name: `list, status=${STATUS}`, path: () => `/api/groups?status=${STATUS}`, items: list },
    {
      name: 'one, by title',
      path: (i) => `/api/groups/${encodeURIComponent(sample[i % sample.length]!)}`,
      items: (body) => (typeof (body as { title?: unknown }).title === 'string' ? 1 : Number.NaN),
    },
  ];
};

async function main() {
  // the service's lease and projection notes would interleave with the table
  Logger.overrideLogger(['error', 'warn']);
  const mongoUrl = process.env.MONGODB_URL;
  const kinds: StoreKind[] = mongoUrl ? ['memory', 'mongo'] : ['memory'];
  const log = (line: string) => console.log(line);
  const directory = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'fahrplan-portfolio-bench-'));
  const measured: Measured[] = [];
  const built: { size: number; portfolio: Portfolio; catchUp: Record<string, number> }[] = [];
  const computed: {
    size: number;
    projects: number;
    priorityMs: number;
    durationMs: number;
    ms: number;
  }[] = [];
  const mismatches: string[] = [];
  const began = performance.now();
  try {
    log(`Fahrplan portfolio query benchmark — ${new Date().toISOString()}`);
    log(
      `node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; server: the projection service's ` +
        `Nest app (createProjectionService) on 127.0.0.1, requests one at a time from the same process`,
    );
    log(
      mongoUrl
        ? `read stores: memory and ${await serverName(mongoUrl)} at ${new URL(mongoUrl).host}`
        : 'read stores: memory only (MongoDB skipped: MONGODB_URL is not set, e.g. eval "$(bash .ci/servers.sh start)")',
    );
    log(`settings: ${JSON.stringify(config)}; load average at start ${load()}`);
    for (const size of config.sizes) {
      const portfolio = await buildPortfolio(directory, size);
      const catchUp: Record<string, number> = {};
      const answers = new Map<string, unknown>();
      const queries = queriesOf(portfolio.titles);
      for (const kind of kinds) {
        const served = await serve(portfolio, kind, mongoUrl);
        catchUp[kind] = served.catchUpSeconds;
        try {
          for (const query of queries) {
            measured.push({ size, store: kind, ...(await measure(served.client, query)) });
            // both read stores must give the same answer (the first request of each query)
            const answer = await served.client.json(query.path(0));
            const key = query.name;
            if (!answers.has(key)) answers.set(key, answer);
            else if (!isDeepStrictEqual(answers.get(key), answer))
              mismatches.push(`${size} projects, ${query.name}: memory and ${kind} answer differently`);
          }
        } finally {
          await stop(served);
        }
      }
      // the peer figure: priority and duration of the same projects, in-process
      const projects = (answers.get('list, unfiltered') as Page<GroupView>).items;
      const byPriority = timed(() => priorities(projects));
      const byDuration = timed(() => durations(projects));
      const both = timed(() => priorities(projects) + durations(projects));
      const answered = projects.reduce((sum, p) => sum + p.priority + (p.duration ?? 0), 0);
      if (both.result !== answered)
        mismatches.push(`${size} projects: in-process priority + duration differ from the answer's`);
      computed.push({
        size,
        projects: projects.length,
        priorityMs: byPriority.ms,
        durationMs: byDuration.ms,
        ms: both.ms,
      });
      built.push({ size, portfolio, catchUp });
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }

  log('');
  log(
    'portfolios (one SQLite event log per size; catch-up: memory by the service on start, mongo by a ' +
      'ProjectionRunner in one page before the service starts):',
  );
  for (const { size, portfolio, catchUp } of built)
    log(
      `- ${format(size)} projects of ${TENANT} + ${format(Math.round((size * config.noisePercent) / 100))} of ` +
        `${NOISE}: ${format(portfolio.events)} events, ${format(portfolio.titles.length)} of ${TENANT}'s not ` +
        `deleted, ${format(portfolio.acceptedShares)} of ${NOISE}'s shared with ${TENANT} and accepted; ` +
        `written in ${format(portfolio.writeSeconds, 1)} s; catch-up ` +
        kinds.map((kind) => `${kind} ${format(catchUp[kind] ?? 0, 1)} s`).join(', '),
    );
  log('');
  const rows: string[][] = [
    [
      'projects',
      'query',
      'read store',
      'items',
      'answer KB',
      'p50 ms',
      'p95 ms',
      'max ms',
      'CPU p50 ms',
      'repeats',
    ],
  ];
  for (const row of measured) {
    const sorted = [...row.latencies].sort((a, b) => a - b);
    rows.push([
      format(row.size),
      row.query,
      row.store,
      format(row.items),
      format(row.bytes / 1024, 1),
      ms(percentile(sorted, 50)),
      ms(percentile(sorted, 95)),
      ms(sorted.at(-1)!),
      ms(median(row.cpu)),
      format(sorted.length),
    ]);
  }
  printTable(log, rows, new Set([1, 2]));
  log('');
  const listCpu = (size: number, store: StoreKind) =>
    median(measured.find((m) => m.size === size && m.store === store && m.query === 'list, unfiltered')!.cpu);
  const peer: string[][] = [
    [
      'projects',
      'in-process, for the list',
      'priority CPU ms',
      'duration CPU ms',
      'both CPU ms',
      ...kinds.flatMap((kind) => [`list CPU p50 ${kind} ms`, 'both / list']),
    ],
  ];
  for (const row of computed)
    peer.push([
      format(row.size),
      `${format(row.projects)} projects`,
      ms(row.priorityMs),
      ms(row.durationMs),
      ms(row.ms),
      ...kinds.flatMap((kind) => [
        ms(listCpu(row.size, kind)),
        `${format((100 * row.ms) / listCpu(row.size, kind), 1)}%`,
      ]),
    ]);
  printTable(log, peer, new Set());
  log('');
  log(
    '- Latency: from sending the request until the last byte of the answer arrived (one at a time, ' +
      `after ${config.warmup} warm-up requests); answer KB is the JSON body's size. By title rotates over 16 titles.`,
  );
  log(
    "- CPU: this process's CPU time (all threads) per request, service and client together (not the " +
      "MongoDB server's); on a loaded machine it is steadier than wall time.",
  );
  log(
    '- in-process: the median CPU time to compute §9 priority and working-day duration for every project of ' +
      "the unfiltered list's first page, as the query does per request, and its share of that list's CPU p50: what storing " +
      'them in the read model would save.',
  );
  log(
    mismatches.length === 0
      ? `- Both read stores gave identical answers to every query. Whole run: ${format(seconds(began), 0)} s; load average at the end ${load()}.`
      : `- MISMATCH: ${mismatches.join('; ')}`,
  );
  if (mismatches.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
