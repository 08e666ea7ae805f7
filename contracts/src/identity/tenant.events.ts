import type { DomainEvent } from '../events';
import type { SavedOptionLists } from '../options/option-lists';
import type { Permissions } from '../permissions';
import type { AttributeDefinition, FeatureFlags } from './tenant.commands';

/** A user as another tenant names them: their home tenant and their username there. */
interface HomeUserRef {
  readonly tenant: string;
  readonly username: string;
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
    /** Added by issue 19: events written before read as no project attributes. */
    readonly projectAttributes?: readonly AttributeDefinition[];
  }
>;
export type TenantFeaturesChanged = DomainEvent<'TenantFeaturesChanged', { readonly features: FeatureFlags }>;
export type AttributeSchemasChanged = DomainEvent<
  'AttributeSchemasChanged',
  {
    readonly applicationAttributes: readonly AttributeDefinition[];
    readonly taskAttributes: readonly AttributeDefinition[];
    /** Added by issue 19: events without it leave the project schema as it was. */
    readonly projectAttributes?: readonly AttributeDefinition[];
  }
>;
/** The lists it names, whole; the others keep what they were. */
export type OptionListsChanged = DomainEvent<'OptionListsChanged', { readonly lists: SavedOptionLists }>;
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
export type MemberInvited = DomainEvent<'MemberInvited', HomeUserRef & { readonly roles: readonly number[] }>;
export type InvitationAccepted = DomainEvent<'InvitationAccepted', HomeUserRef & { readonly user: number }>;
export type InvitationDeclined = DomainEvent<'InvitationDeclined', HomeUserRef>;
export type MemberRemoved = DomainEvent<'MemberRemoved', { readonly user: number }>;
/** A user of another tenant made a member directly (the creator of a new tenant). */
export type MemberAdded = DomainEvent<
  'MemberAdded',
  HomeUserRef & { readonly user: number; readonly roles: readonly number[] }
>;

export type TenantEvent =
  | TenantCreated
  | TenantFeaturesChanged
  | AttributeSchemasChanged
  | OptionListsChanged
  | RoleSaved
  | RoleDeleted
  | MemberRolesChanged
  | MemberInvited
  | InvitationAccepted
  | InvitationDeclined
  | MemberAdded
  | MemberRemoved;
