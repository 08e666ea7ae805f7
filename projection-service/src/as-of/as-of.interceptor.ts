import { Inject, Injectable } from '@nestjs/common';
import { asOfSchema, validationError } from '@fahrplan/contracts';
import { ViewInterceptor } from '../http/answer-within';
import type { AnswerWithin, QueryRequest, ViewResponse } from '../http/answer-within';
import { AS_OF_LIMIT, AS_OF_STORES } from '../http/tokens';
import type { AsOfLimit } from './as-of-limit';
import { asOfContext } from './as-of-stores';
import type { AsOfStores } from './as-of-stores';

export const AS_OF_POSITION_HEADER = 'X-Fahrplan-As-Of-Position';

/**
 * The queries of the read models, which answer as of an instant (as the OpenAPI document lists them);
 * every other route answers now and ignores `asOf`.
 */
export const asOfRoutes =
  /^\/api\/(applications|groups|goals|resources|calendars|calendar\/working-days|shares|items|timeline|comments|accounts|exports)(\/|$)/;

/**
 * `GET …?asOf=<ISO date-time>`: the query is answered from the read models folded up to that instant
 * (callers need `history` VIEW besides the query's own permission); the answer names the position.
 * Each user opens only so many new positions per minute (AsOfLimit).
 */
@Injectable()
export class AsOfInterceptor extends ViewInterceptor<Date> {
  @Inject(AS_OF_STORES) private readonly stores!: AsOfStores;
  @Inject(AS_OF_LIMIT) private readonly limit!: AsOfLimit;
  protected readonly view = { routes: asOfRoutes, parameter: 'asOf', permission: 'history' } as const;

  protected parse(text: string): Date {
    const parsed = asOfSchema.safeParse(text);
    if (!parsed.success)
      throw validationError('asOf must be an ISO date-time with a time zone, e.g. 2026-11-23T10:00:00Z', [
        { field: 'asOf', message: 'an ISO date-time with a time zone' },
      ]);
    return new Date(parsed.data);
  }

  protected async prepare(
    instant: Date,
    request: QueryRequest,
    response: ViewResponse,
  ): Promise<AnswerWithin> {
    const position = await this.stores.positionAt(instant);
    const { tenant, userId } = request.principal;
    await this.limit.open(`${tenant}/${userId}`, position);
    const store = await this.stores.storeAt(position);
    return (answer) => {
      response.setHeader(AS_OF_POSITION_HEADER, String(position));
      return asOfContext.run({ store, position }, answer);
    };
  }
}
