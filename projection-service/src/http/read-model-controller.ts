import { Controller, Inject, UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { AuthGuard, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import { asOfContext } from '../as-of/as-of-stores';
import type { ProjectionRunner } from '../projections/projection-runner';
import { AnswerCache } from '../query-threads/answer-cache';
import type { QueryThreads } from '../query-threads/query-threads';
import { threadQueries } from '../query-threads/thread-queries';
import type {
  LiveKeeping,
  ThreadQueryAnswer,
  ThreadQueryArgs,
  ThreadQueryName,
} from '../query-threads/thread-queries';
import type { ReadStore } from '../read-store/read-store';
import { scenarioContext } from '../scenarios/scenario-views';
import { CatchUpGuard } from './catch-up.guard';
import { JsonText } from './json-text';
import { FACTS_KEPT, PositionFacts } from './position-facts';
import type { Answer } from './json-text';
import { ReadModelInterceptor } from './read-model.interceptor';
import { PROJECTION_RUNNER, QUERY_THREADS, READ_STORE } from './tokens';

/**
 * A controller of read-model queries under /api: for signed-in callers, answered once the read models
 * caught up with the log (503 before), once the projections passed the caller's own writes
 * (`X-Fahrplan-After`), and as of an instant (`?asOf=`) or for a scenario (`?scenario=`) on request.
 */
export const ReadModelController = () =>
  applyDecorators(
    Controller('api'),
    UseGuards(AuthGuard, CatchUpGuard),
    UseInterceptors(ReadModelInterceptor),
  );

/** Room for the answers kept on the main thread (`ReadModelQueries.kept`), per controller. */
const KEPT_CHARS = 4 * 2 ** 20;

/**
 * What the queries of a read model read: the read store, the directory for the caller's permissions,
 * the query threads where the read models are a SQLite file (embedded), and the projections' runner,
 * whose position the answers kept here are kept for.
 */
export abstract class ReadModelQueries {
  private readonly answers = new AnswerCache(KEPT_CHARS);
  private readonly facts = new PositionFacts(FACTS_KEPT);

  constructor(
    @Inject(READ_STORE) protected readonly store: ReadStore,
    @Inject(DIRECTORY) protected readonly directory: DirectoryCache,
    @Inject(QUERY_THREADS) private readonly threads: QueryThreads | null = null,
    @Inject(PROJECTION_RUNNER) private readonly runner: Pick<ProjectionRunner, 'following'> | null = null,
  ) {}

  /**
   * The live answer `key` names (the query, and the caller's tenant and the query's arguments written so
   * that no two of them read alike; its permission already checked), as JSON kept for the read models' position, as the query threads keep theirs: asked again
   * before anything changed, a lookup. Made by `make` as of an instant, in a scenario, and where this
   * process does not follow the log (its position could lag behind the store).
   */
  private async kept<T>(key: string, make: () => Promise<Answer<T>>): Promise<Answer<T>> {
    const position = this.keptPosition();
    if (position === undefined) return make();
    const at = `${position} ${key}`;
    let json = this.answers.get(at);
    if (json === undefined) {
      const made = await make();
      json = made instanceof JsonText ? made.json : JSON.stringify(made);
    }
    // read before `make`: an answer is at least as new as the position it is kept for
    this.answers.set(at, json);
    return new JsonText(json, at);
  }

  /**
   * The facts of a query read here (`Facts`), kept like `kept` keeps an answer: for the read models'
   * position, so that many answers in a row read each once; read every time where `kept` makes its answer.
   */
  private readonly fact = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    const position = this.keptPosition();
    return position === undefined ? make() : this.facts.get(position, key, make);
  };

  /**
   * The position that answers and facts are kept for: the runner's, for a live request; none as of an
   * instant, in a scenario, or where this process does not follow the log.
   */
  private keptPosition(): number | undefined {
    if (asOfContext.getStore() || scenarioContext.getStore()) return undefined;
    return this.runner?.following;
  }

  /**
   * The answer of one of the queries of `threadQueries`, its arguments checked: from a query thread
   * where there are some (as JSON), else read here and kept as a thread keeps it (`kept`); as of the
   * request's `asOf` either way.
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
    // a query of the registry, under the name it was asked by, kept as a thread's answer is
    const query = threadQueries[name] as unknown as (
      store: ReadStore,
      args: ThreadQueryArgs<N>,
      live: LiveKeeping,
    ) => Promise<Answer<ThreadQueryAnswer<N>>>;
    return this.kept(`${name} ${JSON.stringify(args)}`, () => query(this.store, args, { facts: this.fact }));
  }
}
