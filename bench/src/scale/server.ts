/** A build's server started as `npm start` starts it, timed until it answers and until it is ready. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ServiceProcess, freePort, nodeFlagsOf } from '@fahrplan/platform/testing';

/** A build to measure: where its `server/dist` is and how its lists are asked. */
export interface Build {
  readonly name: string;
  readonly root: string;
  /** Issue 17's paged lists and row-paged timeline; the baseline answers whole lists. */
  readonly paged: boolean;
  /** The distributed shape (command-service and projection-service) on this MongoDB read store, instead of `npm start`. */
  readonly mongoUrl?: string;
}

/** A running build: where queries and commands go, and its processes. */
export interface Deployment {
  readonly queryUrl: string;
  readonly commandUrl: string;
  readonly pids: readonly number[];
  /** What its processes printed, when one of them is no longer running. */
  died(): string | undefined;
  stop(): Promise<void>;
}

export interface Started {
  readonly deployment: Deployment;
  /** Milliseconds from the spawn until `/api/health` answered 200. */
  readonly health: number;
  /** Milliseconds from the spawn until the read models had caught up with the log. */
  readonly ready: number;
}

const POLL_MS = 10;
const STOP_MS = 120_000;

const answer = (url: string) =>
  fetch(url).then(
    async (response) => ({
      status: response.status,
      body: (await response.json().catch(() => ({}))) as unknown,
    }),
    () => ({ status: 0, body: {} }),
  );

/**
 * Times `service` from its spawn: until `/api/health` answers 200 (asked every 10 ms), then until it is
 * ready: `/api/ready` answers 200 (a build without it, 404, listens only once caught up) and, where
 * `/api/health` names the projections' position, that position has reached `head`.
 */
const timedStart = async (service: ServiceProcess, head: number, timeoutMs: number) => {
  const spawned = performance.now();
  await service.start();
  const health = performance.now() - spawned;
  for (;;) {
    const ready = await answer(`${service.url}/api/ready`);
    if (ready.status === 200 || ready.status === 404) {
      const { body } = await answer(`${service.url}/api/health`);
      const position = (body as { position?: unknown }).position;
      if (typeof position !== 'number' || position >= head)
        return { health, ready: Math.max(health, performance.now() - spawned) };
    }
    if (!service.running || performance.now() - spawned > timeoutMs) {
      await service.kill();
      throw new Error(`${service.url} was not ready within ${timeoutMs / 1000} s:\n${service.output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
};

const processOf = async (
  build: Build,
  entry: string,
  env: Record<string, string>,
  timeoutMs: number,
  nodeFlags: readonly string[] = [],
) =>
  new ServiceProcess({
    entry: join(build.root, 'server/dist', entry),
    nodeFlags,
    port: await freePort(),
    env,
    // resolve as soon as it listens (the test kit's default waits for /api/ready): timed apart below
    readyPath: '/api/health',
    startTimeoutMs: timeoutMs,
    pollIntervalMs: POLL_MS,
  });

/**
 * Starts `build` on `dataDir` (its log's last position `head`) and times it: `npm start`'s embedded
 * app, or command-service and then projection-service on the MongoDB read store (the database named
 * after the data folder), the latter timed.
 */
export const startServer = async (
  build: Build,
  dataDir: string,
  env: Record<string, string>,
  head: number,
  timeoutMs: number,
): Promise<Started> => {
  if (!build.mongoUrl) {
    const app = await processOf(
      build,
      'main.js',
      { ...env, DATA_DIR: dataDir, FAHRPLAN_DEMO_TRACKER: 'false' },
      timeoutMs,
      // the heap's bounds that npm start gives Node (none in a build from before them)
      nodeFlagsOf(build.root),
    );
    const timed = await timedStart(app, head, timeoutMs);
    const deployment = {
      queryUrl: app.url,
      commandUrl: app.url,
      pids: [app.pid!],
      died: () => diedOf([app]),
      stop: () => app.stop(STOP_MS),
    };
    return { deployment, ...timed };
  }
  const shared = {
    ...env,
    EVENTSTORE_URL: `sqlite:${join(dataDir, 'events.db')}`,
    TOKEN_SECRET: readFileSync(join(dataDir, 'token.key'), 'utf8').trim(),
    KAFKA_BROKERS: '',
  };
  const commands = await processOf(build, 'command-service.main.js', shared, timeoutMs);
  await commands.start();
  const database = new URL(build.mongoUrl);
  database.pathname = `/${mongoDatabaseOf(dataDir)}`;
  const queries = await processOf(
    build,
    'projection-service.main.js',
    { ...shared, MONGODB_URL: database.toString() },
    timeoutMs,
  );
  const timed = await timedStart(queries, head, timeoutMs).catch(async (error: unknown) => {
    await commands.kill();
    throw error;
  });
  const deployment = {
    queryUrl: queries.url,
    commandUrl: commands.url,
    pids: [queries.pid!, commands.pid!],
    died: () => diedOf([queries, commands]),
    stop: async () => {
      await queries.stop(STOP_MS);
      await commands.stop(STOP_MS);
    },
  };
  return { deployment, ...timed };
};

const diedOf = (services: readonly ServiceProcess[]) =>
  services
    .filter((service) => !service.running)
    .map((service) => service.output)
    .join('\n') || undefined;

/** The MongoDB database of a run on `dataDir`. */
export const mongoDatabaseOf = (dataDir: string) =>
  `fahrplan-bench-${basename(dataDir)}`.replace(/[^\w-]/g, '-');

/** `npm run replay` of `build` on the (stopped) data folder: seconds, and what it printed last. */
export const replay = (build: Build, dataDir: string): { seconds: number; report: string } | undefined => {
  const script = join(build.root, 'server/dist/replay.js');
  if (build.mongoUrl || !existsSync(script)) return undefined;
  const start = performance.now();
  const output = execFileSync(process.execPath, [script], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { seconds: (performance.now() - start) / 1000, report: output.trim().split('\n')[0] ?? '' };
};

const statusOf = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');

/** The children of `pid` (every thread's), as /proc lists them. */
const childrenOf = (pid: number): number[] =>
  readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );

/** The resident memory of `pid` and its descendants, in MB (VmRSS of /proc/<pid>/status). */
const rssOf = (pid: number): number => {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(statusOf(pid))?.[1] ?? 0);
  return kb / 1024 + childrenOf(pid).reduce((sum, child) => sum + rssOf(child), 0);
};

/** The resident memory of a deployment's processes and their descendants, in MB. */
export const rssMb = (deployment: Deployment): number =>
  deployment.pids.reduce((sum, pid) => sum + rssOf(pid), 0);

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux). */
const TICKS_PER_S = 100;

/** CPU time `pid` has used so far, every thread's, user and system, in ms (/proc/<pid>/stat). */
const cpuOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // after the command's name in parentheses: state is field 3, utime and stime fields 14 and 15
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
};

/** CPU time a deployment's processes have used so far, in ms: a cost that other work on the machine does not inflate. */
export const cpuMs = (deployment: Deployment): number =>
  deployment.pids.reduce((sum, pid) => sum + cpuOf(pid), 0);
