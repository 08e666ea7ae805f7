import { z } from 'zod';
import { asOfRoutes } from '@fahrplan/projection-service';

const problem = {
  description: 'RFC 9457 problem details',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};
/** The operations' security: an access token. */
export const bearer = [{ bearer: [] }];

/** A GET without a token that answers 200. */
export const publicGet = (summary: string) => ({
  get: { summary, responses: { 200: { description: 'OK' } } },
});

/** Problem-details responses for each of `statuses`. */
export const problems = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, problem]));

/** A required JSON request body of `schema` (a JSON Schema). */
export const jsonBody = (schema: object) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** A zod schema as the JSON Schema of what a client sends. */
export const inputSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

interface Parameter {
  readonly name: string;
  readonly in: 'query' | 'path';
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: object;
}
export const inPath = (...names: string[]): Parameter[] => names.map((name) => ({ name, in: 'path' }));
export const inQuery = (...names: string[]): Parameter[] => names.map((name) => ({ name, in: 'query' }));
export const requiredInQuery = (...names: string[]): Parameter[] =>
  names.map((name) => ({ name, in: 'query', required: true }));

/** A query: GET with a bearer token, string parameters and the read-your-writes header. */
export const query = (
  summary: string,
  parameters: Parameter[] = [],
  ok: object = { 'application/json': {} },
) => ({
  get: {
    summary,
    security: bearer,
    parameters: [
      ...parameters.map((p) => ({
        ...p,
        required: p.required ?? p.in === 'path',
        schema: p.schema ?? { type: 'string' },
      })),
      {
        name: 'X-Fahrplan-After',
        in: 'header',
        required: false,
        description: 'answer once the read models passed this position',
        schema: { type: 'integer' },
      },
    ],
    responses: {
      200: { description: 'OK', content: ok },
      ...problems(400, 401, 403, 404),
      503: {
        ...problem,
        description:
          'the read models are catching up after a start (`Retry-After: 1`, "catching up: 42 %"), ' +
          'or did not reach X-Fahrplan-After in time',
      },
    },
  },
});

/** A described query parameter, a string unless `schema` says otherwise. */
export const described = (
  name: string,
  description: string,
  schema: object = { type: 'string' },
): Parameter => ({
  name,
  in: 'query',
  description,
  schema,
});

/** `limit` and `cursor`, which every list takes (issue 17). */
const pageParameters: Parameter[] = [
  described(
    'limit',
    'how many records a page holds: 1 to 1000, 100 when absent; more answers 400 naming limit',
    { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
  ),
  described(
    'cursor',
    "the previous page's nextCursor, for the page after it; one this list did not give answers 400 naming cursor",
  ),
];

/** `sort`: one of `keys` ascending, or after `-` descending; empty values last either way. */
export const sortParameter = (keys: readonly string[], fallback: string): Parameter =>
  described(
    'sort',
    `the order: one of the keys ascending, or after - descending (e.g. -${keys[1] ?? keys[0]}); empty values come last either way, ties by id; ${fallback} when absent; another answers 400 naming sort`,
    { type: 'string', enum: keys.flatMap((key) => [key, `-${key}`]), default: fallback },
  );

/**
 * A list: a query answering one page (`Page`, `#/components/schemas/Page`) of `of`, with `limit` and
 * `cursor` besides `parameters`.
 */
export const listQuery = (summary: string, of: string, parameters: Parameter[] = []) =>
  query(
    `${summary}. Answers a page of ${of}: {items, nextCursor}, nextCursor null after the last page`,
    [...parameters, ...pageParameters],
    { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } },
  );

/** `asOf` on the read-model queries (`asOfRoutes`); the directory and the tracker mirror answer now. */
const asOfParameter = {
  name: 'asOf',
  in: 'query',
  required: false,
  description:
    'ISO date-time with a time zone: answer from the events up to the last one decided at or before it (needs history VIEW); the answer names the position in X-Fahrplan-As-Of-Position',
  schema: { type: 'string', format: 'date-time' },
};
export const withAsOf = (paths: Record<string, object>) =>
  Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const get = (item as { get?: { parameters: object[] } }).get;
      return asOfRoutes.test(path) && get
        ? [path, { ...item, get: { ...get, parameters: [...get.parameters, asOfParameter] } }]
        : [path, item];
    }),
  );
