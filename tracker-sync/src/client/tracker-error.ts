import { hostWithoutSchemeMessage } from '@fahrplan/contracts';
import type { TrackerAuthMode, TrackerFailure } from '@fahrplan/contracts';

export type TrackerErrorCode =
  | 'host_url'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'gone'
  | 'rate_limited'
  | 'server'
  | 'bad_request'
  | 'http'
  | 'unreachable'
  | 'refused_address'
  | 'timeout'
  | 'malformed';

export interface TrackerErrorDetails {
  readonly status?: number | null;
  readonly statusText?: string | null;
  /** The tracker's answer (parsed JSON, else text), never the request or its headers. */
  readonly body?: unknown;
  readonly method?: string;
  /** The API path without the base URL and query, e.g. /rest/api/3/myself. */
  readonly path?: string;
  /** The base URL the request went to (never with credentials). */
  readonly baseUrl?: string;
  readonly authMode?: TrackerAuthMode;
  /** How many attempts were made before giving up. */
  readonly attempts?: number;
  readonly retryAfterMs?: number | null;
  readonly timeoutMs?: number;
  /** Why a request never got an answer (a system error code such as ECONNREFUSED), or what was wrong with one. */
  readonly reason?: string;
}

/** A failed tracker call: what the tracker answered (§7: code, status, statusText, body), never a secret. */
export class TrackerError extends Error {
  override readonly name = 'TrackerError';
  readonly status: number | null;
  readonly statusText: string | null;
  readonly body: unknown;
  readonly method: string;
  readonly path: string;
  readonly baseUrl: string | null;
  readonly authMode: TrackerAuthMode | null;
  readonly attempts: number;
  /** The tracker's Retry-After in milliseconds (shown to people: "try again in …"). */
  readonly retryAfterMs: number | null;
  readonly timeoutMs: number | null;
  readonly reason: string | null;

  constructor(
    readonly code: TrackerErrorCode,
    details: TrackerErrorDetails = {},
  ) {
    super('');
    this.status = details.status ?? null;
    this.statusText = details.statusText ?? null;
    this.body = details.body ?? null;
    this.method = details.method ?? '';
    this.path = details.path ?? '';
    this.baseUrl = details.baseUrl ?? null;
    this.authMode = details.authMode ?? null;
    this.attempts = details.attempts ?? 1;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.timeoutMs = details.timeoutMs ?? null;
    this.reason = details.reason ?? null;
    this.message = describe(this, this.baseUrl ?? '');
  }
}

export const hostUrlError = () => new TrackerError('host_url');

export const codeForStatus = (status: number): TrackerErrorCode => {
  if (status === 400) return 'bad_request';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 410) return 'gone';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'http';
};

const networkReasons: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be resolved',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  EPIPE: 'the connection closed unexpectedly',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its TLS certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate names another host',
};

const authHints: Record<TrackerAuthMode, string> = {
  basic: 'check the e-mail address and API token',
  bearer: 'check the OAuth access token (it may have expired)',
  pat: 'check the personal access token (it may have expired or been revoked)',
};

const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(ms < 10_000 ? 1 : 0))} s`;

const hostOf = (baseUrl: string): string => {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
};

/** The tracker's own words from an error body: platform `errorMessages`/`errors`, service desk `errorMessage`. */
export const trackerMessageOf = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null) return null;
  const { errorMessages, errors, errorMessage, message } = body as Record<string, unknown>;
  const texts = [
    ...(Array.isArray(errorMessages) ? errorMessages : []),
    ...(typeof errors === 'object' && errors !== null
      ? Object.entries(errors).map(([field, text]) => `${field}: ${String(text)}`)
      : []),
    errorMessage,
    message,
  ].filter((text): text is string => typeof text === 'string' && text.trim() !== '');
  if (texts.length === 0) return null;
  const joined = texts.join('; ');
  return joined.length > 300 ? `${joined.slice(0, 297)}...` : joined;
};

const isLocatingCall = (path: string) => /\/(serverInfo|myself)$/.test(path);

function describe(error: TrackerError, baseUrl: string): string {
  const base = baseUrl || error.baseUrl || 'the configured address';
  const request = `${error.method} ${error.path}`;
  const answered = `The tracker at ${base} answered ${error.status} ${error.statusText ?? ''}`.trimEnd();
  const said = trackerMessageOf(error.body);
  const quoted = said === null ? '' : ` ("${said}")`;
  const tries = error.attempts > 1 ? ` (${error.attempts} attempts)` : '';
  switch (error.code) {
    case 'host_url':
      return hostWithoutSchemeMessage;
    case 'unreachable':
      return `Could not reach ${hostOf(base)} (${networkReasons[error.reason ?? ''] ?? error.reason ?? 'no answer'}).`;
    case 'refused_address':
      return `Fahrplan does not connect to ${hostOf(base)} (${error.reason ?? 'an internal address'}): it is not a public address. An operator can allow it with FAHRPLAN_TRACKER_PRIVATE_HOSTS.`;
    case 'timeout':
      return `The tracker did not answer within ${seconds(error.timeoutMs ?? 0)}.`;
    case 'malformed':
      return `The tracker's answer to ${request} ${error.reason ?? 'was not valid JSON'}.`;
    case 'unauthorized':
      return `${answered} to ${request}: ${error.authMode ? authHints[error.authMode] : 'check the credentials'}.`;
    case 'forbidden':
      return error.reason === 'captcha'
        ? `${answered} to ${request}: after failed sign-ins the tracker wants a CAPTCHA; sign in once in a browser, then try again.`
        : `${answered} to ${request}${quoted}: the account may not do this; check its permissions in the tracker.`;
    case 'not_found':
      return isLocatingCall(error.path)
        ? `${answered} to ${request}: no tracker answers at this address; check the base URL (including a context path such as /jira).`
        : `${answered} to ${request}${quoted}: it does not exist or the account cannot see it.`;
    case 'gone':
      return `${answered} to ${request}: the tracker has removed this endpoint${
        /\/search$/.test(error.path) ? ' (cloud sites search with /rest/api/3/search/jql)' : ''
      }.`;
    case 'rate_limited':
      return `${answered} to ${request}${tries}: it is limiting the request rate; try again ${
        error.retryAfterMs === null ? 'later' : `in ${seconds(error.retryAfterMs)}`
      }.`;
    case 'server':
      return `${answered} to ${request}${tries}${quoted}: the tracker failed; try again later.`;
    case 'bad_request':
      return `${answered} to ${request}${quoted}: the tracker rejected the request.`;
    case 'http':
      return `${answered} to ${request}${tries}${quoted}.`;
    default: {
      const _exhaustive: never = error.code;
      return `The tracker call failed (${String(_exhaustive)}).`;
    }
  }
}

/** A failure as people read it (contracts' TrackerFailure): code, status and a sentence naming what failed and where. */
export const describeTrackerError = (error: unknown, baseUrl: string): TrackerFailure => {
  if (error instanceof TrackerError)
    return {
      code: error.code,
      status: error.status,
      statusText: error.statusText,
      message: describe(error, baseUrl.replace(/\/+$/, '')),
    };
  const text = error instanceof Error ? error.message : String(error);
  return {
    code: 'internal',
    status: null,
    statusText: null,
    message: `Talking to the tracker at ${baseUrl} failed unexpectedly: ${text}`,
  };
};
