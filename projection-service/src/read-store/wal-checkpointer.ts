import { Logger } from '@nestjs/common';
import { Worker } from 'node:worker_threads';

/**
 * The thread's code (CommonJS, evaluated: nothing to build or find beside the compiled files): its
 * own connection to the file, a passive checkpoint every `intervalMs`, and a message after each one
 * that moved frames into the file. A passive checkpoint waits for no reader or writer.
 */
const source = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = 1000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let last = 0;
const timer = setInterval(() => {
  try {
    const { checkpointed } = checkpoint.get();
    if (checkpointed > 0 && checkpointed !== last) parentPort.postMessage({ checkpointed });
    last = checkpointed;
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies a SQLite file's write-ahead log into the file from a thread of its own
 * (docs/design/background-checkpoints.md): the writer's commits then only append to the log, instead
 * of one commit in a thousand pages also copying the log into the file and syncing it on the thread
 * that answers requests. The writer keeps a far larger automatic checkpoint as a bound, should this
 * thread fall behind or stop.
 */
export class WalCheckpointer {
  private readonly logger = new Logger('read-store');
  private readonly worker: Worker;
  private failed = false;
  /** How many checkpoints moved frames into the file (for tests and diagnostics). */
  checkpoints = 0;

  constructor(file: string, intervalMs = 100) {
    this.worker = new Worker(source, { eval: true, workerData: { file, intervalMs } });
    this.worker.unref();
    this.worker.on('message', (message: { checkpointed?: number; error?: string }) => {
      if (message.error === undefined) this.checkpoints += 1;
      else if (!this.failed) {
        this.failed = true;
        this.logger.warn(
          `the read models' background checkpoint failed (the writer's own takes over): ${message.error}`,
        );
      }
    });
    this.worker.on('error', (error) =>
      this.logger.warn(`the read models' checkpoint thread stopped: ${String(error)}`),
    );
  }

  /** Stops the thread after its current checkpoint; its connection closes with it. */
  close(): void {
    this.worker.postMessage('close');
  }
}
