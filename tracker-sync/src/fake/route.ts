import type { ShapeContext } from './jira-shapes';

/** What a route answers: JSON (or nothing), or an HTML page for the web addresses. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  html?: string;
}

/** One request as a route sees it. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  base: string;
  ctx: ShapeContext;
}

export interface Route {
  method: string;
  pattern: RegExp;
  handle: (call: Call, params: string[]) => Reply;
}

export const route = (method: string, pattern: RegExp, handle: Route['handle']): Route => ({
  method,
  pattern,
  handle,
});

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** A platform REST path under both versions, /rest/api/2 and /rest/api/3. */
export const api = (rest: string) => new RegExp(`^/rest/api/[23]${rest}$`);

export function intParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Comma lists and repeated parameters alike (fields=a,b&fields=c). */
export function listParam(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The string entries of a body's array field (fields: [...]); anything else is none. */
export const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : [];
