import { setTimeout as delay } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import type { StoredEvent } from '@fahrplan/contracts';
import { PositionGate } from '@fahrplan/platform';
import type { EventStore, Subscription } from '@fahrplan/platform';
import { isTombstone } from '../read-store/read-store';
import type { DocumentWrite, ReadDocument, ReadStore } from '../read-store/read-store';
import type { Projection } from './projection';

const CHECKPOINT = 'projections';

/** A read model moved: which collections, up to which position, in which tenant. */
export interface Change {
  readonly tenant: string;
  readonly position: number;
  readonly collections: readonly string[];
}

export interface ProjectionRunnerOptions {
  /** Events read per page while catching up; each page's documents are written in one bulk. */
  readonly batchSize?: number;
  /** How often `waitFor` looks at the stored checkpoint while this runner is not running. */
  readonly pollIntervalMs?: number;
}

/** A document as the events of a batch leave it. */
interface Folded {
  readonly collection: string;
  readonly id: string;
  position: number;
  document: object | null;
  changed: boolean;
}

/**
 * Feeds every event after the checkpoint through the projections, idempotently: a document ignores
 * events at or below the position it already reflects, and the checkpoint moves only after the
 * writes succeeded (STYLE 10). It catches up in pages (every touched document loaded once, folded
 * in memory and written in one bulk), then follows live appends and writes each event's documents
 * on their own.
 */
export class ProjectionRunner {
  private readonly logger = new Logger('projections');
  private readonly byType = new Map<string, Projection[]>();
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private subscription: Subscription | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;
  private readonly gate = new PositionGate();
  private readonly listeners = new Set<(change: Change) => void>();

  constructor(
    private readonly store: EventStore,
    private readonly readStore: ReadStore,
    projections: readonly Projection[],
    options: ProjectionRunnerOptions = {},
  ) {
    for (const projection of projections)
      for (const type of projection.handles)
        this.byType.set(type, [...(this.byType.get(type) ?? []), projection]);
    this.batchSize = options.batchSize ?? 5000;
    this.pollIntervalMs = options.pollIntervalMs ?? 50;
  }

  get checkpoint(): number {
    return this.gate.current;
  }

  /** Applies one event, writing each document it changes on its own; the checkpoint stays. */
  async apply(event: StoredEvent): Promise<void> {
    for (const write of await this.fold([event])) await this.readStore.write([write]);
  }

  /** Applies a batch of events with one bulk write; the checkpoint stays. */
  async applyBatch(events: readonly StoredEvent[]): Promise<void> {
    const writes = await this.fold(events);
    if (writes.length > 0) await this.readStore.write(writes);
  }

  /**
   * Reads and applies pages of events after `after` (by default the stored checkpoint) until a page
   * comes back short or `until` (a position, inclusive) is reached, saving the checkpoint after each page.
   */
  async catchUp(
    after?: number,
    until = Number.POSITIVE_INFINITY,
  ): Promise<{ events: number; position: number }> {
    let position = after ?? (await this.readStore.checkpoint(CHECKPOINT));
    let events = 0;
    while (!this.stopping && position < until) {
      const read = await this.store.readAll({ after: position, maxCount: this.batchSize });
      const page =
        (read.at(-1)?.position ?? 0) > until ? read.filter((event) => event.position <= until) : read;
      if (page.length > 0) {
        await this.applyBatch(page);
        position = page.at(-1)!.position;
        await this.readStore.saveCheckpoint(CHECKPOINT, position);
        events += page.length;
        this.passed(page);
      }
      // a short page is the head; a page cut at `until` is the end
      if (read.length < this.batchSize || page.length < read.length) break;
    }
    return { events, position };
  }

  /** Catches up from the stored checkpoint, then follows live appends until `stop()`. */
  async start(): Promise<void> {
    if (this.running) return;
    this.stopping = false;
    this.gate.advance(Math.max(this.gate.current, await this.readStore.checkpoint(CHECKPOINT)));
    this.running = this.run()
      .catch((error: unknown) => this.logger.error(`projection stopped: ${String(error)}`))
      .finally(() => (this.running = undefined));
  }

  private async run(): Promise<void> {
    await this.catchUp(this.gate.current);
    if (this.stopping) return;
    const subscription = (this.subscription = this.store.subscribe({ after: this.gate.current }));
    for await (const event of subscription) {
      await this.apply(event);
      await this.readStore.saveCheckpoint(CHECKPOINT, event.position);
      this.passed([event]);
    }
  }

  /** Calls `listener` after each event or page the projections applied; returns the unsubscribe. */
  onChange(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves true once the read models reflect `position`, false after `timeoutMs`. A runner that is
   * not running (stopped, or standing by while another instance holds the lease) asks the stored
   * checkpoint, so read-your-writes also holds on an instance that does not project.
   */
  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.running) return this.gate.waitFor(position, timeoutMs);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const stored = await this.readStore.checkpoint(CHECKPOINT);
      if (stored > this.gate.current) this.gate.advance(stored);
      if (this.gate.current >= position) return true;
      if (Date.now() >= deadline) return false;
      await delay(this.pollIntervalMs);
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.subscription?.close();
    await this.running;
    this.subscription = undefined;
  }

  /**
   * The writes that take the read models past `events`: every document they touch is loaded once
   * (tombstones included, so a removal keeps its position), folded in memory and written once.
   */
  private async fold(events: readonly StoredEvent[]): Promise<DocumentWrite[]> {
    const steps = events.flatMap((event) =>
      (this.byType.get(event.type) ?? []).map((projection) => ({
        event,
        projection,
        id: projection.documentId(event),
      })),
    );
    const stored = await this.load(
      steps.map(({ projection, id }) => ({ collection: projection.collection, id })),
    );
    const folded = new Map<string, Folded>();
    for (const { event, projection, id } of steps) {
      const key = `${projection.collection}\u0000${id}`;
      let doc = folded.get(key);
      if (!doc) {
        const current = stored.get(projection.collection)?.get(id);
        doc = {
          collection: projection.collection,
          id,
          position: current?._position ?? 0,
          document: current && !isTombstone(current) ? fieldsOf(current) : null,
          changed: false,
        };
        folded.set(key, doc);
      }
      if (event.position <= doc.position) continue;
      doc.document = projection.evolve(doc.document, event);
      doc.position = event.position;
      doc.changed = true;
    }
    return [...folded.values()]
      .filter((doc) => doc.changed)
      .map(({ collection, id, position, document }) => ({
        collection,
        id,
        position,
        document: document as Record<string, unknown> | null,
      }));
  }

  /** One round trip per collection. */
  private async load(
    keys: readonly { collection: string; id: string }[],
  ): Promise<Map<string, Map<string, ReadDocument>>> {
    const ids = new Map<string, Set<string>>();
    for (const { collection, id } of keys) ids.set(collection, (ids.get(collection) ?? new Set()).add(id));
    return new Map(
      await Promise.all(
        [...ids].map(
          async ([collection, wanted]) =>
            [collection, await this.readStore.getMany(collection, [...wanted])] as const,
        ),
      ),
    );
  }

  /** The checkpoint is stored: wake the waiters and tell each tenant which read models moved. */
  private passed(events: readonly StoredEvent[]): void {
    const position = events.at(-1)!.position;
    this.gate.advance(position);
    const moved = new Map<string, Set<string>>();
    for (const event of events)
      for (const projection of this.byType.get(event.type) ?? [])
        moved.set(
          event.metadata.tenant,
          (moved.get(event.metadata.tenant) ?? new Set()).add(projection.collection),
        );
    for (const [tenant, collections] of moved)
      for (const listener of this.listeners) listener({ tenant, position, collections: [...collections] });
  }
}

const fieldsOf = ({ _id, _position, ...fields }: ReadDocument): object => fields;

/**
 * Rebuilds read models from the whole log into `readStore` (npm run replay, the replay-equals-live
 * test) through the same batched path as a catch-up.
 */
export const rebuild = (
  store: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  batch = 5000,
): Promise<{ events: number; position: number }> =>
  new ProjectionRunner(store, readStore, projections, { batchSize: batch }).catchUp(0);
