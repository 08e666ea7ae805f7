import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { streamName } from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import {
  applyToWorld,
  connectionCategories,
  emptyTrackerWorld,
  groupOfItem,
  isLinkEvent,
  linkCategories,
  placeItem,
} from './tracker-world';
import type { TrackerWorld, WorldChange } from './tracker-world';
import type { TrackerWorldCheckpoint, TrackerWorldStore } from './tracker-world-checkpoint';

/**
 * Events per read of the log. The read and its fold hold the event loop (node:sqlite answers
 * synchronously): in pages of 500 each holds it for a few ms, so that commands answered meanwhile wait
 * for one short page, not for 5,000 events (~40 ms) a turn (docs/design/tracker-sync-start-pages.md).
 */
const page = 500;

export interface TrackerWorldModelOptions {
  readonly store: EventStore;
  /** Where the world is kept between runs; without it every start folds the log from its beginning. */
  readonly checkpoints?: TrackerWorldStore;
  /** How long after a change the world is written (default 5 s): one write for a burst of events. */
  readonly saveDelayMs?: number;
  readonly log: (line: string) => void;
}

/** An item linked by a change that left its project out, to be placed from its stream. */
interface Unplaced {
  readonly id: number;
  readonly tenant: string;
}

const copyOf = (world: TrackerWorld): TrackerWorld => ({
  connections: new Map(world.connections),
  groups: new Map(world.groups),
  items: new Map(world.items),
});

/**
 * tracker-sync's read model: the world (tracker-world.ts) with the log position it covers, kept in a
 * checkpoint. A start loads the checkpoint and folds the events after it; afterwards each event is
 * followed as it is appended, and the world is written again a few seconds after it moved.
 */
export class TrackerWorldModel {
  private current: TrackerWorld = emptyTrackerWorld();
  /**
   * The tenants with a tracker connection: only their projects and items are folded, so a tenant that
   * plans a million items without a tracker costs nothing here.
   */
  private readonly tracked = new Set<string>();
  private position = 0;
  private savedPosition = 0;
  private saving: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  /** Set while an event is half folded (its project or its tenant's links being read): no write then. */
  private following = false;

  constructor(private readonly options: TrackerWorldModelOptions) {}

  get world(): TrackerWorld {
    return this.current;
  }

  /** Loads the checkpoint, folds the log from it to the head and writes the world; answers the head. */
  async start(): Promise<number> {
    const head = await this.options.store.headPosition();
    const checkpoint = await this.load(head);
    if (checkpoint) {
      this.current = checkpoint.world;
      this.position = this.savedPosition = checkpoint.position;
    }
    for (const tenant of this.tenants()) this.tracked.add(tenant);
    // connections and links fold independently: the connections first tell whose links to fold
    await this.fold(connectionCategories, this.position, head);
    const newcomers = [...this.tenants()].filter((tenant) => !this.tracked.has(tenant));
    for (const tenant of newcomers) this.tracked.add(tenant);
    // a tenant connected since the checkpoint brings its projects and items up to it, then all go on
    if (newcomers.length > 0 && this.position > 0)
      await this.fold(linkCategories, 0, this.position, new Set(newcomers));
    if (this.tracked.size > 0) await this.fold(linkCategories, this.position, head, this.tracked);
    this.position = head;
    this.save();
    await this.saving;
    return head;
  }

  /** One event as it is appended: a tenant's first connection brings its projects and items so far. */
  async follow(event: StoredEvent): Promise<WorldChange> {
    const tenant = event.metadata.tenant;
    this.following = true;
    try {
      if (isLinkEvent(event) && !this.tracked.has(tenant)) return null;
      const change = applyToWorld(this.current, event);
      if (change?.kind === 'links' && change.unplaced !== undefined)
        await this.place([{ id: change.unplaced, tenant }], event.position);
      if (change?.kind === 'connection' && !this.tracked.has(tenant)) {
        this.tracked.add(tenant);
        await this.fold(linkCategories, 0, event.position, new Set([tenant]));
      }
      return change;
    } finally {
      this.position = event.position;
      this.following = false;
      this.saveSoon();
    }
  }

  /** Writes what is not written yet (unless an event is half folded: the last checkpoint stands then). */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.following) this.save();
    await this.saving;
  }

  private tenants(): Set<string> {
    return new Set([...this.current.connections.values()].map((connection) => connection.tenant));
  }

  private async load(head: number): Promise<TrackerWorldCheckpoint | null> {
    const checkpoint = await this.options.checkpoints?.load().catch((error: unknown) => {
      this.options.log(
        `tracker-sync: the world's checkpoint cannot be read, folding the log: ${String(error)}`,
      );
      return null;
    });
    if (!checkpoint) return null;
    // a log shorter than the checkpoint (a data folder whose log was replaced): fold it anew
    if (checkpoint.position > head) {
      this.options.log('tracker-sync: the event log ends before the world checkpoint: folding it anew');
      return null;
    }
    return checkpoint;
  }

  /**
   * Folds the events of `categories` after `after` up to `until` into the world, in pages, letting the
   * server answer between them; with `tenants`, only theirs.
   */
  private async fold(
    categories: readonly string[],
    after: number,
    until: number,
    tenants?: ReadonlySet<string>,
  ): Promise<void> {
    for (let from = after; ;) {
      const events = await this.options.store.readAll({ after: from, maxCount: page, categories });
      const unplaced: Unplaced[] = [];
      let done = events.length < page;
      for (const event of events) {
        if (event.position > until) {
          done = true;
          break;
        }
        from = event.position;
        if (tenants && !tenants.has(event.metadata.tenant)) continue;
        const change = applyToWorld(this.current, event);
        if (change?.kind === 'links' && change.unplaced !== undefined)
          unplaced.push({ id: change.unplaced, tenant: change.tenant });
      }
      await this.place(unplaced, from);
      if (done) return;
      await yieldToEventLoop();
    }
  }

  /** Places items linked without their project in the project their streams name as of `until`. */
  private async place(items: readonly Unplaced[], until: number): Promise<void> {
    if (items.length === 0) return;
    const streams = await this.options.store.readStreams(
      items.map(({ id }) => ({ streamId: streamName('item', id), fromRevision: 0 })),
    );
    items.forEach(({ id, tenant }, index) =>
      placeItem(this.current, id, groupOfItem(streams[index] ?? [], until, tenant)),
    );
  }

  private saveSoon(): void {
    if (this.timer || !this.options.checkpoints) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.following) this.saveSoon();
      else this.save();
    }, this.options.saveDelayMs ?? 5000);
    this.timer.unref();
  }

  /** Writes the world as it is now, after the writes before it. */
  private save(): void {
    const checkpoints = this.options.checkpoints;
    if (!checkpoints || (this.position === this.savedPosition && this.position > 0)) return;
    const checkpoint = { position: this.position, world: copyOf(this.current) };
    this.saving = this.saving
      .then(() => checkpoints.save(checkpoint))
      .then(
        () => void (this.savedPosition = checkpoint.position),
        (error: unknown) =>
          this.options.log(`tracker-sync: writing the world's checkpoint failed: ${String(error)}`),
      );
  }
}
