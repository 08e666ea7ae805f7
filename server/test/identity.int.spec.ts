import { createUser } from '@fahrplan/command-service';
import { DEMO_PASSWORD, OTHER_PASSWORD, startPlatform, storedSince } from '../src/testing/platform';
import type { Body, Platform, Reply } from '../src/testing/platform';

/**
 * Tenant administration through the real HTTP API: tenants, roles, users, memberships and invitations,
 * with permission changes applying at the member's next request.
 */
// scrypt at OWASP's cost makes each sign-in and password change take a while on a busy machine
jest.setTimeout(30_000);

let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

const ok = async (reply: Promise<Reply>): Promise<Body> => {
  const { status, body } = await reply;
  expect({ status, body }).toMatchObject({ status: 200 });
  return body;
};
const run = (type: string, data: unknown, token: string) => ok(platform.api.command(type, data, token));
const me = (token: string) => ok(platform.api.get('/api/me', token));
const roleId = async (token: string, name: string): Promise<number> =>
  ((await ok(platform.api.get('/api/admin/roles', token))) as Body[]).find((r) => r.name === name).id;

/** A refused command stores nothing; `detail` is the problem's detail, or the field a 400 names. */
const refused = async (
  type: string,
  data: unknown,
  token: string,
  status: number,
  detail: string | RegExp | { field: string },
) => {
  const before = await platform.embedded.store.headPosition();
  const reply = await platform.api.command(type, data, token);
  if (typeof detail === 'object' && 'field' in detail)
    expect({ status: reply.status, fields: (reply.body.errors as Body[]).map((e) => e.field) }).toEqual({
      status,
      fields: [detail.field],
    });
  else
    expect({ status: reply.status, detail: reply.body.detail }).toEqual({
      status,
      detail: typeof detail === 'string' ? detail : expect.stringMatching(detail),
    });
  expect(await storedSince(platform.embedded, before)).toEqual([]);
};

describe('tenants', () => {
  let acmeAdmin: string;

  beforeAll(async () => {
    await run('CreateTenant', { name: 'acme', features: { jira: true, alm: true } }, platform.admin);
    acmeAdmin = await platform.api.token('acme', 'admin', DEMO_PASSWORD);
  });

  it("makes the creator the new tenant's administrator, with the built-in roles and the chosen flags", async () => {
    const mine = await me(platform.admin);
    expect(mine.tenants).toEqual(['demo', 'acme']);
    const there = await me(acmeAdmin);
    expect(there).toMatchObject({ tenant: 'acme', homeTenant: 'demo', username: 'admin' });
    expect(there.features).toMatchObject({ jira: true, alm: true, hermes: false });
    expect(there.permissions.admin).toEqual(['VIEW', 'CREATE', 'EDIT']);
    const roles = (await ok(platform.api.get('/api/admin/roles', acmeAdmin))) as Body[];
    expect(roles.map((r) => [r.name, r.members])).toEqual([
      ['Administrator', 1],
      ['Auditor', 0],
      ['Viewer', 0],
    ]);
    // issue 8: the Auditor reads everything, history included, and changes nothing; the Viewer no history
    const permissionsOf = (name: string) => roles.find((r) => r.name === name)!.permissions;
    expect(permissionsOf('Auditor')).toMatchObject({ history: ['VIEW'], items: ['VIEW'], admin: ['VIEW'] });
    expect(Object.values(permissionsOf('Auditor')).flat()).toEqual(
      expect.not.arrayContaining(['CREATE', 'EDIT']),
    );
    expect(permissionsOf('Viewer').history).toBeUndefined();
  });

  it('refuses a taken name (in any case) with 409, and the viewer with 403; nothing is stored', async () => {
    await refused('CreateTenant', { name: 'ACME' }, platform.admin, 409, 'tenant exists already');
    await refused('CreateTenant', { name: 'viewers-own' }, platform.viewer, 403, 'not permitted');
    await refused('CreateTenant', { name: 'bad name' }, platform.admin, 400, { field: 'name' });
  });

  it('changes feature flags with version checks; the change shows in /api/me', async () => {
    const tenant = await ok(platform.api.get('/api/admin/tenant', acmeAdmin));
    const features = { ...tenant.features, hermes: true };
    await run('ChangeTenantFeatures', { version: tenant.version, features }, acmeAdmin);
    expect((await me(acmeAdmin)).features.hermes).toBe(true);
    await refused(
      'ChangeTenantFeatures',
      { version: tenant.version, features },
      acmeAdmin,
      409,
      /version conflict/,
    );
  });

  it('sets the attribute schemas that drive the generated fields', async () => {
    const taskAttributes = [{ key: 'risk', label: 'Risk', type: 'select', options: ['low', 'high'] }];
    await run('ChangeAttributeSchemas', { applicationAttributes: [], taskAttributes }, acmeAdmin);
    expect((await me(acmeAdmin)).taskAttributes).toEqual(taskAttributes);
    expect((await me(platform.admin)).taskAttributes).not.toEqual(taskAttributes);
  });

  describe('users and roles', () => {
    let doraToken: string;
    let dora: number;

    beforeAll(async () => {
      const viewer = await roleId(acmeAdmin, 'Viewer');
      dora = (
        await run(
          'CreateUser',
          { username: 'dora', displayName: 'Dora', password: 'dora-password-1', roles: [viewer] },
          acmeAdmin,
        )
      ).id;
      doraToken = await platform.api.token('acme', 'dora', 'dora-password-1');
    });

    it("creates a user who signs in with the role's permissions, listed without any password", async () => {
      const view = await me(doraToken);
      expect(view.permissions.items).toEqual(['VIEW']);
      expect(view.permissions.admin).toBeUndefined();
      await refused('SaveApplication', { name: 'by dora' }, doraToken, 403, 'not permitted');
      const users = await ok(platform.api.get('/api/admin/users', acmeAdmin));
      expect(users.nextCursor).toBeNull();
      expect((users.items as Body[]).map((u) => [u.username, u.joined])).toEqual([
        ['admin', true],
        ['dora', false],
      ]);
      expect(JSON.stringify(users)).not.toMatch(/scrypt|passwordHash|dora-password/);
      // demo lists its own users only
      const demoUsers = (await ok(platform.api.get('/api/admin/users?limit=1000', platform.admin)))
        .items as Body[];
      expect(demoUsers.length).toBeGreaterThan(0);
      expect(demoUsers.map((u) => u.username)).not.toContain('dora');
    });

    it('refuses a taken user name and a short password', async () => {
      await refused(
        'CreateUser',
        { username: 'DORA', displayName: 'D2', password: 'dora-password-2', roles: [] },
        acmeAdmin,
        400,
        'user name taken',
      );
      await refused(
        'CreateUser',
        { username: 'eve', displayName: 'Eve', password: 'short', roles: [] },
        acmeAdmin,
        400,
        { field: 'password' },
      );
    });

    it("applies a role change at the member's next request, with the same token", async () => {
      const administrator = await roleId(acmeAdmin, 'Administrator');
      await run('ChangeMemberRoles', { user: dora, roles: [administrator] }, acmeAdmin);
      expect((await me(doraToken)).permissions.admin).toEqual(['VIEW', 'CREATE', 'EDIT']);
      await run('SaveApplication', { name: 'by dora' }, doraToken);
      await run('ChangeMemberRoles', { user: dora, roles: [await roleId(acmeAdmin, 'Viewer')] }, acmeAdmin);
      await refused('SaveApplication', { name: 'by dora again' }, doraToken, 403, 'not permitted');
    });

    it('creates, changes and deletes a role; a held role cannot be deleted', async () => {
      const planner = await run(
        'SaveRole',
        { name: 'Planner', permissions: { items: ['VIEW', 'EDIT'] } },
        acmeAdmin,
      );
      await run('ChangeMemberRoles', { user: dora, roles: [planner.id] }, acmeAdmin);
      expect((await me(doraToken)).permissions).toEqual({ items: ['VIEW', 'EDIT'] });
      await refused('DeleteRole', { id: planner.id }, acmeAdmin, 409, /role in use/);
      // the demo viewer was created holding Viewer (outside the tenant's stream): that counts too
      await refused(
        'DeleteRole',
        { id: await roleId(platform.admin, 'Viewer') },
        platform.admin,
        409,
        /role in use/,
      );
      await run('ChangeMemberRoles', { user: dora, roles: [await roleId(acmeAdmin, 'Viewer')] }, acmeAdmin);
      await run('DeleteRole', { id: planner.id }, acmeAdmin);
      const roles = (await ok(platform.api.get('/api/admin/roles', acmeAdmin))) as Body[];
      expect(roles.map((r) => r.name)).not.toContain('Planner');
    });

    it('renames a user and sets a new password: the old one stops working', async () => {
      await run('UpdateUser', { id: dora, displayName: 'Dora Explorer' }, acmeAdmin);
      expect((await me(doraToken)).displayName).toBe('Dora Explorer');
      await run('SetUserPassword', { id: dora, password: 'dora-password-new' }, acmeAdmin);
      // a new password ends the user's sessions: the old token is refused at the next request
      expect((await platform.api.get('/api/me', doraToken)).status).toBe(401);
      expect((await platform.api.login('acme', 'dora', 'dora-password-1')).status).toBe(401);
      doraToken = await platform.api.token('acme', 'dora', 'dora-password-new');
    });

    it('disables a user: refused at the next request and at sign-in; enabling lets them in again', async () => {
      await refused(
        'DisableUser',
        { id: (await me(platform.admin)).userId },
        platform.admin,
        400,
        'you cannot disable yourself',
      );
      await run('DisableUser', { id: dora }, acmeAdmin);
      expect((await platform.api.get('/api/me', doraToken)).status).toBe(401);
      expect((await platform.api.login('acme', 'dora', 'dora-password-new')).status).toBe(401);
      await run('EnableUser', { id: dora }, acmeAdmin);
      // disabling ended the sessions: enabling lets the user sign in again but revives no old token
      expect((await platform.api.get('/api/me', doraToken)).status).toBe(401);
      expect((await platform.api.login('acme', 'dora', 'dora-password-new')).status).toBe(200);
    });

    it("never lets another tenant's administrator manage the user", async () => {
      await refused('DisableUser', { id: dora }, platform.otherAdmin, 404, 'user not found');
      await refused(
        'ChangeMemberRoles',
        { user: dora, roles: [] },
        platform.otherAdmin,
        404,
        'user not found',
      );
    });
  });
});

describe('invitations: a user of one tenant joins another', () => {
  let alice: string;

  beforeAll(async () => {
    const position = await createUser(platform.embedded.store, platform.embedded.ids, {
      tenant: 'other',
      username: 'alice',
      displayName: 'Alice',
      password: OTHER_PASSWORD,
      permissions: {},
    });
    await platform.embedded.directory.waitFor(position);
    alice = await platform.api.token('other', 'alice', OTHER_PASSWORD);
  });

  it('invites, accepts and switches in; removal ends the membership', async () => {
    const viewer = await roleId(platform.admin, 'Viewer');
    await run('InviteMember', { tenant: 'other', username: 'alice', roles: [viewer] }, platform.admin);
    const pending = (await ok(platform.api.get('/api/admin/invitations', platform.admin))) as Body[];
    expect(pending).toEqual([{ tenant: 'other', username: 'alice', roles: [viewer] }]);
    expect((await me(alice)).invitations).toEqual(['demo']);

    await run('AcceptInvitation', { tenant: 'demo' }, alice);
    expect(await me(alice)).toMatchObject({ tenants: ['other', 'demo'], invitations: [] });
    const inDemo = await platform.api.token('demo', 'alice', OTHER_PASSWORD);
    expect(await me(inDemo)).toMatchObject({ tenant: 'demo', homeTenant: 'other' });
    expect((await me(inDemo)).permissions.admin).toBeUndefined();
    const users = (await ok(platform.api.get('/api/admin/users?q=alice', platform.admin))).items as Body[];
    const member = users.find((u) => u.username === 'alice');
    expect(member).toMatchObject({ homeTenant: 'other', joined: true, roles: [viewer] });

    await run('RemoveMember', { user: member.id }, platform.admin);
    expect((await platform.api.get('/api/me', inDemo)).status).toBe(401);
    expect((await platform.api.login('demo', 'alice', OTHER_PASSWORD)).status).toBe(401);
    expect((await me(alice)).tenants).toEqual(['other']);
  });

  it('answers an invitation of a user who does not exist like any other (no probing of other tenants)', async () => {
    const reply = await platform.api.command(
      'InviteMember',
      { tenant: 'other', username: 'nobody-at-all', roles: [] },
      platform.admin,
    );
    expect(reply.status).toBe(200);
    await refused(
      'InviteMember',
      { tenant: 'demo', username: 'viewer', roles: [] },
      platform.admin,
      400,
      'tenant invalid',
    );
  });

  it('lets the invited user decline, and refuses an answer without invitation', async () => {
    await run('InviteMember', { tenant: 'other', username: 'alice', roles: [] }, platform.admin);
    await run('DeclineInvitation', { tenant: 'demo' }, alice);
    expect((await me(alice)).invitations).toEqual([]);
    await refused('AcceptInvitation', { tenant: 'demo' }, alice, 404, 'invitation not found');
  });

  it('refuses to accept when the user name is taken in the inviting tenant', async () => {
    await run('InviteMember', { tenant: 'other', username: 'admin', roles: [] }, platform.admin);
    await refused('AcceptInvitation', { tenant: 'demo' }, platform.otherAdmin, 409, /taken in demo/);
  });
});

describe('the users list in pages (issue 17)', () => {
  it('pages the users by username, each once, searches usernames and display names, refuses a wrong limit', async () => {
    const all = (await ok(platform.api.get('/api/admin/users?limit=1000', platform.admin))).items as Body[];
    expect(all.length).toBeGreaterThanOrEqual(2);
    const names = all.map((u) => u.username as string);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const next = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await ok(platform.api.get(`/api/admin/users?limit=1${next}`, platform.admin));
      expect(page.items).toHaveLength(1);
      walked.push(...(page.items as Body[]).map((u) => u.username as string));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(names);
    const viewer = (await ok(platform.api.get('/api/admin/users?q=VIEW', platform.admin))).items as Body[];
    expect(viewer.map((u) => u.username)).toContain('viewer');
    expect(viewer.map((u) => u.username)).not.toContain('admin');
    const refused = await platform.api.get('/api/admin/users?limit=1001', platform.admin);
    expect({ status: refused.status, fields: (refused.body.errors as Body[]).map((e) => e.field) }).toEqual({
      status: 400,
      fields: ['limit'],
    });
  });
});
