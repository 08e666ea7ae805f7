import { emptyDirectory, evolveDirectory, userKey } from '@fahrplan/contracts';
import type { Directory, IdentityEvent, MeView, TenantRecord, UserRecord } from '@fahrplan/contracts';
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

  constructor(private readonly store: EventStore) {}

  async start(): Promise<void> {
    for (const event of await this.store.readAll({ categories: ['tenant', 'user'] })) this.apply(event);
    this.subscription = this.store.subscribe({ after: this.gate.current, categories: ['tenant', 'user'] });
    const subscription = this.subscription;
    void (async () => {
      for await (const event of subscription) this.apply(event);
    })();
  }

  private apply(event: { type: string; data: unknown; position: number }): void {
    this.directory = evolveDirectory(this.directory, event as unknown as IdentityEvent);
    this.gate.advance(event.position);
  }

  /** Resolves once the directory reflects the event at `position` (used right after creating a user). */
  waitFor(position: number): Promise<boolean> {
    return this.gate.waitFor(position);
  }

  tenant(name: string): TenantRecord | undefined {
    return this.directory.tenants.get(name);
  }

  user(tenant: string, username: string): UserRecord | undefined {
    return this.directory.users.get(userKey(tenant, username));
  }

  userById(id: number): UserRecord | undefined {
    for (const user of this.directory.users.values()) if (user.id === id) return user;
    return undefined;
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
    tenant,
    username: user.username,
    displayName: user.displayName,
    permissions: user.permissions,
    features: record.features,
    applicationAttributes: record.applicationAttributes,
    taskAttributes: record.taskAttributes,
  };
};
