import { unfolded } from '../decider';
import type { SavedOptionLists } from '../options/option-lists';
import type { Permissions } from '../permissions';
import { noFeatures } from './tenant.commands';
import type { AttributeDefinition, FeatureFlags } from './tenant.commands';
import type { TenantEvent } from './tenant.events';

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
  readonly projectAttributes: readonly AttributeDefinition[];
  /** The option lists it changed (issue 19); `optionListsOf` adds the defaults of the others. */
  readonly optionLists: SavedOptionLists;
  readonly roles: Readonly<Record<number, RoleRecord>>;
  /** Role ids per member user id: home users once roles are assigned, and every user who joined. */
  readonly members: Readonly<Record<number, readonly number[]>>;
  /** Members who joined from another tenant (they can be removed; home users are disabled instead). */
  readonly joined: readonly number[];
  readonly invitations: Readonly<Record<string, Invitation>>;
}
export const initialTenantState: TenantState = {
  status: 'absent',
  version: -1,
  id: 0,
  name: '',
  features: noFeatures,
  applicationAttributes: [],
  taskAttributes: [],
  projectAttributes: [],
  optionLists: {},
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
        projectAttributes: event.data.projectAttributes ?? [],
      };
    case 'TenantFeaturesChanged':
      return { ...state, features: event.data.features };
    case 'AttributeSchemasChanged':
      return { ...state, ...event.data };
    case 'OptionListsChanged':
      return { ...state, optionLists: { ...state.optionLists, ...event.data.lists } };
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
    default:
      return unfolded(event, state);
  }
};
