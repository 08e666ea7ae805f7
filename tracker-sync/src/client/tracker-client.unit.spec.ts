import { inspect } from 'node:util';
import { createTrackerClient, testTrackerConnection } from './tracker-client';
import type { TrackerClientConfig } from './client-types';
import { TrackerError } from './tracker-error';

// The transport is injected here, so these cases need no server: what a real socket cannot be made
// to do on demand (DNS and TLS failures) and the client's own decisions (headers, retry policy).

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

const stubFetch = (handler: Handler) => {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    calls.push({ url, init });
    return handler(url, init);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const networkFailure = (code: string) =>
  Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error(`${code} somewhere`), { code }),
  });

const secret = 'very-secret-token-ü';
const config = (
  fetch: typeof globalThis.fetch,
  more: Partial<TrackerClientConfig> = {},
): TrackerClientConfig => ({
  baseUrl: 'https://acme.atlassian.example/',
  deployment: 'cloud',
  auth: { mode: 'basic', email: 'ada@example.com', apiToken: secret },
  fetch,
  retry: { maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 20 },
  ...more,
});

const headersOf = (init: RequestInit) => new Headers(init.headers);

describe('authentication and headers', () => {
  it('sends basic credentials as UTF-8 base64, JSON accept, and no optional headers by default', async () => {
    const { fetch, calls } = stubFetch(() => json({ displayName: 'Ada' }));
    await createTrackerClient(config(fetch)).myself();
    const headers = headersOf(calls[0]!.init);
    expect(calls[0]!.url.href).toBe('https://acme.atlassian.example/rest/api/3/myself');
    expect(headers.get('authorization')).toBe(
      `Basic ${Buffer.from(`ada@example.com:${secret}`, 'utf8').toString('base64')}`,
    );
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.has('x-atlassian-force-account-id')).toBe(false);
    expect(headers.has('x-atlassian-token')).toBe(false);
    expect(headers.has('x-experimentalapi')).toBe(false);
  });

  it.each([['bearer' as const], ['pat' as const]])('sends a %s token as Bearer', async (mode) => {
    const { fetch, calls } = stubFetch(() => json({ name: 'ada' }));
    await createTrackerClient(
      config(fetch, { auth: { mode, token: 'tok-1' }, deployment: 'datacenter' }),
    ).myself();
    expect(headersOf(calls[0]!.init).get('authorization')).toBe('Bearer tok-1');
    expect(calls[0]!.url.pathname).toBe('/rest/api/2/myself');
  });

  it('keeps a context path of the base URL', async () => {
    const { fetch, calls } = stubFetch(() => json({ version: '9.12.0' }));
    await createTrackerClient(
      config(fetch, { baseUrl: 'http://dc.example:8080/jira/', deployment: 'datacenter' }),
    ).serverInfo();
    expect(calls[0]!.url.href).toBe('http://dc.example:8080/jira/rest/api/2/serverInfo');
  });
});

describe('failures without an answer', () => {
  it('retries an unknown host for a read, then reports it', async () => {
    const retries: unknown[] = [];
    const { fetch, calls } = stubFetch(() => {
      throw networkFailure('ENOTFOUND');
    });
    const client = createTrackerClient(config(fetch, { onRetry: (info) => retries.push(info) }));
    const error = await client.serverInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackerError);
    expect(error).toMatchObject({ code: 'unreachable', reason: 'ENOTFOUND', attempts: 3, status: null });
    expect((error as Error).message).toBe('Could not reach acme.atlassian.example (no such host).');
    expect(calls).toHaveLength(3);
    expect(retries).toEqual([
      { attempt: 1, delayMs: expect.any(Number), status: null },
      { attempt: 2, delayMs: expect.any(Number), status: null },
    ]);
  });

  it('names an untrusted certificate', async () => {
    const { fetch } = stubFetch(() => {
      throw networkFailure('DEPTH_ZERO_SELF_SIGNED_CERT');
    });
    const error = await createTrackerClient(config(fetch, { retry: { maxAttempts: 1 } }))
      .myself()
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'Could not reach acme.atlassian.example (its TLS certificate is self-signed and not trusted).',
    );
  });

  it('does not repeat a create after a reset connection (it may have been done)', async () => {
    const { fetch, calls } = stubFetch(() => {
      throw networkFailure('ECONNRESET');
    });
    const error = await createTrackerClient(config(fetch))
      .createIssue({ projectKey: 'A', issueType: 'Task', summary: 's' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unreachable', reason: 'ECONNRESET' });
    expect(calls).toHaveLength(1);
  });
});

describe('retry policy', () => {
  it('does not repeat a create after a 500, but does after a 503', async () => {
    const first = stubFetch(() => json({ errorMessages: ['boom'], errors: {} }, 500));
    await expect(
      createTrackerClient(config(first.fetch)).createIssue({
        projectKey: 'A',
        issueType: 'Task',
        summary: 's',
      }),
    ).rejects.toMatchObject({ code: 'server', status: 500, attempts: 1 });
    expect(first.calls).toHaveLength(1);

    let n = 0;
    const second = stubFetch(() => (++n < 2 ? json({}, 503) : json({ id: '10', key: 'A-10' }, 201)));
    await expect(
      createTrackerClient(config(second.fetch)).createIssue({
        projectKey: 'A',
        issueType: 'Task',
        summary: 's',
      }),
    ).resolves.toEqual({ id: '10', key: 'A-10' });
    expect(second.calls).toHaveLength(2);
  });

  it('does not wait out a Retry-After beyond the cap but reports it', async () => {
    const { fetch, calls } = stubFetch(() => json({ errorMessages: [] }, 429, { 'retry-after': '3600' }));
    const error = await createTrackerClient(config(fetch))
      .myself()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 3_600_000, attempts: 1 });
    expect((error as Error).message).toMatch(/try again in 3600 s\.$/);
    expect(calls).toHaveLength(1);
  });

  it('does not retry a 4xx other than 429', async () => {
    const { fetch, calls } = stubFetch(() => json({ errorMessages: ['no'] }, 403));
    await expect(createTrackerClient(config(fetch)).myself()).rejects.toMatchObject({ code: 'forbidden' });
    expect(calls).toHaveLength(1);
  });
});

describe('answers that are not what was asked for', () => {
  it('recognises an HTML page (a login page or proxy) with 200', async () => {
    const { fetch } = stubFetch(
      () => new Response('<!DOCTYPE html><html>Sign in</html>', { headers: { 'content-type': 'text/html' } }),
    );
    const error = await createTrackerClient(config(fetch))
      .serverInfo()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'malformed', status: 200 });
    expect((error as Error).message).toBe(
      "The tracker's answer to GET /rest/api/3/serverInfo was not JSON but text/html; check the base URL.",
    );
  });

  it('names the field when the JSON has the wrong shape', async () => {
    const { fetch } = stubFetch(() => json({ startAt: 0, values: [{ id: '1', name: 'no key' }] }));
    const error = await (async () => {
      for await (const _ of createTrackerClient(config(fetch)).projects()) void _;
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'malformed' });
    expect((error as Error).message).toMatch(
      /^The tracker's answer to GET \/rest\/api\/3\/project\/search did not have the expected shape \(values\.0\.key: /,
    );
  });
});

describe('secrets', () => {
  it('never appear in an error, however it is printed', async () => {
    const { fetch } = stubFetch(() =>
      json({ errorMessages: ['Unauthorized'] }, 401, { 'www-authenticate': 'Basic' }),
    );
    const error = await createTrackerClient(config(fetch))
      .myself()
      .catch((e: unknown) => e);
    const authorization = Buffer.from(`ada@example.com:${secret}`, 'utf8').toString('base64');
    const printed = [
      inspect(error, { depth: 10, showHidden: true }),
      JSON.stringify(error),
      String(error),
    ].join('\n');
    expect(printed).toContain('401');
    expect(printed).not.toContain(secret);
    expect(printed).not.toContain(authorization);
    expect(printed).not.toMatch(/authorization/i);
  });
});

describe('testTrackerConnection', () => {
  it('fails at "url" for a host without a scheme, without calling anything', async () => {
    const { fetch, calls } = stubFetch(() => json({}));
    const result = await testTrackerConnection(config(fetch, { baseUrl: 'jira.example.com' }));
    expect(result).toEqual({
      ok: false,
      step: 'url',
      failure: { code: 'host_url', status: null, statusText: null, message: "Couldn't parse the host URL" },
      tookMs: 0,
    });
    expect(calls).toHaveLength(0);
  });

  it('fails at "url" when the address answers with something other than the tracker', async () => {
    const { fetch } = stubFetch(() => new Response('<html>Welcome to nginx</html>', { status: 404 }));
    const result = await createTrackerClient(config(fetch)).test();
    expect(result).toMatchObject({ ok: false, step: 'url', failure: { code: 'not_found', status: 404 } });
  });
});
