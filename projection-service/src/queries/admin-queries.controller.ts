import { Controller, Get, Headers, Inject, UseGuards } from '@nestjs/common';
import { notFound } from '@fahrplan/contracts';
import type { InvitationView, RoleView, TenantAdminView, UserAdminView } from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { requireView } from './query-helpers';

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * Tenant administration reads (§6 `admin` VIEW), served from the identity directory every service
 * folds. `X-Fahrplan-After` waits for the directory, as other queries wait for their read models.
 */
@Controller('api/admin')
@UseGuards(AuthGuard)
export class AdminQueriesController {
  constructor(@Inject(DIRECTORY) private readonly directory: DirectoryCache) {}

  private async tenantOf(principal: Principal, after: string | undefined) {
    const position = Number(after);
    if (after && Number.isSafeInteger(position) && position > 0) await this.directory.waitFor(position);
    requireView(this.directory, principal, 'admin');
    const tenant = this.directory.tenant(principal.tenant);
    if (!tenant) throw notFound('tenant');
    return tenant;
  }

  @Get('tenant')
  async tenant(
    @CurrentPrincipal() principal: Principal,
    @Headers('x-fahrplan-after') after?: string,
  ): Promise<TenantAdminView> {
    const { id, name, version, features, applicationAttributes, taskAttributes } = await this.tenantOf(
      principal,
      after,
    );
    return { id, name, version, features, applicationAttributes, taskAttributes };
  }

  @Get('roles')
  async roles(
    @CurrentPrincipal() principal: Principal,
    @Headers('x-fahrplan-after') after?: string,
  ): Promise<RoleView[]> {
    const tenant = await this.tenantOf(principal, after);
    const held = Object.values(tenant.members);
    return Object.values(tenant.roles)
      .map((role) => ({ ...role, members: held.filter((roles) => roles.includes(role.id)).length }))
      .sort(byName);
  }

  @Get('users')
  async users(
    @CurrentPrincipal() principal: Principal,
    @Headers('x-fahrplan-after') after?: string,
  ): Promise<UserAdminView[]> {
    const tenant = await this.tenantOf(principal, after);
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
  async invitations(
    @CurrentPrincipal() principal: Principal,
    @Headers('x-fahrplan-after') after?: string,
  ): Promise<InvitationView[]> {
    const tenant = await this.tenantOf(principal, after);
    return Object.values(tenant.invitations).map(({ tenant: home, username, roles }) => ({
      tenant: home,
      username,
      roles,
    }));
  }
}
