import { Logger } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';

export interface Service {
  readonly app: INestApplication;
  /** Finishes in-flight work, stores checkpoints and releases leases, then closes the stores. */
  close(): Promise<void>;
}

/** A service's `close()`: each step in turn, once the one before has finished. */
export const closeInOrder =
  (...steps: readonly (() => unknown)[]) =>
  async (): Promise<void> => {
    for (const step of steps) await step();
  };

/**
 * Starts a service on `port` and stops it gracefully on SIGTERM or SIGINT: the HTTP server stops
 * accepting, in-flight requests finish, then `close()` runs. A shutdown that outlasts `timeoutMs`
 * exits with status 1 rather than hang an orchestrator.
 */
export const runService = async (
  name: string,
  start: () => Promise<Service>,
  { port, timeoutMs }: { port: number; timeoutMs: number },
): Promise<Service> => {
  const logger = new Logger(name);
  const service = await start();
  await service.app.listen(port);
  logger.log(`listening on port ${port}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: finishing in-flight work`);
    setTimeout(() => {
      logger.error(`shutdown took longer than ${timeoutMs} ms; exiting`);
      process.exit(1);
    }, timeoutMs).unref();
    service.close().then(
      () => {
        logger.log('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error(`shutdown failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return service;
};

/** The entry point's error path: a clear message, no stack for configuration mistakes, status 1. */
export const exitOnStartFailure = (error: unknown): never => {
  console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error);
  process.exit(1);
};
