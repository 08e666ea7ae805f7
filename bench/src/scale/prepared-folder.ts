/** A copy of a seeded folder with its read models rebuilt once and kept, and the fresh copies runs work on. */
import { chmodSync, cpSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seeded } from '@fahrplan/platform/testing';
import { format } from '../figures';
import { runFolder, sampleLog } from './data-folder';
import { startServer } from './server';
import type { Build } from './server';

export interface PreparedRuns {
  /** Where the prepared copy (kept) and each run's copy (removed after the run) go. */
  readonly runs: string;
  /** The seeded folder's size: the copies' names. */
  readonly items: number;
  /** The built checkout whose server rebuilds the read models. */
  readonly root: string;
  readonly password: string;
  readonly seed: number;
  readonly startTimeoutMs: number;
  readonly log: (line: string) => void;
}

/**
 * The demo server of `build` on `folder`, after sampling `instants` past instants of its log: the
 * sample's head is the position the server must reach before it counts as ready.
 */
export const startSampled = async (
  config: Pick<PreparedRuns, 'password' | 'startTimeoutMs'>,
  build: Build,
  folder: string,
  instants: number,
  random: () => number,
) => {
  const sample = sampleLog(folder, instants, random);
  const started = await startServer(
    build,
    folder,
    { FAHRPLAN_DEMO_PASSWORD: config.password },
    sample.head,
    config.startTimeoutMs,
  );
  return { sample, started };
};

/** A prepared copy of the seeded folder, read models rebuilt once and kept; made when missing. */
export const preparedFolder = async (config: PreparedRuns, seededDir: string) => {
  const prepared = join(config.runs, `${config.items}-prepared`);
  if (existsSync(join(prepared, 'prepared'))) return prepared;
  runFolder(seededDir, prepared);
  // read from the copy: opening the seeded log, even read-only, leaves SQLite's -wal and -shm beside it
  const { started } = await startSampled(
    config,
    { name: 'prepare', root: config.root, paged: true },
    prepared,
    1,
    seeded(config.seed).next,
  );
  config.log(
    `  prepared ${prepared}: read models rebuilt in ${format(started.ready / 1000, 1)} s (kept for later runs)`,
  );
  await started.deployment.stop();
  writeFileSync(join(prepared, 'prepared'), new Date().toISOString());
  return prepared;
};

/** A fresh copy of the prepared folder (the folder 700, its files 600). */
export const copyOf = (config: Pick<PreparedRuns, 'runs' | 'items'>, prepared: string) => {
  const target = join(config.runs, `${config.items}-run`);
  rmSync(target, { recursive: true, force: true });
  cpSync(prepared, target, { recursive: true });
  chmodSync(target, 0o700);
  for (const file of readdirSync(target)) chmodSync(join(target, file), 0o600);
  return target;
};
