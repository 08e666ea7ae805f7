import { Inject } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { PermissionResource } from '@fahrplan/contracts';
import { DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { Observable } from 'rxjs';
import type { Subscription } from 'rxjs';
import { requireView } from './query-helpers';
import { single } from './query-params';

/** A query as the interceptors that answer it from another view of the read models read it. */
export interface QueryRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string | string[] | undefined>;
  readonly principal: Principal;
}

/** Query parameter `name` of a GET of one of `routes` (which answer from such a view); undefined elsewhere. */
const viewParameter = (request: QueryRequest, routes: RegExp, name: string): string | undefined =>
  request.method === 'GET' && routes.test(request.path) ? single(name, request.query[name]) : undefined;

/**
 * The handler's answer once `prepare` has read what it needs (an as-of fold, a scenario's overlay),
 * subscribed through the function it resolves to (which runs it within an AsyncLocalStorage, so that
 * the controllers' store reads the prepared view); nothing is answered to a request closed meanwhile.
 */
const answerWithin = (next: CallHandler, prepare: () => Promise<AnswerWithin>): Observable<unknown> =>
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

/** How a view answers: the handler's answer run within it. */
export type AnswerWithin = (answer: () => Subscription) => Subscription;

/** What a view may say of itself in the answer's headers. */
export interface ViewResponse {
  setHeader(name: string, value: string): void;
}

/**
 * An interceptor that answers the queries of `routes` from another view of the read models (as of an
 * instant, a scenario) when their query parameter `parameter` is given: the parameter checked (a 400),
 * the caller's `permission` besides the query's own (a 403), then the answer within the view `prepare`
 * reads. Every other request passes untouched.
 */
export abstract class ViewInterceptor<V> implements NestInterceptor {
  @Inject(DIRECTORY) private readonly directory!: DirectoryCache;

  /** The routes that answer from the view, the query parameter that asks for it, and what it needs. */
  protected abstract readonly view: {
    readonly routes: RegExp;
    readonly parameter: string;
    readonly permission: PermissionResource;
  };

  /** The parameter's text as a value of the view, or a validation error. */
  protected abstract parse(text: string, request: QueryRequest): V;

  /** Reads the view of `value`; resolves to how the answer runs within it. */
  protected abstract prepare(value: V, request: QueryRequest, response: ViewResponse): Promise<AnswerWithin>;

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<QueryRequest>();
    const { routes, parameter, permission } = this.view;
    const text = viewParameter(request, routes, parameter);
    if (text === undefined) return next.handle();
    const value = this.parse(text, request);
    requireView(this.directory, request.principal, permission);
    return answerWithin(next, () => this.prepare(value, request, http.getResponse<ViewResponse>()));
  }
}
