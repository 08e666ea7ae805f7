import { AsyncLocalStorage } from 'node:async_hooks';
import type { StoredEvent } from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import { ProjectionRunner } from '../projections/projection-runner';
import { scenarioContext } from '../scenarios/scenario-views';
import type { Projection } from '../projections/projection';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { keepsHistory } from '../read-store/read-store';
import type {
  CheckpointWrite,
  DocumentWrite,
  FieldsOf,
  Filter,
  FindOptions,
  HistoryReadStore,
  ReadDocument,
  ReadStore,
  ReadView,
} from '../read-store/read-store';

/** Events per sample of the time index: a lookup reads at most this many events of the log. */
const SAMPLE = 1000;

export interface AsOfStoresOptions {
  /** How many folds are kept at most (default 4). */
  readonly cacheSize?: number;
  /**
   * How many documents the kept folds may hold together (default 250,000): beyond it the least recently
   * used are dropped, the newest always stays, so a tenant of a million items keeps one fold, not four.
   */
  readonly maxDocuments?: number;
  readonly batchSize?: number;
  /** The live read models the projections write. */
  readonly live?: ReadStore;
}

/**
 * Time travel (issue 8): the read models as of an instant are the projections folded from the events
 * up to the last event at or before it. A replay to that position is the definition. A live store
 * that keeps history (SQLite: the versions its writes replaced, and the time index) answers that
 * without a fold (`ReadStore.at`); for any other (MongoDB, memory) the events are folded into a
 * store of their own, and a few recent folds are kept, since an auditor looks at one instant
 * through several screens.
 */
export class AsOfStores {
  /**
   * The log's time index, read once and extended as the log grows, with one sample per SAMPLE events
   * (so it stays small as the log grows): `times[i]` is the running maximum of the timestamps up to the
   * sample's last event (non-decreasing even if the clocks of writers disagree), `positions[i]` that
   * event's position.
   */
  private readonly times: number[] = [];
  private readonly positions: number[] = [];
  /** The last position indexed, the running maximum there, and the events since the last sample. */
  private indexed = 0;
  private indexedTime = Number.NEGATIVE_INFINITY;
  private sinceSample = 0;
  private indexing: Promise<void> = Promise.resolve();
  private readonly folds = new Map<number, Promise<MemoryReadStore>>();
  /** The kept folds that are done: what a new fold may continue from. */
  private readonly done = new Map<number, MemoryReadStore>();
  /** Folds run one after another: each holds a copy of every tenant's read models while it runs. */
  private folding: Promise<unknown> = Promise.resolve();

  /** The live read models, when they answer as of a position themselves. */
  private readonly history: HistoryReadStore | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly projections: readonly Projection[],
    private readonly options: AsOfStoresOptions = {},
  ) {
    this.history = options.live && keepsHistory(options.live) ? options.live : undefined;
  }

  /**
   * The position of the last event of the longest prefix of the log decided at or before `instant`;
   * 0 when the log starts later. From a store that keeps history, among the events its read models
   * reflect; else among every event of the log.
   */
  async positionAt(instant: Date): Promise<number> {
    if (this.history) return this.history.positionAt(instant);
    await this.index();
    const indexed = this.indexed;
    const time = instant.getTime();
    // the prefix condition on the running maximum is monotonic: binary search for the samples within it
    let [low, high] = [0, this.times.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.times[middle]! <= time) low = middle + 1;
      else high = middle;
    }
    // the answer lies in the SAMPLE events after the last sample within the prefix
    let answer = low === 0 ? 0 : this.positions[low - 1]!;
    let running = low === 0 ? Number.NEGATIVE_INFINITY : this.times[low - 1]!;
    for (const event of await this.store.readAll({ after: answer, maxCount: SAMPLE })) {
      if (event.position > indexed) break;
      running = decidedBy(running, event);
      if (running > time) break;
      answer = event.position;
    }
    return answer;
  }

  /** The read models as of the event at `position` (inclusive). */
  storeAt(position: number): Promise<ReadView> {
    if (this.history) return Promise.resolve(this.history.at(position));
    const cached = this.folds.get(position);
    if (cached) {
      // most recently used last
      this.folds.delete(position);
      this.folds.set(position, cached);
      return cached;
    }
    const folding = this.folding.then(() => this.fold(position));
    this.folding = folding.catch(() => undefined);
    this.folds.set(position, folding);
    // forget a failed fold, unless a newer one of the position took its place meanwhile
    folding.catch(() => this.folds.get(position) === folding && this.folds.delete(position));
    while (this.folds.size > (this.options.cacheSize ?? 4)) this.forget(this.folds.keys().next().value!);
    return folding;
  }

  private forget(position: number): void {
    this.folds.delete(position);
    this.done.delete(position);
  }

  /** Folds on from a copy of the latest cached fold before `position`, or from the start. */
  private async fold(position: number): Promise<MemoryReadStore> {
    const earlier = [...this.done.keys()].filter((p) => p < position).sort((a, b) => b - a)[0];
    const base = earlier === undefined ? undefined : this.done.get(earlier);
    const readStore = base?.clone() ?? new MemoryReadStore();
    const runner = new ProjectionRunner(this.store, readStore, this.projections, {
      batchSize: this.options.batchSize ?? 5000,
    });
    await runner.catchUp(base ? earlier : 0, position);
    // kept for later folds only while its request's entry is kept
    if (this.folds.has(position)) {
      this.done.set(position, readStore);
      this.keepWithin(this.options.maxDocuments ?? 250_000, position);
    }
    return readStore;
  }

  /** Drops the least recently used done folds until those kept hold at most `documents`, `newest` aside. */
  private keepWithin(documents: number, newest: number): void {
    let held = 0;
    for (const fold of this.done.values()) held += fold.size;
    for (const position of [...this.folds.keys()]) {
      if (held <= documents) return;
      const fold = this.done.get(position);
      if (!fold || position === newest) continue;
      held -= fold.size;
      this.forget(position);
    }
  }

  /** Reads the times of events appended since the last call (one reader at a time). */
  private index(): Promise<void> {
    // a failed read fails its callers only: the next call reads on from what it indexed so far
    this.indexing = this.indexing
      .catch(() => undefined)
      .then(async () => {
        for (;;) {
          const page = await this.store.readAll({ after: this.indexed, maxCount: 10_000 });
          for (const event of page) {
            this.indexedTime = decidedBy(this.indexedTime, event);
            this.indexed = event.position;
            if (++this.sinceSample < SAMPLE) continue;
            this.times.push(this.indexedTime);
            this.positions.push(event.position);
            this.sinceSample = 0;
          }
          if (page.length < 10_000) return;
        }
      });
    return this.indexing;
  }
}

/** The running maximum of the timestamps after `event`; an unparsable one leaves it as it was. */
const decidedBy = (running: number, event: StoredEvent): number => {
  const decided = Date.parse(event.metadata.timestamp);
  return Number.isFinite(decided) ? Math.max(running, decided) : running;
};

/** The as-of store of the request being answered, if it asked for one. */
export const asOfContext = new AsyncLocalStorage<{ readonly store: ReadView; readonly position: number }>();

/**
 * What query controllers read: the live read models, within a request with `?asOf` the ones folded up
 * to that instant, or within one with `?scenario` the scenario's view of them. Writes (the projection runner's) always go to the live store.
 */
export class SwitchingReadStore implements ReadStore {
  constructor(private readonly live: ReadStore) {}

  private get current(): ReadView {
    return asOfContext.getStore()?.store ?? scenarioContext.getStore()?.store ?? this.live;
  }

  get(collection: string, id: string): Promise<ReadDocument | null> {
    return this.current.get(collection, id);
  }
  getMany(collection: string, ids: readonly string[]): Promise<Map<string, ReadDocument>> {
    return this.current.getMany(collection, ids);
  }
  find(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options?: FindOptions,
  ): Promise<ReadDocument[]> {
    return this.current.find(collection, filter, options);
  }
  findFields<F extends string>(
    collection: string,
    filters: Filter | readonly Filter[],
    fields: readonly F[],
    options?: FindOptions,
  ): Promise<FieldsOf<F>[]> {
    return this.current.findFields(collection, filters, fields, options);
  }
  count(collection: string, filter: Readonly<Record<string, unknown>>): Promise<number> {
    return this.current.count(collection, filter);
  }
  dump(): Promise<Record<string, ReadDocument[]>> {
    return this.current.dump();
  }
  checkpoint(name: string): Promise<number> {
    return this.live.checkpoint(name);
  }
  put(collection: string, document: ReadDocument): Promise<void> {
    return this.live.put(collection, document);
  }
  delete(collection: string, id: string, position: number): Promise<void> {
    return this.live.delete(collection, id, position);
  }
  write(writes: readonly DocumentWrite[], checkpoint?: CheckpointWrite): Promise<void> {
    return this.live.write(writes, checkpoint);
  }
  saveCheckpoint(name: string, position: number): Promise<void> {
    return this.live.saveCheckpoint(name, position);
  }
  versions(): Promise<Readonly<Record<string, number>>> {
    return this.live.versions();
  }
  saveVersions(versions: Readonly<Record<string, number>>): Promise<void> {
    return this.live.saveVersions(versions);
  }
  clear(collection: string): Promise<void> {
    return this.live.clear(collection);
  }
}
