import { Controller, Inject, UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { AuthGuard, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import { AsOfInterceptor } from '../as-of/as-of.interceptor';
import type { ReadStore } from '../read-store/read-store';
import { CatchUpGuard } from './catch-up.guard';
import { ReadYourWritesInterceptor } from './read-your-writes.interceptor';
import { READ_STORE } from './tokens';

/**
 * A controller of read-model queries under /api: for signed-in callers, answered once the read models
 * caught up with the log (503 before), once the projections passed the caller's own writes
 * (`X-Fahrplan-After`), and as of an instant on request (`?asOf=`).
 */
export const ReadModelController = () =>
  applyDecorators(
    Controller('api'),
    UseGuards(AuthGuard, CatchUpGuard),
    UseInterceptors(ReadYourWritesInterceptor, AsOfInterceptor),
  );

/** What the queries of a read model read: the read store, and the directory for the caller's permissions. */
export abstract class ReadModelQueries {
  constructor(
    @Inject(READ_STORE) protected readonly store: ReadStore,
    @Inject(DIRECTORY) protected readonly directory: DirectoryCache,
  ) {}
}
