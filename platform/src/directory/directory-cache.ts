import {
  optionListsOf,
  emptyDirectory,
  evolveDirectory,
  invitationsOf,
  parseStreamName,
  tenantsOf,
  userInTenant,
  userKey,
} from '@fahrplan/contracts';
import type {
  AccountRecord,
  Directory,
  IdentityEvent,
  MeView,
  TenantRecord,
  UserRecord,
} from '@fahrplan/contracts';
import type { EventStore, Subscription } from '../event-store/event-store';
import { PositionGate } from '../event-store/position-gate';

/**
 * Tenants and users, folded from their streams and kept current by a subscription. Each service
 * keeps its own copy, so a permission change applies at the next request in every one of them.
 */
export class DirectoryCache {
  private directory: Directory = emptyDirectory();
  private readonly gate = new PositionGate();
  private subscription: Subscription | undefined;
  /**
   * Users as a tenant sees them, built once per directory change: every request asks for its caller.
   * Only users that exist: a name nobody has (a login guess) is not kept, so the map stays within the
   * directory's size.
   */
  private readonly users = new Map<string, UserRecord>();

  constructor(private readonly store: EventStore) {}

  async start(): Promise<void> {
    // the identity events up to the head are all in the category read that follows: the directory has
    // read the log that far, and need not page through every other event of a long log to know it
    const head = await this.store.headPosition();
    for (const event of await this.store.readAll({ categories: ['tenant', 'user'] })) this.apply(event);
    this.gate.advance(Math.max(this.gate.current, head));
    // every event, not only identity ones: the position then tells how far the directory has read the
    // log, so waiting for any command's position (a query's X-Fahrplan-After) ends
    this.subscription = this.store.subscribe({ after: this.gate.current });
    const subscription = this.subscription;
    void (async () => {
      for await (const event of subscription) this.apply(event);
    })();
  }

  private apply(event: { type: string; data: unknown; position: number; streamId: string }): void {
    const { category } = parseStreamName(event.streamId);
    if (category === 'tenant' || category === 'user') {
      this.directory = evolveDirectory(
        this.directory,
        event as unknown as IdentityEvent & { readonly streamId: string },
      );
      this.users.clear();
    }
    this.gate.advance(event.position);
  }

  /** Resolves once the directory has read the log up to `position` (false when `timeoutMs` passed first). */
  waitFor(position: number, timeoutMs?: number): Promise<boolean> {
    return this.gate.waitFor(position, timeoutMs);
  }

  tenant(name: string): TenantRecord | undefined {
    return this.directory.tenants.get(name);
  }

  tenantById(id: number): TenantRecord | undefined {
    const name = this.directory.tenantNames.get(id);
    return name === undefined ? undefined : this.directory.tenants.get(name);
  }

  /** The user as `tenant` sees them (home user or member who joined), with their effective permissions there. */
  user(tenant: string, username: string): UserRecord | undefined {
    const key = userKey(tenant, username);
    const cached = this.users.get(key);
    if (cached) return cached;
    const user = userInTenant(this.directory, tenant, username);
    if (user) this.users.set(key, user);
    return user;
  }

  /** The user `userId` as `tenant` sees them, if they act there under that name and are not disabled. */
  activeUser(tenant: string, username: string, userId: number): UserRecord | undefined {
    const user = this.user(tenant, username);
    return user && user.id === userId && !user.disabled ? user : undefined;
  }

  /** The user as their home tenant sees them. */
  userById(id: number): UserRecord | undefined {
    const account = this.directory.accounts.get(id);
    return account && userInTenant(this.directory, account.homeTenant, account.username);
  }

  account(id: number): AccountRecord | undefined {
    return this.directory.accounts.get(id);
  }

  /** The account an OpenID provider's subject signs in as, wherever its home tenant is. */
  accountByOidc(issuer: string, subject: string): AccountRecord | undefined {
    for (const account of this.directory.accounts.values())
      if (account.oidc?.issuer === issuer && account.oidc.subject === subject) return account;
    return undefined;
  }

  /** Every account that can act in `tenant`: its home users and the members who joined. */
  usersOf(tenant: string): UserRecord[] {
    const record = this.directory.tenants.get(tenant);
    if (!record) return [];
    return [...this.directory.accounts.values()]
      .filter((a) => a.homeTenant === tenant || record.joined.includes(a.id))
      .flatMap((a) => userInTenant(this.directory, tenant, a.username) ?? []);
  }

  /** The tenants a user acts in (home first) and those whose invitation waits for an answer. */
  tenantsOf(userId: number): { readonly tenants: string[]; readonly invitations: string[] } {
    return { tenants: tenantsOf(this.directory, userId), invitations: invitationsOf(this.directory, userId) };
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
  }
}

/** What the console needs to know about the signed-in user; never the password hash. */
export const meView = (directory: DirectoryCache, tenant: string, username: string): MeView => {
  const user = directory.user(tenant, username);
  const record = directory.tenant(tenant);
  if (!user || !record) throw new Error(`unknown user ${tenant}/${username}`);
  return {
    userId: user.id,
    tenant,
    homeTenant: user.homeTenant,
    ...directory.tenantsOf(user.id),
    username: user.username,
    displayName: user.displayName,
    permissions: user.permissions,
    preferences: user.preferences,
    features: record.features,
    applicationAttributes: record.applicationAttributes,
    taskAttributes: record.taskAttributes,
    projectAttributes: record.projectAttributes,
    optionLists: optionListsOf(record.optionLists),
  };
};
