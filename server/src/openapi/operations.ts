import { z } from 'zod';
import { pageSchema } from '@fahrplan/contracts';
import { asOfRoutes, scenarioRoutes } from '@fahrplan/projection-service';

const problem = {
  description: 'RFC 9457 problem details',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};
/** The operations' security: an access token. */
export const bearer = [{ bearer: [] }];

/** Problem-details responses for each of `statuses`. */
export const problems = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, problem]));

/** A required JSON request body of `schema` (a JSON Schema). */
export const jsonBody = (schema: object) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** A zod schema (of contracts/src/view-schemas.ts) as the JSON Schema of what the server answers. */
export const outputSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });

/** A JSON answer of `schema`. */
export const json = (schema: z.ZodType) => ({ 'application/json': { schema: outputSchema(schema) } });

/** An answer of `description` whose JSON body has `schema`: a zod schema of what the server answers, or a JSON Schema. */
export const jsonAnswer = (description: string, schema: z.ZodType | object) => ({
  description,
  content: schema instanceof z.ZodType ? json(schema) : { 'application/json': { schema } },
});

/** A zod schema as the JSON Schema of what a client sends. */
export const inputSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/**
 * A POST under the bearer token of a JSON body (`input`, a zod schema), answered 200 with JSON
 * (`description`, `output`) or refused with the problems of `statuses`.
 */
export const jsonPost = (
  summary: string,
  input: z.ZodType,
  ok: { readonly description: string; readonly output: z.ZodType },
  statuses: number[],
) => ({
  post: {
    summary,
    security: bearer,
    requestBody: jsonBody(inputSchema(input)),
    responses: {
      200: jsonAnswer(ok.description, ok.output),
      ...problems(...statuses),
    },
  },
});

export interface Parameter {
  readonly name: string;
  readonly in: 'query' | 'path';
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: object;
}
export const inPath = (...names: string[]): Parameter[] => names.map((name) => ({ name, in: 'path' }));
/** A record id in the path: digits only (anything else names no record: 404, or 400 where the route says). */
export const idInPath = (name = 'id'): Parameter => ({
  name,
  in: 'path',
  schema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
});
/** A date query parameter as the server reads it (YYYY-MM-DD, a real date); empty is absent where optional. */
export const dateInQuery = (name: string, required = true): Parameter => ({
  name,
  in: 'query',
  required,
  schema: required
    ? { type: 'string', format: 'date' }
    : { type: 'string', anyOf: [{ format: 'date' }, { maxLength: 0 }] },
});
export const inQuery = (...names: string[]): Parameter[] => names.map((name) => ({ name, in: 'query' }));

/**
 * A query: GET with a bearer token, string parameters and, where the query reads projections, the
 * read-your-writes header (the history reads the event log itself, always current).
 */
export const query = (
  summary: string,
  parameters: Parameter[] = [],
  ok: object = { 'application/json': {} },
  { readYourWrites = true }: { readYourWrites?: boolean } = {},
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
      ...(readYourWrites ? [afterHeader] : []),
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

const afterHeader = {
  name: 'X-Fahrplan-After',
  in: 'header',
  required: false,
  description:
    'answer once the read models passed this position (a whole number; beyond the end of the event log answers 400, not digits 400)',
  schema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
};

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
export const pageParameters: Parameter[] = [
  described(
    'limit',
    'how many records a page holds: 1 to 1000, 100 when absent; more answers 400 naming limit',
    { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
  ),
  described(
    'cursor',
    "the previous page's nextCursor, for the page after it; one this list did not give answers 400 naming cursor",
    { type: 'string', pattern: '^[A-Za-z0-9_-]*$' },
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
 * A list: a query answering one page of `of` (`answer`, by default `pageSchema(item)`), with `limit`
 * and `cursor` besides `parameters`.
 */
export const listQuery = (
  summary: string,
  of: string,
  item: z.ZodType,
  parameters: Parameter[] = [],
  { answer = pageSchema(item), ...options }: { readYourWrites?: boolean; answer?: z.ZodType } = {},
) =>
  query(
    `${summary}. Answers a page of ${of}: {items, nextCursor}, nextCursor null after the last page`,
    [...parameters, ...pageParameters],
    json(answer),
    options,
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
const asOfLimited = {
  ...problem,
  description:
    'asOf opened more new positions than a user may per minute (FAHRPLAN_AS_OF_PER_MINUTE, default 60; `Retry-After`)',
};
/** `paths` with `parameter` (and `responses`) added to the GET of every path that `routes` matches. */
const withQueryParameter =
  (routes: RegExp, parameter: object, responses: object = {}) =>
  (paths: Record<string, object>) =>
    Object.fromEntries(
      Object.entries(paths).map(([path, item]) => {
        const get = (item as { get?: { parameters: object[]; responses: object } }).get;
        return routes.test(path) && get
          ? [
              path,
              {
                ...item,
                get: {
                  ...get,
                  parameters: [...get.parameters, parameter],
                  responses: { ...get.responses, ...responses },
                },
              },
            ]
          : [path, item];
      }),
    );
export const withAsOf = withQueryParameter(asOfRoutes, asOfParameter, { 429: asOfLimited });

/** `scenario` on the plan's queries (`scenarioRoutes`), issue 22. */
export const withScenario = withQueryParameter(scenarioRoutes, {
  name: 'scenario',
  in: 'query',
  required: false,
  description:
    "the id of an open scenario of the tenant: answer for the plan as the scenario sees it, the live plan now with the scenario's changes on top, a record whose field a live change since also changed carrying `conflicts` (needs scenarios VIEW; 404 for an unknown, discarded or another tenant's scenario; 400 with asOf)",
  schema: { type: 'integer', minimum: 1, maximum: 999_999_999_999_999 },
});
