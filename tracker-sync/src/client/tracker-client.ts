import { STATUS_CODES } from 'node:http';
import type { TrackerDeployment, TrackerTestResult } from '@fahrplan/contracts';
import { z } from 'zod';
import { adfToText, adfVersionOf, toAdf } from './adf';
import type { AdfDocument } from './adf';
import { offsetPaged, startLimitPaged, tokenPaged } from './paging';
import { segment, toQueryString } from './query';
import type { Query } from './query';
import { defaultRetryPolicy, parseRetryAfter, retryDelay } from './retry';
import type { RetryPolicy } from './retry';
import {
  boardSchema,
  commentSchema,
  createdIssueSchema,
  descriptionSchema,
  issueSchema,
  myselfSchema,
  offsetPageSchema,
  offsetSearchSchema,
  projectSchema,
  serverInfoSchema,
  serviceDeskSchema,
  startLimitPageSchema,
  tokenSearchSchema,
  versionSchema,
} from './schemas';
import { codeForStatus, describeTrackerError, hostUrlError, TrackerError } from './tracker-error';
import { RefusedAddressError } from './address-guard';
import type { AddressGuard } from './address-guard';

export type TrackerAuth =
  | { mode: 'basic'; email: string; apiToken: string }
  | { mode: 'bearer'; token: string }
  | { mode: 'pat'; token: string };

export interface TrackerClientConfig {
  baseUrl: string;
  deployment: TrackerDeployment;
  auth: TrackerAuth;
  /** Per attempt, default 15000. */
  timeoutMs?: number;
  retry?: { maxAttempts?: number; initialDelayMs?: number; maxDelayMs?: number };
  /** Any non-empty value sends `x-atlassian-force-account-id: true` (responses name users by account id). */
  forceAccountId?: string | boolean;
  /** Sends `X-Atlassian-Token: no-check` (Jira's XSRF opt-out). */
  noCheck?: boolean;
  fetch?: typeof fetch;
  /** Checked before every request (see address-guard.ts); none: every address is allowed. */
  guard?: AddressGuard;
  /** Called before each wait; `attempt` is the attempt that just failed (1-based). */
  onRetry?: (info: { attempt: number; delayMs: number; status: number | null }) => void;
}

export type JiraIssue = z.output<typeof issueSchema>;
export type JiraVersion = z.output<typeof versionSchema>;
export type JiraBoard = z.output<typeof boardSchema>;
export type JiraProject = z.output<typeof projectSchema>;
export type JiraServiceDesk = z.output<typeof serviceDeskSchema>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call of any §7 family through the generic client. */
export interface TrackerRequest {
  method: HttpMethod;
  /** The API path, e.g. /rest/agile/1.0/board; the base URL's own path (a context such as /jira) goes first. */
  path: string;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sends the service desk's `X-ExperimentalApi: opt-in`; on by default for the operations marked experimental. */
  experimental?: boolean;
  /**
   * Whether repeating the call is harmless. Calls that create something (POST by default) are retried
   * only when the tracker cannot have acted on them: 429, 503, or a refused connection.
   */
  idempotent?: boolean;
}

export interface TrackerClient {
  readonly baseUrl: string;
  readonly deployment: TrackerDeployment;
  serverInfo(): Promise<{
    baseUrl?: string;
    version?: string;
    serverTitle?: string;
    deploymentType?: string;
  }>;
  myself(): Promise<{ accountId?: string; name?: string; displayName?: string }>;
  projects(): AsyncIterable<JiraProject>;
  versions(projectIdOrKey: string): AsyncIterable<JiraVersion>;
  boards(query?: { projectKeyOrId?: string; type?: string[] }): AsyncIterable<JiraBoard>;
  searchIssues(query: { jql: string; fields: string[]; pageSize?: number }): AsyncIterable<JiraIssue>;
  getIssue(key: string, fields?: string[]): Promise<JiraIssue>;
  createIssue(input: {
    projectKey: string;
    issueType: string;
    summary: string;
    description?: string | AdfDocument;
  }): Promise<{ id: string; key: string }>;
  editIssue(key: string, input: { summary?: string; description?: string | AdfDocument }): Promise<void>;
  transitionIssue(key: string, transitionId: string, comment?: string): Promise<void>;
  addComment(key: string, body: string | AdfDocument): Promise<{ id: string }>;
  serviceDesks(): AsyncIterable<JiraServiceDesk>;
  customerRequests(query?: { serviceDeskId?: string }): AsyncIterable<unknown>;
  /** Request types (an experimental service-desk operation). */
  requestTypes(query?: { serviceDeskId?: string; searchQuery?: string }): AsyncIterable<unknown>;
  /** Any call of the §7 families, with the client's authentication, headers, retries and errors. */
  request<T = unknown>(request: TrackerRequest, schema?: z.ZodType<T>): Promise<T>;
  test(): Promise<TrackerTestResult>;
}

const defaultTimeoutMs = 15_000;
const defaultPageSize = 50;
/** Past this the issue search moves its JQL into a POST body, clear of URL length limits. */
const longJql = 1_500;

/** Service-desk operations the OpenAPI document marks `x-experimental` (they need the opt-in header). */
const experimentalOperations: readonly [HttpMethod | '*', RegExp][] = [
  ['GET', /^\/rest\/servicedeskapi\/knowledgebase\/article$/],
  ['GET', /^\/rest\/servicedeskapi\/request\/[^/]+\/comment\/[^/]+\/attachment$/],
  ['*', /^\/rest\/servicedeskapi\/request\/[^/]+\/feedback$/],
  ['GET', /^\/rest\/servicedeskapi\/requesttype$/],
  ['*', /^\/rest\/servicedeskapi\/servicedesk\/[^/]+\/customer$/],
  ['GET', /^\/rest\/servicedeskapi\/servicedesk\/[^/]+\/knowledgebase\/article$/],
  ['POST', /^\/rest\/servicedeskapi\/servicedesk\/[^/]+\/requesttype$/],
  ['*', /^\/rest\/servicedeskapi\/servicedesk\/[^/]+\/requesttype\/[^/]+\/property(\/[^/]+)?$/],
  ['POST', /^\/rest\/servicedeskapi\/servicedesk\/[^/]+\/attachTemporaryFile$/],
];

export const isExperimentalOperation = (method: HttpMethod, path: string): boolean =>
  experimentalOperations.some(([m, pattern]) => (m === '*' || m === method) && pattern.test(path));

/**
 * The base URL as the client uses it: http(s) with a host, no credentials, query or fragment,
 * trailing slashes dropped; anything else is §8's "Couldn't parse the host URL".
 */
export const parseBaseUrl = (text: string): string => {
  const trimmed = text.trim();
  if (!/^https?:\/\/[^/]/i.test(trimmed)) throw hostUrlError();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw hostUrlError();
  }
  if (
    url.hostname === '' ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== ''
  )
    throw hostUrlError();
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
};

const authorization = (auth: TrackerAuth): string =>
  auth.mode === 'basic'
    ? `Basic ${Buffer.from(`${auth.email}:${auth.apiToken}`, 'utf8').toString('base64')}`
    : `Bearer ${auth.token}`;

/** The system error code under fetch's "fetch failed" (it may sit a few causes down, or in an AggregateError). */
const systemCode = (error: unknown): string | undefined => {
  let cursor: unknown = error;
  for (let depth = 0; depth < 6 && typeof cursor === 'object' && cursor !== null; depth += 1) {
    const { code, errors, cause } = cursor as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    cursor = Array.isArray(errors) && errors.length > 0 ? errors[0] : cause;
  }
  return undefined;
};

// Duck-typed: fetch's DOMException may come from another realm (Jest's sandbox), where instanceof fails.
const isTimeout = (error: unknown) =>
  (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'TimeoutError') ||
  systemCode(error) === 'UND_ERR_HEADERS_TIMEOUT';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text.length > 2000 ? `${text.slice(0, 2000)}...` : text;
  }
};

const anyItem = z.unknown();

/**
 * The test step a failure belongs to: no answer at all is always "reach"; an address that answers
 * but not as a tracker (404, HTML, not JSON) fails at "url"; refused credentials at "authenticate".
 */
const failedStep = (
  step: 'reach' | 'authenticate' | 'read',
  error: unknown,
): 'url' | 'reach' | 'authenticate' | 'read' => {
  const code = error instanceof TrackerError ? error.code : 'internal';
  if (code === 'host_url') return 'url';
  if (code === 'refused_address') return 'url';
  if (code === 'unreachable' || code === 'timeout') return 'reach';
  if (code === 'unauthorized' || code === 'forbidden') return step === 'read' ? 'read' : 'authenticate';
  if (step !== 'reach') return step;
  return code === 'server' || code === 'rate_limited' ? 'reach' : 'url';
};

const shapeProblem = (error: z.ZodError): string => {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the body';
  return `did not have the expected shape (${where}: ${issue?.message ?? 'invalid'})`;
};

/**
 * The §7 client on the platform's fetch. jira.js 6 was weighed and left out: its exports carry only an
 * "import" condition (require() fails with ERR_PACKAGE_PATH_NOT_EXPORTED in this CommonJS build, and
 * Jest cannot resolve it), it has no REST v2, repeats array parameters instead of comma lists, takes
 * "jira.example.com:8443" as a valid host, retries only 502/503/504 (no 500, no jitter, Retry-After
 * only for 429 in withRetry), and has no per-request timeout or injectable transport.
 */
export function createTrackerClient(config: TrackerClientConfig): TrackerClient {
  const baseUrl = parseBaseUrl(config.baseUrl);
  const { deployment, auth } = config;
  const api = deployment === 'cloud' ? '/rest/api/3' : '/rest/api/2';
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs;
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...config.retry };
  const fetchImpl = config.fetch ?? globalThis.fetch;
  const fixedHeaders: Record<string, string> = {
    Accept: 'application/json',
    Authorization: authorization(auth),
    ...(config.forceAccountId ? { 'x-atlassian-force-account-id': 'true' } : {}),
    ...(config.noCheck ? { 'X-Atlassian-Token': 'no-check' } : {}),
  };

  async function request<T = unknown>(call: TrackerRequest, schema?: z.ZodType<T>): Promise<T> {
    const { method, path } = call;
    const url = `${baseUrl}${path}${toQueryString(call.query)}`;
    const experimental = call.experimental ?? isExperimentalOperation(method, path);
    const idempotent = call.idempotent ?? method !== 'POST';
    const headers: Record<string, string> = {
      ...fixedHeaders,
      ...(call.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(experimental ? { 'X-ExperimentalApi': 'opt-in' } : {}),
      ...call.headers,
    };
    const details = { method, path, baseUrl, authMode: auth.mode };
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);

    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      let text: string;
      try {
        const signal = AbortSignal.timeout(timeoutMs);
        await config.guard?.(new URL(url).hostname);
        // a redirect is answered as a failure: followed, it could lead the credentials anywhere
        response = await fetchImpl(url, { method, headers, body, signal, redirect: 'manual' });
        // The body is read under the same deadline: a tracker that stalls mid-answer is as slow as one that never starts.
        text = await response.text();
      } catch (error) {
        if (isTimeout(error)) throw new TrackerError('timeout', { ...details, timeoutMs, attempts: attempt });
        if (error instanceof RefusedAddressError)
          throw new TrackerError('refused_address', {
            ...details,
            reason: `${error.address}, ${error.range}`,
          });
        const reason = systemCode(error) ?? String((error as { message?: unknown } | null)?.message ?? error);
        const failure = new TrackerError('unreachable', { ...details, reason, attempts: attempt });
        // Only a refused connection proves a call that creates something never reached the tracker.
        const retryable = idempotent || reason === 'ECONNREFUSED';
        if (!retryable || attempt >= policy.maxAttempts) throw failure;
        const delayMs = retryDelay(attempt, null, policy);
        config.onRetry?.({ attempt, delayMs, status: null });
        await sleep(delayMs);
        continue;
      }

      const { status } = response;
      if (response.ok) return readAnswer(call, response, text, schema, attempt);

      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      const failure = new TrackerError(codeForStatus(status), {
        ...details,
        status,
        statusText: response.statusText || STATUS_CODES[status] || null,
        body: text === '' ? null : parseBody(text),
        attempts: attempt,
        retryAfterMs,
        reason: /AUTHENTICATION_DENIED/i.test(response.headers.get('x-seraph-loginreason') ?? '')
          ? 'captcha'
          : undefined,
      });
      const retryable = idempotent
        ? status === 429 || (status >= 500 && status !== 501)
        : status === 429 || status === 503;
      if (!retryable || attempt >= policy.maxAttempts) throw failure;
      const delayMs = retryDelay(attempt, retryAfterMs, policy);
      // A Retry-After beyond the cap is honoured by not calling again now; the error carries it for a later run.
      if (delayMs > policy.maxDelayMs) throw failure;
      config.onRetry?.({ attempt, delayMs, status });
      await sleep(delayMs);
    }
  }

  function readAnswer<T>(
    call: TrackerRequest,
    response: Response,
    text: string,
    schema: z.ZodType<T> | undefined,
    attempts: number,
  ): T {
    const details = { method: call.method, path: call.path, baseUrl, authMode: auth.mode, attempts };
    const malformed = (reason: string) =>
      new TrackerError('malformed', {
        ...details,
        status: response.status,
        statusText: response.statusText || STATUS_CODES[response.status] || null,
        body: parseBody(text),
        reason,
      });
    if (response.status === 204 || text.trim() === '') {
      if (schema === undefined) return undefined as T;
      throw malformed('was empty');
    }
    const contentType = response.headers.get('content-type') ?? '';
    // An HTML page with 200 is a login page or proxy, not the tracker's API.
    if (!/json/i.test(contentType) && /^\s*</.test(text))
      throw malformed(`was not JSON but ${contentType.split(';')[0] || 'markup'}; check the base URL`);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw malformed('was not valid JSON');
    }
    if (schema === undefined) return data as T;
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw malformed(shapeProblem(parsed.error));
    return parsed.data;
  }

  /** §7: v3 takes documents (plain text wrapped), v2 (data center) plain strings. */
  const richText = (value: string | AdfDocument): string | AdfDocument =>
    deployment === 'cloud'
      ? typeof value === 'string'
        ? toAdf(value)
        : value
      : typeof value === 'string'
        ? value
        : adfToText(value);

  const serverInfo = () => request({ method: 'GET', path: `${api}/serverInfo` }, serverInfoSchema);
  const myself = () => request({ method: 'GET', path: `${api}/myself` }, myselfSchema);

  const projectPage = (startAt: number, maxResults = defaultPageSize) =>
    request(
      { method: 'GET', path: `${api}/project/search`, query: { startAt, maxResults } },
      offsetPageSchema(projectSchema),
    );
  const projectList = () =>
    request({ method: 'GET', path: `${api}/project` }, projectSchema.array() as z.ZodType<JiraProject[]>);

  async function* projects(): AsyncGenerator<JiraProject> {
    // Data centers have no paged project search: the list comes whole.
    if (deployment === 'datacenter') yield* await projectList();
    else yield* offsetPaged((startAt) => projectPage(startAt));
  }

  const versions = (projectIdOrKey: string) =>
    offsetPaged((startAt) =>
      request(
        {
          method: 'GET',
          path: `${api}/project/${segment(projectIdOrKey)}/version`,
          query: { startAt, maxResults: defaultPageSize },
        },
        offsetPageSchema(versionSchema),
      ),
    );

  const boards = (query: { projectKeyOrId?: string; type?: string[] } = {}) =>
    offsetPaged((startAt) =>
      request(
        {
          method: 'GET',
          path: '/rest/agile/1.0/board',
          query: {
            startAt,
            maxResults: defaultPageSize,
            projectKeyOrId: query.projectKeyOrId,
            type: query.type,
          },
        },
        offsetPageSchema(boardSchema),
      ),
    );

  const searchIssues = ({
    jql,
    fields,
    pageSize = defaultPageSize,
  }: {
    jql: string;
    fields: string[];
    pageSize?: number;
  }) => {
    const asBody = jql.length > longJql;
    if (deployment === 'cloud')
      return tokenPaged(async (nextPageToken) => {
        const page = await request(
          asBody
            ? // A search is a read: repeating it is harmless.
              {
                method: 'POST',
                path: '/rest/api/3/search/jql',
                body: { jql, fields, maxResults: pageSize, nextPageToken },
                idempotent: true,
              }
            : {
                method: 'GET',
                path: '/rest/api/3/search/jql',
                query: { jql, fields, maxResults: pageSize, nextPageToken },
              },
          tokenSearchSchema,
        );
        return { values: page.issues, nextPageToken: page.nextPageToken, isLast: page.isLast };
      });
    return offsetPaged(async (startAt) => {
      const page = await request(
        asBody
          ? {
              method: 'POST',
              path: '/rest/api/2/search',
              body: { jql, fields, startAt, maxResults: pageSize },
              idempotent: true,
            }
          : {
              method: 'GET',
              path: '/rest/api/2/search',
              query: { jql, fields, startAt, maxResults: pageSize },
            },
        offsetSearchSchema,
      );
      return { values: page.issues, startAt: page.startAt, total: page.total };
    });
  };

  const getIssue = (key: string, fields?: string[]) =>
    request({ method: 'GET', path: `${api}/issue/${segment(key)}`, query: { fields } }, issueSchema);

  const createIssue: TrackerClient['createIssue'] = async (input) => {
    const created = await request(
      {
        method: 'POST',
        path: `${api}/issue`,
        body: {
          fields: {
            project: { key: input.projectKey },
            issuetype: { name: input.issueType },
            summary: input.summary,
            ...(input.description !== undefined ? { description: richText(input.description) } : {}),
          },
        },
      },
      createdIssueSchema,
    );
    return { id: created.id, key: created.key };
  };

  const editIssue: TrackerClient['editIssue'] = async (key, input) => {
    let description: string | AdfDocument | undefined;
    if (typeof input.description === 'string' && deployment === 'cloud') {
      // §7: the wrapped text keeps the version of the description it replaces.
      const stored = await request(
        { method: 'GET', path: `${api}/issue/${segment(key)}`, query: { fields: ['description'] } },
        descriptionSchema,
      );
      description = toAdf(input.description, adfVersionOf(stored.fields.description));
    } else if (input.description !== undefined) description = richText(input.description);
    await request({
      method: 'PUT',
      path: `${api}/issue/${segment(key)}`,
      body: {
        fields: {
          ...(input.summary !== undefined ? { summary: input.summary } : {}),
          ...(description !== undefined ? { description } : {}),
        },
      },
    });
  };

  const transitionIssue: TrackerClient['transitionIssue'] = async (key, transitionId, comment) => {
    await request({
      method: 'POST',
      path: `${api}/issue/${segment(key)}/transitions`,
      body: {
        transition: { id: transitionId },
        ...(comment !== undefined ? { update: { comment: [{ add: { body: richText(comment) } }] } } : {}),
      },
    });
  };

  const addComment: TrackerClient['addComment'] = async (key, body) => {
    const comment = await request(
      { method: 'POST', path: `${api}/issue/${segment(key)}/comment`, body: { body: richText(body) } },
      commentSchema,
    );
    return { id: comment.id };
  };

  const serviceDeskPages = <T>(path: string, item: z.ZodType<T>, query: Query = {}) =>
    startLimitPaged((start) =>
      request(
        { method: 'GET', path, query: { ...query, start, limit: defaultPageSize } },
        startLimitPageSchema(item),
      ),
    );

  const test = async (): Promise<TrackerTestResult> => {
    const started = performance.now();
    const tookMs = () => Math.round(performance.now() - started);
    let step: 'reach' | 'authenticate' | 'read' = 'reach';
    try {
      const info = await serverInfo();
      step = 'authenticate';
      const me = await myself();
      step = 'read';
      let projectCount: number;
      if (deployment === 'datacenter') projectCount = (await projectList()).length;
      else {
        const page = await projectPage(0);
        projectCount = page.total ?? page.values.length;
      }
      return {
        ok: true,
        server: {
          title: info.serverTitle ?? null,
          version: info.version ?? null,
          deploymentType: info.deploymentType ?? null,
        },
        user: me.displayName ?? me.name ?? me.accountId ?? null,
        projects: projectCount,
        tookMs: tookMs(),
      };
    } catch (error) {
      return {
        ok: false,
        step: failedStep(step, error),
        failure: describeTrackerError(error, baseUrl),
        tookMs: tookMs(),
      };
    }
  };

  return {
    baseUrl,
    deployment,
    serverInfo,
    myself,
    projects,
    versions,
    boards,
    searchIssues,
    getIssue,
    createIssue,
    editIssue,
    transitionIssue,
    addComment,
    serviceDesks: () => serviceDeskPages('/rest/servicedeskapi/servicedesk', serviceDeskSchema),
    customerRequests: (query = {}) =>
      serviceDeskPages('/rest/servicedeskapi/request', anyItem, { serviceDeskId: query.serviceDeskId }),
    requestTypes: (query = {}) =>
      serviceDeskPages('/rest/servicedeskapi/requesttype', anyItem, {
        serviceDeskId: query.serviceDeskId,
        searchQuery: query.searchQuery,
      }),
    request,
    test,
  };
}

/** A connection test from settings, including §8's answer for a base URL without a scheme (step "url"). */
export const testTrackerConnection = async (config: TrackerClientConfig): Promise<TrackerTestResult> => {
  let client: TrackerClient;
  try {
    client = createTrackerClient(config);
  } catch (error) {
    return { ok: false, step: 'url', failure: describeTrackerError(error, config.baseUrl), tookMs: 0 };
  }
  return client.test();
};
