import { Controller, Get, Inject, UseGuards, UseInterceptors } from '@nestjs/common';
import { notFound } from '@fahrplan/contracts';
import type { InvitationView, RoleView, TenantAdminView, UserAdminView } from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { requireView } from '../http/query-helpers';
import { DirectoryReadYourWritesInterceptor } from '../http/read-your-writes.interceptor';

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * Tenant administration reads (§6 `admin` VIEW), served from the identity directory every service
 * folds. `X-Fahrplan-After` waits for the directory, as other queries wait for their read models.
 */
@Controller('api/admin')
@UseGuards(AuthGuard)
@UseInterceptors(DirectoryReadYourWritesInterceptor)
export class AdminQueriesController {
  constructor(@Inject(DIRECTORY) private readonly directory: DirectoryCache) {}

  private tenantOf(principal: Principal) {
    requireView(this.directory, principal, 'admin');
    const tenant = this.directory.tenant(principal.tenant);
    if (!tenant) throw notFound('tenant');
    return tenant;
  }

  @Get('tenant')
  tenant(@CurrentPrincipal() principal: Principal): TenantAdminView {
    const { id, name, version, features, applicationAttributes, taskAttributes } = this.tenantOf(principal);
    return { id, name, version, features, applicationAttributes, taskAttributes };
  }

  @Get('roles')
  roles(@CurrentPrincipal() principal: Principal): RoleView[] {
    const tenant = this.tenantOf(principal);
    const held = Object.values(tenant.members);
    return Object.values(tenant.roles)
      .map((role) => ({ ...role, members: held.filter((roles) => roles.includes(role.id)).length }))
      .sort(byName);
  }

  @Get('users')
  users(@CurrentPrincipal() principal: Principal): UserAdminView[] {
    const tenant = this.tenantOf(principal);
    return this.directory
      .usersOf(tenant.name)
      .map((user) => ({
        id: user.id,
        username: user.username,
        displayName: user.displayName,
        homeTenant: user.homeTenant,
        joined: user.homeTenant !== tenant.name,
        roles: user.roles,
        permissions: user.permissions,
        disabled: user.disabled,
        oidc: this.directory.account(user.id)?.oidc !== undefined,
      }))
      .sort((a, b) => a.username.localeCompare(b.username, undefined, { sensitivity: 'base' }));
  }

  @Get('invitations')
  invitations(@CurrentPrincipal() principal: Principal): InvitationView[] {
    const tenant = this.tenantOf(principal);
    return Object.values(tenant.invitations).map(({ tenant: home, username, roles }) => ({
      tenant: home,
      username,
      roles,
    }));
  }
}
