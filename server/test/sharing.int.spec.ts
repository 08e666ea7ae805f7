import { createUser } from '@fahrplan/command-service';
import type { Permissions } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import { TestClock, startPlatform, uniqueName } from '../src/testing/platform';
import type { Platform } from '../src/testing/platform';

let platform: Platform;
const clock = new TestClock();

beforeAll(async () => {
  platform = await startPlatform(clock);
}, 30_000);

afterAll(async () => {
  await platform?.stop();
});

const { run, refused, read, userWith } = adminApi(() => platform);

const aProject = (overrides: Record<string, unknown> = {}) =>
  run('SaveGroup', { title: uniqueName('Shared'), start: '2031-03-03', end: '2031-03-31', ...overrides });

const aTask = (group: number) => ({
  title: uniqueName('Task'),
  group,
  subgroup: 'tasks',
  start: '2031-03-03T00:00',
  end: '2031-03-08T00:00',
});

/** A user of tenant 'other' with exactly `permissions`, and its token. */
const otherUserWith = async (permissions: Permissions): Promise<string> => {
  const { embedded, api } = platform;
  const username = uniqueName('other-user').replace(/\W/g, '-');
  const password = 'other-user-password-for-tests';
  const last = await createUser(embedded.store, embedded.ids, {
    tenant: 'other',
    username,
    displayName: username,
    password,
    permissions,
  });
  await embedded.directory.waitFor(last);
  return api.token('other', username, password);
};

interface Share {
  project: number;
  title: string | null;
  owner: string;
  tenant: string;
  status: string;
  history: { action: string; at: string; user: string; tenant: string }[];
}

/** The caller's share of `project` with `tenant` in GET /api/shares, incoming or outgoing. */
const shareOf = async (
  side: 'incoming' | 'outgoing',
  project: number,
  position: number,
  token: string,
  tenant = 'other',
): Promise<Share | undefined> => {
  const { status, body } = await read(`/api/shares?direction=${side}&limit=1000`, position, token);
  expect(status).toBe(200);
  return (body.items as Share[]).find((s) => s.project === project && s.tenant === tenant);
};

const actions = (share: Share | undefined) => share?.history.map((h) => `${h.action} ${h.user}@${h.tenant}`);

/** What tenant 'other' sees of a project and its item through every query that could show them. */
const seenByOther = async (project: { id: number; title: string }, item: number, position: number) => {
  const token = platform.otherAdmin;
  const q = `q=${encodeURIComponent(project.title)}`;
  const timeline = (await read('/api/timeline?from=2031-03-01&to=2031-04-01', position, token)).body;
  return {
    byId: (await read(`/api/groups/${project.id}`, position, token)).status,
    byTitle: (await read(`/api/groups/${encodeURIComponent(project.title)}`, position, token)).status,
    list: ((await read(`/api/groups?${q}`, position, token)).body.items as { id: number }[]).map((g) => g.id),
    items: (await read(`/api/items?group=${project.id}`, position, token)).status,
    item: (await read(`/api/items/${item}`, position, token)).status,
    timelineGroup: (timeline.groups as { id: number }[]).some((g) => g.id === project.id),
    timelineItem: (timeline.items as { id: number }[]).some((i) => i.id === item),
  };
};

const invisible = {
  byId: 404,
  byTitle: 404,
  list: [],
  items: 404,
  item: 404,
  timelineGroup: false,
  timelineItem: false,
};

describe('sharing a project from demo to other', () => {
  it('pending: other sees the title in its incoming shares and nothing else; accepted: read-only', async () => {
    const title = uniqueName('Shared');
    const project = await aProject({ title, description: 'demo secret', projectNr: 'P-SH-1' });
    const item = await run('SaveItem', aTask(project.id));
    const shared = await run('ShareProject', { id: project.id, tenant: 'other' });

    const pending = await shareOf('incoming', project.id, shared.position, platform.otherAdmin);
    expect(pending).toEqual({
      project: project.id,
      title,
      owner: 'demo',
      tenant: 'other',
      status: 'PENDING',
      history: [{ action: 'REQUESTED', at: expect.any(String), user: 'admin', tenant: 'demo' }],
    });
    expect(JSON.stringify(pending)).not.toContain('demo secret');
    expect(await seenByOther({ id: project.id, title }, item.id, shared.position)).toEqual(invisible);
    // not a parent candidate while pending
    const { body: notYet } = await refused(
      'SaveGroup',
      { title: uniqueName('Child'), parent: project.id },
      400,
      platform.otherAdmin,
    );
    expect(notYet.errors).toEqual([expect.objectContaining({ field: 'parent', message: 'not found' })]);
    expect((await shareOf('outgoing', project.id, shared.position, platform.admin))?.status).toBe('PENDING');

    const accepted = await run('AcceptProjectShare', { id: project.id }, platform.otherAdmin);

    expect(await seenByOther({ id: project.id, title }, item.id, accepted.position)).toEqual({
      byId: 200,
      byTitle: 200,
      list: [project.id],
      items: 200,
      item: 200,
      timelineGroup: true,
      timelineItem: true,
    });
    const { body: view } = await read(`/api/groups/${project.id}`, accepted.position, platform.otherAdmin);
    expect(view).toMatchObject({
      shared: true,
      tenant: 'demo',
      shares: [{ tenant: 'other', status: 'ACCEPTED' }],
    });
    const { body: itemView } = await read(`/api/items/${item.id}`, accepted.position, platform.otherAdmin);
    expect(itemView).toMatchObject({ id: item.id, tenant: 'demo', groupTitle: title });
    // read-only: every command of other against the project or its item is refused, nothing stored
    const other = platform.otherAdmin;
    const version = view.version as number;
    await refused('SaveGroup', { id: project.id, version, contact: 'x' }, 404, other);
    await refused('DeleteGroup', { id: project.id, version }, 404, other);
    await refused('AddSubgroup', { id: project.id, name: 'theirs' }, 404, other);
    await refused('ShareProject', { id: project.id, tenant: 'demo' }, 404, other);
    await refused('UnshareProject', { id: project.id, tenant: 'other' }, 404, other);
    await refused('SaveItem', aTask(project.id), 400, other);
    await refused('SaveItem', { id: item.id, version: 0, title: 'mine now' }, 404, other);
    await refused('DeleteItem', { id: item.id, version: 0 }, 404, other);
    await refused('CreateComment', { refType: 'PROJECT', refId: project.id, description: 'x' }, 404, other);
    // an accepted shared project is a parent candidate (§4): in the portfolio, and taken by SaveGroup
    const child = await run('SaveGroup', { title: uniqueName('Child'), parent: project.id }, other);
    expect((await read(`/api/groups/${child.id}`, child.position, other)).body).toMatchObject({
      parent: project.id,
      parentTitle: title,
    });

    // the request and the decision in both tenants' histories, alike
    const outgoing = await shareOf('outgoing', project.id, accepted.position, platform.admin);
    const incoming = await shareOf('incoming', project.id, accepted.position, platform.otherAdmin);
    expect(outgoing).toEqual(incoming);
    expect(actions(outgoing)).toEqual(['REQUESTED admin@demo', 'ACCEPTED admin@other']);
    expect(outgoing?.status).toBe('ACCEPTED');
  });

  it('declined: the share ends on both sides, does not count, and the project can be shared again', async () => {
    const title = uniqueName('Declined');
    const project = await aProject({ title });
    const item = await run('SaveItem', aTask(project.id));
    await run('ShareProject', { id: project.id, tenant: 'other' });

    const declined = await run('DeclineProjectShare', { id: project.id }, platform.otherAdmin);

    expect(await seenByOther({ id: project.id, title }, item.id, declined.position)).toEqual(invisible);
    const incoming = await shareOf('incoming', project.id, declined.position, platform.otherAdmin);
    expect({ status: incoming?.status, title: incoming?.title }).toEqual({ status: 'DECLINED', title: null });
    const outgoing = await shareOf('outgoing', project.id, declined.position, platform.admin);
    expect({ status: outgoing?.status, title: outgoing?.title }).toEqual({ status: 'DECLINED', title });
    expect(actions(outgoing)).toEqual(['REQUESTED admin@demo', 'DECLINED admin@other']);
    expect((await read(`/api/groups/${project.id}`, declined.position)).body.shares).toEqual([]);
    // nothing left to accept, decline or revoke
    await refused('AcceptProjectShare', { id: project.id }, 404, platform.otherAdmin);
    await refused('DeclineProjectShare', { id: project.id }, 404, platform.otherAdmin);
    const { body: missing } = await refused('UnshareProject', { id: project.id, tenant: 'other' }, 404);
    expect(missing.detail).toBe('share not found');

    const again = await run('ShareProject', { id: project.id, tenant: 'other' });

    const renewed = await shareOf('incoming', project.id, again.position, platform.otherAdmin);
    expect({ status: renewed?.status, title: renewed?.title }).toEqual({ status: 'PENDING', title });
    expect(actions(renewed)).toEqual([
      'REQUESTED admin@demo',
      'DECLINED admin@other',
      'REQUESTED admin@demo',
    ]);
    const accepted = await run('AcceptProjectShare', { id: project.id }, platform.otherAdmin);
    const { body } = await refused('DeclineProjectShare', { id: project.id }, 409, platform.otherAdmin);
    expect(body.detail).toBe('the share is accepted already');
    expect((await read(`/api/groups/${project.id}`, accepted.position, platform.otherAdmin)).status).toBe(
      200,
    );
  });

  it('revoked: gone from other at once; its child of the revoked project keeps working, the parent missing', async () => {
    const title = uniqueName('Revoked');
    const project = await aProject({ title });
    const item = await run('SaveItem', aTask(project.id));
    await run('ShareProject', { id: project.id, tenant: 'other' });
    await run('AcceptProjectShare', { id: project.id }, platform.otherAdmin);
    const child = await run(
      'SaveGroup',
      { title: uniqueName('Child'), parent: project.id },
      platform.otherAdmin,
    );

    const revoked = await run('UnshareProject', { id: project.id, tenant: 'other' });

    // the next query of other, waiting only for the revocation's position
    expect(await seenByOther({ id: project.id, title }, item.id, revoked.position)).toEqual(invisible);
    const { status, body } = await read(`/api/groups/${child.id}`, revoked.position, platform.otherAdmin);
    // the parent id stays on record; its title is withheld: the console shows the parent as missing
    expect({ status, parent: body.parent, parentTitle: body.parentTitle }).toEqual({
      status: 200,
      parent: project.id,
      parentTitle: null,
    });
    const saved = await run(
      'SaveGroup',
      { id: child.id, version: 0, contact: 'still planned' },
      platform.otherAdmin,
    );
    expect(saved.version).toBe(1);
    // but the revoked project can no longer be chosen as a parent
    const { body: refusal } = await refused(
      'SaveGroup',
      { title: uniqueName('Child'), parent: project.id },
      400,
      platform.otherAdmin,
    );
    expect(refusal.errors).toEqual([expect.objectContaining({ field: 'parent', message: 'not found' })]);

    const outgoing = await shareOf('outgoing', project.id, saved.position, platform.admin);
    const incoming = await shareOf('incoming', project.id, saved.position, platform.otherAdmin);
    expect(actions(outgoing)).toEqual(['REQUESTED admin@demo', 'ACCEPTED admin@other', 'REVOKED admin@demo']);
    expect({ status: incoming?.status, title: incoming?.title, history: incoming?.history }).toEqual({
      status: 'REVOKED',
      title: null,
      history: outgoing?.history,
    });
    await refused('AcceptProjectShare', { id: project.id }, 404, platform.otherAdmin);
  });
});

describe('refusals (§5, §8)', () => {
  it("'tenant not found', 'tenant invalid' and the missing share, storing nothing", async () => {
    const project = await aProject();

    const { body: unknown } = await refused(
      'ShareProject',
      { id: project.id, tenant: 'no-such-tenant' },
      400,
    );
    expect(unknown.errors).toEqual([
      expect.objectContaining({ field: 'tenant', message: 'tenant not found' }),
    ]);
    const { body: own } = await refused('ShareProject', { id: project.id, tenant: 'demo' }, 400);
    expect(own.errors).toEqual([expect.objectContaining({ field: 'tenant', message: 'tenant invalid' })]);
    const { body: missing } = await refused('UnshareProject', { id: project.id, tenant: 'other' }, 404);
    expect(missing.detail).toBe('share not found');
    await refused('UnshareProject', { id: project.id, tenant: 'no-such-tenant' }, 404);
    await refused('DeclineProjectShare', { id: project.id }, 404, platform.otherAdmin);
    await refused('DeclineProjectShare', { id: 999_999_999 }, 404, platform.otherAdmin);
  });

  it('takes a shared parent of status 1 to 3 only (§4)', async () => {
    const project = await aProject({ status: 5 });
    await run('ShareProject', { id: project.id, tenant: 'other' });
    await run('AcceptProjectShare', { id: project.id }, platform.otherAdmin);

    const { body } = await refused(
      'SaveGroup',
      { title: uniqueName('Child'), parent: project.id },
      400,
      platform.otherAdmin,
    );

    expect(body.errors).toEqual([
      expect.objectContaining({ field: 'parent', message: 'status not allowed' }),
    ]);
    // an own parent takes any status
    const own = await run('SaveGroup', { title: uniqueName('Own parent'), status: 9 }, platform.otherAdmin);
    await run('SaveGroup', { title: uniqueName('Child'), parent: own.id }, platform.otherAdmin);
  });
});

describe('permissions (§6 group-shares)', () => {
  it('sharing and revoking need EDIT on group-shares of the owner; deciding, of the receiving tenant', async () => {
    const project = await aProject();
    const sharer = await userWith({ 'group-details': ['VIEW'], 'group-shares': ['VIEW', 'EDIT'] });
    const noShares = await otherUserWith({ 'group-details': ['VIEW', 'CREATE', 'EDIT'] });
    const decider = await otherUserWith({ 'group-details': ['VIEW'], 'group-shares': ['EDIT'] });

    await refused('ShareProject', { id: project.id, tenant: 'other' }, 403, platform.viewer);
    await run('ShareProject', { id: project.id, tenant: 'other' }, sharer);
    await refused('UnshareProject', { id: project.id, tenant: 'other' }, 403, platform.viewer);
    await refused('AcceptProjectShare', { id: project.id }, 403, noShares);
    await refused('DeclineProjectShare', { id: project.id }, 403, noShares);
    const declined = await run('DeclineProjectShare', { id: project.id }, decider);
    const shared = await run('ShareProject', { id: project.id, tenant: 'other' }, sharer);
    await run('AcceptProjectShare', { id: project.id }, decider);
    await run('UnshareProject', { id: project.id, tenant: 'other' }, sharer);
    expect(shared.position).toBeGreaterThan(declined.position);
    // hashing three passwords at the OWASP parameters takes seconds
  }, 30_000);

  it('GET /api/shares needs VIEW on group-details: the viewer reads it, a user without gets 403', async () => {
    const project = await aProject();
    const shared = await run('ShareProject', { id: project.id, tenant: 'other' });
    const nobody = await otherUserWith({ 'group-shares': ['VIEW', 'EDIT'] });

    expect((await shareOf('outgoing', project.id, shared.position, platform.viewer))?.status).toBe('PENDING');
    const { status, body } = await read('/api/shares?direction=outgoing', shared.position, nobody);
    expect({ status, detail: body.detail }).toEqual({ status: 403, detail: 'not permitted' });
    expect((await platform.api.get('/api/shares?direction=incoming')).status).toBe(401);
  }, 30_000);
});
