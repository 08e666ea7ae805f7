import { say } from '../rules/messages';
import { deciderOf, unknownCommand } from '../decider';
import type { DecisionContext } from '../events';
import { conflictOf, existsAlready, invalidField, notFound, refusal, versionConflict } from '../errors';
import { actions, resources } from '../permissions';
import type { Permissions } from '../permissions';
import { administers, keepAnAdministrator } from './administrators';
import type { MemberFacts } from './administrators';
import { noFeatures } from './tenant.commands';
import type {
  ChangeAttributeSchemasData,
  ChangeOptionListsData,
  ChangeMemberRolesData,
  ChangeTenantFeaturesData,
  CreateTenantData,
  DeleteRoleData,
  InviteMemberData,
  RemoveMemberData,
  SaveRoleData,
  TenantCommand,
} from './tenant.commands';
import type {
  AttributeSchemasChanged,
  OptionListsChanged,
  InvitationAccepted,
  InvitationDeclined,
  MemberInvited,
  MemberRemoved,
  MemberRolesChanged,
  RoleDeleted,
  RoleSaved,
  TenantEvent,
  TenantFeaturesChanged,
} from './tenant.events';
import { evolveTenant, initialTenantState, invitationKey } from './tenant.state';
import type { TenantState } from './tenant.state';

/** What a tenant decision needs to know beyond the tenant's own stream. */
export interface TenantContext extends DecisionContext {
  readonly newId: number;
  /** Whether `user` of a member command is a home user of this tenant (from the directory). */
  readonly homeUser?: boolean;
  /** For AcceptInvitation: the accepting user's id and whether their name is taken here by someone else. */
  readonly invitee?: { readonly id: number; readonly tenant: string; readonly username: string };
  readonly nameTaken?: boolean;
  /** Role ids held by users whose roles this stream does not hold (home users created with roles). */
  readonly heldRoles?: readonly number[];
  /**
   * The tenant's members as the directory knows them, for role changes, removals and role changes
   * and deletions: none of them may leave the tenant without an administrator.
   */
  readonly members?: readonly MemberFacts[];
}

const checkVersion = (data: { version?: number | undefined }, state: TenantState) => {
  if (data.version !== undefined && data.version !== state.version) throw versionConflict(state.version);
};

const checkRoles = (state: TenantState, roles: readonly number[]) => {
  const unknown = roles.filter((r) => !state.roles[r]);
  if (unknown.length > 0) throw invalidField('roles', say('not-found'), 'role not found');
  return [...new Set(roles)];
};

/** The two roles every new tenant starts with; the creator becomes its administrator. */
export const builtInRoles = (
  administrator: number,
  viewer: number,
  auditor: number,
): readonly { id: number; name: string; permissions: Permissions }[] => [
  {
    id: administrator,
    name: 'Administrator',
    permissions: Object.fromEntries(resources.map((r) => [r, [...actions]])),
  },
  {
    id: viewer,
    name: 'Viewer',
    permissions: Object.fromEntries(
      resources.filter((r) => r !== 'admin' && r !== 'history' && r !== 'webhooks').map((r) => [r, ['VIEW']]),
    ),
  },
  // issue 8: reads every record, its history and its past states, and changes nothing
  { id: auditor, name: 'Auditor', permissions: Object.fromEntries(resources.map((r) => [r, ['VIEW']])) },
];

const changeTenantFeatures = (
  command: ChangeTenantFeaturesData,
  state: TenantState,
): TenantFeaturesChanged[] => {
  checkVersion(command, state);
  return [{ type: 'TenantFeaturesChanged', data: { features: command.features } }];
};

const changeAttributeSchemas = (
  command: ChangeAttributeSchemasData,
  state: TenantState,
): AttributeSchemasChanged[] => {
  checkVersion(command, state);
  return [
    {
      type: 'AttributeSchemasChanged',
      data: {
        applicationAttributes: command.applicationAttributes,
        taskAttributes: command.taskAttributes,
        ...(command.projectAttributes === undefined ? {} : { projectAttributes: command.projectAttributes }),
      },
    },
  ];
};

const changeOptionLists = (command: ChangeOptionListsData, state: TenantState): OptionListsChanged[] => {
  checkVersion(command, state);
  return [{ type: 'OptionListsChanged', data: { lists: command.lists } }];
};

const saveRole = (command: SaveRoleData, state: TenantState, context: TenantContext): RoleSaved[] => {
  checkVersion(command, state);
  const roleId = command.id ?? context.newId;
  if (command.id !== undefined && !state.roles[roleId]) throw notFound('role');
  const clash = Object.values(state.roles).find(
    (r) => r.id !== roleId && r.name.toLowerCase() === command.name.toLowerCase(),
  );
  if (clash) throw invalidField('name', say('exists'), 'a role with this name exists already');
  return [{ type: 'RoleSaved', data: { id: roleId, name: command.name, permissions: command.permissions } }];
};

const deleteRole = (command: DeleteRoleData, state: TenantState, context: TenantContext): RoleDeleted[] => {
  if (!state.roles[command.id]) throw notFound('role');
  const held = [...Object.values(state.members), context.heldRoles ?? []];
  if (held.some((roles) => roles.includes(command.id)))
    throw conflictOf('in-use', 'role in use: take it from its members first', { what: 'role' });
  return [{ type: 'RoleDeleted', data: { id: command.id } }];
};

const changeMemberRoles = (
  command: ChangeMemberRolesData,
  state: TenantState,
  context: TenantContext,
): MemberRolesChanged[] => {
  const member = context.homeUser || state.joined.includes(command.user);
  if (!member) throw notFound('user');
  return [
    { type: 'MemberRolesChanged', data: { user: command.user, roles: checkRoles(state, command.roles) } },
  ];
};

const inviteMember = (command: InviteMemberData, state: TenantState): MemberInvited[] => {
  if (command.tenant.toLowerCase() === state.name.toLowerCase())
    throw invalidField('tenant', say('own-tenant'), 'tenant invalid');
  return [
    {
      type: 'MemberInvited',
      data: { tenant: command.tenant, username: command.username, roles: checkRoles(state, command.roles) },
    },
  ];
};

/** The invited user accepts or declines, on the inviting tenant's stream. */
const answerInvitation = (
  answer: 'AcceptInvitation' | 'DeclineInvitation',
  state: TenantState,
  context: TenantContext,
): (InvitationAccepted | InvitationDeclined)[] => {
  const invitee = context.invitee;
  const invitation = invitee && state.invitations[invitationKey(invitee.tenant, invitee.username)];
  if (!invitee || !invitation) throw notFound('invitation');
  if (answer === 'DeclineInvitation')
    return [
      { type: 'InvitationDeclined', data: { tenant: invitation.tenant, username: invitation.username } },
    ];
  if (context.nameTaken)
    throw conflictOf('exists-already', `the user name ${invitee.username} is taken in ${state.name}`, {
      what: 'user',
    });
  return [
    {
      type: 'InvitationAccepted',
      data: { tenant: invitation.tenant, username: invitation.username, user: invitee.id },
    },
  ];
};

const removeMember = (command: RemoveMemberData, state: TenantState): MemberRemoved[] => {
  if (!state.joined.includes(command.user))
    throw refusal(
      'members-only',
      'only members who joined from another tenant can be removed; disable home users',
    );
  return [{ type: 'MemberRemoved', data: { user: command.user } }];
};

/**
 * The last-administrator rule: a change that takes the tenant's last administrator away is refused.
 * The stream's own record of a member's roles wins over the directory's, which may lag behind it.
 */
const leavesAnAdministrator = (
  events: readonly TenantEvent[],
  state: TenantState,
  context: TenantContext,
): TenantEvent[] => {
  if (!context.members) throw new Error('changing who administers a tenant needs its members');
  const membersAt = (tenant: TenantState, removed: ReadonlySet<number>) =>
    context
      .members!.filter((member) => !removed.has(member.id))
      .map((member) => ({ ...member, roles: tenant.members[member.id] ?? member.roles }));
  const before = membersAt(state, new Set());
  if (!before.some((member) => administers(member, state.roles))) return [...events];
  const next = events.reduce(evolveTenant, state);
  const removed = new Set(events.flatMap((e) => (e.type === 'MemberRemoved' ? [e.data.user] : [])));
  keepAnAdministrator(membersAt(next, removed), next.roles);
  return [...events];
};

export const decideTenant = (
  command: TenantCommand,
  state: TenantState,
  context: TenantContext,
): TenantEvent[] => {
  if (command.type === 'CreateTenant') {
    if (state.status !== 'absent') throw existsAlready('tenant');
    throw new Error('CreateTenant is decided by createTenantEvents');
  }
  if (state.status === 'absent') throw notFound('tenant');
  switch (command.type) {
    case 'ChangeTenantFeatures':
      return changeTenantFeatures(command.data, state);
    case 'ChangeAttributeSchemas':
      return changeAttributeSchemas(command.data, state);
    case 'ChangeOptionLists':
      return changeOptionLists(command.data, state);
    case 'SaveRole':
      return leavesAnAdministrator(saveRole(command.data, state, context), state, context);
    case 'DeleteRole':
      return leavesAnAdministrator(deleteRole(command.data, state, context), state, context);
    case 'ChangeMemberRoles':
      return leavesAnAdministrator(changeMemberRoles(command.data, state, context), state, context);
    case 'InviteMember':
      return inviteMember(command.data, state);
    case 'AcceptInvitation':
    case 'DeclineInvitation':
      return answerInvitation(command.type, state, context);
    case 'RemoveMember':
      return leavesAnAdministrator(removeMember(command.data, state), state, context);
    default:
      return unknownCommand(command);
  }
};

export const tenantDecider = deciderOf(decideTenant, evolveTenant, initialTenantState);

/** A new tenant with its built-in roles and its creator (when given) as administrator, in one append. */
export const createTenantEvents = (
  data: CreateTenantData,
  ids: {
    readonly tenant: number;
    readonly administrator: number;
    readonly viewer: number;
    readonly auditor: number;
  },
  creator?: { readonly id: number; readonly tenant: string; readonly username: string },
): TenantEvent[] => [
  {
    type: 'TenantCreated',
    data: {
      id: ids.tenant,
      name: data.name,
      features: { ...noFeatures, ...data.features },
      applicationAttributes: [],
      taskAttributes: [],
    },
  },
  ...builtInRoles(ids.administrator, ids.viewer, ids.auditor).map((role): RoleSaved => ({
    type: 'RoleSaved',
    data: role,
  })),
  ...(creator === undefined
    ? []
    : [
        {
          type: 'MemberAdded',
          data: {
            user: creator.id,
            tenant: creator.tenant,
            username: creator.username,
            roles: [ids.administrator],
          },
        } as const,
      ]),
];
