import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { KafkaBus } from '@fahrplan/platform';
import type { ReceivedMessage } from '@fahrplan/platform';
import { topics } from '@fahrplan/contracts';
import { describeWithMongo } from '@fahrplan/projection-service/testing';
import { ServiceProcess, eventually, freePort } from '@fahrplan/platform/testing';
import { startFakeTracker } from '@fahrplan/tracker-sync';
import { Api } from '../src/testing/platform';

/**
 * The distributed shape as an orchestrator runs it: command-service, projection-service (and
 * tracker-sync) in
 * processes of their own, configured only by environment variables, sharing nothing but the event
 * store and the read store. EventStoreDB cannot run on our machines, so the event store here is a
 * SQLite file both processes open (its own contract suite runs where Docker exists); the read store is
 * the real MongoDB-wire server.
 */
const PASSWORD = 'distributed-demo-password';
const LEASE_TTL_MS = 1500;

describeWithMongo('distributed mode', (server) => {
  let dir: string;
  let shared: Record<string, string>;
  const started: ServiceProcess[] = [];

  const mongoUrl = () => {
    const url = new URL(server().url);
    url.pathname = `/${server().freshDatabase()}`;
    return url.toString();
  };

  const commandService = async (env: Record<string, string> = {}) => {
    const service = new ServiceProcess({
      entry: 'server/dist/command-service.main.js',
      port: await freePort(),
      env: { ...shared, FAHRPLAN_DEMO_PASSWORD: PASSWORD, ...env },
      readyPath: '/api/ready',
    });
    started.push(service);
    await service.start();
    return service;
  };

  const projectionService = async (env: Record<string, string>) => {
    const service = new ServiceProcess({
      entry: 'server/dist/projection-service.main.js',
      port: await freePort(),
      env: { ...shared, LEASE_TTL_MS: String(LEASE_TTL_MS), ...env },
      readyPath: '/api/ready',
    });
    started.push(service);
    await service.start();
    return service;
  };

  const health = async (service: ServiceProcess) => (await new Api(service.url).get('/api/health')).body;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fahrplan-distributed-'));
    shared = {
      EVENTSTORE_URL: `sqlite:${join(dir, 'events.db')}`,
      TOKEN_SECRET: randomBytes(32).toString('base64'),
      // the broker is the publisher suite's business; here only commands, projections and queries
      KAFKA_BROKERS: '',
    };
  });

  afterEach(async () => {
    for (const service of started.splice(0)) await service.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers queries on the read store with what the command service wrote, on every instance', async () => {
    const MONGODB_URL = mongoUrl();
    const commands = new Api((await commandService()).url);
    const leader = await projectionService({ MONGODB_URL, INSTANCE_ID: 'first' });
    const standby = await projectionService({ MONGODB_URL, INSTANCE_ID: 'second' });

    const token = await commands.token('demo', 'admin', PASSWORD);
    const saved = await commands.command('SaveApplication', { name: 'Distributed Billing' }, token);
    expect(saved.status).toBe(200);

    for (const instance of [leader, standby]) {
      const reply = await new Api(instance.url).get(`/api/applications/${saved.body.id}`, token, {
        'X-Fahrplan-After': String(saved.body.position),
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ name: 'Distributed Billing', version: saved.body.version });
    }
    expect([(await health(leader)).projecting, (await health(standby)).projecting]).toEqual([true, false]);
  }, 120_000);

  it('imports a sheet on the command services, matching its rows by name in the read store, applied on any instance (issue 23)', async () => {
    const MONGODB_URL = mongoUrl();
    const commands = new Api((await commandService({ MONGODB_URL, INSTANCE_ID: 'first' })).url);
    const other = new Api((await commandService({ MONGODB_URL, INSTANCE_ID: 'second' })).url);
    const queries = new Api((await projectionService({ MONGODB_URL })).url);
    const token = await commands.token('demo', 'admin', PASSWORD);
    const kept = await commands.command('SaveApplication', { name: 'Distributed Kept', vendor: 'A' }, token);
    const seen = { 'X-Fahrplan-After': String(kept.body.position) };
    expect((await queries.get(`/api/applications/${kept.body.id}`, token, seen)).status).toBe(200);

    const csv = 'Name;Vendor\r\nDistributed Kept;B\r\nDistributed New;C\r\n';
    const preview = await commands.send('POST', '/api/imports?kind=applications', {
      token,
      raw: csv,
      contentType: 'text/csv',
      headers: { 'x-file-name': 'distributed.csv' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.totals).toMatchObject({ create: 1, update: 1, refuse: 0 });
    // the preview waits in the read store's database: the other instance pages and applies it
    const page = await other.get(`/api/imports/${preview.body.id}?action=update`, token);
    expect(page.status).toBe(200);
    expect(page.body.rows).toEqual([expect.objectContaining({ name: 'Distributed Kept', action: 'update' })]);
    expect((await other.send('POST', `/api/imports/${preview.body.id}/apply`, { token })).status).toBe(202);
    let progress = (await commands.get(`/api/imports/${preview.body.id}/apply`, token)).body;
    await eventually(
      async () => {
        progress = (await commands.get(`/api/imports/${preview.body.id}/apply`, token)).body;
        expect(progress.status).toBe('done');
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const after = { 'X-Fahrplan-After': String(progress.position) };
    const updated = await queries.get(`/api/applications/${kept.body.id}`, token, after);
    expect(updated.body).toMatchObject({ name: 'Distributed Kept', vendor: 'B', version: 1 });
  }, 120_000);

  it('hands the projections to the standby within a lease when the leader dies', async () => {
    const MONGODB_URL = mongoUrl();
    const commands = new Api((await commandService()).url);
    const leader = await projectionService({ MONGODB_URL, INSTANCE_ID: 'first' });
    const standby = await projectionService({ MONGODB_URL, INSTANCE_ID: 'second' });
    const token = await commands.token('demo', 'admin', PASSWORD);

    await leader.kill();
    const saved = await commands.command('SaveApplication', { name: 'Written after the crash' }, token);
    await eventually(async () => expect((await health(standby)).projecting).toBe(true), {
      timeoutMs: LEASE_TTL_MS * 4,
      intervalMs: 100,
    });
    const reply = await new Api(standby.url).get(`/api/applications/${saved.body.id}`, token, {
      'X-Fahrplan-After': String(saved.body.position),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.name).toBe('Written after the crash');
  }, 120_000);

  it('keeps two command-service instances consistent: of two edits of one version, one wins, one gets 409', async () => {
    const [first, second] = [new Api((await commandService()).url), new Api((await commandService()).url)];
    const token = await first.token('demo', 'admin', PASSWORD);
    const created = await first.command('SaveApplication', { name: 'Contested' }, token);

    const edits = await Promise.all(
      [first, second].map((api, i) =>
        api.command(
          'SaveApplication',
          { id: created.body.id, version: created.body.version, vendor: `V${i}` },
          token,
        ),
      ),
    );
    expect(edits.map((edit) => edit.status).sort()).toEqual([200, 409]);
    // ids stay unique across instances: both claim blocks from the same id-block stream
    const more = await Promise.all(
      [first, second, first, second].map((api, i) =>
        api.command('SaveApplication', { name: `App ${i}` }, token),
      ),
    );
    expect(new Set(more.map((reply) => reply.body.id)).size).toBe(4);
  }, 120_000);

  it('stops gracefully on SIGTERM: exit code 0, the checkpoint stored at the head of the log', async () => {
    const MONGODB_URL = mongoUrl();
    const commands = new Api((await commandService()).url);
    const projections = await projectionService({ MONGODB_URL, INSTANCE_ID: 'only' });
    const token = await commands.token('demo', 'admin', PASSWORD);
    const saved = await commands.command('SaveApplication', { name: 'Before shutdown' }, token);
    await eventually(async () =>
      expect((await health(projections)).position).toBeGreaterThanOrEqual(saved.body.position),
    );

    await projections.stop();
    const database = server().client.db(new URL(MONGODB_URL).pathname.slice(1));
    const checkpoint = await database.collection<{ _id: string; position: number }>('checkpoints').findOne({
      _id: 'projections',
    });
    expect(checkpoint?.position).toBeGreaterThanOrEqual(saved.body.position);
    const lease = await database.collection('leases').findOne({ _id: 'projections' } as never);
    expect(lease?.owner ?? null).not.toBe('only');
  }, 120_000);

  const brokers = process.env.KAFKA_BROKERS;
  if (!brokers)
    process.stdout.write(
      'distributed mode: the publishing test is skipped: no KAFKA_BROKERS (a real broker)\n',
    );
  (brokers ? it : it.skip)(
    'publishes what the command service wrote to the planning-events topic',
    async () => {
      const commands = new Api((await commandService()).url);
      await projectionService({ MONGODB_URL: mongoUrl(), KAFKA_BROKERS: brokers!, INSTANCE_ID: 'publisher' });
      const token = await commands.token('demo', 'admin', PASSWORD);
      const name = `Published ${randomBytes(6).toString('hex')}`;
      const saved = await commands.command('SaveApplication', { name }, token);

      const bus = new KafkaBus({ brokers: brokers!.split(',') });
      const received: ReceivedMessage[] = [];
      const consumer = await bus.subscribe(
        topics.planningEvents,
        `distributed-test-${randomBytes(6).toString('hex')}`,
        async (message) => {
          if (message.value.includes(name)) received.push(message);
        },
      );
      try {
        await eventually(() => expect(received).toHaveLength(1), { timeoutMs: 30_000, intervalMs: 100 });
        const [message] = received;
        expect(message!.key).toBe(String(saved.body.id));
        expect(message!.headers).toMatchObject({
          tenant: 'demo',
          eventType: 'ApplicationCreated',
          schemaVersion: '1',
        });
        expect(JSON.parse(message!.value)).toMatchObject({
          type: 'ApplicationCreated',
          tenant: 'demo',
          aggregateId: String(saved.body.id),
          position: saved.body.position,
          data: { name },
        });
      } finally {
        await consumer.close();
        await bus.close();
      }
    },
    120_000,
  );

  (brokers ? it : it.skip)(
    'mirrors a tracker through tracker-sync in a process of its own, Kafka, and projection-service',
    async () => {
      const fake = await startFakeTracker({ credentials: { pat: 'distributed-pat' } });
      try {
        const FAHRPLAN_TRACKER_KEY = randomBytes(32).toString('base64');
        const commands = new Api((await commandService({ FAHRPLAN_TRACKER_KEY })).url);
        const queries = new Api(
          (
            await projectionService({
              MONGODB_URL: mongoUrl(),
              KAFKA_BROKERS: brokers!,
              INSTANCE_ID: 'mirror',
            })
          ).url,
        );
        const sync = new ServiceProcess({
          entry: 'server/dist/tracker-sync.main.js',
          port: await freePort(),
          env: {
            ...shared,
            KAFKA_BROKERS: brokers!,
            FAHRPLAN_TRACKER_KEY,
            FAHRPLAN_TRACKER_PRIVATE_HOSTS: '127.0.0.1',
            FAHRPLAN_TRACKER_STATE_DIR: join(dir, 'tracker-state'),
          },
          readyPath: '/api/ready',
        });
        started.push(sync);
        await sync.start();
        const token = await commands.token('demo', 'admin', PASSWORD);
        const features = (await queries.get('/api/me', token)).body.features;
        expect(
          (await commands.command('ChangeTenantFeatures', { features: { ...features, jira: true } }, token))
            .status,
        ).toBe(200);
        await eventually(async () =>
          expect((await queries.get('/api/me', token)).body.features.jira).toBe(true),
        );
        const settings = { name: 'Data center', baseUrl: fake.url, deployment: 'cloud', authMode: 'pat' };
        // the connection test is tracker-sync's: it opens nothing it did not seal, and answers
        // (once its own copy of the directory has the feature on)
        await eventually(async () => {
          const tested = await new Api(sync.url).send('POST', '/api/tracker/test', {
            token,
            json: { ...settings, secret: 'distributed-pat' },
          });
          expect(tested.body).toMatchObject({ ok: true, projects: 3 });
        });
        const connection = await commands.command(
          'SaveTrackerConnection',
          { ...settings, secret: 'distributed-pat' },
          token,
        );
        expect(connection.status).toBe(200);
        const project = await commands.command(
          'SaveGroup',
          {
            title: 'Portal relaunch',
            jirarepo: { id: `${connection.body.id}/10002`, url: fake.url },
            jiraid: 'PORTAL-1',
          },
          token,
        );
        expect(project.status).toBe(200);
        await eventually(
          async () => {
            const issues = (await queries.get('/api/tracker/issues', token)).body as { key: string }[];
            expect(issues.map((issue) => issue.key)).toEqual(['PORTAL-1']);
            const releases = (await queries.get('/api/tracker/releases', token)).body as {
              groups: number[];
            }[];
            expect(releases.length).toBeGreaterThan(0);
            expect(releases.every((release) => release.groups.includes(project.body.id))).toBe(true);
          },
          { timeoutMs: 60_000, intervalMs: 250 },
        );
        // tracker-sync keeps its world in its state folder, so that a restart reads only what came after
        await eventually(
          () => {
            const world = JSON.parse(readFileSync(join(dir, 'tracker-state', 'tracker-world.json'), 'utf8'));
            expect(world.connections.map(([id]: [number]) => id)).toEqual([connection.body.id]);
            expect(world.groups.map(([id]: [number]) => id)).toEqual([project.body.id]);
          },
          { timeoutMs: 30_000, intervalMs: 500 },
        );
      } finally {
        await fake.close();
      }
    },
    180_000,
  );

  it('refuses to start without its configuration, naming what is missing', async () => {
    const service = new ServiceProcess({
      entry: 'server/dist/command-service.main.js',
      port: await freePort(),
      env: { EVENTSTORE_URL: '', TOKEN_SECRET: '' },
      startTimeoutMs: 20_000,
    });
    started.push(service);
    await expect(service.start()).rejects.toThrow(/exited/);
    expect(await service.exited()).toBe(1);
    expect(service.output).toMatch(/EVENTSTORE_URL/);
  }, 60_000);
});
