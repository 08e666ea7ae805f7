import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';
import { RefusedAddressError } from '@fahrplan/platform';
import type { Send, TrackerAuth, TrackerClientConfig, TrackerRequest } from './client-types';
import { isExperimentalOperation } from './experimental';
import { toQueryString } from './query';
import { defaultRetryPolicy, parseRetryAfter, retryDelay } from './retry';
import type { RetryPolicy } from './retry';
import { codeForStatus, hostUrlError, TrackerError } from './tracker-error';
import type { TrackerErrorDetails } from './tracker-error';

const defaultTimeoutMs = 15_000;

/** What every call shares: where it goes, how it authenticates, how long it waits and how often it tries. */
interface Transport {
  readonly config: TrackerClientConfig;
  readonly baseUrl: string;
  readonly auth: TrackerAuth;
  readonly timeoutMs: number;
  readonly policy: RetryPolicy;
  readonly fetch: typeof fetch;
  readonly fixedHeaders: Record<string, string>;
}

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

/** The client's `request`: one call with authentication, headers, time-out, retries and typed errors. */
export function createTransport(config: TrackerClientConfig, baseUrl: string): Send {
  const { auth } = config;
  const transport: Transport = {
    config,
    baseUrl,
    auth,
    timeoutMs: config.timeoutMs ?? defaultTimeoutMs,
    policy: { ...defaultRetryPolicy, ...config.retry },
    fetch: config.fetch ?? globalThis.fetch,
    fixedHeaders: {
      Accept: 'application/json',
      Authorization: authorization(auth),
      ...(config.forceAccountId ? { 'x-atlassian-force-account-id': 'true' } : {}),
      ...(config.noCheck ? { 'X-Atlassian-Token': 'no-check' } : {}),
    },
  };
  return (call, schema) => send(transport, call, schema);
}

const authorization = (auth: TrackerAuth): string =>
  auth.mode === 'basic'
    ? `Basic ${Buffer.from(`${auth.email}:${auth.apiToken}`, 'utf8').toString('base64')}`
    : `Bearer ${auth.token}`;

async function send<T>(transport: Transport, call: TrackerRequest, schema?: z.ZodType<T>): Promise<T> {
  const { config, baseUrl, auth, timeoutMs, policy } = transport;
  const { method, path } = call;
  const url = `${baseUrl}${path}${toQueryString(call.query)}`;
  const experimental = call.experimental ?? isExperimentalOperation(method, path);
  const idempotent = call.idempotent ?? method !== 'POST';
  const headers: Record<string, string> = {
    ...transport.fixedHeaders,
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
      const target = new URL(url);
      await config.guard?.(target.hostname, target.port || (target.protocol === 'https:' ? '443' : '80'));
      // a redirect is answered as a failure: followed, it could lead the credentials anywhere
      response = await transport.fetch(url, { method, headers, body, signal, redirect: 'manual' });
      // The body is read under the same deadline: a tracker that stalls mid-answer is as slow as one that never starts.
      text = await response.text();
    } catch (error) {
      const failure = unanswered(error, details, timeoutMs, attempt);
      // Only a refused connection proves a call that creates something never reached the tracker.
      const retryable = failure.code === 'unreachable' && (idempotent || failure.reason === 'ECONNREFUSED');
      if (!retryable || attempt >= policy.maxAttempts) throw failure;
      const delayMs = retryDelay(attempt, null, policy);
      config.onRetry?.({ attempt, delayMs, status: null });
      await sleep(delayMs);
      continue;
    }

    const { status } = response;
    if (response.ok) return readAnswer(response, text, schema, { ...details, attempts: attempt });

    const failure = refusal(response, text, details, attempt);
    const retryable = idempotent
      ? status === 429 || (status >= 500 && status !== 501)
      : status === 429 || status === 503;
    if (!retryable || attempt >= policy.maxAttempts) throw failure;
    const delayMs = retryDelay(attempt, failure.retryAfterMs, policy);
    // A Retry-After beyond the cap is honoured by not calling again now; the error carries it for a later run.
    if (delayMs > policy.maxDelayMs) throw failure;
    config.onRetry?.({ attempt, delayMs, status });
    await sleep(delayMs);
  }
}

type CallDetails = Pick<TrackerErrorDetails, 'method' | 'path' | 'baseUrl' | 'authMode'>;

/** A call that got no answer: it timed out, its address was refused, or the tracker was unreachable. */
function unanswered(error: unknown, details: CallDetails, timeoutMs: number, attempts: number): TrackerError {
  if (isTimeout(error)) return new TrackerError('timeout', { ...details, timeoutMs, attempts });
  if (error instanceof RefusedAddressError)
    return new TrackerError('refused_address', { ...details, reason: `${error.address}, ${error.range}` });
  const reason = systemCode(error) ?? String((error as { message?: unknown } | null)?.message ?? error);
  return new TrackerError('unreachable', { ...details, reason, attempts });
}

/** An answer that is not a success, as the error the caller sees. */
function refusal(response: Response, text: string, details: CallDetails, attempts: number): TrackerError {
  const { status } = response;
  return new TrackerError(codeForStatus(status), {
    ...details,
    status,
    statusText: response.statusText || STATUS_CODES[status] || null,
    body: text === '' ? null : parseBody(text),
    attempts,
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
    reason: /AUTHENTICATION_DENIED/i.test(response.headers.get('x-seraph-loginreason') ?? '')
      ? 'captcha'
      : undefined,
  });
}

/** A success's body, checked against the schema the call expects. */
function readAnswer<T>(
  response: Response,
  text: string,
  schema: z.ZodType<T> | undefined,
  details: CallDetails & { attempts: number },
): T {
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

const shapeProblem = (error: z.ZodError): string => {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the body';
  return `did not have the expected shape (${where}: ${issue?.message ?? 'invalid'})`;
};
