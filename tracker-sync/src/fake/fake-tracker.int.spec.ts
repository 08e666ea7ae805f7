import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { loadTrackerSpecs } from '../testing/openapi-validator';
import type { TrackerSpecs } from '../testing/openapi-validator';
import { fakeTrackerDemoData, fakeTrackerHandler, startFakeTracker } from './fake-tracker';
import type { FakeIssue, FakeTracker, FakeTrackerData } from './fake-tracker';

const EMAIL = 'planner@example.com';
const TOKEN = 'api-token-123';
const BASIC = `Basic ${Buffer.from(`${EMAIL}:${TOKEN}`).toString('base64')}`;
const adf = (text: string) => ({
  type: 'doc',
  version: 1,
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

// Tests read Jira's answers as loose JSON and assert on them field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = any;

let specs: TrackerSpecs;
beforeAll(() => {
  specs = loadTrackerSpecs();
});

async function call(
  tracker: FakeTracker,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = { authorization: BASIC },
) {
  const response = await fetch(`${tracker.url}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Answer;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** 120 issues in one project: enough for three pages at the default cap of 50. */
function bulkData(): FakeTrackerData {
  const data = fakeTrackerDemoData();
  const extra: FakeIssue[] = Array.from({ length: 120 }, (_, i) => ({
    id: String(20000 + i),
    key: `BULK-${i + 1}`,
    projectKey: 'BULK',
    summary: `Bulk issue ${i + 1}`,
    status: 'To Do',
    statusCategory: 'new',
    assignee: null,
    dueDate: null,
    issueType: 'Task',
    updated: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    description: null,
    fixVersions: [],
    comments: [],
  }));
  const projects = Array.from({ length: 7 }, (_, i) => ({
    id: String(10100 + i),
    key: `P${i}`,
    name: `Project ${i}`,
  }));
  return {
    ...data,
    projects: [...data.projects, { id: '10099', key: 'BULK', name: 'Bulk' }, ...projects],
    issues: [...data.issues, ...extra],
  };
}

describe('fake tracker (cloud, basic credentials, validated against the OpenAPI documents)', () => {
  let tracker: FakeTracker;
  beforeAll(async () => {
    tracker = await startFakeTracker({
      credentials: { basic: { email: EMAIL, apiToken: TOKEN }, bearer: 'oauth-token', pat: 'pat-token' },
      data: bulkData(),
      validate: (exchange) => specs.validateResponse(exchange),
    });
  });
  afterEach(() => tracker.clearFaults());
  afterAll(async () => {
    await tracker.close();
  });

  it('answers serverInfo and myself on v2 and v3', async () => {
    for (const v of ['2', '3']) {
      const info = await call(tracker, 'GET', `/rest/api/${v}/serverInfo`);
      expect(info.status).toBe(200);
      expect(info.json).toMatchObject({
        baseUrl: tracker.url,
        deploymentType: 'Cloud',
        versionNumbers: expect.any(Array),
      });
      const me = await call(tracker, 'GET', `/rest/api/${v}/myself`);
      expect(me.status).toBe(200);
      expect(me.json).toMatchObject({
        accountId: expect.any(String),
        emailAddress: EMAIL,
        displayName: expect.any(String),
      });
    }
  });

  it('accepts bearer and personal access tokens, and answers 401 in Jira’s shape otherwise', async () => {
    expect(
      (await call(tracker, 'GET', '/rest/api/3/myself', undefined, { authorization: 'Bearer oauth-token' }))
        .status,
    ).toBe(200);
    expect(
      (await call(tracker, 'GET', '/rest/api/2/myself', undefined, { authorization: 'Bearer pat-token' }))
        .status,
    ).toBe(200);
    const wrongSecret = `Basic ${Buffer.from(`${EMAIL}:wrong`).toString('base64')}`;
    for (const headers of [{}, { authorization: wrongSecret }, { authorization: 'Bearer nope' }] as Record<
      string,
      string
    >[]) {
      const answer = await call(tracker, 'GET', '/rest/api/3/myself', undefined, headers);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ errorMessages: [expect.any(String)], errors: {} });
    }
    const desk = await call(tracker, 'GET', '/rest/servicedeskapi/servicedesk', undefined, {});
    expect(desk.status).toBe(401);
    expect(desk.json).toMatchObject({
      errorMessage: expect.any(String),
      i18nErrorMessage: { i18nKey: expect.any(String) },
    });
  });

  it('pages projects across three pages with startAt/maxResults (cap 50 beats maxResults=100)', async () => {
    const keys: string[] = [];
    let startAt = 0;
    const pages: Answer[] = [];
    for (;;) {
      const answer = await call(tracker, 'GET', `/rest/api/3/project/search?startAt=${startAt}&maxResults=4`);
      expect(answer.status).toBe(200);
      pages.push(answer.json);
      keys.push(...answer.json.values.map((p: { key: string }) => p.key));
      if (answer.json.isLast) break;
      startAt += answer.json.values.length;
    }
    expect(pages).toHaveLength(3);
    expect(pages[0]).toMatchObject({
      startAt: 0,
      maxResults: 4,
      total: 11,
      isLast: false,
      nextPage: expect.stringContaining('startAt=4'),
    });
    expect(pages[2]).toMatchObject({ startAt: 8, total: 11, isLast: true });
    expect(new Set(keys).size).toBe(11);
    expect(keys).toContain('SDESK');
    const capped = await call(tracker, 'GET', '/rest/api/3/project/search?maxResults=100');
    expect(capped.json.maxResults).toBe(50);
    const list = await call(tracker, 'GET', '/rest/api/2/project');
    expect(list.json).toHaveLength(11);
    expect(list.json[0]).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      key: expect.any(String),
      name: expect.any(String),
    });
  });

  it('pages 120 issues through /rest/api/3/search/jql with an opaque nextPageToken and fields as a comma list', async () => {
    const seen: Answer[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const query = new URLSearchParams({
        jql: 'project = BULK ORDER BY key ASC',
        fields: 'summary,status',
        maxResults: '100',
      });
      if (token) query.set('nextPageToken', token);
      const answer = await call(tracker, 'GET', `/rest/api/3/search/jql?${query}`);
      expect(answer.status).toBe(200);
      expect(answer.json).not.toHaveProperty('total');
      seen.push(...answer.json.issues);
      token = answer.json.nextPageToken;
      expect(answer.json.isLast).toBe(token === undefined);
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(seen.map((i) => i.key)).toEqual(Array.from({ length: 120 }, (_, i) => `BULK-${i + 1}`));
    expect(Object.keys(seen[0].fields).sort()).toEqual(['status', 'summary']);
    expect(seen[0].fields.status).toMatchObject({ name: 'To Do', statusCategory: { key: 'new' } });
    const recorded = tracker.requests.filter((r) => r.path === '/rest/api/3/search/jql').at(-1)!;
    expect(recorded.query.fields).toBe('summary,status');
  });

  it('searches with POST /search/jql, the JQL subset, and refuses unknown keys and bad tokens like Jira', async () => {
    const posted = await call(tracker, 'POST', '/rest/api/3/search/jql', {
      jql: 'key in (SDESK-1, CLOUD-2) ORDER BY key DESC',
      fields: ['summary', 'assignee', 'duedate', 'fixVersions', 'updated', 'project', 'issuetype'],
      maxResults: 10,
    });
    expect(posted.status).toBe(200);
    expect(posted.json.issues.map((i: { key: string }) => i.key)).toEqual(['SDESK-1', 'CLOUD-2']);
    expect(posted.json.issues[0].fields).toMatchObject({
      project: { key: 'SDESK' },
      issuetype: { name: 'Epic' },
      fixVersions: [{ id: '10100' }],
    });
    expect(posted.json.issues[0].fields.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/);
    const recent = await call(
      tracker,
      'GET',
      `/rest/api/3/search/jql?${new URLSearchParams({ jql: 'project in (BULK) AND updated >= "2026/01/01 01:50"', maxResults: '50' })}`,
    );
    expect(recent.json.issues).toHaveLength(10);
    const unknown = await call(
      tracker,
      'GET',
      `/rest/api/3/search/jql?${new URLSearchParams({ jql: 'key in (SDESK-1, X-9)' })}`,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({
      errorMessages: ["An issue with key 'X-9' does not exist for field 'key'."],
      errors: {},
    });
    const badToken = await call(
      tracker,
      'GET',
      `/rest/api/3/search/jql?jql=project%3DSDESK&nextPageToken=garbage`,
    );
    expect(badToken.status).toBe(400);
    const unbounded = await call(
      tracker,
      'GET',
      `/rest/api/3/search/jql?jql=${encodeURIComponent('ORDER BY key')}`,
    );
    expect(unbounded.status).toBe(400);
  });

  it('answers 410 for the removed search on cloud (v2 and v3, GET and POST)', async () => {
    for (const [method, path] of [
      ['GET', '/rest/api/3/search?jql=project%3DSDESK'],
      ['POST', '/rest/api/3/search'],
      ['GET', '/rest/api/2/search?jql=project%3DSDESK'],
    ] as const) {
      const answer = await call(
        tracker,
        method,
        path,
        method === 'POST' ? { jql: 'project = SDESK' } : undefined,
      );
      expect(answer.status).toBe(410);
      expect(answer.json.errorMessages[0]).toContain('/rest/api/3/search/jql');
    }
  });

  it('lists versions paged and as a list, boards filtered by comma-listed types and project', async () => {
    const paged = await call(tracker, 'GET', '/rest/api/3/project/CLOUD/version?startAt=0&maxResults=3');
    expect(paged.json).toMatchObject({ startAt: 0, maxResults: 3, total: 4, isLast: false });
    expect(paged.json.values[0]).toMatchObject({
      id: '10103',
      name: 'Pilot migration',
      projectId: 10001,
      released: expect.any(Boolean),
    });
    const rest = await call(tracker, 'GET', '/rest/api/3/project/10001/version?startAt=3&maxResults=3');
    expect(rest.json).toMatchObject({ startAt: 3, total: 4, isLast: true, values: [{ id: '10106' }] });
    const list = await call(tracker, 'GET', '/rest/api/2/project/CLOUD/versions');
    expect(list.json.map((v: { id: string }) => v.id)).toEqual(['10103', '10104', '10105', '10106']);
    expect((await call(tracker, 'GET', '/rest/api/3/project/NOPE/versions')).status).toBe(404);

    const all = await call(tracker, 'GET', '/rest/agile/1.0/board?type=scrum,kanban&maxResults=2');
    expect(all.json).toMatchObject({ startAt: 0, maxResults: 2, total: 4, isLast: false });
    const scrum = await call(tracker, 'GET', '/rest/agile/1.0/board?type=scrum&projectKeyOrId=CLOUD');
    expect(scrum.json.values).toEqual([
      expect.objectContaining({
        id: 2,
        type: 'scrum',
        location: expect.objectContaining({ projectKey: 'CLOUD', projectId: 10001 }),
      }),
    ]);
    expect(scrum.json.isLast).toBe(true);
    expect(
      tracker.requests.some((r) => r.path === '/rest/agile/1.0/board' && r.query.type === 'scrum,kanban'),
    ).toBe(true);
  });

  it('reads an issue with selected fields, edits it (v3 needs ADF), transitions it, comments on it; every write bumps updated', async () => {
    const before = tracker.data.issues.find((i) => i.key === 'PORTAL-4')!.updated;
    const read = await call(tracker, 'GET', '/rest/api/3/issue/PORTAL-4?fields=summary,description');
    expect(read.status).toBe(200);
    expect(Object.keys(read.json.fields).sort()).toEqual(['description', 'summary']);
    expect(read.json.fields.description).toMatchObject({ type: 'doc', version: 1 });
    const readV2 = await call(tracker, 'GET', '/rest/api/2/issue/PORTAL-4?fields=description');
    expect(readV2.json.fields.description).toBe('Search ignores umlauts.');

    const plain = await call(tracker, 'PUT', '/rest/api/3/issue/PORTAL-4', {
      fields: { description: 'plain text' },
    });
    expect(plain.status).toBe(400);
    expect(plain.json).toEqual({
      errorMessages: [],
      errors: { description: expect.stringContaining('Atlassian Document') },
    });
    expect(tracker.data.issues.find((i) => i.key === 'PORTAL-4')!.updated).toBe(before);

    const edited = await call(tracker, 'PUT', '/rest/api/3/issue/PORTAL-4', {
      fields: { description: adf('Umlauts now work') },
    });
    expect(edited.status).toBe(204);
    const afterEdit = tracker.data.issues.find((i) => i.key === 'PORTAL-4')!;
    expect(afterEdit.description).toEqual(adf('Umlauts now work'));
    expect(Date.parse(afterEdit.updated)).toBeGreaterThan(Date.parse(before));
    const v2Edit = await call(tracker, 'PUT', '/rest/api/2/issue/PORTAL-4', {
      fields: { summary: 'Search handles umlauts', description: 'via v2' },
    });
    expect(v2Edit.status).toBe(204);
    expect((await call(tracker, 'GET', '/rest/api/3/issue/PORTAL-4')).json.fields).toMatchObject({
      summary: 'Search handles umlauts',
      description: adf('via v2'),
    });

    const transitions = await call(tracker, 'GET', '/rest/api/3/issue/PORTAL-4/transitions');
    expect(transitions.json.transitions.map((t: Answer) => [t.name, t.to.statusCategory.key])).toEqual([
      ['To Do', 'new'],
      ['In Progress', 'indeterminate'],
      ['Done', 'done'],
    ]);
    const done = transitions.json.transitions.find((t: Answer) => t.name === 'Done');
    const stamp = afterEdit.updated;
    const moved = await call(tracker, 'POST', '/rest/api/3/issue/PORTAL-4/transitions', {
      transition: { id: done.id },
      update: { comment: [{ add: { body: adf('Fixed in 3.1') } }] },
    });
    expect(moved.status).toBe(204);
    expect(tracker.data.issues.find((i) => i.key === 'PORTAL-4')).toMatchObject({
      status: 'Done',
      statusCategory: 'done',
    });
    expect(Date.parse(tracker.data.issues.find((i) => i.key === 'PORTAL-4')!.updated)).toBeGreaterThan(
      Date.parse(stamp),
    );
    expect(
      (await call(tracker, 'POST', '/rest/api/3/issue/PORTAL-4/transitions', { transition: { id: '99' } }))
        .status,
    ).toBe(400);

    const rejected = await call(tracker, 'POST', '/rest/api/3/issue/PORTAL-4/comment', { body: 'plain' });
    expect(rejected.status).toBe(400);
    expect(rejected.json).toMatchObject({ errorMessages: [], errors: { comment: expect.any(String) } });
    const comment = await call(tracker, 'POST', '/rest/api/3/issue/PORTAL-4/comment', {
      body: adf('Looks good'),
    });
    expect(comment.status).toBe(201);
    expect(comment.json).toMatchObject({
      id: expect.any(String),
      body: adf('Looks good'),
      created: expect.any(String),
    });
    const v2Comment = await call(tracker, 'POST', '/rest/api/2/issue/PORTAL-4/comment', {
      body: 'plain is fine on v2',
    });
    expect(v2Comment.status).toBe(201);
    expect(v2Comment.json.body).toBe('plain is fine on v2');
    expect(tracker.data.issues.find((i) => i.key === 'PORTAL-4')!.comments).toHaveLength(3);
    expect((await call(tracker, 'GET', '/rest/api/3/issue/NOPE-1')).status).toBe(404);
  });

  it('creates issues (201 {id, key, self}); v3 refuses a plain-string description', async () => {
    const plain = await call(tracker, 'POST', '/rest/api/3/issue', {
      fields: {
        project: { key: 'SDESK' },
        issuetype: { name: 'Task' },
        summary: 'New',
        description: 'plain',
      },
    });
    expect(plain.status).toBe(400);
    expect(plain.json.errors.description).toContain('Atlassian Document');
    const created = await call(tracker, 'POST', '/rest/api/3/issue', {
      fields: {
        project: { key: 'SDESK' },
        issuetype: { name: 'Task' },
        summary: 'Escalate angry customers',
        description: adf('Route to a human'),
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^\d+$/),
      key: 'SDESK-8',
      self: expect.stringContaining('/rest/api/3/issue/'),
    });
    const v2 = await call(tracker, 'POST', '/rest/api/2/issue', {
      fields: {
        project: { id: '10002' },
        issuetype: { name: 'Bug' },
        summary: 'From v2',
        description: 'text',
      },
    });
    expect(v2.json.key).toBe('PORTAL-7');
    const missing = await call(tracker, 'POST', '/rest/api/3/issue', {
      fields: { issuetype: { name: 'Task' } },
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.errors).sort()).toEqual(['project', 'summary']);
  });

  it('pages service desks and customer requests with start/limit/isLastPage', async () => {
    const desks = await call(tracker, 'GET', '/rest/servicedeskapi/servicedesk', undefined, {
      authorization: BASIC,
      'X-ExperimentalApi': 'opt-in',
    });
    expect(desks.json).toMatchObject({
      start: 0,
      size: 1,
      isLastPage: true,
      values: [{ id: '1', projectKey: 'SDESK', projectId: '10000' }],
    });
    expect(tracker.requests.at(-1)!.headers['x-experimentalapi']).toBe('opt-in');
    const first = await call(tracker, 'GET', '/rest/servicedeskapi/request?serviceDeskId=1&start=0&limit=5');
    expect(first.json).toMatchObject({
      start: 0,
      limit: 5,
      size: 5,
      isLastPage: false,
      _links: { next: expect.stringContaining('start=5') },
    });
    const second = await call(tracker, 'GET', '/rest/servicedeskapi/request?serviceDeskId=1&start=5&limit=5');
    expect(second.json.isLastPage).toBe(true);
    expect(
      [...first.json.values, ...second.json.values].map((r: { issueKey: string }) => r.issueKey),
    ).toEqual(tracker.data.issues.filter((i) => i.projectKey === 'SDESK').map((i) => i.key));
    const unknown = await call(tracker, 'GET', '/rest/servicedeskapi/request?serviceDeskId=99');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({
      errorMessage: expect.any(String),
      i18nErrorMessage: { i18nKey: expect.any(String), parameters: [] },
    });
  });

  it('records method, path, query, lower-cased headers and parsed body', async () => {
    await call(
      tracker,
      'PUT',
      '/rest/api/3/issue/CLOUD-1?notifyUsers=false',
      { fields: { summary: 'Migrate pilots' } },
      {
        authorization: BASIC,
        'X-Atlassian-Token': 'no-check',
        'x-atlassian-force-account-id': 'true',
      },
    );
    expect(tracker.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/rest/api/3/issue/CLOUD-1',
      query: { notifyUsers: 'false' },
      headers: { 'x-atlassian-token': 'no-check', 'x-atlassian-force-account-id': 'true' },
      body: { fields: { summary: 'Migrate pilots' } },
    });
  });

  it.each([401, 403, 404, 410, 500, 503])(
    'forces a %i in the family’s error shape, once by default',
    async (status) => {
      tracker.fail({ method: 'GET', path: '/rest/api/3/serverInfo' }, { status });
      const failed = await call(tracker, 'GET', '/rest/api/3/serverInfo');
      expect(failed.status).toBe(status);
      expect(failed.json).toEqual({ errorMessages: [expect.any(String)], errors: {} });
      expect((await call(tracker, 'GET', '/rest/api/3/serverInfo')).status).toBe(200);
    },
  );

  it('forces 429 with Retry-After for a number of times, by regular expression', async () => {
    tracker.fail({ path: /^\/rest\/servicedeskapi\// }, { status: 429, retryAfterSeconds: 2, times: 2 });
    for (let i = 0; i < 2; i++) {
      const limited = await call(tracker, 'GET', '/rest/servicedeskapi/servicedesk');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('2');
      expect(limited.json).toMatchObject({ errorMessage: expect.any(String) });
    }
    expect((await call(tracker, 'GET', '/rest/servicedeskapi/servicedesk')).status).toBe(200);
  });

  it('sends malformed JSON under application/json, and keeps faulting until cleared with times: Infinity', async () => {
    tracker.fail({ path: '/rest/api/3/myself' }, { malformed: true, times: Infinity });
    for (let i = 0; i < 3; i++) {
      const broken = await call(tracker, 'GET', '/rest/api/3/myself');
      expect(broken.status).toBe(200);
      expect(broken.headers.get('content-type')).toContain('application/json');
      expect(() => JSON.parse(broken.text)).toThrow();
    }
    tracker.clearFaults();
    expect((await call(tracker, 'GET', '/rest/api/3/myself')).json.accountId).toEqual(expect.any(String));
  });

  it('answers slowly when asked (a client timeout fires first)', async () => {
    tracker.fail({ path: '/rest/api/3/serverInfo' }, { delayMs: 400 });
    const started = Date.now();
    await expect(
      fetch(`${tracker.url}/rest/api/3/serverInfo`, {
        headers: { authorization: BASIC },
        signal: AbortSignal.timeout(100),
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(400);
    tracker.fail({ path: '/rest/api/3/serverInfo' }, { delayMs: 150 });
    const slowStart = Date.now();
    expect((await call(tracker, 'GET', '/rest/api/3/serverInfo')).status).toBe(200);
    expect(Date.now() - slowStart).toBeGreaterThanOrEqual(140);
  });

  it('refuses connections while down and answers again on the same port after up', async () => {
    const url = tracker.url;
    await tracker.down();
    const refused = await fetch(`${url}/rest/api/3/serverInfo`).then(
      () => null,
      (error: Error) => error.cause as { code?: string },
    );
    expect(refused?.code).toBe('ECONNREFUSED');
    await tracker.up();
    expect(tracker.url).toBe(url);
    expect((await call(tracker, 'GET', '/rest/api/3/serverInfo')).status).toBe(200);
  });

  it('serves the HTML pages the console’s open buttons link to', async () => {
    const issue = await fetch(`${tracker.url}/browse/SDESK-1`);
    expect(issue.status).toBe(200);
    expect(await issue.text()).toContain('Chatbot answers password-reset questions');
    expect(
      (await fetch(`${tracker.url}/projects/CLOUD/versions/10104/tab/release-report-all-issues`)).status,
    ).toBe(200);
    expect(
      await (await fetch(`${tracker.url}/secure/RapidBoard.jspa?rapidView=2&view=planning.nodetails`)).text(),
    ).toContain('CLOUD sprints');
    expect((await fetch(`${tracker.url}/browse/NOPE-1`)).status).toBe(404);
  });

  it('sent only answers that match Atlassian’s OpenAPI documents', () => {
    expect(tracker.requests.length).toBeGreaterThan(40);
    expect(tracker.validationProblems).toEqual([]);
  });
});

describe('fake tracker (data center)', () => {
  let tracker: FakeTracker;
  beforeAll(async () => {
    tracker = await startFakeTracker({
      flavour: 'datacenter',
      credentials: { pat: 'dc-pat' },
      data: bulkData(),
      validate: (e) => specs.validateResponse(e),
    });
  });
  afterAll(async () => {
    await tracker.close();
  });

  it('pages /rest/api/2/search with startAt/maxResults/total and has no v3 API', async () => {
    const auth = { authorization: 'Bearer dc-pat' };
    const keys: string[] = [];
    let startAt = 0;
    let pages = 0;
    for (;;) {
      const answer = await call(
        tracker,
        'GET',
        `/rest/api/2/search?jql=${encodeURIComponent('project = BULK')}&startAt=${startAt}&maxResults=500&fields=summary`,
        undefined,
        auth,
      );
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ startAt, maxResults: 50, total: 120 });
      keys.push(...answer.json.issues.map((i: { key: string }) => i.key));
      pages++;
      startAt += answer.json.issues.length;
      if (startAt >= answer.json.total) break;
    }
    expect(pages).toBe(3);
    expect(new Set(keys).size).toBe(120);
    const posted = await call(
      tracker,
      'POST',
      '/rest/api/2/search',
      { jql: 'project = SDESK', startAt: 0, maxResults: 2, fields: ['summary'] },
      auth,
    );
    expect(posted.json).toMatchObject({ startAt: 0, maxResults: 2, total: 7 });
    expect((await call(tracker, 'GET', '/rest/api/2/serverInfo', undefined, auth)).json.deploymentType).toBe(
      'Server',
    );
    expect(
      (await call(tracker, 'GET', '/rest/api/3/search/jql?jql=project%3DSDESK', undefined, auth)).status,
    ).toBe(404);
    expect(
      (await call(tracker, 'GET', '/rest/api/2/myself', undefined, { authorization: 'Bearer wrong' })).status,
    ).toBe(401);
    expect(tracker.validationProblems).toEqual([]);
  });
});

describe('fake tracker handler mounted under a prefix (the demo)', () => {
  it('serves under the prefix, with self links that include it, and passes other paths on', async () => {
    const handler = fakeTrackerHandler({ prefix: '/fake-jira' });
    const server = createServer((req, res) => {
      // Like express's app.use('/fake-jira', …) with a JSON body parser: url stripped, originalUrl kept, body parsed.
      const mounted = req as typeof req & { originalUrl?: string; body?: unknown };
      const forward = () =>
        handler(mounted, res, () => {
          res.writeHead(418).end('not the fake');
        });
      if (req.headers['x-mount'] !== 'express') return forward();
      mounted.originalUrl = req.url;
      mounted.url = (req.url ?? '/').replace(/^\/fake-jira/, '') || '/';
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        mounted.body = raw ? JSON.parse(raw) : {};
        forward();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const projects: Answer = await (await fetch(`${base}/fake-jira/rest/api/3/project/search`)).json();
      expect(projects.values.map((p: { key: string }) => p.key)).toEqual(['CLOUD', 'PORTAL', 'SDESK']);
      expect(projects.values[0].self).toBe(`${base}/fake-jira/rest/api/3/project/10001`);
      expect((await fetch(`${base}/elsewhere`)).status).toBe(418);
      expect((await fetch(`${base}/fake-jira/browse/CLOUD-1`)).status).toBe(200);
      const created = await fetch(`${base}/fake-jira/rest/api/2/issue`, {
        method: 'POST',
        headers: { 'x-mount': 'express', 'content-type': 'application/json' },
        body: JSON.stringify({
          fields: { project: { key: 'CLOUD' }, issuetype: { name: 'Task' }, summary: 'Via express' },
        }),
      });
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({
        key: 'CLOUD-8',
        self: expect.stringContaining(`${base}/fake-jira/rest/api/2/issue/`),
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('fake tracker demo data', () => {
  it('has three projects, boards, current releases and about twenty issues with Jira-like ids', () => {
    const now = new Date();
    const data = fakeTrackerDemoData(now);
    expect(data.projects.map((p) => p.key)).toEqual(['SDESK', 'CLOUD', 'PORTAL']);
    expect(data.projects.every((p) => Number(p.id) >= 10000)).toBe(true);
    for (const project of data.projects) {
      expect(data.boards.filter((b) => b.projectKey === project.key).length).toBeGreaterThanOrEqual(1);
      const versions = data.versions.filter((v) => v.projectId === project.id);
      expect(versions.length).toBeGreaterThanOrEqual(2);
      expect(versions.length).toBeLessThanOrEqual(4);
    }
    const years = new Set(data.versions.map((v) => Number(v.releaseDate!.slice(0, 4))));
    expect(years).toEqual(new Set([now.getUTCFullYear(), now.getUTCFullYear() + 1]));
    expect(data.versions.every((v) => Number(v.id) >= 10100 && Number(v.id) < 10200)).toBe(true);
    expect(data.issues.length).toBeGreaterThanOrEqual(18);
    expect(new Set(data.issues.map((i) => i.statusCategory))).toEqual(
      new Set(['new', 'indeterminate', 'done']),
    );
    expect(data.issues.every((i) => Number(i.id) >= 10200 && /^[A-Z]+-\d+$/.test(i.key))).toBe(true);
    expect(data.issues.some((i) => i.assignee === null) && data.issues.some((i) => i.assignee !== null)).toBe(
      true,
    );
    expect(data.serviceDesks).toHaveLength(1);
  });
});

describe('fake tracker validation wiring', () => {
  it('records a problem when an answer does not match the documents (here a board id that is not an integer)', async () => {
    const data = fakeTrackerDemoData();
    (data.boards[0] as { id: unknown }).id = 'one';
    const tracker = await startFakeTracker({ data, validate: (e) => specs.validateResponse(e) });
    try {
      expect((await call(tracker, 'GET', '/rest/agile/1.0/board')).status).toBe(200);
      expect(tracker.validationProblems).toEqual([expect.stringContaining('/values/0/id must be integer')]);
      await call(tracker, 'GET', '/rest/api/3/not-an-endpoint');
      expect(tracker.validationProblems[1]).toContain('has no operation GET');
    } finally {
      await tracker.close();
    }
  });
});
