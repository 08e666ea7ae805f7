import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { Principal } from '@fahrplan/platform';
import type { QueryParams } from './query-params';

/**
 * What a read-model query is asked: by whom (the principal of the verified access token, which the
 * AuthGuard put on the request; never a tenant from the query), with which query parameters, and with
 * which path parameters `P`. Each handler still checks the caller's permission and reads its parameters
 * through the query-params helpers, which answer 400 naming the wrong one.
 */
export interface ReadRequest<P extends string = never> {
  readonly principal: Principal;
  readonly query: QueryParams;
  readonly params: Readonly<Record<P, string>>;
  /** The Accept-Language header, for answers written in the caller's language (the printouts). */
  readonly acceptLanguage?: string;
}

/** One handler parameter instead of `@CurrentPrincipal()`, `@Query()`, `@Param(…)` and `@Headers(…)` on lines of their own. */
export const Asked = createParamDecorator((_: unknown, context: ExecutionContext): ReadRequest<string> => {
  const request = context.switchToHttp().getRequest<{
    principal: Principal;
    query?: QueryParams;
    params?: Record<string, string>;
    headers: Record<string, string | undefined>;
  }>();
  const { principal, query = {}, params = {}, headers } = request;
  return { principal, query, params, acceptLanguage: headers['accept-language'] };
});
