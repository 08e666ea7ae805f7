import { setImmediate as yieldToEventLoop, setTimeout as delay } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { Logger } from '@nestjs/common';
import { isScenarioStream } from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import { PositionGate } from '@fahrplan/platform';
import type { EventStore, Subscription } from '@fahrplan/platform';
import { isTombstone, keepsHistory } from '../read-store/read-store';
import type { CheckpointWrite, DocumentWrite, ReadDocument, ReadStore } from '../read-store/read-store';
import { Joins, fieldsOf, foldedKey, foldedOf } from './joined-keys';
import type { Folded } from './joined-keys';
import { documentIdsOf } from './projection';
import type { Fields, Projection, Summary, Transition } from './projection';

/** The read models' checkpoint: every write of the projections moves it together with their documents. */
export const CHECKPOINT = 'projections';

/** A read model moved: which collections, up to which position, in which tenant. */
export interface Change {
  readonly tenant: string;
  readonly position: number;
  readonly collections: readonly string[];
}

/**
 * The longest a catch-up's group of pages stays uncommitted: the progress `/api/ready` shows and what a
 * crash makes the next start read again.
 */
const groupMs = 1000;

export interface ProjectionRunnerOptions {
  /** Events read per page while catching up; each page's documents are written in one bulk. */
  readonly batchSize?: number;
  /**
   * Events of a catch-up committed together where the store can (`ReadStore.writeTogether`), in pages
   * of `batchSize`: 5,000 unless given; the store's own pages otherwise.
   */
  readonly groupEvents?: number;
  /** How often `waitFor` looks at the stored checkpoint while this runner is not running. */
  readonly pollIntervalMs?: number;
}

/**
 * Feeds every event after the checkpoint through the projections, idempotently: a document ignores
 * events at or below the position it already reflects, and the checkpoint moves only after the
 * writes succeeded (STYLE 10). It catches up in pages (every touched document loaded once, folded
 * in memory and written in one bulk), then follows live appends the same way, a bulk per batch
 * of events that arrived together.
 */
export class ProjectionRunner {
  private readonly logger = new Logger('projections');
  private readonly byType: Folding;
  private readonly batchSize: number;
  private readonly groupEvents: number;
  private readonly pollIntervalMs: number;
  private subscription: Subscription | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;
  private readonly gate = new PositionGate();
  private readonly listeners = new Set<(change: Change) => void>();
  /** A store that keeps history is written every state a document passes through, not only a page's last. */
  private readonly everyState: boolean;
  private applied = 0;

  constructor(
    private readonly store: EventStore,
    private readonly readStore: ReadStore,
    private readonly projections: readonly Projection[],
    options: ProjectionRunnerOptions = {},
  ) {
    const owners = new Map<string, Projection>();
    for (const projection of projections) {
      if (owners.has(projection.collection) && owners.get(projection.collection) !== projection)
        throw new Error(`two projections write the collection ${projection.collection}`);
      owners.set(projection.collection, projection);
    }
    this.byType = byType(projections);
    this.batchSize = options.batchSize ?? 5000;
    this.groupEvents = readStore.writeTogether ? (options.groupEvents ?? 5000) : 0;
    this.pollIntervalMs = options.pollIntervalMs ?? 50;
    this.everyState = keepsHistory(readStore);
  }

  get checkpoint(): number {
    return this.gate.current;
  }

  /**
   * The read models' position while this runner follows the log and so moves it with every write it
   * makes; undefined while it does not run (stopped, or standing by for another instance's lease),
   * when the position it knows may lag behind the store.
   */
  get following(): number | undefined {
    return this.running ? this.gate.current : undefined;
  }

  /** How many events this runner has applied since it was made: the catch-up's pace (`/api/ready`). */
  get eventsApplied(): number {
    return this.applied;
  }

  /** Applies one event, writing the documents it changes in one call; the checkpoint stays. */
  async apply(event: StoredEvent): Promise<void> {
    await this.readStore.write(await this.fold([event], this.byType));
  }

  /** Applies a batch of events with one bulk write; the checkpoint stays. */
  async applyBatch(events: readonly StoredEvent[]): Promise<void> {
    const writes = await this.fold(events, this.byType);
    if (writes.length > 0) await this.readStore.write(writes);
  }

  /**
   * Reads and applies pages of events after `after` (by default the stored checkpoint) until a page
   * comes back short or `until` (a position, inclusive) is reached, each page's documents written
   * together with the checkpoint after it.
   */
  catchUp(after?: number, until = Number.POSITIVE_INFINITY): Promise<{ events: number; position: number }> {
    return this.pages(this.byType, CHECKPOINT, after, until);
  }

  /**
   * Builds the read models into an empty store from the whole log (npm run replay, tests), then
   * records the projections' versions, so that a start on the store resumes from its checkpoint.
   */
  async rebuild(): Promise<{ events: number; position: number }> {
    const result = await this.catchUp(0);
    await this.readStore.saveVersions(versionsOf(this.projections));
    return result;
  }

  /**
   * Pages of events after `after` (the checkpoint `checkpoint`'s position when not given) through
   * the projections of `projections`, up to `until`; `checkpoint` null leaves every checkpoint as it is.
   * Each page is written with its checkpoint; where the store can (`writeTogether`), the pages of a
   * group (`groupEvents`, or `groupMs` of work) are committed together, and only then count as passed.
   */
  private async pages(
    projections: Folding,
    checkpoint: string | null,
    after: number | undefined,
    until: number,
  ): Promise<{ events: number; position: number }> {
    let position = after ?? (checkpoint ? await this.readStore.checkpoint(checkpoint) : 0);
    let events = 0;
    let end = false;
    while (!end && !this.stopping && position < until) {
      const written: StoredEvent[][] = [];
      const group = async () => {
        const started = performance.now();
        for (let count = 0; !this.stopping && position < until;) {
          const read = await this.store.readAll({ after: position, maxCount: this.batchSize });
          const page =
            (read.at(-1)?.position ?? 0) > until ? read.filter((event) => event.position <= until) : read;
          if (page.length > 0) {
            position = page.at(-1)!.position;
            const writes = await this.fold(page, projections);
            await this.readStore.write(writes, checkpoint ? checkpointOf(checkpoint, page) : undefined);
            written.push(page);
            count += page.length;
          }
          // a short page is the head; a page cut at `until` is the end
          end = read.length < this.batchSize || page.length < read.length;
          if (end || count >= this.groupEvents || performance.now() - started >= groupMs) return;
          // the pages resolve as microtasks: let the server answer (health, readiness) between them
          await yieldToEventLoop();
        }
      };
      await (this.readStore.writeTogether ? this.readStore.writeTogether(group) : group());
      for (const page of written) {
        events += page.length;
        this.passed(page, projections);
      }
      if (!end) await yieldToEventLoop();
    }
    return { events, position };
  }

  /**
   * Catches up from the stored checkpoint, then follows live appends until `stop()`. Projections
   * whose version the store does not hold (changed, or new) are rebuilt first, up to the checkpoint.
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.stopping = false;
    const checkpoint = await this.readStore.checkpoint(CHECKPOINT);
    const outdated = await this.outdated();
    // while a rebuild runs, the read models reflect only the position it reached
    if (outdated.length === 0) this.gate.advance(Math.max(this.gate.current, checkpoint));
    this.running = this.run(outdated, checkpoint)
      .catch((error: unknown) => this.logger.error(`projection stopped: ${String(error)}`))
      .finally(() => (this.running = undefined));
  }

  /**
   * The projections whose stored version differs from their own, or that the store has never run;
   * a summary and the collections it covers are rebuilt together (its running totals start from
   * empty collections).
   */
  private async outdated(): Promise<Projection[]> {
    const stored = await this.readStore.versions();
    const outdated = new Set(
      this.projections.filter((projection) => stored[projection.collection] !== projection.version),
    );
    for (const summary of this.projections.filter((projection) => projection.summary)) {
      const covered = this.projections.filter((p) => summary.summary!.covers.includes(p.collection));
      if (outdated.has(summary) || covered.some((p) => outdated.has(p)))
        for (const projection of [summary, ...covered]) outdated.add(projection);
    }
    return this.projections.filter((projection) => outdated.has(projection));
  }

  private async run(outdated: readonly Projection[], checkpoint: number): Promise<void> {
    if (outdated.length > 0) await this.rebuildOutdated(outdated, checkpoint);
    if (this.stopping) return;
    await this.catchUp(Math.max(this.gate.current, checkpoint));
    if (this.stopping) return;
    const subscription = (this.subscription = this.store.subscribe({ after: this.gate.current }));
    for (;;) {
      // what arrived together (a reschedule's 1,000 item steps) is written together, as a page is
      const events = await subscription.nextBatch(this.batchSize);
      if (events.length === 0) return;
      await this.readStore.write(await this.fold(events, this.byType), checkpointOf(CHECKPOINT, events));
      this.passed(events, this.byType);
    }
  }

  /**
   * Clears the collections of `outdated` and replays the log up to `until` (the checkpoint the other
   * projections reached) through them alone, then records their versions. Killed before that, the
   * next start finds them outdated still and begins again.
   */
  private async rebuildOutdated(outdated: readonly Projection[], until: number): Promise<void> {
    const names = outdated.map((projection) => projection.collection).join(', ');
    if (until > 0)
      this.logger.log(`rebuilding ${names} (a new version) from the log up to position ${until}`);
    for (const projection of outdated) await this.readStore.clear(projection.collection);
    await this.pages(byType(outdated), null, 0, until);
    if (this.stopping) return;
    await this.readStore.saveVersions(versionsOf(outdated));
    this.gate.advance(until);
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
   * (tombstones included, so a removal keeps its position), folded in memory and written once, or
   * once per event for a store that keeps history (so a page leaves the versions that events
   * applied one by one leave).
   */
  private async fold(
    events: readonly StoredEvent[],
    { byType: projections, rejoins, summaries }: Folding,
  ): Promise<DocumentWrite[]> {
    // a scenario's ItemUpdated is not the live item's (docs/design/scenarios.md)
    const folds = (event: StoredEvent, projection: Projection) =>
      isScenarioStream(event.streamId) === (projection.scenarioStreams === true);
    const steps = events.flatMap((event) => [
      ...(projections.get(event.type) ?? [])
        .filter((projection) => folds(event, projection))
        .flatMap((projection) => documentIdsOf(projection, event).map((id) => ({ event, projection, id }))),
      // after the joined document moved: the documents that refer to it (their ids found when reached)
      ...(rejoins.get(event.type) ?? [])
        .filter((projection) => folds(event, projection))
        .map((projection) => ({ event, projection, id: null })),
    ]);
    const stored = await this.load(
      steps.flatMap(({ projection, id }) => (id === null ? [] : [{ collection: projection.collection, id }])),
    );
    const folded = new Map<string, Folded>();
    const joins = new Joins(this.readStore, folded);
    const states: DocumentWrite[] = [];
    const covered = new Set(summaries.flatMap((summary) => summary.summary!.covers));
    const transitions: Counted[] = [];
    const advance = (doc: Folded, event: StoredEvent, next: object | null) => {
      const before = doc.document as Fields | null;
      doc.document = next;
      doc.position = event.position;
      doc.changed = true;
      if (covered.has(doc.collection))
        transitions.push({
          collection: doc.collection,
          id: doc.id,
          before,
          after: next as Fields | null,
          position: event.position,
        });
      if (this.everyState) states.push(writeOf(doc));
    };
    for (const { event, projection, id } of steps) {
      if (id === null) {
        for (const doc of await joins.referring(projection, event))
          if (event.position > doc.position)
            advance(doc, event, await joins.derive(projection.join!, doc.document!));
        continue;
      }
      const key = foldedKey(projection.collection, id);
      let doc = folded.get(key);
      if (!doc) {
        doc = foldedOf(projection.collection, id, stored.get(projection.collection)?.get(id));
        folded.set(key, doc);
      }
      if (event.position <= doc.position) continue;
      const next = projection.evolve(doc.document, event);
      // a projection answers the document itself for an event that leaves it as it is (a
      // reschedule's item step, docs/design/scheduling.md): no write, the position stays
      if (next === doc.document) continue;
      advance(doc, event, next && projection.join ? await joins.derive(projection.join, next) : next);
    }
    // the summaries first: a store without transactions writes them before the documents they count
    const summarised = (
      await Promise.all(summaries.map((summary) => this.summarise(summary, transitions)))
    ).flat();
    if (this.everyState) return [...summarised, ...states];
    return [...summarised, ...[...folded.values()].filter((doc) => doc.changed).map(writeOf)];
  }

  /**
   * The writes of `projection`'s summary documents that `transitions` (in event order) move: each
   * delta computed with the other documents as the batch has them at its event, and added only
   * where its event is past the summary document's stored position.
   */
  private async summarise(projection: Projection, transitions: readonly Counted[]): Promise<DocumentWrite[]> {
    const summary = projection.summary as Summary<object, unknown>;
    const own = transitions.filter((t) => summary.covers.includes(t.collection));
    if (own.length === 0) return [];
    const loaded = await this.load(own.flatMap((t) => summary.reads(t)));
    const current = new Map<string, Fields | null>();
    const read = (collection: string, id: string): Fields | null => {
      const key = `${collection}\u0000${id}`;
      if (current.has(key)) return current.get(key)!;
      const stored = loaded.get(collection)?.get(id);
      return stored && !isTombstone(stored) ? (fieldsOf(stored) as Fields) : null;
    };
    const deltas = own.map((t) => {
      const counted = summary.deltas(t, read);
      current.set(`${t.collection}\u0000${t.id}`, t.after);
      return { position: t.position, counted };
    });
    const ids = [...new Set(deltas.flatMap(({ counted }) => counted.map((d) => d.id)))];
    if (ids.length === 0) return [];
    const stored = await this.readStore.getMany(projection.collection, ids);
    const docs = new Map(
      ids.map((id) => {
        const doc = stored.get(id);
        const position = doc?._position ?? 0;
        const document = doc && !isTombstone(doc) ? fieldsOf(doc) : null;
        return [
          id,
          { collection: projection.collection, id, position, document, changed: false, from: position },
        ];
      }),
    );
    const states: DocumentWrite[] = [];
    for (const [position, byId] of deltasByPosition(deltas))
      for (const [id, added] of byId) {
        const doc = docs.get(id)!;
        if (position <= doc.from) continue;
        const before = doc.document as object | null;
        const after = added.reduce<object | null>(
          (document, delta) => summary.add(document, delta, id),
          before,
        );
        // a position whose deltas cancel out on a document (a chain's inner days, whose tasks move
        // together) leaves it as it was: nothing written, as if its events had not touched it
        if (isDeepStrictEqual(after, before)) continue;
        doc.document = after;
        doc.changed = true;
        doc.position = position;
        // one state per event: a reschedule's thousand transitions leave one version of each day
        if (this.everyState) states.push(writeOf(doc));
      }
    const leading = (write: DocumentWrite) => ({ ...write, leads: true });
    if (this.everyState) return states.map(leading);
    return [...docs.values()].filter((doc) => doc.changed).map((doc) => leading(writeOf(doc)));
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
  private passed(events: readonly StoredEvent[], { byType: projections, rejoins }: Folding): void {
    const position = events.at(-1)!.position;
    this.applied += events.length;
    this.gate.advance(position);
    const moved = new Map<string, Set<string>>();
    for (const event of events)
      // a scenario's event moves the scenario's views of the plan's read models, which fold it on top
      for (const projection of [
        ...(projections.get(event.type) ?? []),
        ...(rejoins.get(event.type) ?? []),
      ].filter((p) => isScenarioStream(event.streamId) || p.scenarioStreams !== true))
        moved.set(
          event.metadata.tenant,
          (moved.get(event.metadata.tenant) ?? new Set()).add(projection.collection),
        );
    for (const [tenant, collections] of moved)
      for (const listener of this.listeners) listener({ tenant, position, collections: [...collections] });
  }
}

const writeOf = ({ collection, id, position, document }: Folded): DocumentWrite => ({
  collection,
  id,
  position,
  document: document as Record<string, unknown> | null,
});

/** The checkpoint after `events`, with when they were decided (the time index of time travel). */
const checkpointOf = (name: string, events: readonly StoredEvent[]): CheckpointWrite => ({
  name,
  position: events.at(-1)!.position,
  decided: events.map(({ position, metadata }) => ({ position, timestamp: metadata.timestamp })),
});

type ProjectionsByType = ReadonlyMap<string, readonly Projection[]>;

/** What a fold runs: the projections by event type, and the summaries kept with them. */
interface Folding {
  readonly byType: ProjectionsByType;
  /** The projections whose joined documents an event changes (`Projection.join`), by event type. */
  readonly rejoins: ProjectionsByType;
  /** The summaries among the projections folded, each with every collection it covers. */
  readonly summaries: readonly Projection[];
}

/** A transition of a covered document, at the position of the event that made it. */
/** The deltas of each position (in order), each summary document's in the order they were counted. */
const deltasByPosition = <D>(
  deltas: readonly {
    readonly position: number;
    readonly counted: readonly { readonly id: string; readonly delta: D }[];
  }[],
): Map<number, Map<string, D[]>> => {
  const byPosition = new Map<number, Map<string, D[]>>();
  for (const { position, counted } of deltas) {
    let byId = byPosition.get(position);
    if (!byId) byPosition.set(position, (byId = new Map()));
    for (const { id, delta } of counted) {
      const added = byId.get(id);
      if (added) added.push(delta);
      else byId.set(id, [delta]);
    }
  }
  return byPosition;
};

interface Counted extends Transition {
  readonly position: number;
}

const byType = (projections: readonly Projection[]): Folding => {
  const map = new Map<string, Projection[]>();
  const rejoins = new Map<string, Projection[]>();
  for (const projection of projections) {
    for (const type of projection.handles) map.set(type, [...(map.get(type) ?? []), projection]);
    for (const type of projection.join?.handles ?? [])
      rejoins.set(type, [...(rejoins.get(type) ?? []), projection]);
  }
  const folded = new Set(projections.map((projection) => projection.collection));
  const summaries = projections.filter((projection) =>
    projection.summary?.covers.every((collection) => folded.has(collection)),
  );
  return { byType: map, rejoins, summaries };
};

const versionsOf = (projections: readonly Projection[]): Record<string, number> =>
  Object.fromEntries(projections.map((projection) => [projection.collection, projection.version]));

/**
 * Builds read models from the whole log into the empty `readStore` (npm run replay, the
 * replay-equals-live test) through the same batched path as a catch-up.
 */
export const rebuild = (
  store: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  batch = 5000,
): Promise<{ events: number; position: number }> =>
  new ProjectionRunner(store, readStore, projections, { batchSize: batch }).rebuild();
