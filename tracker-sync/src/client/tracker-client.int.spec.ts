import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeTrackerDemoData, startFakeTracker } from '../fake/fake-tracker';
import type { FakeTracker, FakeTrackerOptions } from '../fake/fake-tracker';
import { loadTrackerSpecs } from '../testing/openapi-validator';
import { toAdf } from './adf';
import { createTrackerClient, testTrackerConnection } from './tracker-client';
import type { TrackerAuth, TrackerClientConfig } from './client-types';
import { TrackerError } from './tracker-error';

// The client against the real fake tracker (an HTTP server), every answer checked against
// Atlassian's OpenAPI documents; the fake's page size is 2 so that paging really pages.

const specs = loadTrackerSpecs();
const email = 'ada@example.com';
const apiToken = 'right-token-4711';
const pat = 'dc-personal-token-0815';

let fake: FakeTracker;
let urls: URL[];
let retries: { attempt: number; delayMs: number; status: number | null }[];

const start = async (options: FakeTrackerOptions = {}) => {
  fake = await startFakeTracker({
    credentials: { basic: { email, apiToken }, pat },
    validate: (exchange) => specs.validateResponse(exchange),
    pageSizeLimit: 2,
    ...options,
  });
  return fake;
};

const client = (more: Partial<TrackerClientConfig> = {}) =>
  createTrackerClient({
    baseUrl: fake.url,
    deployment: 'cloud',
    auth: { mode: 'basic', email, apiToken },
    timeoutMs: 3000,
    retry: { maxAttempts: 3, initialDelayMs: 20, maxDelayMs: 2000 },
    // The real transport, watched: the raw URLs show how query strings were written.
    fetch: (input, init) => {
      urls.push(new URL(String(input)));
      return fetch(input, init);
    },
    onRetry: (info) => retries.push(info),
    ...more,
  });

const all = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};

const failure = (promise: Promise<unknown>): Promise<TrackerError> =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(TrackerError);
      return error as TrackerError;
    },
  );

const sent = (method: string, path: string | RegExp) =>
  fake.requests.filter(
    (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
  );

beforeEach(() => {
  urls = [];
  retries = [];
});

/** Every answer the fake gave must have matched Atlassian's documents. */
const closeFake = async () => {
  const problems = [...fake.validationProblems];
  await fake.close();
  expect(problems).toEqual([]);
};

describe('a cloud tracker', () => {
  beforeEach(async () => {
    const data = fakeTrackerDemoData();
    data.projects.push(
      { id: '10003', key: 'HR', name: 'HR Desk' },
      { id: '10004', key: 'IT', name: 'IT Desk' },
    );
    data.serviceDesks.push(
      { id: '2', projectId: '10003', projectKey: 'HR', projectName: 'HR Desk' },
      { id: '3', projectId: '10004', projectKey: 'IT', projectName: 'IT Desk' },
    );
    await start({ data });
  });
  afterEach(closeFake);

  describe('test()', () => {
    it('reads server, user and projects in that order', async () => {
      const result = await client().test();
      expect(result).toEqual({
        ok: true,
        server: { title: 'Fahrplan fake Jira', version: '1001.0.0-SNAPSHOT', deploymentType: 'Cloud' },
        user: 'Fahrplan Integration',
        projects: fake.data.projects.length,
        tookMs: expect.any(Number),
      });
      expect(fake.requests.map((r) => r.path)).toEqual([
        '/rest/api/3/serverInfo',
        '/rest/api/3/myself',
        '/rest/api/3/project/search',
      ]);
    });

    it('fails at "authenticate" with a wrong secret, naming what to check and never the secret', async () => {
      const wrong = 'wrong-token-1234';
      const result = await client({ auth: { mode: 'basic', email, apiToken: wrong } }).test();
      expect(result).toEqual({
        ok: false,
        step: 'authenticate',
        failure: {
          code: 'unauthorized',
          status: 401,
          statusText: 'Unauthorized',
          message: `The tracker at ${fake.url} answered 401 Unauthorized to GET /rest/api/3/serverInfo: check the e-mail address and API token.`,
        },
        tookMs: expect.any(Number),
      });
      expect(JSON.stringify(result)).not.toContain(wrong);
      expect(fake.requests).toHaveLength(1);
    });

    it('fails at "reach" when the tracker is down, and passes once it is up again', async () => {
      await fake.down();
      const down = await client().test();
      expect(down).toMatchObject({
        ok: false,
        step: 'reach',
        failure: {
          code: 'unreachable',
          status: null,
          message: `Could not reach ${new URL(fake.url).host} (connection refused).`,
        },
      });
      expect(retries.map((r) => r.status)).toEqual([null, null]);
      await fake.up();
      expect(await client().test()).toMatchObject({ ok: true });
    });

    it('fails at "reach" for a slow tracker, within the timeout', async () => {
      fake.fail({ path: '/rest/api/3/serverInfo' }, { delayMs: 1000 });
      const started = performance.now();
      const result = await client({ timeoutMs: 300 }).test();
      expect(performance.now() - started).toBeLessThan(900);
      expect(result).toMatchObject({
        ok: false,
        step: 'reach',
        failure: { code: 'timeout', message: 'The tracker did not answer within 0.3 s.' },
      });
    });

    it('fails at "read" when projects cannot be read', async () => {
      fake.fail({ path: '/rest/api/3/project/search' }, { status: 403 });
      expect(await client().test()).toMatchObject({
        ok: false,
        step: 'read',
        failure: { code: 'forbidden', status: 403 },
      });
    });

    it('fails at "url" for a host without a scheme', async () => {
      const result = await testTrackerConnection({
        baseUrl: fake.url.replace('http://', ''),
        deployment: 'cloud',
        auth: { mode: 'basic', email, apiToken },
      });
      expect(result).toMatchObject({
        ok: false,
        step: 'url',
        failure: { code: 'host_url', message: "Couldn't parse the host URL" },
      });
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe('paging', () => {
    it('pages projects by startAt/maxResults, advancing by what arrived', async () => {
      const projects = await all(client().projects());
      expect(projects.map((p) => p.key)).toEqual(['CLOUD', 'HR', 'IT', 'PORTAL', 'SDESK']);
      expect(sent('GET', '/rest/api/3/project/search').map((r) => r.query.startAt)).toEqual(['0', '2', '4']);
    });

    it('pages versions and stops on isLast', async () => {
      const versions = await all(client().versions('CLOUD'));
      expect(versions.map((v) => v.name)).toEqual(['Pilot migration', 'Wave 1', 'Wave 2', 'Decommission DC']);
      expect(versions[0]).toMatchObject({ id: '10103', released: expect.any(Boolean) });
      expect(sent('GET', '/rest/api/3/project/CLOUD/version').map((r) => r.query.startAt)).toEqual([
        '0',
        '2',
      ]);
    });

    it('pages agile boards, with the board types as one comma list', async () => {
      const boards = await all(client().boards({ type: ['scrum', 'kanban'] }));
      expect(boards.map((b) => b.id)).toEqual([1, 2, 3, 4]);
      const boardUrls = urls.filter((u) => u.pathname === '/rest/agile/1.0/board');
      expect(boardUrls).toHaveLength(2);
      for (const url of boardUrls) {
        expect(url.search).toContain('type=scrum,kanban');
        expect(url.searchParams.getAll('type')).toEqual(['scrum,kanban']);
      }
      expect(await all(client().boards({ projectKeyOrId: 'CLOUD', type: ['kanban'] }))).toEqual([
        expect.objectContaining({ id: 3, name: 'CLOUD cut-over' }),
      ]);
    });

    it('pages the issue search by nextPageToken on /rest/api/3/search/jql, fields as a comma list', async () => {
      const issues = await all(
        client().searchIssues({
          jql: 'project = CLOUD ORDER BY key',
          fields: ['summary', 'status', 'fixVersions'],
        }),
      );
      expect(issues.map((i) => i.key)).toEqual([
        'CLOUD-1',
        'CLOUD-2',
        'CLOUD-3',
        'CLOUD-4',
        'CLOUD-5',
        'CLOUD-6',
        'CLOUD-7',
      ]);
      expect(issues[0]!.fields).toMatchObject({
        summary: 'Migrate the pilot teams to Jira Cloud',
        status: { name: 'Done', statusCategory: { key: 'done' } },
        fixVersions: [{ id: '10103', name: 'Pilot migration' }],
      });
      const searches = sent('GET', '/rest/api/3/search/jql');
      expect(searches).toHaveLength(4);
      expect(searches[0]!.query.nextPageToken).toBeUndefined();
      expect(searches.slice(1).every((r) => typeof r.query.nextPageToken === 'string')).toBe(true);
      expect(new Set(searches.map((r) => r.query.nextPageToken)).size).toBe(4);
      expect(
        urls
          .filter((u) => u.pathname === '/rest/api/3/search/jql')
          .every((u) => u.search.includes('fields=summary,status,fixVersions')),
      ).toBe(true);
      expect(sent('GET', /\/rest\/api\/[23]\/search$/)).toHaveLength(0);
    });

    it('moves a long JQL into a POST body', async () => {
      const jql = `project in (${Array.from({ length: 250 }, () => 'PORTAL').join(', ')}) ORDER BY key`;
      const issues = await all(client().searchIssues({ jql, fields: ['summary'] }));
      expect(issues.map((i) => i.key)).toEqual([
        'PORTAL-1',
        'PORTAL-2',
        'PORTAL-3',
        'PORTAL-4',
        'PORTAL-5',
        'PORTAL-6',
      ]);
      const posts = sent('POST', '/rest/api/3/search/jql');
      expect(posts).toHaveLength(3);
      expect(posts[0]!.body).toEqual({ jql, fields: ['summary'], maxResults: 50 });
      expect(posts[1]!.body).toMatchObject({ jql, nextPageToken: expect.any(String) });
    });

    it('pages service desks and customer requests by start/limit', async () => {
      const desks = await all(client().serviceDesks());
      expect(desks).toEqual([
        expect.objectContaining({ id: '1', projectKey: 'SDESK', projectName: 'Service Desk Chatbot' }),
        expect.objectContaining({ id: '2', projectKey: 'HR' }),
        expect.objectContaining({ id: '3', projectKey: 'IT' }),
      ]);
      expect(sent('GET', '/rest/servicedeskapi/servicedesk').map((r) => r.query.start)).toEqual(['0', '2']);
      const requests = await all(client().customerRequests({ serviceDeskId: '1' }));
      const sdeskIssues = fake.data.issues.filter((i) => i.projectKey === 'SDESK');
      expect(requests.map((r) => (r as { issueKey: string }).issueKey)).toEqual(
        sdeskIssues.map((i) => i.key),
      );
      const pages = sent('GET', '/rest/servicedeskapi/request');
      expect(pages.map((r) => r.query.start)).toEqual(['0', '2', '4', '6']);
      expect(pages.every((r) => r.query.serviceDeskId === '1' && r.query.limit === '50')).toBe(true);
      // Stable service-desk calls carry no experimental opt-in.
      expect(fake.requests.some((r) => 'x-experimentalapi' in r.headers)).toBe(false);
    });
  });

  describe('headers', () => {
    it('sends force-account-id and no-check when configured, and neither otherwise', async () => {
      await client({ forceAccountId: 'true', noCheck: true }).myself();
      await client().myself();
      const [withHeaders, without] = fake.requests;
      expect(withHeaders!.headers).toMatchObject({
        'x-atlassian-force-account-id': 'true',
        'x-atlassian-token': 'no-check',
        accept: 'application/json',
      });
      expect(without!.headers['x-atlassian-force-account-id']).toBeUndefined();
      expect(without!.headers['x-atlassian-token']).toBeUndefined();
    });
  });

  describe('rich text (v3)', () => {
    it('wraps a plain description into a document on create', async () => {
      const created = await client().createIssue({
        projectKey: 'PORTAL',
        issueType: 'Task',
        summary: 'Export the request log',
        description: 'Weekly, as CSV.',
      });
      expect(created).toEqual({ id: expect.any(String), key: 'PORTAL-7' });
      expect(sent('POST', '/rest/api/3/issue')[0]!.body).toEqual({
        fields: {
          project: { key: 'PORTAL' },
          issuetype: { name: 'Task' },
          summary: 'Export the request log',
          description: toAdf('Weekly, as CSV.'),
        },
      });
      expect(fake.data.issues.find((i) => i.key === 'PORTAL-7')!.description).toEqual(
        toAdf('Weekly, as CSV.'),
      );
    });

    it('wraps a comment, and a transition comment', async () => {
      const comment = await client().addComment('CLOUD-3', 'Blocked by the listener rewrite.');
      expect(comment.id).toMatch(/^\d+$/);
      expect(sent('POST', '/rest/api/3/issue/CLOUD-3/comment')[0]!.body).toEqual({
        body: toAdf('Blocked by the listener rewrite.'),
      });
      await client().transitionIssue('CLOUD-3', '31', 'Done after the cut-over.');
      expect(sent('POST', '/rest/api/3/issue/CLOUD-3/transitions')[0]!.body).toEqual({
        transition: { id: '31' },
        update: { comment: [{ add: { body: toAdf('Done after the cut-over.') } }] },
      });
      const issue = fake.data.issues.find((i) => i.key === 'CLOUD-3')!;
      expect(issue.comments.map((c) => c.body)).toEqual([
        toAdf('Blocked by the listener rewrite.'),
        toAdf('Done after the cut-over.'),
      ]);
    });

    it.each([[1], [2]])('edits with the stored description version %i, fetched first', async (version) => {
      const issue = fake.data.issues.find((i) => i.key === 'PORTAL-2')!;
      issue.description = { ...toAdf('Old text.'), version };
      await client().editIssue('PORTAL-2', { summary: 'Track orders anonymously', description: 'New text.' });
      const [read, write] = fake.requests.filter((r) => r.path === '/rest/api/3/issue/PORTAL-2');
      expect(read).toMatchObject({ method: 'GET', query: { fields: 'description' } });
      expect(write).toMatchObject({
        method: 'PUT',
        body: { fields: { summary: 'Track orders anonymously', description: toAdf('New text.', version) } },
      });
      expect(issue.description).toEqual(toAdf('New text.', version));
    });

    it('passes a document through unchanged', async () => {
      const doc = { type: 'doc' as const, version: 1, content: [{ type: 'rule' }] };
      await client().addComment('CLOUD-1', doc);
      expect(sent('POST', '/rest/api/3/issue/CLOUD-1/comment')[0]!.body).toEqual({ body: doc });
    });
  });

  describe('failures', () => {
    it('401: names the request and the credentials to check', async () => {
      const error = await failure(client({ auth: { mode: 'basic', email, apiToken: 'nope-nope' } }).myself());
      expect(error).toMatchObject({
        code: 'unauthorized',
        status: 401,
        statusText: 'Unauthorized',
        method: 'GET',
      });
      expect(error.body).toEqual({
        errorMessages: ['Client must be authenticated to access this resource.'],
        errors: {},
      });
      expect(error.message).toBe(
        `The tracker at ${fake.url} answered 401 Unauthorized to GET /rest/api/3/myself: check the e-mail address and API token.`,
      );
      expect(retries).toEqual([]);
    });

    it('403', async () => {
      fake.fail({ path: '/rest/api/3/myself' }, { status: 403 });
      const error = await failure(client().myself());
      expect(error).toMatchObject({
        code: 'forbidden',
        status: 403,
        statusText: 'Forbidden',
        path: '/rest/api/3/myself',
      });
      expect(error.message).toMatch(
        /\("You do not have permission to perform this operation\."\): the account may not do this/,
      );
    });

    it("404 with the tracker's message", async () => {
      const error = await failure(client().getIssue('CLOUD-999', ['summary']));
      expect(error).toMatchObject({ code: 'not_found', status: 404, path: '/rest/api/3/issue/CLOUD-999' });
      expect(error.message).toBe(
        `The tracker at ${fake.url} answered 404 Not Found to GET /rest/api/3/issue/CLOUD-999 ("Issue does not exist or you do not have permission to see it."): it does not exist or the account cannot see it.`,
      );
    });

    it('410 for the retired search, GET and POST', async () => {
      const get = await failure(
        client().request({ method: 'GET', path: '/rest/api/3/search', query: { jql: 'project = CLOUD' } }),
      );
      expect(get).toMatchObject({ code: 'gone', status: 410, statusText: 'Gone' });
      expect(get.message).toMatch(
        /removed this endpoint \(cloud sites search with \/rest\/api\/3\/search\/jql\)\.$/,
      );
      const post = await failure(
        client().request({ method: 'POST', path: '/rest/api/2/search', body: { jql: 'project = CLOUD' } }),
      );
      expect(post).toMatchObject({ code: 'gone', status: 410 });
      expect(retries).toEqual([]);
    });

    it("400 with the tracker's words for an unknown issue key", async () => {
      const error = await failure(
        all(client().searchIssues({ jql: 'key in (CLOUD-1, X-9)', fields: ['summary'] })),
      );
      expect(error).toMatchObject({ code: 'bad_request', status: 400 });
      expect(error.message).toContain(`("An issue with key 'X-9' does not exist for field 'key'.")`);
    });

    it('429: waits out Retry-After, then succeeds', async () => {
      fake.fail({ path: '/rest/api/3/myself' }, { status: 429, retryAfterSeconds: 1, times: 2 });
      const started = performance.now();
      const me = await client().myself();
      const waited = performance.now() - started;
      expect(me.displayName).toBe('Fahrplan Integration');
      expect(waited).toBeGreaterThanOrEqual(2000);
      expect(retries).toEqual([
        { attempt: 1, delayMs: 1000, status: 429 },
        { attempt: 2, delayMs: 1000, status: 429 },
      ]);
      expect(sent('GET', '/rest/api/3/myself')).toHaveLength(3);
    });

    it('429 that outlasts the attempts: reports when to come back', async () => {
      fake.fail({ path: '/rest/api/3/myself' }, { status: 429, retryAfterSeconds: 0, times: Infinity });
      const error = await failure(client().myself());
      expect(error).toMatchObject({ code: 'rate_limited', status: 429, attempts: 3, retryAfterMs: 0 });
      expect(sent('GET', '/rest/api/3/myself')).toHaveLength(3);
    });

    it('5xx: retried with backoff, honouring Retry-After, then succeeds', async () => {
      fake.fail({ path: '/rest/api/3/serverInfo' }, { status: 500, times: 1 });
      fake.fail({ path: '/rest/api/3/serverInfo' }, { status: 503, retryAfterSeconds: 1, times: 1 });
      const started = performance.now();
      const info = await client().serverInfo();
      expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
      expect(info.serverTitle).toBe('Fahrplan fake Jira');
      expect(retries.map((r) => r.status)).toEqual([500, 503]);
      expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(10);
      expect(retries[0]!.delayMs).toBeLessThanOrEqual(20);
      expect(retries[1]!.delayMs).toBe(1000);
    });

    it('5xx: gives up after the last attempt', async () => {
      fake.fail({ path: '/rest/api/3/project/search' }, { status: 502, times: Infinity });
      const error = await failure(all(client().projects()));
      expect(error).toMatchObject({ code: 'server', status: 502, statusText: 'Bad Gateway', attempts: 3 });
      expect(error.message).toBe(
        `The tracker at ${fake.url} answered 502 Bad Gateway to GET /rest/api/3/project/search (3 attempts) ("Bad gateway."): the tracker failed; try again later.`,
      );
      expect(sent('GET', '/rest/api/3/project/search')).toHaveLength(3);
      expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
    });

    it('malformed JSON', async () => {
      fake.fail({ path: '/rest/api/3/serverInfo' }, { malformed: true });
      const error = await failure(client().serverInfo());
      expect(error).toMatchObject({ code: 'malformed', status: 200 });
      expect(error.message).toBe("The tracker's answer to GET /rest/api/3/serverInfo was not valid JSON.");
      fake.fail({ path: '/rest/api/3/project/search' }, { malformed: true });
      expect(await client().test()).toMatchObject({
        ok: false,
        step: 'read',
        failure: { code: 'malformed' },
      });
    });

    it('a malformed error body keeps the status', async () => {
      fake.fail({ path: '/rest/api/3/myself' }, { status: 500, malformed: true, times: Infinity });
      const error = await failure(client().myself());
      expect(error).toMatchObject({ code: 'server', status: 500, body: '{"errorMessages":["trunc' });
    });

    it('a slow answer beyond the timeout, also mid-paging', async () => {
      fake.fail({ path: '/rest/api/3/project/CLOUD/version' }, { delayMs: 1000 });
      const started = performance.now();
      const error = await failure(all(client({ timeoutMs: 250 }).versions('CLOUD')));
      expect(performance.now() - started).toBeLessThan(900);
      expect(error).toMatchObject({ code: 'timeout', status: null, timeoutMs: 250 });
      expect(error.message).toBe('The tracker did not answer within 0.3 s.');
    });

    it('a tracker that is down: retried, then unreachable', async () => {
      await fake.down();
      const error = await failure(client().myself());
      expect(error).toMatchObject({ code: 'unreachable', reason: 'ECONNREFUSED', attempts: 3, status: null });
      expect(error.message).toBe(`Could not reach ${new URL(fake.url).host} (connection refused).`);
      await fake.up();
    });

    it('a host without a scheme', () => {
      expect(() =>
        createTrackerClient({
          baseUrl: 'jira.example.com:8443',
          deployment: 'cloud',
          auth: { mode: 'bearer', token: 't' },
        }),
      ).toThrow(
        expect.objectContaining({
          name: 'TrackerError',
          code: 'host_url',
          message: "Couldn't parse the host URL",
        }),
      );
    });
  });
});

describe('a data-center tracker', () => {
  beforeEach(() => start({ flavour: 'datacenter' }));
  afterEach(closeFake);

  const dc = (auth: TrackerAuth = { mode: 'pat', token: pat }) => client({ deployment: 'datacenter', auth });

  it('passes the test on REST v2 with a personal access token', async () => {
    expect(await dc().test()).toEqual({
      ok: true,
      server: { title: 'Fahrplan fake Jira', version: '9.12.15', deploymentType: 'Server' },
      user: 'Fahrplan Integration',
      projects: 3,
      tookMs: expect.any(Number),
    });
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/rest/api/2/serverInfo',
      '/rest/api/2/myself',
      '/rest/api/2/project',
    ]);
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${pat}`);
  });

  it('names the token on a wrong personal access token', async () => {
    const result = await dc({ mode: 'pat', token: 'stale' }).test();
    expect(result).toMatchObject({
      ok: false,
      step: 'authenticate',
      failure: { message: expect.stringMatching(/: check the personal access token/) },
    });
  });

  it('searches /rest/api/2/search by startAt and total', async () => {
    const issues = await all(
      dc().searchIssues({ jql: 'project = SDESK ORDER BY key', fields: ['summary', 'assignee'] }),
    );
    expect(issues.map((i) => i.key)).toEqual([
      'SDESK-1',
      'SDESK-2',
      'SDESK-3',
      'SDESK-4',
      'SDESK-5',
      'SDESK-6',
      'SDESK-7',
    ]);
    expect(sent('GET', '/rest/api/2/search').map((r) => r.query.startAt)).toEqual(['0', '2', '4', '6']);
    expect(sent('GET', '/rest/api/3/search/jql')).toHaveLength(0);
    expect(
      urls
        .filter((u) => u.pathname === '/rest/api/2/search')
        .every((u) => u.search.includes('fields=summary,assignee')),
    ).toBe(true);
  });

  it('lists projects and pages versions on v2', async () => {
    expect((await all(dc().projects())).map((p) => p.key)).toEqual(['CLOUD', 'PORTAL', 'SDESK']);
    expect((await all(dc().versions('SDESK'))).map((v) => v.name)).toEqual(['Bot 1.0', 'Bot 1.1', 'Bot 2.0']);
    expect(sent('GET', '/rest/api/2/project/SDESK/version').map((r) => r.query.startAt)).toEqual(['0', '2']);
  });

  it('sends plain strings for descriptions and comments, and edits without fetching first', async () => {
    const created = await dc().createIssue({
      projectKey: 'SDESK',
      issueType: 'Task',
      summary: 'S',
      description: 'Plain.',
    });
    expect(sent('POST', '/rest/api/2/issue')[0]!.body).toMatchObject({ fields: { description: 'Plain.' } });
    await dc().addComment(created.key, 'A comment.');
    expect(sent('POST', `/rest/api/2/issue/${created.key}/comment`)[0]!.body).toEqual({ body: 'A comment.' });
    await dc().transitionIssue(created.key, '21', 'Started.');
    expect(sent('POST', `/rest/api/2/issue/${created.key}/transitions`)[0]!.body).toEqual({
      transition: { id: '21' },
      update: { comment: [{ add: { body: 'Started.' } }] },
    });
    await dc().editIssue(created.key, { description: toAdf('From a document.') });
    const touched = fake.requests.filter((r) => r.path === `/rest/api/2/issue/${created.key}`);
    expect(touched.map((r) => r.method)).toEqual(['PUT']);
    expect(touched[0]!.body).toEqual({ fields: { description: 'From a document.' } });
  });
});

describe('the service desk experimental opt-in', () => {
  // The fake has no experimental operation, so a tiny server stands in for /rest/servicedeskapi/requesttype.
  it('is sent on operations marked experimental, with start/limit paging', async () => {
    const seen: { url: string; experimental: string | undefined }[] = [];
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      seen.push({
        url: url.pathname + url.search,
        experimental: req.headers['x-experimentalapi'] as string | undefined,
      });
      const start = Number(url.searchParams.get('start'));
      const values = [{ id: String(start + 1) }, { id: String(start + 2) }].filter((v) => Number(v.id) <= 3);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ start, limit: 2, size: values.length, isLastPage: start + 2 >= 3, values }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const local = createTrackerClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        deployment: 'cloud',
        auth: { mode: 'basic', email, apiToken },
      });
      const types = await all(local.requestTypes({ serviceDeskId: '4' }));
      expect(types).toEqual([{ id: '1' }, { id: '2' }, { id: '3' }]);
      expect(seen).toEqual([
        { url: '/rest/servicedeskapi/requesttype?serviceDeskId=4&start=0&limit=50', experimental: 'opt-in' },
        { url: '/rest/servicedeskapi/requesttype?serviceDeskId=4&start=2&limit=50', experimental: 'opt-in' },
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
