import { Logger } from '@nestjs/common';
import type { StoredEvent } from '@fahrplan/contracts';
import { PositionGate } from '@fahrplan/platform';
import type { EventStore, Subscription } from '@fahrplan/platform';
import type { ReadStore } from '../read-store/read-store';
import type { Projection } from './projection';

const CHECKPOINT = 'projections';

/** A read model moved: which collections, up to which position, in which tenant. */
export interface Change {
  readonly tenant: string;
  readonly position: number;
  readonly collections: readonly string[];
}

/**
 * Feeds every event after the checkpoint through the projections, idempotently: a document ignores
 * events at or below the position it already reflects, and the checkpoint moves only after the
 * handlers succeeded (STYLE 10).
 */
export class ProjectionRunner {
  private readonly logger = new Logger('projections');
  private readonly byType = new Map<string, Projection[]>();
  private subscription: Subscription | undefined;
  private running: Promise<void> | undefined;
  private readonly gate = new PositionGate();
  private readonly listeners = new Set<(change: Change) => void>();

  constructor(
    private readonly store: EventStore,
    private readonly readStore: ReadStore,
    projections: readonly Projection[],
  ) {
    for (const projection of projections)
      for (const type of projection.handles)
        this.byType.set(type, [...(this.byType.get(type) ?? []), projection]);
  }

  get checkpoint(): number {
    return this.gate.current;
  }

  async apply(event: StoredEvent): Promise<void> {
    for (const projection of this.byType.get(event.type) ?? []) {
      const id = projection.documentId(event);
      const current = await this.readStore.get(projection.collection, id);
      if (current && current._position >= event.position) continue;
      const { _id, _position, ...doc } = current ?? { _id: id, _position: 0 };
      const next = projection.evolve(current ? (doc as object) : null, event);
      if (next === null) await this.readStore.delete(projection.collection, id);
      else await this.readStore.put(projection.collection, { ...next, _id: id, _position: event.position });
    }
  }

  /** Catches up from the stored checkpoint, then follows live appends until `stop()`. */
  async start(): Promise<void> {
    this.gate.advance(await this.readStore.checkpoint(CHECKPOINT));
    const subscription = (this.subscription = this.store.subscribe({ after: this.gate.current }));
    this.running = (async () => {
      for await (const event of subscription) {
        await this.apply(event);
        await this.readStore.saveCheckpoint(CHECKPOINT, event.position);
        this.gate.advance(event.position);
        const collections = (this.byType.get(event.type) ?? []).map((p) => p.collection);
        if (collections.length > 0)
          for (const listener of this.listeners)
            listener({ tenant: event.metadata.tenant, position: event.position, collections });
      }
    })().catch((error: unknown) => this.logger.error(`projection stopped: ${String(error)}`));
  }

  /** Calls `listener` after each event the live projections applied; returns the unsubscribe. */
  onChange(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves true once the read models reflect `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return this.gate.waitFor(position, timeoutMs);
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    await this.running;
  }
}

/** Rebuilds read models from the whole log into `readStore` (npm run replay, and the replay-equals-live test). */
export const rebuild = async (
  store: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  batch = 5000,
) => {
  const runner = new ProjectionRunner(store, readStore, projections);
  let after = 0;
  let count = 0;
  for (;;) {
    const events = await store.readAll({ after, maxCount: batch });
    if (events.length === 0) break;
    for (const event of events) await runner.apply(event);
    after = events.at(-1)!.position;
    count += events.length;
  }
  await readStore.saveCheckpoint(CHECKPOINT, after);
  return { events: count, position: after };
};
