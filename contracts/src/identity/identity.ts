import { unfolded } from '../decider';
import type { DomainEvent } from '../events';
import type { PermissionAction, PermissionResource, Permissions } from '../permissions';
import { noPreferences, preferencesOf } from '../preferences/preferences';
import type { UserPreferences } from '../preferences/preferences';
import { parseStreamName } from '../streams';
import { invitationKey } from './tenant.state';
import { tenantDecider } from './tenant.decide';
import type { TenantEvent } from './tenant.events';
import type { TenantState } from './tenant.state';
import type { UserEvent } from './user';

/** A login session: one stream per refresh-token family; the token itself is never stored, only its hash. */
export type SessionStarted = DomainEvent<
  'SessionStarted',
  {
    readonly family: string;
    readonly userId: number;
    readonly tenant: string;
    readonly tokenHash: string;
    readonly expiresAt: string;
  }
>;
export type SessionRefreshed = DomainEvent<
  'SessionRefreshed',
  { readonly tokenHash: string; readonly expiresAt: string }
>;
export type SessionEnded = DomainEvent<
  'SessionEnded',
  { readonly reason: 'logout' | 'reuse-detected' | 'switched' | 'disabled' | 'password-changed' }
>;
export type SessionEvent = SessionStarted | SessionRefreshed | SessionEnded;

/**
 * A cookie the console may read, set and cleared with the httpOnly refresh cookie and holding nothing
 * secret: without it no session can be refreshed, so a page load does not ask (and log a 401).
 */
export const SESSION_HINT_COOKIE = 'fahrplan_session';

/** The tenant as the directory keeps it: its state, folded by `tenantDecider.evolve`. */
export type TenantRecord = TenantState;

/** A user account, as its home tenant holds it. */
export interface AccountRecord {
  readonly id: number;
  readonly homeTenant: string;
  readonly username: string;
  readonly displayName: string;
  readonly passwordHash: string;
  /** Direct permissions in the home tenant. */
  readonly permissions: Permissions;
  readonly disabled: boolean;
  readonly oidc?: { readonly issuer: string; readonly subject: string };
  /** The user's own choices (language), the same in every tenant they act in. */
  readonly preferences: UserPreferences;
}

/** A user as one tenant sees them: `permissions` are the effective ones in `tenant` (direct and by roles). */
export interface UserRecord {
  readonly id: number;
  /** The tenant this view is for (the home tenant or one the user joined). */
  readonly tenant: string;
  /** The tenant whose account it is. */
  readonly homeTenant: string;
  readonly username: string;
  readonly displayName: string;
  /** Empty for accounts that sign in through OIDC only. */
  readonly passwordHash: string;
  readonly permissions: Permissions;
  /** The roles the user holds in `tenant`. */
  readonly roles: readonly number[];
  /** A disabled user is refused at the next request. */
  readonly disabled: boolean;
  readonly preferences: UserPreferences;
}

/** The identity directory every service folds from the tenant and user streams. */
export interface Directory {
  readonly tenants: Map<string, TenantRecord>;
  readonly tenantNames: Map<number, string>;
  readonly accounts: Map<number, AccountRecord>;
  /** userKey(tenant, username) → user id, for home users and members who joined. */
  readonly logins: Map<string, number>;
}

export const userKey = (tenant: string, username: string) => `${tenant}\u0000${username.toLowerCase()}`;

export const emptyDirectory = (): Directory => ({
  tenants: new Map(),
  tenantNames: new Map(),
  accounts: new Map(),
  logins: new Map(),
});

export type IdentityEvent = TenantEvent | UserEvent;

/** Folds an identity event (with the stream it was read from) into the directory, in place: a process-local cache. */
export const evolveDirectory = (
  directory: Directory,
  event: IdentityEvent & { readonly streamId: string },
): Directory => {
  const { category, id } = parseStreamName(event.streamId);
  if (category === 'tenant') {
    const name = event.type === 'TenantCreated' ? event.data.name : directory.tenantNames.get(Number(id));
    if (name === undefined) return directory;
    const next = tenantDecider.evolve(
      directory.tenants.get(name) ?? tenantDecider.initialState,
      event as TenantEvent,
    );
    directory.tenants.set(name, next);
    directory.tenantNames.set(next.id, name);
    if (event.type === 'InvitationAccepted' || event.type === 'MemberAdded')
      directory.logins.set(userKey(name, event.data.username), event.data.user);
    if (event.type === 'MemberRemoved') {
      const account = directory.accounts.get(event.data.user);
      if (account) directory.logins.delete(userKey(name, account.username));
    }
    return directory;
  }
  if (category !== 'user') return directory;
  if (event.type === 'UserCreated') {
    const { tenant, roles, ...data } = event.data;
    directory.accounts.set(data.id, {
      ...data,
      homeTenant: tenant,
      disabled: false,
      preferences: noPreferences,
    });
    directory.logins.set(userKey(tenant, data.username), data.id);
    const home = directory.tenants.get(tenant);
    // the home roles live on the user's stream: the tenant's version (its stream revision) stays
    if (home && roles)
      directory.tenants.set(tenant, {
        ...tenantDecider.evolve(home, { type: 'MemberRolesChanged', data: { user: data.id, roles } }),
        version: home.version,
      });
    return directory;
  }
  const account = directory.accounts.get(Number(id));
  if (!account) return directory;
  const changed: Partial<AccountRecord> =
    event.type === 'UserUpdated'
      ? { displayName: event.data.displayName }
      : event.type === 'UserPasswordChanged'
        ? { passwordHash: event.data.passwordHash }
        : event.type === 'UserDisabled'
          ? { disabled: true }
          : event.type === 'UserEnabled'
            ? { disabled: false }
            : event.type === 'UserPreferencesChanged'
              ? { preferences: preferencesOf(event.data) }
              : {};
  directory.accounts.set(account.id, { ...account, ...changed });
  return directory;
};

/** Union of permission sets. */
const mergePermissions = (sets: readonly Permissions[]): Permissions => {
  const merged: Partial<Record<PermissionResource, Set<PermissionAction>>> = {};
  for (const set of sets)
    for (const [resource, list] of Object.entries(set) as [PermissionResource, readonly PermissionAction[]][])
      for (const action of list) (merged[resource] ??= new Set()).add(action);
  return Object.fromEntries(Object.entries(merged).map(([r, a]) => [r, [...a]]));
};

/** The user `username` as tenant `tenant` sees them, with their effective permissions there. */
export const userInTenant = (
  directory: Directory,
  tenant: string,
  username: string,
): UserRecord | undefined => {
  const id = directory.logins.get(userKey(tenant, username));
  const account = id === undefined ? undefined : directory.accounts.get(id);
  const record = directory.tenants.get(tenant);
  if (!account || !record) return undefined;
  const roles = record.members[account.id] ?? [];
  const home = account.homeTenant === tenant;
  return {
    id: account.id,
    tenant,
    homeTenant: account.homeTenant,
    username: account.username,
    displayName: account.displayName,
    passwordHash: account.passwordHash,
    permissions: mergePermissions([
      home ? account.permissions : {},
      ...roles.flatMap((r) => (record.roles[r] ? [record.roles[r].permissions] : [])),
    ]),
    roles,
    disabled: account.disabled,
    preferences: account.preferences,
  };
};

/** The tenants a user can act in: the home tenant first, then those they joined. */
export const tenantsOf = (directory: Directory, userId: number): string[] => {
  const account = directory.accounts.get(userId);
  if (!account) return [];
  const joined = [...directory.tenants.values()]
    .filter((t) => t.joined.includes(userId))
    .map((t) => t.name)
    .sort();
  return [account.homeTenant, ...joined];
};

/** The tenants that invited the user and wait for an answer. */
export const invitationsOf = (directory: Directory, userId: number): string[] => {
  const account = directory.accounts.get(userId);
  if (!account) return [];
  const key = invitationKey(account.homeTenant, account.username);
  return [...directory.tenants.values()].filter((t) => t.invitations[key]).map((t) => t.name);
};

export type SessionState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active' | 'ended';
      readonly userId: number;
      readonly tenant: string;
      readonly tokenHash: string;
      readonly expiresAt: string;
      readonly previousHashes: readonly string[];
    };

export const evolveSession = (state: SessionState, event: SessionEvent): SessionState => {
  switch (event.type) {
    case 'SessionStarted':
      return {
        status: 'active',
        userId: event.data.userId,
        tenant: event.data.tenant,
        tokenHash: event.data.tokenHash,
        expiresAt: event.data.expiresAt,
        previousHashes: [],
      };
    case 'SessionRefreshed':
      return state.status === 'absent'
        ? state
        : {
            ...state,
            tokenHash: event.data.tokenHash,
            expiresAt: event.data.expiresAt,
            previousHashes: [...state.previousHashes, state.tokenHash],
          };
    case 'SessionEnded':
      return state.status === 'absent' ? state : { ...state, status: 'ended' };
    default:
      return unfolded(event, state);
  }
};
