import { resources } from '../permissions';
import { aContext, deciderSpec, freshId } from '../testing/decider-spec';
import { emptyDirectory, evolveDirectory, invitationsOf, tenantsOf, userInTenant } from './identity';
import type { IdentityEvent } from './identity';
import {
  changeAttributeSchemasSchema,
  createTenantSchema,
  inviteMemberSchema,
  saveRoleSchema,
} from './tenant.commands';
import { createTenantEvents, tenantDecider } from './tenant.decide';
import type { TenantCommand } from './tenant.commands';
import type { TenantEvent } from './tenant.events';
import type { TenantContext } from './tenant.decide';
import type { MemberFacts } from './administrators';
import { createUserSchema, userDecider } from './user';
import type { UserCommand, UserContext, UserEvent } from './user';

const spec = deciderSpec(tenantDecider);
const users = deciderSpec(userDecider);

const ADMIN = 11;
const VIEWER = 12;
const AUDITOR = 13;
/** Tenant 'acme' (id 10) as CreateTenant writes it, created by bob of tenant 'home' (user 7). */
const created = createTenantEvents(
  createTenantSchema.parse({ name: 'acme', features: { jira: true } }),
  { tenant: 10, administrator: ADMIN, viewer: VIEWER, auditor: AUDITOR },
  { id: 7, tenant: 'home', username: 'bob' },
);
/** The caller of an administration command administers the tenant (user 1, by direct permissions). */
const caller: MemberFacts = { id: 1, roles: [], permissions: { admin: ['EDIT'] }, disabled: false };
const context = (facts: Partial<TenantContext> = {}): TenantContext =>
  aContext({ newId: freshId(), members: [caller], ...facts });
const cmd = <T extends TenantCommand['type']>(type: T, data: unknown) => ({ type, data }) as TenantCommand;

describe('CreateTenant (createTenantEvents)', () => {
  it('creates the tenant with its flags, the Administrator, Viewer and Auditor roles, and the creator as administrator', () => {
    expect(created.map((e) => e.type)).toEqual([
      'TenantCreated',
      'RoleSaved',
      'RoleSaved',
      'RoleSaved',
      'MemberAdded',
    ]);
    const state = created.reduce(tenantDecider.evolve, tenantDecider.initialState);
    expect(state.features).toEqual({
      admin: false,
      jira: true,
      alm: false,
      hermes: false,
      financialPlanning: false,
      agileLifecycle: false,
    });
    expect(state.roles[ADMIN]?.permissions.admin).toEqual(['VIEW', 'CREATE', 'EDIT']);
    expect(state.roles[VIEWER]?.permissions).toMatchObject({ items: ['VIEW'] });
    expect(state.roles[VIEWER]?.permissions.admin).toBeUndefined();
    // issue 8: the Viewer sees no history; the Auditor sees everything, history included, and changes nothing
    expect(state.roles[VIEWER]?.permissions.history).toBeUndefined();
    expect(state.roles[ADMIN]?.permissions.history).toEqual(['VIEW', 'CREATE', 'EDIT']);
    // issue 22: the Administrator branches, renames and discards scenarios; the Viewer lists them
    expect(state.roles[ADMIN]?.permissions.scenarios).toEqual(['VIEW', 'CREATE', 'EDIT']);
    expect(state.roles[VIEWER]?.permissions.scenarios).toEqual(['VIEW']);
    expect(state.roles[AUDITOR]?.name).toBe('Auditor');
    expect(Object.entries(state.roles[AUDITOR]?.permissions ?? {}).sort()).toEqual(
      resources.map((resource) => [resource, ['VIEW']]).sort(),
    );
    expect(state.members).toEqual({ 7: [ADMIN] });
    expect(state.joined).toEqual([7]);
    expect(state.version).toBe(4);
  });

  it('refuses names that cannot be a tenant name', () => {
    for (const name of ['a', 'with space', '-lead', 'x'.repeat(51)])
      expect(createTenantSchema.safeParse({ name }).success).toBe(false);
    expect(createTenantSchema.parse({ name: ' acme-2 ' }).name).toBe('acme-2');
  });
});

describe('settings', () => {
  it('changes the feature flags, and refuses a stale version with the current one', () => {
    const features = { ...tenantDecider.initialState.features, hermes: true };
    spec
      .given(created)
      .when(cmd('ChangeTenantFeatures', { version: 4, features }), context())
      .then([{ type: 'TenantFeaturesChanged', data: { features } }]);
    spec
      .given(created)
      .when(cmd('ChangeTenantFeatures', { version: 3, features }), context())
      .thenThrows({ code: 'conflict', details: { currentVersion: 4 } });
  });

  it('sets attribute schemas; a select needs options and keys are unique', () => {
    const data = changeAttributeSchemasSchema.parse({
      applicationAttributes: [{ key: 'tier', label: 'Tier', type: 'select', options: ['1', '2'] }],
      taskAttributes: [],
    });
    spec
      .given(created)
      .when(cmd('ChangeAttributeSchemas', data), context())
      .then([{ type: 'AttributeSchemasChanged', data }]);
    expect(
      changeAttributeSchemasSchema.safeParse({
        applicationAttributes: [{ key: 'tier', label: 'Tier', type: 'select' }],
        taskAttributes: [],
      }).success,
    ).toBe(false);
    const twice = { key: 'a', label: 'A', type: 'text' };
    expect(
      changeAttributeSchemasSchema.safeParse({ applicationAttributes: [twice, twice], taskAttributes: [] })
        .success,
    ).toBe(false);
  });
});

describe('roles', () => {
  it('creates a role with the new id and renames it; names are unique regardless of case', () => {
    const permissions = { items: ['VIEW', 'EDIT'] as const };
    spec
      .given(created)
      .when(cmd('SaveRole', saveRoleSchema.parse({ name: 'Planner', permissions })), context({ newId: 20 }))
      .then([
        { type: 'RoleSaved', data: { id: 20, name: 'Planner', permissions: { items: ['VIEW', 'EDIT'] } } },
      ]);
    spec
      .given(created)
      .when(cmd('SaveRole', saveRoleSchema.parse({ name: 'viewer', permissions })), context())
      .thenThrows({ code: 'validation', message: 'a role with this name exists already' });
    spec
      .given(created)
      .when(cmd('SaveRole', saveRoleSchema.parse({ id: 99, name: 'Ghost', permissions })), context())
      .thenThrows({ code: 'not_found', message: 'role not found' });
  });

  it('refuses unknown resources and actions in permissions', () => {
    expect(saveRoleSchema.safeParse({ name: 'x', permissions: { everything: ['VIEW'] } }).success).toBe(
      false,
    );
    expect(saveRoleSchema.safeParse({ name: 'x', permissions: { items: ['DELETE'] } }).success).toBe(false);
  });

  it('deletes a role nobody holds, and refuses one a member holds', () => {
    spec
      .given(created)
      .when(cmd('DeleteRole', { id: VIEWER }), context())
      .then([{ type: 'RoleDeleted', data: { id: VIEWER } }]);
    spec
      .given(created)
      .when(cmd('DeleteRole', { id: ADMIN }), context())
      .thenThrows({ code: 'conflict', message: 'role in use: take it from its members first' });
    // a home user created with the role holds it outside the tenant's stream
    spec
      .given(created)
      .when(cmd('DeleteRole', { id: VIEWER }), context({ heldRoles: [VIEWER] }))
      .thenThrows({ code: 'conflict', message: 'role in use: take it from its members first' });
  });
});

describe('members and invitations', () => {
  it("changes a member's roles, refusing unknown roles and users who are not members", () => {
    spec
      .given(created)
      .when(cmd('ChangeMemberRoles', { user: 30, roles: [VIEWER, VIEWER] }), context({ homeUser: true }))
      .then([{ type: 'MemberRolesChanged', data: { user: 30, roles: [VIEWER] } }]);
    spec
      .given(created)
      .when(cmd('ChangeMemberRoles', { user: 30, roles: [VIEWER] }), context({ homeUser: false }))
      .thenThrows({ code: 'not_found', message: 'user not found' });
    spec
      .given(created)
      .when(cmd('ChangeMemberRoles', { user: 7, roles: [404] }), context())
      .thenThrows({ code: 'validation', message: 'role not found' });
  });

  const invite = cmd(
    'InviteMember',
    inviteMemberSchema.parse({ tenant: 'home', username: 'Carol', roles: [VIEWER] }),
  );
  const invited: TenantEvent = {
    type: 'MemberInvited',
    data: { tenant: 'home', username: 'Carol', roles: [VIEWER] },
  };
  const carol = { id: 40, tenant: 'home', username: 'carol' };

  it('invites a user of another tenant, never of its own', () => {
    spec.given(created).when(invite, context()).then([invited]);
    spec
      .given(created)
      .when(cmd('InviteMember', { tenant: 'ACME', username: 'x', roles: [] }), context())
      .thenThrows({ code: 'validation', message: 'tenant invalid' });
  });

  it('lets the invited user accept (with the invited roles) or decline, matching names without case', () => {
    spec
      .given([...created, invited])
      .when(cmd('AcceptInvitation', { tenant: 'acme' }), context({ invitee: carol }))
      .then([{ type: 'InvitationAccepted', data: { tenant: 'home', username: 'Carol', user: 40 } }]);
    const state = [
      ...created,
      invited,
      { type: 'InvitationAccepted', data: { tenant: 'home', username: 'Carol', user: 40 } } as const,
    ].reduce(tenantDecider.evolve, tenantDecider.initialState);
    expect(state.members[40]).toEqual([VIEWER]);
    expect(state.joined).toContain(40);
    expect(state.invitations).toEqual({});
    spec
      .given([...created, invited])
      .when(cmd('DeclineInvitation', { tenant: 'acme' }), context({ invitee: carol }))
      .then([{ type: 'InvitationDeclined', data: { tenant: 'home', username: 'Carol' } }]);
  });

  it('refuses an answer without invitation, and an acceptance whose user name is taken here', () => {
    spec
      .given(created)
      .when(cmd('AcceptInvitation', { tenant: 'acme' }), context({ invitee: carol }))
      .thenThrows({ code: 'not_found', message: 'invitation not found' });
    spec
      .given([...created, invited])
      .when(cmd('AcceptInvitation', { tenant: 'acme' }), context({ invitee: carol, nameTaken: true }))
      .thenThrows({ code: 'conflict' });
  });

  it('removes members who joined, not home users', () => {
    spec
      .given(created)
      .when(cmd('RemoveMember', { user: 7 }), context())
      .then([{ type: 'MemberRemoved', data: { user: 7 } }]);
    spec
      .given(created)
      .when(cmd('RemoveMember', { user: 30 }), context())
      .thenThrows({ code: 'validation' });
  });
});

/** User 50 of acme, a viewer, as CreateUser records her. */
const dora: UserEvent = {
  type: 'UserCreated',
  data: {
    id: 50,
    tenant: 'acme',
    username: 'dora',
    displayName: 'Dora',
    passwordHash: 'scrypt$hash',
    permissions: {},
    roles: [VIEWER],
  },
};

describe('the last administrator', () => {
  // bob (7) administers acme through the Administrator role, since he created it; carol (30) views
  const bob: MemberFacts = { id: 7, roles: [ADMIN], permissions: {}, disabled: false };
  const carol: MemberFacts = { id: 30, roles: [VIEWER], permissions: {}, disabled: false };
  const onlyBob = context({ members: [bob, carol], homeUser: true });
  const needsAdministrator = { code: 'conflict', message: 'a tenant needs an administrator' } as const;

  describe('when one member administers the tenant', () => {
    it('refuses to take his administrator role away', () =>
      spec
        .given(created)
        .when(cmd('ChangeMemberRoles', { user: 7, roles: [VIEWER] }), onlyBob)
        .thenThrows(needsAdministrator));

    it('refuses to remove him', () =>
      spec
        .given(created)
        .when(cmd('RemoveMember', { user: 7 }), onlyBob)
        .thenThrows(needsAdministrator));

    it('refuses to take EDIT on the administration from his role', () =>
      spec
        .given(created)
        .when(
          cmd(
            'SaveRole',
            saveRoleSchema.parse({ id: ADMIN, name: 'Administrator', permissions: { admin: ['VIEW'] } }),
          ),
          onlyBob,
        )
        .thenThrows(needsAdministrator));

    it('still changes what leaves him administrator: other roles, other members, role deletions', () => {
      spec
        .given(created)
        .when(cmd('ChangeMemberRoles', { user: 30, roles: [AUDITOR] }), onlyBob)
        .then([{ type: 'MemberRolesChanged', data: { user: 30, roles: [AUDITOR] } }]);
      spec
        .given(created)
        .when(cmd('ChangeMemberRoles', { user: 7, roles: [ADMIN, VIEWER] }), onlyBob)
        .then([{ type: 'MemberRolesChanged', data: { user: 7, roles: [ADMIN, VIEWER] } }]);
      spec
        .given(created)
        .when(cmd('DeleteRole', { id: AUDITOR }), onlyBob)
        .then([{ type: 'RoleDeleted', data: { id: AUDITOR } }]);
    });

    it('counts neither a disabled administrator nor one who is being removed', () => {
      const disabledAdmin = { ...carol, roles: [ADMIN], disabled: true };
      spec
        .given(created)
        .when(cmd('ChangeMemberRoles', { user: 7, roles: [] }), context({ members: [bob, disabledAdmin] }))
        .thenThrows(needsAdministrator);
    });
  });

  describe('when another member administers the tenant too', () => {
    it('lets the first one go, by role or by direct permission', () => {
      for (const other of [
        { ...carol, roles: [ADMIN] },
        { ...carol, permissions: { admin: ['VIEW', 'CREATE', 'EDIT'] as const } },
      ]) {
        const two = context({ members: [bob, other], homeUser: true });
        spec
          .given(created)
          .when(cmd('ChangeMemberRoles', { user: 7, roles: [VIEWER] }), two)
          .then([{ type: 'MemberRolesChanged', data: { user: 7, roles: [VIEWER] } }]);
        spec
          .given(created)
          .when(cmd('RemoveMember', { user: 7 }), two)
          .then([{ type: 'MemberRemoved', data: { user: 7 } }]);
      }
    });
  });

  describe('when a user is disabled', () => {
    const disabling = (administered: { tenant: string; administrators: number[] }[]) =>
      users
        .given([dora])
        .when(
          { type: 'DisableUser', data: { id: 50 } },
          aContext({ newId: 0, callerId: 1, tenant: 'acme', administered }),
        );

    it('refuses when she is the only administrator of a tenant she belongs to', () =>
      disabling([
        { tenant: 'acme', administrators: [1, 50] },
        { tenant: 'lab', administrators: [50] },
      ]).thenThrows(needsAdministrator));

    it('disables her when every tenant keeps another administrator', () =>
      disabling([
        { tenant: 'acme', administrators: [1, 50] },
        { tenant: 'lab', administrators: [9] },
      ]).then([{ type: 'UserDisabled', data: {} }]));
  });
});

describe('users', () => {
  const userContext = (facts: Partial<UserContext> = {}): UserContext =>
    aContext({
      newId: 50,
      callerId: 1,
      tenant: 'acme',
      passwordHash: 'scrypt$hash',
      administered: [],
      ...facts,
    });
  const create = (raw: Record<string, unknown>): UserCommand => ({
    type: 'CreateUser',
    data: createUserSchema.parse(raw),
  });

  it('creates a user with the hashed password and roles; a taken name or short password is refused', () => {
    users
      .given([])
      .when(
        create({ username: 'dora', displayName: 'Dora', password: 'long enough!', roles: [VIEWER] }),
        userContext(),
      )
      .then([dora]);
    users
      .given([])
      .when(
        create({ username: 'dora', displayName: 'Dora', password: 'long enough!', roles: [] }),
        userContext({ nameTaken: true }),
      )
      .thenThrows({ code: 'validation', message: 'user name taken' });
    expect(
      createUserSchema.safeParse({ username: 'x', displayName: 'X', password: 'short', roles: [] }).success,
    ).toBe(false);
  });

  it('disables and enables; nobody disables themselves; other tenants do not find the user', () => {
    users
      .given([dora])
      .when({ type: 'DisableUser', data: { id: 50 } }, userContext())
      .then([{ type: 'UserDisabled', data: {} }]);
    users
      .given([dora, { type: 'UserDisabled', data: {} }])
      .when({ type: 'EnableUser', data: { id: 50 } }, userContext())
      .then([{ type: 'UserEnabled', data: {} }]);
    users
      .given([dora])
      .when({ type: 'DisableUser', data: { id: 50 } }, userContext({ callerId: 50 }))
      .thenThrows({ code: 'validation', message: 'you cannot disable yourself' });
    users
      .given([dora])
      .when({ type: 'DisableUser', data: { id: 50 } }, userContext({ tenant: 'other' }))
      .thenThrows({ code: 'not_found', message: 'user not found' });
  });

  it('renames with version checks and records nothing for an unchanged name', () => {
    users
      .given([dora])
      .when({ type: 'UpdateUser', data: { id: 50, version: 0, displayName: 'Dora D.' } }, userContext())
      .then([{ type: 'UserUpdated', data: { displayName: 'Dora D.' } }]);
    users
      .given([dora])
      .when({ type: 'UpdateUser', data: { id: 50, displayName: 'Dora' } }, userContext())
      .then([]);
    users
      .given([dora, { type: 'UserUpdated', data: { displayName: 'D' } }])
      .when({ type: 'UpdateUser', data: { id: 50, version: 0, displayName: 'X' } }, userContext())
      .thenThrows({ code: 'conflict', details: { currentVersion: 1 } });
  });
});

describe('the directory', () => {
  const fold = (events: (IdentityEvent & { streamId: string })[]) =>
    events.reduce(evolveDirectory, emptyDirectory());
  const at = (streamId: string) => (e: IdentityEvent) => ({ ...e, streamId });
  const home = createTenantEvents(createTenantSchema.parse({ name: 'home' }), {
    tenant: 1,
    administrator: 2,
    viewer: 3,
    auditor: 4,
  });
  const bob: IdentityEvent = {
    type: 'UserCreated',
    data: {
      id: 7,
      tenant: 'home',
      username: 'Bob',
      displayName: 'Bob',
      passwordHash: 'h',
      permissions: { items: ['VIEW'] },
      roles: [3],
    },
  };

  it("gives a user's effective permissions per tenant: direct ones at home, roles in each tenant", () => {
    const directory = fold([...home.map(at('tenant-1')), at('user-7')(bob), ...created.map(at('tenant-10'))]);
    expect(userInTenant(directory, 'home', 'bob')?.permissions.items).toEqual(['VIEW']);
    expect(userInTenant(directory, 'home', 'bob')?.permissions.admin).toBeUndefined();
    expect(userInTenant(directory, 'acme', 'BOB')?.permissions.admin).toEqual(['VIEW', 'CREATE', 'EDIT']);
    expect(userInTenant(directory, 'acme', 'bob')?.homeTenant).toBe('home');
    expect(tenantsOf(directory, 7)).toEqual(['home', 'acme']);
  });

  it('applies role changes, removals, disabling and invitations as they happen', () => {
    const directory = fold([
      ...home.map(at('tenant-1')),
      at('user-7')(bob),
      ...created.map(at('tenant-10')),
      at('tenant-10')({ type: 'MemberInvited', data: { tenant: 'home', username: 'bob', roles: [] } }),
    ]);
    expect(invitationsOf(directory, 7)).toEqual(['acme']);
    evolveDirectory(directory, at('tenant-10')({ type: 'MemberRemoved', data: { user: 7 } }));
    evolveDirectory(directory, at('user-7')({ type: 'UserDisabled', data: {} }));
    expect(userInTenant(directory, 'acme', 'bob')).toBeUndefined();
    expect(userInTenant(directory, 'home', 'bob')?.disabled).toBe(true);
    evolveDirectory(directory, at('tenant-1')({ type: 'MemberRolesChanged', data: { user: 7, roles: [2] } }));
    expect(userInTenant(directory, 'home', 'bob')?.permissions.admin).toEqual(['VIEW', 'CREATE', 'EDIT']);
  });
});
