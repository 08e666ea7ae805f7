import { Logger } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import type { ArchiveJob } from './version-archive';

/**
 * The thread's code (CommonJS, evaluated: nothing to build or find beside the compiled files). Every
 * `intervalMs`: with an archive, each collection's new versions copied into it (its own connection to
 * the archive's file, the store's attached to read them; a full batch comes again at once), then a
 * passive checkpoint of the store's file (its own connection), which waits for no reader or writer.
 * It tells the store after a checkpoint that moved frames and after versions archived.
 */
const source = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = 1000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let archive = null;
if (workerData.archive) {
  archive = new DatabaseSync(workerData.archive);
  archive.exec('PRAGMA busy_timeout = 1000');
  archive.prepare('ATTACH DATABASE ? AS store').run(workerData.file);
}
let jobs = [];
let last = 0;
let timer;
const archiveSome = () => {
  let copied = 0;
  let full = false;
  for (const job of jobs) {
    // (BEGIN IMMEDIATE would take the store's write lock too: the archive's alone, by a write of it)
    archive.exec('BEGIN');
    try {
      archive.exec('DELETE FROM main.archive_token WHERE 0');
      job.collect.run();
      const changes = Number(job.copy.run().changes);
      archive.exec('COMMIT');
      copied += changes;
      full ||= changes >= workerData.batch;
    } catch (error) {
      if (archive.isTransaction) archive.exec('ROLLBACK');
      throw error;
    }
  }
  if (copied > 0) parentPort.postMessage({ archived: copied });
  return full;
};
const tick = () => {
  let again = false;
  try {
    if (archive) again = archiveSome();
    const { checkpointed } = checkpoint.get();
    if (checkpointed > 0 && checkpointed !== last) parentPort.postMessage({ checkpointed });
    last = checkpointed;
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
  timer = setTimeout(tick, again ? 0 : workerData.intervalMs);
};
timer = setTimeout(tick, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message.jobs) {
    jobs = message.jobs.map((job) => ({ copy: archive.prepare(job.copy), collect: archive.prepare(job.collect) }));
    return;
  }
  clearTimeout(timer);
  db.close();
  archive?.close();
  parentPort.close();
});
`;

/**
 * The read store's work beside the thread that answers requests, on a thread of its own:
 * - copying the write-ahead log into the file (docs/design/background-checkpoints.md): the writer's
 *   commits then only append to the log, instead of one commit in a thousand pages also copying the
 *   log into the file and syncing it; the writer keeps a far larger automatic checkpoint as a bound,
 *   should this thread fall behind or stop;
 * - with an archive, moving the versions the writes replaced into it, where their indexes are
 *   (docs/design/version-archive.md), so that a write's commit inserts each version without them.
 */
export class BackgroundThread {
  private readonly logger = new Logger('read-store');
  private readonly worker: Worker;
  private failed = false;
  /** How many checkpoints moved frames into the file (for tests and diagnostics). */
  checkpoints = 0;
  /** How many versions it archived. */
  archived = 0;
  /** Once the thread has ended, its connections closed (after `close`, or a failure). */
  readonly ended: Promise<void>;

  constructor(
    file: string,
    archive: string | undefined,
    { intervalMs = 100, batch = 20_000 }: { intervalMs?: number; batch?: number } = {},
  ) {
    this.worker = new Worker(source, { eval: true, workerData: { file, archive, intervalMs, batch } });
    this.worker.unref();
    this.ended = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('message', (message: { checkpointed?: number; archived?: number; error?: string }) => {
      if (message.archived !== undefined) this.archived += message.archived;
      else if (message.error === undefined) this.checkpoints += 1;
      else if (!this.failed) {
        this.failed = true;
        this.logger.warn(
          `the read models' background work failed (the writer's own checkpoint takes over; ` +
            `past views read the versions not archived yet): ${message.error}`,
        );
      }
    });
    this.worker.on('error', (error) =>
      this.logger.warn(`the read models' background thread stopped: ${String(error)}`),
    );
  }

  /** The archive's work from now on: one job per collection whose versions it holds. */
  archive(jobs: readonly ArchiveJob[]): void {
    this.worker.postMessage({ jobs });
  }

  /** Stops the thread after its current work; its connections close with it. */
  close(): void {
    this.worker.postMessage('close');
  }
}
