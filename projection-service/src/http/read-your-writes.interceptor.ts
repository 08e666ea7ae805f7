import { BadRequestException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import { from, switchMap } from 'rxjs';
import type { Observable } from 'rxjs';
import { EVENT_LOG, PROJECTION_RUNNER } from './tokens';
import type { ProjectionRunner } from '../projections/projection-runner';

const WAIT_MS = 5000;

/**
 * Read your writes: a query sent with `X-Fahrplan-After: <position>` (the position a command answered)
 * is answered once what it reads has passed that position, or 503 after WAIT_MS. A position beyond
 * the log's head can never be reached: 400 at once, rather than hold the request; so is a header
 * that names no position.
 */
const afterPosition = (
  context: ExecutionContext,
  next: CallHandler,
  waitFor: (position: number, timeoutMs: number) => Promise<boolean>,
  log: EventStore,
): Observable<unknown> => {
  const header = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers[
    'x-fahrplan-after'
  ];
  if (header === undefined) return next.handle();
  const position = Number(header);
  if (!/^\d{1,16}$/.test(header) || !Number.isSafeInteger(position))
    throw new BadRequestException('X-Fahrplan-After must be a position: a whole number');
  if (position === 0) return next.handle();
  const reached = async () => {
    if (await waitFor(position, 0)) return true;
    if (position > (await log.headPosition()))
      throw new BadRequestException('X-Fahrplan-After names a position beyond the end of the event log');
    return waitFor(position, WAIT_MS);
  };
  return from(reached()).pipe(
    switchMap((caughtUp) => {
      if (!caughtUp)
        throw new ServiceUnavailableException('the read models are still catching up; retry shortly');
      return next.handle();
    }),
  );
};

/** A query that waits, before it answers, until something has read the log up to the caller's writes. */
abstract class WaitingForPosition implements NestInterceptor {
  @Inject(EVENT_LOG) private readonly log!: EventStore;

  protected abstract waitFor(position: number, ms: number): Promise<boolean>;

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return afterPosition(context, next, (position, ms) => this.waitFor(position, ms), this.log);
  }
}

/** Queries of the read models wait for the projections. */
@Injectable()
export class ReadYourWritesInterceptor extends WaitingForPosition {
  @Inject(PROJECTION_RUNNER) private readonly runner!: ProjectionRunner;

  protected waitFor(position: number, ms: number) {
    return this.runner.waitFor(position, ms);
  }
}

/** Queries of the identity directory (tenant administration) wait for the directory. */
@Injectable()
export class DirectoryReadYourWritesInterceptor extends WaitingForPosition {
  @Inject(DIRECTORY) private readonly directory!: DirectoryCache;

  protected waitFor(position: number, ms: number) {
    return this.directory.waitFor(position, ms);
  }
}
