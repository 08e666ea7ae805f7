import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  allPermissions,
  createTenantEvents,
  noFeatures,
  streamName,
  topics,
  viewOnlyPermissions,
} from '@fahrplan/contracts';
import type { Category, Permissions, SealedSecret } from '@fahrplan/contracts';
import {
  DirectoryCache,
  InProcessBus,
  ProblemFilter,
  SqliteEventStore,
  TokenService,
  eventMetadata,
} from '@fahrplan/platform';
import { eventually } from '@fahrplan/platform/testing';
import { ProjectionServiceModule } from '../projection-service.module';
import { allProjections } from '../projections/all-projections';
import { ProjectionRunner } from '../projections/projection-runner';
import { groupCreatedData } from '../http/testing/query-fixtures';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { MongoReadStore } from '../read-store/mongo-read-store';
import type { ReadStore } from '../read-store/read-store';
import { describeWithMongo } from '../read-store/testing/mongo-server';
import {
  boardMessage,
  busMessage,
  issueMessage,
  projectMessage,
  publishTracker,
  syncRunMessage,
  versionMessage,
} from './testing/tracker-messages';
import { TrackerMirror } from './tracker-mirror';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies as the server sent them
type Body = any;

const at = (minute: number) => `2026-03-02T09:${String(minute).padStart(2, '0')}:00.000Z`;

const sealed: SealedSecret = {
  alg: 'A256GCM',
  kid: 'kid-of-the-sealing-key',
  iv: 'SW5pdGlhbFZlY3Rvcg',
  tag: 'QXV0aFRhZ09mVGhlU2VjcmV0',
  data: 'U2VhbGVkQXBpVG9rZW5EYXRh',
};

const connection = (id: number, name: string) => ({
  id,
  name,
  baseUrl: `https://${name.toLowerCase().replace(/\W/g, '')}.example`,
  deployment: 'cloud',
  authMode: 'basic',
  email: 'sync@example.org',
  secret: sealed,
});

/** The platform's projection service on one read store: identity, projects and connections in the log, a bus for the mirror. */
class Harness {
  readonly bus = new InProcessBus({ onHandlerError: () => undefined, redeliveryDelayMs: 5 });
  readonly warnings: string[] = [];
  private readonly dir = mkdtempSync(join(tmpdir(), 'fahrplan-tracker-'));
  readonly store = new SqliteEventStore(join(this.dir, 'events.db'));
  private readonly tokens = new TokenService(randomBytes(32));
  private readonly directory = new DirectoryCache(this.store);
  private runner!: ProjectionRunner;
  private mirror!: TrackerMirror;
  private app!: NestExpressApplication;
  private baseUrl = '';
  private nextId = 1;
  private readonly users = new Map<string, number>();

  constructor(private readonly readStore: ReadStore) {}

  async append(tenant: string, category: Category, id: number, type: string, data: unknown): Promise<number> {
    const metadata = eventMetadata({ tenant, user: 'system', timestamp: new Date().toISOString() });
    const result = await this.store.append(
      streamName(category, id),
      [{ id: randomUUID(), type, data, metadata }],
      'any',
    );
    return result.position;
  }

  async tenant(name: string, jira: boolean): Promise<number> {
    const id = this.nextId++;
    const events = createTenantEvents(
      { name, features: { ...noFeatures, jira } },
      { tenant: id, administrator: this.nextId++, viewer: this.nextId++, auditor: this.nextId++ },
    );
    for (const event of events) await this.append(name, 'tenant', id, event.type, event.data);
    return id;
  }

  async user(tenant: string, username: string, permissions: Permissions): Promise<void> {
    const id = this.nextId++;
    this.users.set(`${tenant}/${username}`, id);
    await this.append(tenant, 'user', id, 'UserCreated', {
      id,
      tenant,
      username,
      displayName: username,
      passwordHash: '',
      permissions,
    });
  }

  async start(): Promise<void> {
    await this.directory.start();
    this.runner = new ProjectionRunner(this.store, this.readStore, allProjections);
    await this.runner.start();
    this.mirror = new TrackerMirror(this.bus, this.readStore, {
      groupId: 'projection-service-tracker',
      warn: (message) => this.warnings.push(message),
    });
    await this.mirror.start();
    this.app = await NestFactory.create<NestExpressApplication>(
      ProjectionServiceModule.forRoot({
        readStore: this.readStore,
        runner: this.runner,
        tokens: this.tokens,
        directory: this.directory,
        eventStore: this.store,
      }),
      { logger: false },
    );
    this.app.useGlobalFilters(new ProblemFilter());
    await this.app.listen(0, '127.0.0.1');
    this.baseUrl = `http://127.0.0.1:${(this.app.getHttpServer().address() as AddressInfo).port}`;
  }

  /** Waits until the read models and the directory reflect everything in the log. */
  async caughtUp(): Promise<void> {
    const head = await this.store.headPosition();
    if (!(await this.runner.waitFor(head, 5000)) || !(await this.directory.waitFor(head, 5000)))
      throw new Error('the projections did not catch up');
  }

  async get(path: string, as: string): Promise<{ status: number; text: string; body: Body }> {
    const [tenant, username] = as.split('/') as [string, string];
    const token = this.tokens.issueAccessToken({
      userId: this.users.get(as)!,
      tenant,
      username,
      session: randomUUID(),
    });
    const response = await fetch(`${this.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    return { status: response.status, text, body: text ? JSON.parse(text) : null };
  }

  async ok(path: string, as: string): Promise<Body> {
    const reply = await this.get(path, as);
    if (reply.status !== 200) throw new Error(`${path} as ${as}: ${reply.status} ${reply.text}`);
    return reply.body;
  }

  async stop(): Promise<void> {
    await this.app?.close();
    await this.mirror?.stop();
    await this.bus.close();
    await this.runner?.stop();
    await this.directory.stop();
    await this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const trackerQueries = (name: string, makeStore: () => Promise<ReadStore>) =>
  describe(name, () => {
    let h: Harness;
    let gamma = 0;
    const acme = (id: string, minute: number) => ({
      tenant: 'acme',
      connectionId: 7,
      id,
      syncedAt: at(minute),
    });

    beforeAll(async () => {
      h = new Harness(await makeStore());
      await h.tenant('acme', true);
      await h.tenant('beta', true);
      gamma = await h.tenant('gamma', true);
      await h.user('acme', 'admin', allPermissions);
      await h.user('acme', 'viewer', viewOnlyPermissions);
      await h.user('acme', 'finance', { 'application-details': ['VIEW'] });
      await h.user('beta', 'admin', allPermissions);
      await h.user('gamma', 'admin', allPermissions);
      await h.append('acme', 'trackerConnection', 7, 'TrackerConnectionCreated', connection(7, 'Acme Jira'));
      await h.append('acme', 'trackerConnection', 8, 'TrackerConnectionCreated', connection(8, 'Old Jira'));
      await h.append('acme', 'trackerConnection', 8, 'TrackerConnectionDeleted', { id: 8 });
      await h.append('beta', 'trackerConnection', 9, 'TrackerConnectionCreated', connection(9, 'Beta Jira'));
      await h.append(
        'gamma',
        'trackerConnection',
        11,
        'TrackerConnectionCreated',
        connection(11, 'Gamma Jira'),
      );
      const repo = (id: string, url = 'https://acmejira.example') => ({ jirarepo: { id, url } });
      await h.append(
        'acme',
        'group',
        100,
        'GroupCreated',
        groupCreatedData(100, 'Checkout', repo('7/10000')),
      );
      await h.append(
        'acme',
        'group',
        101,
        'GroupCreated',
        groupCreatedData(101, 'Payments', repo('7/10000')),
      );
      await h.append('acme', 'group', 102, 'GroupCreated', groupCreatedData(102, 'Gone', repo('7/10001')));
      await h.append('acme', 'group', 102, 'GroupDeleted', { id: 102 });
      await h.append('acme', 'group', 103, 'GroupCreated', groupCreatedData(103, 'Old one', repo('8/20000')));
      await h.append(
        'beta',
        'group',
        104,
        'GroupCreated',
        groupCreatedData(104, 'Beta shop', repo('9/10000')),
      );
      await h.start();
      await h.caughtUp();

      await publishTracker.projects(
        h.bus,
        projectMessage(acme('10000', 1), { key: 'SHOP', name: 'Shop' }),
        projectMessage(acme('10001', 1), { key: 'ARCH', name: 'Archive' }),
        projectMessage(acme('10002', 1), { key: 'ABC', name: 'Alphabet' }),
        projectMessage({ ...acme('20000', 1), connectionId: 8 }, { key: 'OLD', name: 'Old' }),
        projectMessage(
          { ...acme('10000', 1), tenant: 'beta', connectionId: 9 },
          { key: 'BETA', name: 'Beta' },
        ),
        projectMessage(
          { ...acme('10000', 1), tenant: 'gamma', connectionId: 11 },
          { key: 'GAM', name: 'Gamma' },
        ),
      );
      await publishTracker.boards(
        h.bus,
        boardMessage(acme('5', 1), { name: 'Shop board', projectKey: 'SHOP' }),
        boardMessage(acme('6', 1), { name: 'Kanban', type: 'kanban', projectKey: 'SHOP' }),
        boardMessage(acme('8', 1), { name: 'Cross-project', projectKey: null }),
      );
      await publishTracker.versions(
        h.bus,
        versionMessage(
          { ...acme('300', 1), projectKey: 'SHOP' },
          { name: '1.0', releaseDate: '2026-03-15', released: true },
        ),
        versionMessage(
          { ...acme('301', 1), projectKey: 'SHOP' },
          { name: '2.0', startDate: '2026-04-01', releaseDate: '2026-05-01' },
        ),
        versionMessage({ ...acme('302', 1), projectKey: 'SHOP' }, { name: 'Someday' }),
        versionMessage(
          { ...acme('303', 1), projectKey: 'ARCH' },
          { name: 'Archive 1', releaseDate: '2026-03-20' },
        ),
        versionMessage(
          { ...acme('304', 1), projectKey: 'ABC' },
          { name: 'Unlinked', releaseDate: '2026-03-20' },
        ),
        versionMessage(
          { ...acme('305', 1), connectionId: 8, projectKey: 'OLD' },
          { releaseDate: '2026-03-20' },
        ),
        versionMessage(
          { ...acme('300', 1), tenant: 'beta', connectionId: 9, projectKey: 'BETA' },
          { releaseDate: '2026-03-20' },
        ),
      );
      await publishTracker.issues(
        h.bus,
        issueMessage(
          { ...acme('1', 1), key: 'SHOP-1' },
          {
            summary: 'Pay by card',
            status: 'In Progress',
            statusCategory: 'indeterminate',
            assignee: 'Anna',
          },
        ),
        issueMessage({ ...acme('2', 1), key: 'SHOP-2' }, { summary: 'Refunds' }),
        issueMessage({ ...acme('10', 1), key: 'SHOP-10' }, { summary: 'Invoices' }),
        issueMessage({ ...acme('3', 1), connectionId: 8, key: 'OLD-1' }),
        issueMessage(
          { ...acme('1', 1), tenant: 'beta', connectionId: 9, key: 'SHOP-1' },
          { summary: 'Beta secret issue' },
        ),
      );
      await publishTracker.runs(
        h.bus,
        syncRunMessage({ tenant: 'acme', connectionId: 7, startedAt: at(0), finishedAt: at(1) }),
        syncRunMessage({ tenant: 'gamma', connectionId: 11, startedAt: at(0), finishedAt: at(1) }),
      );
      await eventually(async () => {
        expect(await h.ok('/api/tracker/issues?keys=SHOP-2', 'acme/admin')).toHaveLength(1);
        expect(await h.ok('/api/tracker/releases', 'acme/admin')).toHaveLength(3);
        expect((await h.ok('/api/tracker/status', 'acme/admin')).connections[0].lastSuccessAt).toBe(at(0));
        expect(await h.ok('/api/tracker/repositories', 'beta/admin')).toHaveLength(1);
        expect((await h.ok('/api/tracker/repositories', 'acme/admin'))[2]?.boards).toHaveLength(2);
      });
    }, 60_000);

    afterAll(async () => {
      await h?.stop();
    });

    it('list the live connections of the tenant to administrators, with their last run and never a secret', async () => {
      const reply = await h.get('/api/tracker/connections', 'acme/admin');

      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([
        {
          id: 7,
          name: 'Acme Jira',
          baseUrl: 'https://acmejira.example',
          deployment: 'cloud',
          authMode: 'basic',
          email: 'sync@example.org',
          hasSecret: true,
          version: 0,
          sync: { lastAttemptAt: at(0), lastSuccessAt: at(0), error: null },
        },
      ]);
      for (const part of Object.values(sealed)) expect(reply.text).not.toContain(part);
      expect((await h.get('/api/tracker/connections', 'acme/viewer')).status).toBe(403);
      expect((await h.ok('/api/tracker/connections', 'beta/admin')).map((c: Body) => c.id)).toEqual([9]);
    });

    it("offer the live projects of the tenant's live connections as repositories, each with its boards", async () => {
      const repositories = await h.ok('/api/tracker/repositories', 'acme/viewer');

      expect(repositories.map((r: Body) => [r.id, r.key, r.connectionName])).toEqual([
        ['7/10002', 'ABC', 'Acme Jira'],
        ['7/10001', 'ARCH', 'Acme Jira'],
        ['7/10000', 'SHOP', 'Acme Jira'],
      ]);
      expect(repositories[2]).toEqual({
        id: '7/10000',
        connectionId: 7,
        connectionName: 'Acme Jira',
        baseUrl: 'https://acmejira.example',
        projectId: '10000',
        key: 'SHOP',
        name: 'Shop',
        url: 'https://tracker.example/10000',
        boards: [
          { id: '6', name: 'Kanban', type: 'kanban', url: 'https://tracker.example/6' },
          { id: '5', name: 'Shop board', type: 'scrum', url: 'https://tracker.example/5' },
        ],
      });
      expect((await h.ok('/api/tracker/repositories', 'beta/admin')).map((r: Body) => r.key)).toEqual([
        'BETA',
      ]);
      expect((await h.get('/api/tracker/repositories', 'acme/finance')).status).toBe(403);
    });

    it("answer issues by key from the tenant's own mirror only", async () => {
      const issues = await h.ok('/api/tracker/issues?keys=shop-1,SHOP-2,OLD-1,NOPE-1', 'acme/viewer');

      expect(issues).toEqual([
        {
          connectionId: 7,
          key: 'SHOP-1',
          projectKey: 'SHOP',
          summary: 'Pay by card',
          status: 'In Progress',
          statusCategory: 'indeterminate',
          assignee: 'Anna',
          dueDate: null,
          issueType: 'Task',
          url: 'https://tracker.example/1',
          syncedAt: at(1),
        },
        expect.objectContaining({ key: 'SHOP-2', summary: 'Refunds' }),
      ]);
      // by project, then by number; OLD-1 left out with its deleted connection
      expect((await h.ok('/api/tracker/issues', 'acme/viewer')).map((i: Body) => i.key)).toEqual([
        'SHOP-1',
        'SHOP-2',
        'SHOP-10',
      ]);
      expect(
        (await h.ok('/api/tracker/issues?keys=SHOP-1', 'beta/admin')).map((i: Body) => i.summary),
      ).toEqual(['Beta secret issue']);
      expect(await h.ok('/api/tracker/issues?keys=', 'acme/viewer')).toEqual([]);
    });

    it('draw the releases of linked repositories, with the projects linking them, in a date window', async () => {
      const releases = await h.ok('/api/tracker/releases', 'acme/viewer');

      // ARCH is linked by a deleted project only, ABC by none, OLD through a deleted connection
      expect(releases.map((r: Body) => [r.id, r.repositoryId, r.name, r.groups])).toEqual([
        ['7/300', '7/10000', '1.0', [100, 101]],
        ['7/301', '7/10000', '2.0', [100, 101]],
        ['7/302', '7/10000', 'Someday', [100, 101]],
      ]);
      expect(releases[0]).toEqual({
        id: '7/300',
        repositoryId: '7/10000',
        projectKey: 'SHOP',
        name: '1.0',
        description: null,
        startDate: null,
        releaseDate: '2026-03-15',
        released: true,
        archived: false,
        url: 'https://tracker.example/300',
        groups: [100, 101],
      });
      const window = async (query: string) =>
        (await h.ok(`/api/tracker/releases?${query}`, 'acme/viewer')).map((r: Body) => r.name);
      expect(await window('from=2026-03-16')).toEqual(['2.0']);
      expect(await window('to=2026-04-01')).toEqual(['1.0', '2.0']);
      expect(await window('from=2026-03-01&to=2026-03-31')).toEqual(['1.0']);
      expect((await h.get('/api/tracker/releases?from=March', 'acme/viewer')).status).toBe(400);
      expect((await h.ok('/api/tracker/releases', 'beta/admin')).map((r: Body) => r.groups)).toEqual([[104]]);
    });

    it("tell everyone who sees projects how old each connection's mirror is", async () => {
      expect(await h.ok('/api/tracker/status', 'acme/viewer')).toEqual({
        connections: [{ id: 7, name: 'Acme Jira', lastAttemptAt: at(0), lastSuccessAt: at(0), error: null }],
      });
      expect(await h.ok('/api/tracker/status', 'beta/admin')).toEqual({
        connections: [{ id: 9, name: 'Beta Jira', lastAttemptAt: null, lastSuccessAt: null, error: null }],
      });
    });

    it('keep the newer snapshot of an issue when an older one comes later, and skip a malformed message', async () => {
      await publishTracker.issues(
        h.bus,
        issueMessage({ ...acme('2', 10), key: 'SHOP-2' }, { summary: 'Refunds v2' }),
      );
      await eventually(async () =>
        expect((await h.ok('/api/tracker/issues?keys=SHOP-2', 'acme/viewer'))[0].summary).toBe('Refunds v2'),
      );
      await h.bus.publish(topics.trackerIssues, [
        busMessage(
          topics.trackerIssues,
          issueMessage({ ...acme('2', 5), key: 'SHOP-2' }, { summary: 'Refunds old' }),
        ),
        {
          ...busMessage(topics.trackerIssues, issueMessage({ ...acme('4', 5), key: 'SHOP-4' })),
          value: '{"summary":',
        },
        busMessage(
          topics.trackerIssues,
          issueMessage({ ...acme('5', 5), key: 'SHOP-5' }, { summary: 'After the bad one' }),
        ),
      ]);

      // the messages of a partition are folded in order: once SHOP-5 shows, the two before it were handled
      await eventually(async () =>
        expect((await h.ok('/api/tracker/issues?keys=SHOP-5', 'acme/viewer'))[0]?.summary).toBe(
          'After the bad one',
        ),
      );
      expect(
        (await h.ok('/api/tracker/issues?keys=SHOP-2,SHOP-4', 'acme/viewer')).map((i: Body) => i.summary),
      ).toEqual(['Refunds v2']);
      expect(h.warnings).toEqual([
        expect.stringMatching(/skipped fahrplan\.tracker\.issues\.v1@0\/\d+: not JSON/),
      ]);
    });

    it('drop the projects a successful run no longer found, and show the run', async () => {
      await publishTracker.runs(
        h.bus,
        syncRunMessage(
          { tenant: 'acme', connectionId: 7, startedAt: at(20), finishedAt: at(21) },
          { present: { projects: ['10000', '10002'], boards: ['5'], versions: ['300', '301', '302'] } },
        ),
      );

      await eventually(async () =>
        expect((await h.ok('/api/tracker/status', 'acme/viewer')).connections[0].lastAttemptAt).toBe(at(20)),
      );
      const repositories = await h.ok('/api/tracker/repositories', 'acme/viewer');
      expect(repositories.map((r: Body) => [r.key, r.boards.map((b: Body) => b.id)])).toEqual([
        ['ABC', []],
        ['SHOP', ['5']],
      ]);
      // a failed run keeps the mirror and reports why
      await publishTracker.runs(
        h.bus,
        syncRunMessage(
          { tenant: 'acme', connectionId: 7, startedAt: at(30), finishedAt: at(31) },
          {
            lastSuccessAt: at(20),
            error: {
              code: 'unauthorized',
              status: 401,
              statusText: 'Unauthorized',
              message: 'the token was refused',
            },
          },
        ),
      );
      await eventually(async () =>
        expect((await h.ok('/api/tracker/connections', 'acme/admin'))[0].sync).toEqual({
          lastAttemptAt: at(30),
          lastSuccessAt: at(20),
          error: {
            code: 'unauthorized',
            status: 401,
            statusText: 'Unauthorized',
            message: 'the token was refused',
          },
        }),
      );
      expect(await h.ok('/api/tracker/repositories', 'acme/viewer')).toHaveLength(2);
    });

    it("answer nothing, not an error, while the tenant's jira feature is off", async () => {
      const before = await h.ok('/api/tracker/repositories', 'gamma/admin');
      expect(before.map((r: Body) => r.key)).toEqual(['GAM']);
      await h.append('gamma', 'tenant', gamma, 'TenantFeaturesChanged', {
        features: { ...noFeatures, jira: false },
      });
      await h.caughtUp();

      expect(await h.ok('/api/tracker/connections', 'gamma/admin')).toEqual([]);
      expect(await h.ok('/api/tracker/repositories', 'gamma/admin')).toEqual([]);
      expect(await h.ok('/api/tracker/issues', 'gamma/admin')).toEqual([]);
      expect(await h.ok('/api/tracker/releases', 'gamma/admin')).toEqual([]);
      expect(await h.ok('/api/tracker/status', 'gamma/admin')).toEqual({ connections: [] });
    });
  });

trackerQueries('tracker queries over HTTP on the in-memory store', async () => new MemoryReadStore());

describeWithMongo('tracker queries over HTTP on MongoDB', (server) => {
  trackerQueries('on a MongoDB read store', async () => {
    const mongo = new MongoReadStore(server().client.db(server().freshDatabase()));
    await mongo.ensureIndexes([...allProjections, ...TrackerMirror.indexes]);
    return mongo;
  });
});
