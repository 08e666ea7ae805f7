import { signWebhook } from '@fahrplan/platform';

/** What one POST to a webhook came to. */
export interface SendOutcome {
  readonly ok: boolean;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly latencyMs: number;
}

export interface SendLimits {
  /** The whole request, answer included. */
  readonly timeoutMs: number;
  /** The most of an answer's body read (for the error text); the rest is dropped unread. */
  readonly maxResponseBytes: number;
}

/** The first `max` bytes of an answer's body, the rest cancelled unread. */
const readSome = async (response: Response, max: number): Promise<string> => {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);

/**
 * POSTs `body` to `url`, signed with `secret` under the message id `id` (Standard Webhooks headers).
 * A 2xx answer is a success; a redirect is a failure and is not followed (it could lead into our
 * network); the request gives up after `timeoutMs`.
 */
export const sendWebhook = async (
  url: string,
  secret: string,
  id: string,
  body: string,
  at: Date,
  limits: SendLimits,
): Promise<SendOutcome> => {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(limits.timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Fahrplan-Webhooks/1',
        ...signWebhook(secret, id, at, body),
      },
      body,
    });
    const text = await readSome(response, limits.maxResponseBytes);
    if (response.status >= 200 && response.status < 300)
      return { ok: true, statusCode: response.status, error: null, latencyMs: took() };
    const error =
      response.status >= 300 && response.status < 400
        ? `HTTP ${response.status}: redirects are not followed`
        : `HTTP ${response.status}${text ? `: ${oneLine(text)}` : ''}`;
    return { ok: false, statusCode: response.status, error, latencyMs: took() };
  } catch (error) {
    const name = (error as { name?: string }).name;
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const message =
      name === 'TimeoutError' || name === 'AbortError'
        ? `no answer within ${limits.timeoutMs} ms`
        : `unreachable${cause ? ` (${cause})` : ''}`;
    return { ok: false, statusCode: null, error: message, latencyMs: took() };
  }
};
