import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { DomainError } from '@fahrplan/contracts';
import type { DomainErrorCode } from '@fahrplan/contracts';
import { JsonText } from '../http/json-text';
import type { JsonBytes } from '../http/json-text';
import { specData } from '../read-store/read-store';
import type { CollectionSpec } from '../read-store/read-store';
import type { OverlaidDocument } from '../scenarios/scenario-overlay';
import { AnswerCache } from './answer-cache';
import { AnswerSlots } from './answer-slots';
import type { SlotMemory } from './answer-slots';
import { keepRecent } from './keep-recent';
import { THREAD_OVERLAYS } from './thread-overlays';
import { lookupQueries } from './thread-queries';
import type { ThreadQueryAnswer, ThreadQueryArgs, ThreadQueryName } from './thread-queries';

/** What a query thread opens: the read models' SQLite file, and what it must know of the collections. */
export interface ThreadSetup {
  readonly file: string;
  readonly collections: readonly CollectionSpec[];
}

/** What a thread is sent of `setup`: its collections' specs as data (a thread cannot receive functions). */
export const threadSetup = ({ file, collections }: ThreadSetup): ThreadSetup => ({
  file,
  collections: collections.map(specData),
});

/**
 * A scenario's view for a thread: its name (tenant and id) and, when the thread does not hold this
 * fold yet, the overlay the view merges in (`ScenarioContext`).
 */
export interface ThreadScenario {
  readonly name: string;
  readonly overlay?: readonly OverlaidDocument[];
}

/** What a page thread is started with: the read models, and the memory of its answers' slots. */
export type ThreadData = ThreadSetup & Partial<SlotMemory>;

/**
 * One query for a thread: live, as of `position`, or in a scenario; a large answer written into slot
 * `slot` where one was free.
 */
export type ThreadRequest = {
  [N in ThreadQueryName]: {
    readonly id: number;
    readonly name: N;
    readonly args: ThreadQueryArgs<N>;
    readonly slot?: number;
    readonly position?: number;
    readonly scenario?: ThreadScenario;
    /** A live query's: the read models' position its answer is kept for (the thread's tiles hold for it). */
    readonly live?: number;
  };
}[ThreadQueryName];

/** Where a query is answered: live (undefined), as of a position, or in a scenario's view. */
export type ThreadView =
  | undefined
  | { readonly asOf: number }
  | { readonly tenant: string; readonly scenario: number; readonly overlay: readonly OverlaidDocument[] };

interface Failure {
  readonly name: string;
  readonly message: string;
  /** A DomainError's (a 400 for a bad cursor, …), so that it answers as on the main thread. */
  readonly code?: DomainErrorCode;
  readonly details?: DomainError['details'];
}

/** A thread's answer: as a string, as `bytes` bytes of UTF-8 in its query's slot, or the query's failure. */
export type ThreadResponse =
  | { readonly id: number; readonly json: string }
  | { readonly id: number; readonly bytes: number }
  | { readonly id: number; readonly error: Failure };

const errorOf = ({ name, message, code, details }: Failure): Error =>
  code ? new DomainError(code, message, details) : Object.assign(new Error(message), { name });

/**
 * The compiled thread: beside this file when it runs compiled, else (specs run the TypeScript sources)
 * the package's build of it, which `npm run build` makes before the tests.
 */
const workerFile = (): string => {
  const name = 'query-thread.worker.js';
  const beside = join(__dirname, name);
  if (existsSync(beside)) return beside;
  const built = join(__dirname, '..', '..', 'dist', 'query-threads', name);
  if (existsSync(built)) return built;
  throw new Error(`the query thread is not built (${built}): run npm run build`);
};

/**
 * Where a query waits: a page's work follows its size (a year's window, 4,000 items), a lookup's does
 * not (an item by id, half a kilobyte), and a thread answers one query after the other. So lookups
 * have a thread of their own, and an item read right after its save never waits behind the pages
 * others asked for.
 */
export type Lane = 'pages' | 'lookups';

/** The lane of query `name`: the lookups' (`lookupQueries`), or the pages'. */
export const laneOf = (name: ThreadQueryName): Lane => (lookupQueries.has(name) ? 'lookups' : 'pages');

/**
 * A thread's heap: a few answers in flight (a year's window is about 4,000 items, 0.5 MB of JSON) need
 * far less; without a bound V8 lets each heap grow with the load, and the process past 600 MB. A page
 * thread's young generation is what `npm start`'s flag gives the main thread (a semi-space of 16 MB,
 * docs/design/heap-flags.md); the lookups' answers are small, and so is their young generation, so
 * that a scavenge holds the items in flight for 0.1–0.3 ms instead of 2–10 ms.
 */
export const threadHeaps: Readonly<
  Record<Lane, { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number }>
> = {
  pages: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 48 },
  lookups: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 4 },
};

/**
 * A page thread's slots (`AnswerSlots`): half of them for kept answers, the rest more than the queries
 * in flight at 10 connections; each room for a year's page (600 kB, 880 kB at most in bench:scale's
 * tenant). A larger answer, or one asked while every slot is taken, comes as a string. Only the memory
 * written into is resident: at most the largest answer each slot held (about 1 MB for 32 years' pages).
 */
export const PAGE_THREAD_SLOTS = { count: 64, slotBytes: 2 * 2 ** 20, kept: 48 };

/** An answer as a thread gave it: the JSON, or where its UTF-8 is (`AnswerSlots`). */
type ThreadAnswer = string | { readonly slots: AnswerSlots; readonly slot: number; readonly length: number };

/**
 * Lets each thread's `resourceLimits` size its young generation. `npm start`'s `--max-semi-space-size`
 * is a V8 flag of the whole process, and V8 reads it again for every heap it creates, where it takes
 * precedence over the thread's own bound (the lookups' thread had 48 MB instead of 4). V8 reads it only
 * when it creates a heap, so clearing it once the main thread's heap exists leaves that heap as it is.
 */
export const threadsSizeTheirYoungGeneration = (): void => setFlagsFromString('--max-semi-space-size=0');

interface Pending {
  readonly slot: number | undefined;
  readonly resolve: (answer: ThreadAnswer) => void;
  readonly reject: (error: Error) => void;
}

/** A thread, the slots of its answers (a page thread's), and the queries it has not answered yet. */
class QueryThread {
  /** The overlay last sent for each scenario, by name, as the thread holds them. */
  readonly overlays = new Map<string, readonly OverlaidDocument[]>();
  readonly pending = new Map<number, Pending>();
  readonly slots: AnswerSlots | undefined;
  readonly worker: Worker;

  constructor(setup: ThreadSetup, lane: Lane, onExit: (thread: QueryThread) => void) {
    const { count, slotBytes, kept } = PAGE_THREAD_SLOTS;
    if (lane === 'pages') this.slots = new AnswerSlots(count, slotBytes, kept);
    const slots = this.slots && { memory: this.slots.memory, slotBytes: this.slots.slotBytes };
    this.worker = new Worker(workerFile(), {
      workerData: { ...setup, ...slots } satisfies ThreadData,
      resourceLimits: threadHeaps[lane],
    });
    this.worker.on('message', (response: ThreadResponse) => {
      const pending = this.pending.get(response.id);
      if (!pending) return;
      this.pending.delete(response.id);
      const { slot } = pending;
      if ('bytes' in response && this.slots && slot !== undefined) {
        pending.resolve({ slots: this.slots, slot, length: response.bytes });
        return;
      }
      if (slot !== undefined) this.slots?.giveBack(slot);
      if ('error' in response) pending.reject(errorOf(response.error));
      else if ('json' in response) pending.resolve(response.json);
      else pending.reject(new Error('a query thread answered in a slot its query was not given'));
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => {
      this.fail(new Error(`a query thread stopped (exit code ${code})`));
      onExit(this);
    });
  }

  private fail(error: Error): void {
    for (const { slot, reject } of this.pending.values()) {
      if (slot !== undefined) this.slots?.giveBack(slot);
      reject(error);
    }
    this.pending.clear();
  }
}

/**
 * Threads that answer the heaviest queries of the embedded read models (issue 17) beside the main
 * thread: `node:sqlite` answers synchronously, so on the main thread a query holds every other request,
 * the commands and their read-your-writes confirmations among them, and uses one core. Each thread has
 * its own read-only connection (WAL: readers never wait for the writer) and answers with the JSON of
 * the whole answer, so that one message goes each way and the main thread parses nothing: a large
 * answer as UTF-8 in memory the page thread shares (`AnswerSlots`), sent as it is. A page goes to the
 * thread of `count` with the fewest in flight, a lookup (`lookupQueries`) to the lookups' own thread;
 * a thread that dies fails its queries and is replaced. An answer is kept for the read models'
 * position it was asked at: a large one in its slot, any other as a string (`AnswerCache`).
 */
export class QueryThreads {
  private readonly setup: ThreadSetup;
  private threads: Record<Lane, QueryThread[]> = { pages: [], lookups: [] };
  private nextId = 0;
  private closed = false;
  private readonly count: number;
  private readonly answers = new AnswerCache();
  /**
   * The same query asked again while a thread answers it waits for that answer: `waiters` requests, each
   * of which sends an answer in a slot and lets go of it once.
   */
  private readonly inFlight = new Map<string, { waiters: number; readonly answer: Promise<ThreadAnswer> }>();

  /**
   * `position`: how far the read models are (the projections' checkpoint, which moves only once the
   * file holds what it covers): an answer is kept for the position it was asked at, and a query as of a
   * position for that position.
   */
  constructor(
    { file, collections }: ThreadSetup,
    count: number,
    private readonly position: () => number,
  ) {
    if (!Number.isSafeInteger(count) || count < 1) throw new Error(`query threads: at least 1, not ${count}`);
    this.setup = threadSetup({ file, collections });
    this.count = count;
  }

  /**
   * Starts the threads (each loads the query code, a few hundred ms of CPU): after the server listens,
   * so that they do not hold up its start; a first query starts them too.
   */
  start(): void {
    if (this.threads.pages.length > 0 || this.closed) return;
    threadsSizeTheirYoungGeneration();
    this.threads = {
      pages: Array.from({ length: this.count }, () => this.spawn('pages')),
      lookups: [this.spawn('lookups')],
    };
  }

  private spawn(lane: Lane): QueryThread {
    return new QueryThread(this.setup, lane, (gone) => {
      if (this.closed) return;
      const replaced = this.threads[lane].map((thread) => (thread === gone ? this.spawn(lane) : thread));
      this.threads = { ...this.threads, [lane]: replaced };
    });
  }

  /**
   * The answer of query `name` to `args` in `view` (live, as of a position, or in a scenario), as JSON:
   * kept from an earlier ask at the same position, else from the least busy thread. A scenario's
   * answer is kept under the read models' position like a live one: its overlay is folded from the
   * read models, so at the same position it is the same.
   */
  async run<N extends ThreadQueryName>(
    name: N,
    args: ThreadQueryArgs<N>,
    view?: ThreadView,
  ): Promise<JsonText<ThreadQueryAnswer<N>> | JsonBytes<ThreadQueryAnswer<N>>> {
    const at =
      view === undefined
        ? `live@${this.position()}`
        : 'asOf' in view
          ? `asOf@${view.asOf}`
          : `scenario ${view.tenant} ${view.scenario}@${this.position()}`;
    const key = `${at} ${name} ${JSON.stringify(args)}`;
    const kept = this.answers.get(key);
    if (kept !== undefined) return new JsonText(kept, key);
    for (const { slots } of this.threads.pages) {
      const keptInSlot = slots?.kept<ThreadQueryAnswer<N>>(key);
      if (keptInSlot) return keptInSlot;
    }
    let asked = this.inFlight.get(key);
    if (!asked) {
      const waiting = { waiters: 0 };
      // whoever asks before the answer is here waits for it (a slot's answer is lent to each of them)
      const answer = this.ask(name, args, view).then(
        (answered) => {
          this.inFlight.delete(key);
          if (typeof answered !== 'string')
            answered.slots.lend(answered.slot, answered.length, key, waiting.waiters);
          return answered;
        },
        (error: unknown) => {
          this.inFlight.delete(key);
          throw error;
        },
      );
      asked = Object.assign(waiting, { answer });
      this.inFlight.set(key, asked);
    }
    asked.waiters += 1;
    const answered = await asked.answer;
    if (typeof answered !== 'string') return answered.slots.lent(answered.slot, answered.length, key);
    this.answers.set(key, answered);
    return new JsonText(answered, key);
  }

  private ask<N extends ThreadQueryName>(
    name: N,
    args: ThreadQueryArgs<N>,
    view: ThreadView,
  ): Promise<ThreadAnswer> {
    if (this.closed) return Promise.reject(new Error('the query threads are closed'));
    this.start();
    const thread = this.threads[laneOf(name)].reduce((least, next) =>
      next.pending.size < least.pending.size ? next : least,
    );
    const id = this.nextId++;
    const within =
      view === undefined
        ? { live: this.position() }
        : 'asOf' in view
          ? { position: view.asOf }
          : { scenario: this.scenarioFor(thread, view) };
    const slot = thread.slots?.take();
    return new Promise<ThreadAnswer>((resolve, reject) => {
      thread.pending.set(id, { slot, resolve, reject });
      thread.worker.postMessage({ id, name, args, ...(slot === undefined ? {} : { slot }), ...within });
    });
  }

  /** The scenario as `thread` is sent it: with its overlay unless the thread holds this very fold. */
  private scenarioFor(
    thread: QueryThread,
    { tenant, scenario, overlay }: Exclude<ThreadView, undefined | { asOf: number }>,
  ): ThreadScenario {
    const name = `${tenant}\n${scenario}`;
    const held = thread.overlays.get(name) === overlay;
    keepRecent(thread.overlays, name, overlay, THREAD_OVERLAYS);
    return held ? { name } : { name, overlay };
  }

  /** What holds the page threads' answer slots, all together (`AnswerSlots.use`, specs). */
  slotUse(): { taken: number; kept: number; views: number } {
    const total = { taken: 0, kept: 0, views: 0 };
    for (const { slots } of this.threads.pages) {
      const use = slots?.use();
      if (use) for (const key of ['taken', 'kept', 'views'] as const) total[key] += use[key];
    }
    return total;
  }

  /** Stops the threads; their queries in flight fail. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      Object.values(this.threads)
        .flat()
        .map((thread) => thread.worker.terminate()),
    );
  }
}
