/** A build's server started as `npm start` starts it, timed until it answers and until it is ready. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceProcess, freePort } from '@fahrplan/platform/testing';

/** A build to measure: where its `server/dist` is and how its lists are asked. */
export interface Build {
  readonly name: string;
  readonly root: string;
  /** Issue 17's paged lists and row-paged timeline; the baseline answers whole lists. */
  readonly paged: boolean;
}

export interface Started {
  readonly service: ServiceProcess;
  /** Milliseconds from the spawn until `/api/health` answered 200. */
  readonly health: number;
  /** Milliseconds from the spawn until the read models had caught up with the log. */
  readonly ready: number;
  /** Whether `/api/ready` exists (it answered anything but 404); without it, ready = answering. */
  readonly readyEndpoint: boolean;
}

const POLL_MS = 10;

/**
 * Starts `build` on `dataDir`: `/api/health` is asked every 10 ms from the spawn on, then `/api/ready`
 * until 200. A build without `/api/ready` (404) listens only after catching up, so it is ready once
 * health answers.
 */
export const startServer = async (
  build: Build,
  dataDir: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<Started> => {
  const service = new ServiceProcess({
    entry: join(build.root, 'server/dist/main.js'),
    port: await freePort(),
    env: { ...env, DATA_DIR: dataDir, FAHRPLAN_DEMO_TRACKER: 'false' },
    startTimeoutMs: timeoutMs,
    pollIntervalMs: POLL_MS,
  });
  const spawned = performance.now();
  await service.start();
  const health = performance.now() - spawned;
  const deadline = spawned + timeoutMs;
  for (;;) {
    const status = await fetch(`${service.url}/api/ready`).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
    if (status === 200 || status === 404)
      return {
        service,
        health,
        ready: status === 200 ? performance.now() - spawned : health,
        readyEndpoint: status === 200,
      };
    if (!service.running || performance.now() > deadline) {
      await service.kill();
      throw new Error(`${build.name} was not ready within ${timeoutMs / 1000} s:\n${service.output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
};

/** `npm run replay` of `build` on the (stopped) data folder: seconds, and what it printed last. */
export const replay = (build: Build, dataDir: string): { seconds: number; report: string } | undefined => {
  const script = join(build.root, 'server/dist/replay.js');
  if (!existsSync(script)) return undefined;
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
export const rssMb = (pid: number): number => {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(statusOf(pid))?.[1] ?? 0);
  return kb / 1024 + childrenOf(pid).reduce((sum, child) => sum + rssMb(child), 0);
};
