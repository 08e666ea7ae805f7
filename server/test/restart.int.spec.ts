import { MemoryReadStore, allProjections, rebuild } from '@fahrplan/projection-service';
import {
  DEMO_PASSWORD,
  anApplication,
  caughtUp,
  removeDataDir,
  start,
  startPlatform,
} from '../src/testing/platform';
import type { Body, Platform, Running } from '../src/testing/platform';

let platform: Platform;
let restarted: Running | undefined;

/** What tenant 'demo' did before the restart: a varied history of every command type. */
const made = { kept: 0, child: 0, deleted: 0, account: 0, comments: [] as number[], idempotent: 0 };
/** The data of the keyed creation: its retry sends the same request (another one would answer 422). */
const keyedApplication = anApplication();

const run = async (type: string, data: unknown, headers?: Record<string, string>) => {
  const reply = await platform.api.command(type, data, platform.admin, headers);
  expect({ status: reply.status, body: reply.body }).toEqual({ status: 200, body: expect.anything() });
  return reply.body as { id: number; version: number; position: number };
};

beforeAll(async () => {
  platform = await startPlatform();
  const kept = await run(
    'SaveApplication',
    anApplication({ name: 'Survivor', description: 'before restart' }),
  );
  const child = await run('SaveApplication', anApplication({ parent: kept.id }));
  await run('SaveApplication', {
    id: child.id,
    version: 0,
    release: '9.9',
    attributes: [{ key: 'users', value: 7 }],
  });
  const deleted = await run('SaveApplication', anApplication());
  await run('DeleteApplication', { id: deleted.id, version: 0 });
  const account = await run('CreateAccount', { refType: 'application', refId: kept.id });
  await run('SaveApplication', { id: kept.id, version: 0, account: account.id });
  await run('AddAccountEntries', {
    accountId: account.id,
    entries: [{ sicht: 'Budget', periode: '2026', amount: 10 }],
  });
  await run('AddAccountEntries', {
    accountId: account.id,
    entries: [{ sicht: 'Budget', periode: '2026', amount: 12 }],
  });
  const comments: number[] = [];
  for (const description of ['one', 'two']) {
    platform.clock.advance(1);
    comments.push((await run('CreateComment', { refType: 'application', refId: kept.id, description })).id);
  }
  const idempotent = await run('SaveApplication', keyedApplication, {
    'idempotency-key': 'restart-key-0001',
  });
  Object.assign(made, {
    kept: kept.id,
    child: child.id,
    deleted: deleted.id,
    account: account.id,
    comments,
    idempotent: idempotent.id,
  });
}, 30_000);

afterAll(async () => {
  await restarted?.embedded.close();
  if (!restarted) await platform?.embedded.close();
  if (platform) removeDataDir(platform.dataDir);
});

describe('replay equals live', () => {
  it('rebuilds from the log exactly the read models the live projections hold', async () => {
    await caughtUp(platform.embedded);
    const fresh = new MemoryReadStore();

    const { events, position } = await rebuild(platform.embedded.store, fresh, allProjections);

    expect(position).toBe(await platform.embedded.store.headPosition());
    expect(events).toBeGreaterThan(50);
    const live = await platform.embedded.readStore.dump();
    // the demo seeds projects, goals and items too, so their read models take part in the comparison
    expect(Object.keys(live).sort()).toEqual([
      'accountBudgets',
      'accounts',
      'applications',
      'comments',
      'goals',
      'groups',
      'items',
      'portfolioTotals',
      'resources',
    ]);
    expect(live.applications!.length).toBeGreaterThan(25);
    expect(live.groups!.length).toBeGreaterThanOrEqual(35);
    expect(await fresh.dump()).toEqual(live);
  });
});

describe('after a restart on the same data folder', () => {
  const snapshot: {
    head: number;
    dump: unknown;
    list: Body;
    kept: Body;
    child: Body;
    comments: Body;
    account: Body;
    token: string;
  } = {
    head: 0,
    dump: undefined,
    list: undefined,
    kept: undefined,
    child: undefined,
    comments: undefined,
    account: undefined,
    token: '',
  };
  let cookie = '';

  beforeAll(async () => {
    await caughtUp(platform.embedded);
    const { api, admin } = platform;
    const login = await api.login('demo', 'admin', DEMO_PASSWORD);
    cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    Object.assign(snapshot, {
      head: await platform.embedded.store.headPosition(),
      dump: await platform.embedded.readStore.dump(),
      list: (await api.get('/api/applications', admin)).body,
      kept: (await api.get(`/api/applications/${made.kept}`, admin)).body,
      child: (await api.get(`/api/applications/${made.child}`, admin)).body,
      comments: (await api.get(`/api/comments?refType=application&refId=${made.kept}`, admin)).body,
      account: (await api.get(`/api/accounts/${made.account}`, admin)).body,
      token: admin,
    });

    await platform.embedded.close();
    restarted = await start(platform.dataDir, platform.clock.now);
    await caughtUp(restarted.embedded);
  }, 30_000);

  it('keeps accepting the access tokens issued before (the signing key persists) and the refresh cookie', async () => {
    const api = restarted!.api;

    expect((await api.get('/api/me', snapshot.token)).status).toBe(200);
    const refreshed = await api.send('POST', '/api/auth/refresh', { headers: { cookie } });
    expect(refreshed.status).toBe(200);
    expect((await api.get('/api/me', refreshed.body.accessToken)).body.username).toBe('admin');
  });

  it('lets the users log in again', async () => {
    const api = restarted!.api;

    const admin = await api.login('demo', 'admin', DEMO_PASSWORD);
    const viewer = await api.login('demo', 'viewer', DEMO_PASSWORD);

    expect([admin.status, viewer.status]).toEqual([200, 200]);
    expect(admin.body.me).toMatchObject({ tenant: 'demo', username: 'admin' });
  });

  it('rebuilds the read models as they were: applications, the parent join, comments and account entries', async () => {
    const { api } = restarted!;
    const token = snapshot.token;

    expect(await restarted!.embedded.store.headPosition()).toBeGreaterThanOrEqual(snapshot.head);
    expect((await api.get('/api/applications', token)).body).toEqual(snapshot.list);
    expect((await api.get(`/api/applications/${made.kept}`, token)).body).toEqual(snapshot.kept);
    expect((await api.get(`/api/applications/${made.child}`, token)).body).toEqual(snapshot.child);
    expect((await api.get(`/api/comments?refType=application&refId=${made.kept}`, token)).body).toEqual(
      snapshot.comments,
    );
    expect((await api.get(`/api/accounts/${made.account}`, token)).body).toEqual(snapshot.account);
    expect((await api.get(`/api/applications/${made.deleted}`, token)).status).toBe(404);
    expect(snapshot.kept).toMatchObject({ name: 'Survivor', account: made.account, version: 1 });
    expect(snapshot.child).toMatchObject({
      parentName: 'Survivor',
      release: '9.9',
      attributes: [{ key: 'users', value: 7 }],
    });
    expect((snapshot.comments.items as Body[]).map((c) => c.description)).toEqual(['one', 'two']);
    expect(snapshot.account.entries).toEqual([
      expect.objectContaining({ sicht: 'Budget', periode: '2026', amount: 12 }),
    ]);
  });

  it('holds exactly the read-model documents it held before the restart', async () => {
    const dump = await restarted!.embedded.readStore.dump();

    expect(dump).toEqual(snapshot.dump);
  });

  it('does not seed the demo again', async () => {
    const list = (await restarted!.api.get('/api/applications?q=ERP%20Core', snapshot.token)).body
      .items as Body[];

    expect(list.map((a) => a.name)).toEqual(['ERP Core']);
    expect((snapshot.list.items as Body[]).length).toBe(
      ((await restarted!.api.get('/api/applications', snapshot.token)).body.items as Body[]).length,
    );
  });

  it('goes on where it stopped: versions continue, new ids do not collide, idempotency keys are remembered', async () => {
    const { api } = restarted!;
    const token = snapshot.token;
    const known = new Set((snapshot.list.items as Body[]).map((a) => a.id as number));

    const update = await api.command(
      'SaveApplication',
      { id: made.kept, version: 1, description: 'after restart' },
      token,
    );
    const created = await api.command('SaveApplication', anApplication(), token);
    const retried = await api.command('SaveApplication', keyedApplication, token, {
      'idempotency-key': 'restart-key-0001',
    });
    const stale = await api.command(
      'SaveApplication',
      { id: made.kept, version: 1, description: 'stale' },
      token,
    );

    expect(update.body).toMatchObject({ id: made.kept, version: 2 });
    expect(created.status).toBe(200);
    expect(known.has(created.body.id)).toBe(false);
    expect(created.body.id).toBeGreaterThan(Math.max(...known, made.account, ...made.comments));
    expect(retried.body.id).toBe(made.idempotent);
    expect(stale.status).toBe(409);
    expect(stale.body.currentVersion).toBe(2);
    const after = await api.get(`/api/applications/${made.kept}`, token, {
      'x-fahrplan-after': String(update.body.position),
    });
    expect(after.body.description).toBe('after restart');
  });
});
