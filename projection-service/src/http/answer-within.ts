import type { CallHandler } from '@nestjs/common';
import type { Principal } from '@fahrplan/platform';
import { Observable } from 'rxjs';
import type { Subscription } from 'rxjs';
import { single } from './query-params';

/** A query as the interceptors that answer it from another view of the read models read it. */
export interface QueryRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string | string[] | undefined>;
  readonly principal: Principal;
}

/** Query parameter `name` of a GET of one of `routes` (which answer from such a view); undefined elsewhere. */
export const viewParameter = (request: QueryRequest, routes: RegExp, name: string): string | undefined =>
  request.method === 'GET' && routes.test(request.path) ? single(name, request.query[name]) : undefined;

/**
 * The handler's answer once `prepare` has read what it needs (an as-of fold, a scenario's overlay),
 * subscribed through the function it resolves to (which runs it within an AsyncLocalStorage, so that
 * the controllers' store reads the prepared view); nothing is answered to a request closed meanwhile.
 */
export const answerWithin = (
  next: CallHandler,
  prepare: () => Promise<(answer: () => Subscription) => Subscription>,
): Observable<unknown> =>
  new Observable((subscriber) => {
    let inner: Subscription | undefined;
    let closed = false;
    prepare()
      .then((within) => {
        if (!closed) inner = within(() => next.handle().subscribe(subscriber));
      })
      .catch((error: unknown) => subscriber.error(error));
    return () => {
      closed = true;
      inner?.unsubscribe();
    };
  });
