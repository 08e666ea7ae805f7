import type { ItemCreated, ItemUpdated, StoredEvent } from '@fahrplan/contracts';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PositionGate } from '@fahrplan/platform';
import type { EventStore, Subscription } from '@fahrplan/platform';

interface Placed {
  readonly key: string;
  readonly rank: string | null;
}

const keyOf = (tenant: string, group: number) => `${tenant}\u0000${group}`;

/**
 * The ranks of each project's live items, for a new item's rank (§9: after the highest, else the
 * middle). A small in-memory index the command service feeds from the event store's subscription
 * (keeping only item events), so that SaveItem needs no read model. Eventually consistent: two items created at the
 * same moment may get the same rank, which ranks allow (ties sort by id).
 */
export class ItemRanks implements OnModuleInit, OnModuleDestroy {
  private readonly items = new Map<number, Placed>();
  private readonly byGroup = new Map<string, Map<number, string | null>>();
  private subscription: Subscription | undefined;
  private loop: Promise<void> | undefined;
  private readonly gate = new PositionGate();

  constructor(private readonly store: EventStore) {}

  onModuleInit(): void {
    this.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.stop();
  }

  /** Starts following the log from its beginning; returns at once. */
  start(): void {
    if (this.subscription) return;
    // every event, not only item ones: the position then tells how far the index has read the log
    const subscription = this.store.subscribe();
    this.subscription = subscription;
    this.loop = (async () => {
      for await (const event of subscription) {
        this.apply(event);
        this.gate.advance(event.position);
      }
    })().catch(() => {
      // the store closed under the subscription: the index stops where it is
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    await this.loop;
    this.subscription = undefined;
  }

  /** Waits until the index reflects `position` or `timeoutMs` passed; true when it does. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return this.gate.waitFor(position, timeoutMs);
  }

  /** The ranks of the tenant's live items in the project (null for an unranked one). */
  ranksOf(tenant: string, group: number): (string | null)[] {
    return [...(this.byGroup.get(keyOf(tenant, group))?.values() ?? [])];
  }

  private apply(event: StoredEvent): void {
    const tenant = event.metadata.tenant;
    if (event.type === 'ItemCreated') {
      const { id, group, rank } = event.data as ItemCreated['data'];
      this.place(id, { key: keyOf(tenant, group), rank });
    } else if (event.type === 'ItemUpdated') {
      const { id, changes } = event.data as ItemUpdated['data'];
      const current = this.items.get(id);
      if (!current || (changes.group === undefined && changes.rank === undefined)) return;
      this.remove(id);
      this.place(id, {
        key: changes.group === undefined ? current.key : keyOf(tenant, changes.group),
        rank: changes.rank === undefined ? current.rank : changes.rank,
      });
    } else if (event.type === 'ItemDeleted') {
      this.remove((event.data as { id: number }).id);
    }
  }

  private place(id: number, placed: Placed): void {
    this.remove(id);
    this.items.set(id, placed);
    let ranks = this.byGroup.get(placed.key);
    if (!ranks) this.byGroup.set(placed.key, (ranks = new Map()));
    ranks.set(id, placed.rank);
  }

  private remove(id: number): void {
    const placed = this.items.get(id);
    if (!placed) return;
    this.items.delete(id);
    const ranks = this.byGroup.get(placed.key);
    ranks?.delete(id);
    if (ranks?.size === 0) this.byGroup.delete(placed.key);
  }
}
