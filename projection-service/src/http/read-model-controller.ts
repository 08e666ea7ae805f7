import { Controller, Inject, UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { AuthGuard, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import { AsOfInterceptor } from '../as-of/as-of.interceptor';
import { asOfContext } from '../as-of/as-of-stores';
import type { QueryThreads } from '../query-threads/query-threads';
import { threadQueries } from '../query-threads/thread-queries';
import type { ThreadQueryAnswer, ThreadQueryArgs, ThreadQueryName } from '../query-threads/thread-queries';
import type { ReadStore } from '../read-store/read-store';
import { ScenarioInterceptor } from '../scenarios/scenario.interceptor';
import { scenarioContext } from '../scenarios/scenario-views';
import { CatchUpGuard } from './catch-up.guard';
import { JsonTextInterceptor } from './json-text';
import type { Answer } from './json-text';
import { ReadYourWritesInterceptor } from './read-your-writes.interceptor';
import { QUERY_THREADS, READ_STORE } from './tokens';

/**
 * A controller of read-model queries under /api: for signed-in callers, answered once the read models
 * caught up with the log (503 before), once the projections passed the caller's own writes
 * (`X-Fahrplan-After`), and as of an instant (`?asOf=`) or for a scenario (`?scenario=`) on request.
 */
export const ReadModelController = () =>
  applyDecorators(
    Controller('api'),
    UseGuards(AuthGuard, CatchUpGuard),
    UseInterceptors(JsonTextInterceptor, ReadYourWritesInterceptor, ScenarioInterceptor, AsOfInterceptor),
  );

/**
 * What the queries of a read model read: the read store, the directory for the caller's permissions,
 * and the query threads where the read models are a SQLite file (embedded).
 */
export abstract class ReadModelQueries {
  constructor(
    @Inject(READ_STORE) protected readonly store: ReadStore,
    @Inject(DIRECTORY) protected readonly directory: DirectoryCache,
    @Inject(QUERY_THREADS) private readonly threads: QueryThreads | null = null,
  ) {}

  /**
   * The answer of one of the heaviest queries (`threadQueries`), its arguments checked: from a query
   * thread where there are some (as JSON), else read here; as of the request's `asOf` either way.
   */
  protected answer<N extends ThreadQueryName>(
    name: N,
    args: ThreadQueryArgs<N>,
  ): Promise<Answer<ThreadQueryAnswer<N>>> {
    if (this.threads) {
      const scenario = scenarioContext.getStore();
      const asOf = asOfContext.getStore()?.position;
      return this.threads.run(name, args, scenario ?? (asOf === undefined ? undefined : { asOf }));
    }
    // a query of the registry, under the name it was asked by
    const query = threadQueries[name] as unknown as (
      store: ReadStore,
      args: ThreadQueryArgs<N>,
    ) => Promise<ThreadQueryAnswer<N>>;
    return query(this.store, args);
  }
}
