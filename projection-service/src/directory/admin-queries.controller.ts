import { Controller, Get, Inject, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { notFound, optionListsOf } from '@fahrplan/contracts';
import type { InvitationView, Page, RoleView, TenantAdminView, UserAdminView } from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { encodeCursor, pageRequest } from '../http/paging';
import { requireView } from '../http/query-helpers';
import { single } from '../http/query-params';
import type { QueryParams } from '../http/query-params';
import { DirectoryReadYourWritesInterceptor } from '../http/read-your-writes.interceptor';
import { foldText } from '../projections/projection';

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** A user's place in the users list: the folded username, then the id (usernames repeat across home tenants). */
const userKey = (user: { username: string; id: number }): [string, string] => [
  foldText(user.username),
  String(user.id).padStart(15, '0'),
];

const compareKeys = (a: readonly unknown[], b: readonly unknown[]) =>
  String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1]));

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
    const tenant = this.tenantOf(principal);
    return {
      id: tenant.id,
      name: tenant.name,
      version: tenant.version,
      features: tenant.features,
      applicationAttributes: tenant.applicationAttributes,
      taskAttributes: tenant.taskAttributes,
      projectAttributes: tenant.projectAttributes,
      optionLists: optionListsOf(tenant.optionLists),
    };
  }

  @Get('roles')
  roles(@CurrentPrincipal() principal: Principal): RoleView[] {
    const tenant = this.tenantOf(principal);
    const held = Object.values(tenant.members);
    return Object.values(tenant.roles)
      .map((role) => ({ ...role, members: held.filter((roles) => roles.includes(role.id)).length }))
      .sort(byName);
  }

  /**
   * A page of the users who can act in the tenant, by username; `q` searches usernames and display
   * names. The directory holds them in memory; the page keeps the answer small, since a tenant's
   * users grow with it.
   */
  @Get('users')
  users(@CurrentPrincipal() principal: Principal, @Query() query: QueryParams = {}): Page<UserAdminView> {
    const tenant = this.tenantOf(principal);
    const request = pageRequest(query.limit, query.cursor);
    const text = foldText(single('q', query.q)?.trim().slice(0, 200));
    const { after } = request;
    const users = this.directory
      .usersOf(tenant.name)
      .filter((user) => !text || foldText(`${user.username}\n${user.displayName}`).includes(text))
      .filter((user) => after === null || compareKeys(userKey(user), after) > 0)
      .sort((a, b) => compareKeys(userKey(a), userKey(b)));
    const page = users.slice(0, request.limit);
    return {
      items: page.map((user) => ({
        id: user.id,
        username: user.username,
        displayName: user.displayName,
        homeTenant: user.homeTenant,
        joined: user.homeTenant !== tenant.name,
        roles: user.roles,
        permissions: user.permissions,
        disabled: user.disabled,
        oidc: this.directory.account(user.id)?.oidc !== undefined,
      })),
      nextCursor: users.length > request.limit ? encodeCursor(userKey(page.at(-1)!)) : null,
    };
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
