import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hostWithoutSchemeMessage, trackerRepositoryId } from '@fahrplan/contracts';
import { eventually } from '@fahrplan/platform/testing';
import { startFakeTracker } from '@fahrplan/tracker-sync';
import type { FakeTracker } from '@fahrplan/tracker-sync';
import { loadTrackerSpecs } from '@fahrplan/tracker-sync/testing';
import { seedDemo } from '../src/demo/seed-demo';
import {
  DEMO_PASSWORD,
  removeDataDir,
  start,
  startPlatform,
  temporaryDataDir,
} from '../src/testing/platform';
import type { Body, Platform } from '../src/testing/platform';

/*
 * The tracker integration through the one-process platform and real HTTP: connections with sealed
 * secrets, the connection test, tracker-sync mirroring a fake tracker (a real HTTP server whose every
 * answer is validated against Atlassian's OpenAPI documents) onto the tracker topics, and the
 * projection's queries the console reads.
 */
const email = 'ops@example.com';
const apiToken = 'right-token-0123456789';

// starting the fake, the platform and tracker-sync takes seconds on a loaded machine
jest.setTimeout(60_000);

describe('the issue tracker', () => {
  let platform: Platform;
  let fake: FakeTracker;
  let connection: { id: number; version: number };
  let project: { id: number; version: number };
  let item: { id: number; version: number };

  const run = async (type: string, data: unknown, token = platform.admin): Promise<Body> => {
    const reply = await platform.api.command(type, data, token);
    if (reply.status !== 200) throw new Error(`${type}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const get = async (path: string, token = platform.admin): Promise<Body> => {
    const reply = await platform.api.get(path, token);
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const settings = () => ({
    name: 'Fake Jira',
    baseUrl: fake.url,
    deployment: 'cloud',
    authMode: 'basic',
    email,
  });
  /** Turns the tenant's jira feature on, and waits until the services know. */
  const switchJiraOn = async (token: string) => {
    const tenant = (await get('/api/admin/tenant', token)) as Body;
    await run('ChangeTenantFeatures', { features: { ...tenant.features, jira: true } }, token);
    await eventually(async () => expect(((await get('/api/me', token)) as Body).features.jira).toBe(true));
  };
  const status = async () =>
    ((await get('/api/tracker/status')) as Body).connections.find((c: Body) => c.id === connection.id);

  beforeAll(async () => {
    fake = await startFakeTracker({
      credentials: { basic: { email, apiToken } },
      validate: loadTrackerSpecs().validateResponse,
      // small pages, so that every listing really pages
      pageSizeLimit: 2,
    });
    // the fake tracker listens on loopback, which an operator must allow (FAHRPLAN_TRACKER_PRIVATE_HOSTS)
    platform = await startPlatform(undefined, { trackerPrivateHosts: ['127.0.0.1'] });
    await platform.embedded.trackerSync.start();
  });

  afterAll(async () => {
    await platform?.stop();
    await fake?.close();
  });

  it('is off without the jira feature: commands answer 403, queries are empty', async () => {
    const reply = await platform.api.command(
      'SaveTrackerConnection',
      { ...settings(), secret: apiToken },
      platform.admin,
    );
    expect(reply.status).toBe(403);
    expect(reply.body.detail).toMatch(/jira/);
    expect(await get('/api/tracker/repositories')).toEqual([]);
    await switchJiraOn(platform.admin);
  });

  it("refuses a host without a scheme with §8's message", async () => {
    const reply = await platform.api.command(
      'SaveTrackerConnection',
      { ...settings(), baseUrl: 'jira.example.com', secret: apiToken },
      platform.admin,
    );
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain(hostWithoutSchemeMessage);
  });

  it('tests settings and says precisely what failed', async () => {
    const test = (body: object, token = platform.admin) =>
      platform.api.send('POST', '/api/tracker/test', { token, json: { ...settings(), ...body } });
    const wrong = await test({ secret: 'wrong-token' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ ok: false, step: 'authenticate', failure: { status: 401 } });
    expect(wrong.body.failure.message).toMatch(/401/);
    const right = await test({ secret: apiToken });
    expect(right.body).toMatchObject({ ok: true, projects: 3 });
    expect((await test({ secret: apiToken }, platform.viewer)).status).toBe(403);
    const down = await test({ baseUrl: 'http://127.0.0.1:9', secret: apiToken });
    expect(down.body).toMatchObject({ ok: false, step: 'reach' });
  });

  it('stores the secret sealed: never in the log in clear, never in an answer', async () => {
    connection = await run('SaveTrackerConnection', { ...settings(), secret: apiToken });
    const log = JSON.stringify(await platform.embedded.store.readAll());
    expect(log).not.toContain(apiToken);
    expect(log).toContain('"alg":"A256GCM"');
    const views = (await get('/api/tracker/connections')) as Body[];
    expect(views).toEqual([
      expect.objectContaining({
        id: connection.id,
        name: 'Fake Jira',
        authMode: 'basic',
        email,
        hasSecret: true,
      }),
    ]);
    expect(JSON.stringify(views)).not.toMatch(/right-token|A256GCM|"iv"/);
    // a saved connection is tested with its stored secret
    const stored = await platform.api.send('POST', '/api/tracker/test', {
      token: platform.admin,
      json: { ...settings(), id: connection.id },
    });
    expect(stored.body).toMatchObject({ ok: true });
  });

  it('uses a stored secret only for its own address, user and tenant', async () => {
    const test = (body: object, token = platform.admin) =>
      platform.api.send('POST', '/api/tracker/test', {
        token,
        json: { ...settings(), id: connection.id, ...body },
      });
    const elsewhere = await test({ baseUrl: 'https://collector.example.net' });
    expect(elsewhere.status).toBe(400);
    expect(JSON.stringify(elsewhere.body)).toMatch(/secret/);
    expect((await test({ email: 'someone@else.example' })).status).toBe(400);
    // another tenant cannot name this connection (and has the feature off: 403 first)
    expect((await test({}, platform.otherAdmin)).status).toBe(403);
    // saving a new address without the secret is refused as well
    const moved = await platform.api.command(
      'SaveTrackerConnection',
      {
        ...settings(),
        id: connection.id,
        version: connection.version,
        baseUrl: 'https://collector.example.net',
      },
      platform.admin,
    );
    expect(moved.status).toBe(400);
  });

  it('mirrors projects with their boards, linked issues and the releases of linked repositories', async () => {
    project = await run('SaveGroup', {
      title: 'Chatbot with tracker',
      jirarepo: { id: trackerRepositoryId(connection.id, '10000'), url: fake.url },
      jiraid: 'SDESK-1',
    });
    item = await run('SaveItem', {
      title: 'Train the model',
      group: project.id,
      subgroup: 'tasks',
      start: '2026-11-02T00:00',
      end: '2026-11-06T00:00',
      jiraid: 'SDESK-2',
    });
    expect(item.id).toBeGreaterThan(0);
    await run('SyncTrackerConnection', { id: connection.id });
    await eventually(
      async () => {
        const repositories = (await get('/api/tracker/repositories')) as Body[];
        expect(repositories.map((r) => r.key)).toEqual(['CLOUD', 'PORTAL', 'SDESK']);
        const sdesk = repositories.find((r) => r.key === 'SDESK');
        expect(sdesk).toMatchObject({
          id: trackerRepositoryId(connection.id, '10000'),
          url: `${fake.url}/browse/SDESK`,
          baseUrl: fake.url,
        });
        expect(sdesk.boards.map((b: Body) => b.url)).toContain(
          `${fake.url}/secure/RapidBoard.jspa?rapidView=1&view=planning.nodetails`,
        );
        const issues = (await get('/api/tracker/issues')) as Body[];
        expect(issues.map((i) => i.key).sort()).toEqual(['SDESK-1', 'SDESK-2']);
        const releases = (await get('/api/tracker/releases')) as Body[];
        expect(releases.map((r) => r.name)).toEqual(
          expect.arrayContaining(['Bot 1.0', 'Bot 1.1', 'Bot 2.0']),
        );
        expect(releases.every((r) => r.groups.includes(project.id))).toBe(true);
        expect(releases[0].url).toMatch(/\/projects\/SDESK\/versions\/\d+\/tab\/release-report-all-issues$/);
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    const issue = ((await get('/api/tracker/issues?keys=SDESK-1')) as Body[])[0];
    const stored = fake.data.issues.find((i) => i.key === 'SDESK-1')!;
    expect(issue).toMatchObject({
      summary: stored.summary,
      status: stored.status,
      url: `${fake.url}/browse/SDESK-1`,
    });
    // paging really paged: several project pages were asked for
    expect(fake.requests.filter((r) => r.path === '/rest/api/3/project/search').length).toBeGreaterThan(1);
    const run1 = await status();
    expect(run1).toMatchObject({ error: null });
    expect(run1.lastSuccessAt).not.toBeNull();
  });

  it('reads only issues updated since the last run, and shows the change', async () => {
    const stored = fake.data.issues.find((i) => i.key === 'SDESK-2')!;
    stored.summary = 'Train the model on 2026 tickets';
    stored.updated = new Date().toISOString();
    const before = fake.requests.length;
    await run('SyncTrackerConnection', { id: connection.id });
    await eventually(
      async () => {
        const [issue] = (await get('/api/tracker/issues?keys=SDESK-2')) as Body[];
        expect(issue.summary).toBe('Train the model on 2026 tickets');
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    const searches = fake.requests.slice(before).filter((r) => r.path === '/rest/api/3/search/jql');
    expect(searches.length).toBeGreaterThan(0);
    expect(JSON.stringify(searches.map((s) => s.body ?? s.query))).toContain('updated >=');
  });

  it("shows what mirroring observed of linked issues in the project's and the item's history, with its source", async () => {
    const history = async (path: string) =>
      ((await get(`/api/history/${path}?limit=1000`)) as Body).items as Body[];
    const mirrored = (rows: Body[]) => rows.filter((row) => row.event === 'TrackerIssueChanged');
    // the item links SDESK-2 in its project's connection: first observed, then the summary change
    await eventually(async () => expect(mirrored(await history(`item/${item.id}`))).toHaveLength(2), {
      timeoutMs: 15_000,
      intervalMs: 100,
    });
    const [changed, first] = mirrored(await history(`item/${item.id}`));
    expect(changed).toMatchObject({
      user: 'tracker-sync',
      source: 'tracker:Fake Jira',
      command: null,
      changes: [
        {
          field: 'issue.summary',
          before: 'Train the intent model on last year’s tickets',
          after: 'Train the model on 2026 tickets',
        },
      ],
    });
    // the first observation: every mirrored field, from nothing
    expect(first.changes).toEqual(
      expect.arrayContaining([
        { field: 'issue.summary', before: null, after: 'Train the intent model on last year’s tickets' },
        { field: 'issue.status', before: null, after: expect.any(String) },
      ]),
    );
    // the project links SDESK-1 only: none of SDESK-2's rows
    const projectRows = mirrored(await history(`group/${project.id}`));
    expect(projectRows.length).toBeGreaterThan(0);
    expect(projectRows.every((row) => row.stream.endsWith('.SDESK-1'))).toBe(true);
    expect(projectRows.every((row) => row.source === 'tracker:Fake Jira')).toBe(true);
  });

  it('keeps serving the mirror while the tracker is down, and says since when it is stale', async () => {
    const before = await status();
    await fake.down();
    try {
      await run('SyncTrackerConnection', { id: connection.id });
      await eventually(
        async () => {
          const now = await status();
          expect(now.error).toMatchObject({ code: 'unreachable' });
          expect(now.lastAttemptAt > before.lastAttemptAt).toBe(true);
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      expect((await status()).lastSuccessAt).toBe(before.lastSuccessAt);
      expect(((await get('/api/tracker/issues')) as Body[]).length).toBe(2);
    } finally {
      await fake.up();
    }
  });

  it('reports a wrong stored secret as an authentication failure', async () => {
    const current = ((await get('/api/tracker/connections')) as Body[])[0];
    connection = await run('SaveTrackerConnection', {
      ...settings(),
      id: connection.id,
      version: current.version,
      secret: 'expired-token',
    });
    await eventually(
      async () => {
        expect((await status()).error).toMatchObject({ code: 'unauthorized', status: 401 });
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
  });

  it("never shows a tenant another tenant's connections or mirror", async () => {
    // with the feature on, so that an empty answer means isolation, not a switched-off integration
    await switchJiraOn(platform.otherAdmin);
    const foreign = await platform.api.send('POST', '/api/tracker/test', {
      token: platform.otherAdmin,
      json: { ...settings(), id: connection.id },
    });
    expect(foreign.status).toBe(404);
    expect(await get('/api/tracker/connections', platform.otherAdmin)).toEqual([]);
    for (const path of ['/api/tracker/repositories', '/api/tracker/issues', '/api/tracker/releases'])
      expect(await get(path, platform.otherAdmin)).toEqual([]);
    expect((await get('/api/tracker/status', platform.otherAdmin)).connections).toEqual([]);
  });

  it('got only answers that match the OpenAPI documents', () => {
    expect(fake.validationProblems).toEqual([]);
  });
});

describe('the tracker mirror across a restart of npm start', () => {
  it('keeps the mirror and its age when the tracker is down at the restart', async () => {
    const fake = await startFakeTracker({ credentials: { basic: { email, apiToken } } });
    const dataDir = temporaryDataDir();
    try {
      let running = await start(dataDir, undefined, { trackerPrivateHosts: ['127.0.0.1'] });
      const token = async () => {
        await eventually(async () =>
          expect((await running.api.login('demo', 'admin', DEMO_PASSWORD)).status).toBe(200),
        );
        return running.api.token('demo', 'admin', DEMO_PASSWORD);
      };
      await seedDemo(running.embedded, DEMO_PASSWORD, {
        tracker: { baseUrl: fake.url, email, apiToken },
      });
      await running.embedded.trackerSync.start();
      let admin = await token();
      const issues = async () => (await running.api.get('/api/tracker/issues', admin)).body as Body[];
      const status = async () =>
        ((await running.api.get('/api/tracker/status', admin)).body as Body).connections[0];
      // the demo links two projects and three tasks to the fake: their issues arrive
      await eventually(
        async () =>
          expect((await issues()).map((i) => i.key).sort()).toEqual([
            'CLOUD-1',
            'PORTAL-3',
            'SDESK-1',
            'SDESK-2',
            'SDESK-3',
          ]),
        {
          timeoutMs: 15_000,
          intervalMs: 100,
        },
      );
      const synced = await status();
      expect(synced.lastSuccessAt).not.toBeNull();

      await running.embedded.close();
      await fake.down();
      running = await start(dataDir, undefined, { trackerPrivateHosts: ['127.0.0.1'] });
      await running.embedded.trackerSync.start();
      admin = await token();
      // served from the bus file, while tracker-sync finds the tracker down
      await eventually(async () => expect((await issues()).length).toBe(5));
      await eventually(
        async () => {
          const now = await status();
          expect(now.error).toMatchObject({ code: 'unreachable' });
          expect(now.lastSuccessAt).toBe(synced.lastSuccessAt);
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      await running.embedded.close();
    } finally {
      removeDataDir(dataDir);
      await fake.close();
    }
  }, 90_000);
});
