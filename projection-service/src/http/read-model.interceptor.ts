import { Injectable } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { AsOfInterceptor } from '../as-of/as-of.interceptor';
import { ScenarioInterceptor } from '../scenarios/scenario.interceptor';
import { JsonTextInterceptor } from './json-text.interceptor';
import { ReadYourWritesInterceptor } from './read-your-writes.interceptor';

/** An interceptor that answers at once, as each of a read-model query's does. */
interface Interceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown>;
}

/**
 * A read-model query's interceptors, the first outermost: the answer as JSON text, read your writes, a
 * scenario's view, as of an instant. Called by this one, not by Nest: Nest wraps every interceptor it
 * calls in an rxjs chain of its own (a deferred call in an async scope, a mergeAll), which cost an item
 * by id more than its answer's reads, while each of these passes a request that asks for none of
 * them straight on to the next. Each still decides whether and when to call the next (a wait, a view).
 */
@Injectable()
export class ReadModelInterceptor implements NestInterceptor {
  private readonly chain: readonly Interceptor[];

  constructor(
    json: JsonTextInterceptor,
    readYourWrites: ReadYourWritesInterceptor,
    scenario: ScenarioInterceptor,
    asOf: AsOfInterceptor,
  ) {
    this.chain = [json, readYourWrites, scenario, asOf];
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return this.chain
      .reduceRight<CallHandler>(
        (inner, interceptor) => ({ handle: () => interceptor.intercept(context, inner) }),
        next,
      )
      .handle();
  }
}
