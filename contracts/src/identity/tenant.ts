import { z } from 'zod';
import type { Decider } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { DomainError, invalidField, notFound, validationError, versionConflict } from '../errors';
import { actions, resources } from '../permissions';
import type { Permissions } from '../permissions';

const id = z.number().int().positive();

export const featureFlagsSchema = z.strictObject({
  admin: z.boolean(),
  jira: z.boolean(),
  alm: z.boolean(),
  hermes: z.boolean(),
  financialPlanning: z.boolean(),
  agileLifecycle: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

export const attributeTypes = ['text', 'number', 'boolean', 'date', 'select'] as const;
export interface AttributeDefinition {
  readonly key: string;
  readonly label: string;
  readonly type: (typeof attributeTypes)[number];
  readonly options?: readonly string[];
}

export type TenantCreated = DomainEvent<
  'TenantCreated',
  {
    readonly id: number;
    readonly name: string;
    readonly features: FeatureFlags;
    readonly applicationAttributes: readonly AttributeDefinition[];
    /** Added later: events written before read as no task attributes. */
    readonly taskAttributes?: readonly AttributeDefinition[];
  }
>;

/** Tenant names appear in logins, share chips and URLs: letters, digits, '.', '_' and '-'. */
export const tenantNameSchema = z
  .string({ error: 'required' })
  .trim()
  .min(2, { error: 'at least 2 characters' })
  .max(50, { error: 'at most 50 characters' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: "letters, digits, '.', '_' or '-'" });

export const usernameSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(100, { error: 'at most 100 characters' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9@._+-]*$/, { error: "letters, digits, '@', '.', '_', '+' or '-'" });

export const permissionsSchema = z
  .partialRecord(z.enum(resources), z.array(z.enum(actions)).max(actions.length))
  .transform((p): Permissions => Object.fromEntries(Object.entries(p).map(([r, a]) => [r, [...new Set(a)]])));

export const attributeDefinitionSchema = z
  .strictObject({
    key: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, { error: 'a letter, then letters, digits or _' }),
    label: z.string().trim().min(1, { error: 'required' }).max(100),
    type: z.enum(attributeTypes),
    options: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  })
  .refine((d) => d.type !== 'select' || (d.options?.length ?? 0) > 0, {
    error: 'a select needs options',
    path: ['options'],
  });

const attributeListSchema = z
  .array(attributeDefinitionSchema)
  .max(50)
  .refine((list) => new Set(list.map((d) => d.key)).size === list.length, { error: 'keys must be unique' });

const version = z.number().int().nonnegative();

export const createTenantSchema = z.strictObject({
  name: tenantNameSchema,
  features: featureFlagsSchema.partial().optional(),
});
export const changeTenantFeaturesSchema = z.strictObject({
  version: version.optional(),
  features: featureFlagsSchema,
});
export const changeAttributeSchemasSchema = z.strictObject({
  version: version.optional(),
  applicationAttributes: attributeListSchema,
  taskAttributes: attributeListSchema,
});
export const saveRoleSchema = z.strictObject({
  id: id.optional(),
  version: version.optional(),
  name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100),
  permissions: permissionsSchema,
});
export const deleteRoleSchema = z.strictObject({ id });
export const changeMemberRolesSchema = z.strictObject({ user: id, roles: z.array(id).max(50) });
export const inviteMemberSchema = z.strictObject({
  /** The home tenant of the invited user. */
  tenant: tenantNameSchema,
  username: usernameSchema,
  roles: z.array(id).max(50),
});
/** Accept or decline, as the invited user, an invitation of `tenant`. */
export const answerInvitationSchema = z.strictObject({ tenant: tenantNameSchema });
export const removeMemberSchema = z.strictObject({ user: id });

export type CreateTenantData = z.infer<typeof createTenantSchema>;
export type SaveRoleData = z.infer<typeof saveRoleSchema>;

export type TenantCommand =
  | { readonly type: 'CreateTenant'; readonly data: CreateTenantData }
  | { readonly type: 'ChangeTenantFeatures'; readonly data: z.infer<typeof changeTenantFeaturesSchema> }
  | { readonly type: 'ChangeAttributeSchemas'; readonly data: z.infer<typeof changeAttributeSchemasSchema> }
  | { readonly type: 'SaveRole'; readonly data: SaveRoleData }
  | { readonly type: 'DeleteRole'; readonly data: z.infer<typeof deleteRoleSchema> }
  | { readonly type: 'ChangeMemberRoles'; readonly data: z.infer<typeof changeMemberRolesSchema> }
  | { readonly type: 'InviteMember'; readonly data: z.infer<typeof inviteMemberSchema> }
  | { readonly type: 'AcceptInvitation'; readonly data: z.infer<typeof answerInvitationSchema> }
  | { readonly type: 'DeclineInvitation'; readonly data: z.infer<typeof answerInvitationSchema> }
  | { readonly type: 'RemoveMember'; readonly data: z.infer<typeof removeMemberSchema> };

export type TenantFeaturesChanged = DomainEvent<'TenantFeaturesChanged', { readonly features: FeatureFlags }>;
export type AttributeSchemasChanged = DomainEvent<
  'AttributeSchemasChanged',
  {
    readonly applicationAttributes: readonly AttributeDefinition[];
    readonly taskAttributes: readonly AttributeDefinition[];
  }
>;
export type RoleSaved = DomainEvent<
  'RoleSaved',
  { readonly id: number; readonly name: string; readonly permissions: Permissions }
>;
export type RoleDeleted = DomainEvent<'RoleDeleted', { readonly id: number }>;
/** The roles a member holds in this tenant; replaces the previous ones. */
export type MemberRolesChanged = DomainEvent<
  'MemberRolesChanged',
  { readonly user: number; readonly roles: readonly number[] }
>;
export type MemberInvited = DomainEvent<
  'MemberInvited',
  { readonly tenant: string; readonly username: string; readonly roles: readonly number[] }
>;
export type InvitationAccepted = DomainEvent<
  'InvitationAccepted',
  { readonly tenant: string; readonly username: string; readonly user: number }
>;
export type InvitationDeclined = DomainEvent<
  'InvitationDeclined',
  { readonly tenant: string; readonly username: string }
>;
export type MemberRemoved = DomainEvent<'MemberRemoved', { readonly user: number }>;
/** A user of another tenant made a member directly (the creator of a new tenant). */
export type MemberAdded = DomainEvent<
  'MemberAdded',
  {
    readonly user: number;
    readonly tenant: string;
    readonly username: string;
    readonly roles: readonly number[];
  }
>;

export type TenantEvent =
  | TenantCreated
  | TenantFeaturesChanged
  | AttributeSchemasChanged
  | RoleSaved
  | RoleDeleted
  | MemberRolesChanged
  | MemberInvited
  | InvitationAccepted
  | InvitationDeclined
  | MemberAdded
  | MemberRemoved;

export interface RoleRecord {
  readonly id: number;
  readonly name: string;
  readonly permissions: Permissions;
}
export interface Invitation {
  readonly tenant: string;
  readonly username: string;
  readonly roles: readonly number[];
}

export interface TenantState {
  readonly status: 'absent' | 'active';
  /** The stream revision: the version a command with `version` must name. */
  readonly version: number;
  readonly id: number;
  readonly name: string;
  readonly features: FeatureFlags;
  readonly applicationAttributes: readonly AttributeDefinition[];
  readonly taskAttributes: readonly AttributeDefinition[];
  readonly roles: Readonly<Record<number, RoleRecord>>;
  /** Role ids per member user id: home users once roles are assigned, and every user who joined. */
  readonly members: Readonly<Record<number, readonly number[]>>;
  /** Members who joined from another tenant (they can be removed; home users are disabled instead). */
  readonly joined: readonly number[];
  readonly invitations: Readonly<Record<string, Invitation>>;
}

/** Every feature flag off: a new tenant's features. */
export const noFeatures: FeatureFlags = {
  admin: false,
  jira: false,
  alm: false,
  hermes: false,
  financialPlanning: false,
  agileLifecycle: false,
};

export const initialTenantState: TenantState = {
  status: 'absent',
  version: -1,
  id: 0,
  name: '',
  features: noFeatures,
  applicationAttributes: [],
  taskAttributes: [],
  roles: {},
  members: {},
  joined: [],
  invitations: {},
};

export const invitationKey = (tenant: string, username: string) =>
  `${tenant.toLowerCase()}/${username.toLowerCase()}`;

const without = <V>(record: Readonly<Record<string | number, V>>, key: string | number) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== String(key)));

export const evolveTenant = (state: TenantState, event: TenantEvent): TenantState => {
  const next = applyTenant(state, event);
  return { ...next, version: state.version + 1 };
};

const applyTenant = (state: TenantState, event: TenantEvent): TenantState => {
  switch (event.type) {
    case 'TenantCreated':
      return {
        ...initialTenantState,
        status: 'active',
        id: event.data.id,
        name: event.data.name,
        features: event.data.features,
        applicationAttributes: event.data.applicationAttributes,
        taskAttributes: event.data.taskAttributes ?? [],
      };
    case 'TenantFeaturesChanged':
      return { ...state, features: event.data.features };
    case 'AttributeSchemasChanged':
      return { ...state, ...event.data };
    case 'RoleSaved':
      return { ...state, roles: { ...state.roles, [event.data.id]: event.data } };
    case 'RoleDeleted':
      return { ...state, roles: without(state.roles, event.data.id) };
    case 'MemberRolesChanged':
      return { ...state, members: { ...state.members, [event.data.user]: event.data.roles } };
    case 'MemberInvited':
      return {
        ...state,
        invitations: {
          ...state.invitations,
          [invitationKey(event.data.tenant, event.data.username)]: event.data,
        },
      };
    case 'InvitationAccepted': {
      const key = invitationKey(event.data.tenant, event.data.username);
      return {
        ...state,
        members: { ...state.members, [event.data.user]: state.invitations[key]?.roles ?? [] },
        joined: [...state.joined.filter((u) => u !== event.data.user), event.data.user],
        invitations: without(state.invitations, key),
      };
    }
    case 'InvitationDeclined':
      return {
        ...state,
        invitations: without(state.invitations, invitationKey(event.data.tenant, event.data.username)),
      };
    case 'MemberAdded':
      return {
        ...state,
        members: { ...state.members, [event.data.user]: event.data.roles },
        joined: [...state.joined.filter((u) => u !== event.data.user), event.data.user],
      };
    case 'MemberRemoved':
      return {
        ...state,
        members: without(state.members, event.data.user),
        joined: state.joined.filter((u) => u !== event.data.user),
      };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};

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
}

const checkVersion = (data: { version?: number | undefined }, state: TenantState) => {
  if (data.version !== undefined && data.version !== state.version) throw versionConflict(state.version);
};

const checkRoles = (state: TenantState, roles: readonly number[]) => {
  const unknown = roles.filter((r) => !state.roles[r]);
  if (unknown.length > 0) throw invalidField('roles', `unknown role ${unknown.join(', ')}`, 'role not found');
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
      resources.filter((r) => r !== 'admin' && r !== 'history').map((r) => [r, ['VIEW']]),
    ),
  },
  // issue 8: reads every record, its history and its past states, and changes nothing
  { id: auditor, name: 'Auditor', permissions: Object.fromEntries(resources.map((r) => [r, ['VIEW']])) },
];

export const decideTenant = (
  command: TenantCommand,
  state: TenantState,
  context: TenantContext,
): TenantEvent[] => {
  if (command.type === 'CreateTenant') {
    if (state.status !== 'absent') throw new DomainError('conflict', 'tenant exists already');
    throw new Error('CreateTenant is decided by createTenantEvents');
  }
  if (state.status === 'absent') throw notFound('tenant');
  switch (command.type) {
    case 'ChangeTenantFeatures':
      checkVersion(command.data, state);
      return [{ type: 'TenantFeaturesChanged', data: { features: command.data.features } }];
    case 'ChangeAttributeSchemas':
      checkVersion(command.data, state);
      return [
        {
          type: 'AttributeSchemasChanged',
          data: {
            applicationAttributes: command.data.applicationAttributes,
            taskAttributes: command.data.taskAttributes,
          },
        },
      ];
    case 'SaveRole': {
      checkVersion(command.data, state);
      const roleId = command.data.id ?? context.newId;
      if (command.data.id !== undefined && !state.roles[roleId]) throw notFound('role');
      const clash = Object.values(state.roles).find(
        (r) => r.id !== roleId && r.name.toLowerCase() === command.data.name.toLowerCase(),
      );
      if (clash) throw invalidField('name', 'exists already', 'a role with this name exists already');
      return [
        {
          type: 'RoleSaved',
          data: { id: roleId, name: command.data.name, permissions: command.data.permissions },
        },
      ];
    }
    case 'DeleteRole': {
      if (!state.roles[command.data.id]) throw notFound('role');
      const held = [...Object.values(state.members), context.heldRoles ?? []];
      if (held.some((roles) => roles.includes(command.data.id)))
        throw new DomainError('conflict', 'role in use: take it from its members first');
      return [{ type: 'RoleDeleted', data: { id: command.data.id } }];
    }
    case 'ChangeMemberRoles': {
      const member = context.homeUser || state.joined.includes(command.data.user);
      if (!member) throw notFound('user');
      return [
        {
          type: 'MemberRolesChanged',
          data: { user: command.data.user, roles: checkRoles(state, command.data.roles) },
        },
      ];
    }
    case 'InviteMember': {
      if (command.data.tenant.toLowerCase() === state.name.toLowerCase())
        throw invalidField('tenant', 'is this tenant', 'tenant invalid');
      return [
        {
          type: 'MemberInvited',
          data: {
            tenant: command.data.tenant,
            username: command.data.username,
            roles: checkRoles(state, command.data.roles),
          },
        },
      ];
    }
    case 'AcceptInvitation':
    case 'DeclineInvitation': {
      const invitee = context.invitee;
      const invitation = invitee && state.invitations[invitationKey(invitee.tenant, invitee.username)];
      if (!invitee || !invitation) throw notFound('invitation');
      if (command.type === 'DeclineInvitation')
        return [
          { type: 'InvitationDeclined', data: { tenant: invitation.tenant, username: invitation.username } },
        ];
      if (context.nameTaken)
        throw new DomainError('conflict', `the user name ${invitee.username} is taken in ${state.name}`);
      return [
        {
          type: 'InvitationAccepted',
          data: { tenant: invitation.tenant, username: invitation.username, user: invitee.id },
        },
      ];
    }
    case 'RemoveMember':
      if (!state.joined.includes(command.data.user))
        throw validationError(
          'only members who joined from another tenant can be removed; disable home users',
        );
      return [{ type: 'MemberRemoved', data: { user: command.data.user } }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
};

export const tenantDecider: Decider<TenantCommand, TenantState, TenantEvent, TenantContext> = {
  decide: decideTenant,
  evolve: evolveTenant,
  initialState: initialTenantState,
};

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
