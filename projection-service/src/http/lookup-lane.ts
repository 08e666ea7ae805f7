import { finished } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import { Inject, Injectable } from '@nestjs/common';
import { AuthGuard, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { CatchUpProgress } from '../projections/catch-up-progress';
import type { QueryThreads } from '../query-threads/query-threads';
import { keptAnswerTag } from './json-text.interceptor';
import { JsonText } from './json-text';
import type { JsonBytes } from './json-text';
import { mayView } from './query-helpers';
import { CATCH_UP, QUERY_THREADS } from './tokens';

/**
 * A listener in front of the HTTP app: answers the requests it knows itself, and hands every other one
 * to the app behind it (`behind`), untouched.
 */
export type FrontLane = (req: IncomingMessage, res: ServerResponse, behind: () => void) => void;

/** `GET /api/items/<id>`, as the item dialog asks it; a title, a query or a slash more is not. */
const ITEM_BY_ID = /^\/api\/items\/(\d{1,16})$/;

/**
 * The item by id in front of Express and Nest (docs/design/lookup-lane.md): the most frequent query,
 * whose answer a query thread reads in a few µs, cost the main thread ~0.13 ms a request in Express's
 * router and middleware, Nest's guards, interceptors and rxjs, which at ten connections every answer
 * waited for. Only the plain case is answered here, as `ItemsController.item` answers it: a live
 * request (no query, no `X-Fahrplan-After`) of a caller `AuthGuard` lets through who may view items,
 * once the read models have caught up, with the answer a query thread gives (the same text, ETag and
 * 304). Anything else (no or a bad token, no permission, catching up, as of an instant, a scenario, a
 * wait for a write, an item that is not there, a thread that fails) goes behind, where the app's
 * guards and filters answer it as for any query.
 */
@Injectable()
export class LookupLane {
  constructor(
    private readonly auth: AuthGuard,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
    @Inject(CATCH_UP) private readonly progress: CatchUpProgress | null,
    @Inject(QUERY_THREADS) private readonly threads: QueryThreads | null,
  ) {}

  /** Answers a plain item by id, or hands the request behind; the server calls it for every request. */
  readonly handle: FrontLane = (req, res, behind) => {
    const id = req.method === 'GET' ? ITEM_BY_ID.exec(req.url ?? '')?.[1] : undefined;
    const threads = this.threads;
    if (id === undefined || !threads || req.headers['x-fahrplan-after'] !== undefined) return behind();
    if (this.progress && !this.progress.readyKnown) return behind();
    const principal = this.auth.principalOf(req.headers.authorization);
    if (!principal || !mayView(this.directory, principal, 'items')) return behind();
    threads
      .run('item', { tenant: principal.tenant, idOrName: id })
      .then(
        (answer) => send(req, res, answer),
        () => behind(),
      )
      // a write that failed half-way leaves nothing to answer with: the connection ends, the process stays
      .catch((error: unknown) => res.destroy(error instanceof Error ? error : undefined));
  };
}

/** The answer as `JsonTextInterceptor` and Express's `res.send` write it: JSON, its ETag, 304 when fresh. */
const send = (req: IncomingMessage, res: ServerResponse, answer: JsonText<unknown> | JsonBytes<unknown>) => {
  // a thread's answer is always kept, under the name that holds the position (QueryThreads.run)
  const tag = keptAnswerTag(answer.keptAs!);
  res.setHeader('ETag', tag);
  if (fresh(req.headers, { etag: tag })) {
    if (!(answer instanceof JsonText)) answer.release();
    res.statusCode = 304;
    return void res.end();
  }
  const body = answer instanceof JsonText ? answer.json : answer.bytes;
  if (!(answer instanceof JsonText)) finished(res, () => answer.release());
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
};
