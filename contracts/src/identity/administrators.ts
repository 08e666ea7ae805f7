import type { DomainError } from '../errors';
import { conflictOf } from '../errors';
import { can } from '../permissions';
import type { Permissions } from '../permissions';
import type { RoleRecord } from './tenant.state';

/** A member of a tenant as the last-administrator rule sees them: a fact from the directory. */
export interface MemberFacts {
  readonly id: number;
  /** The roles the member holds in the tenant. */
  readonly roles: readonly number[];
  /** Permissions given directly, without a role (home users provisioned before roles). */
  readonly permissions: Permissions;
  readonly disabled: boolean;
}

/** The tenants a user belongs to, each with the ids of the members who administer it now. */
export interface AdministeredTenant {
  readonly tenant: string;
  readonly administrators: readonly number[];
}

/** Whether `member` may administer the tenant: enabled, with EDIT on the administration resource. */
export const administers = (member: MemberFacts, roles: Readonly<Record<number, RoleRecord>>): boolean =>
  !member.disabled &&
  (can(member.permissions, 'admin', 'EDIT') ||
    member.roles.some((id) => roles[id] !== undefined && can(roles[id].permissions, 'admin', 'EDIT')));

/** The refusal of any change that would leave a tenant without an administrator. */
export const tenantNeedsAdministrator = (): DomainError =>
  conflictOf('needs-administrator', 'a tenant needs an administrator');

/** Throws 409 unless one of `members` still administers the tenant with `roles`. */
export const keepAnAdministrator = (
  members: readonly MemberFacts[],
  roles: Readonly<Record<number, RoleRecord>>,
): void => {
  if (!members.some((member) => administers(member, roles))) throw tenantNeedsAdministrator();
};
