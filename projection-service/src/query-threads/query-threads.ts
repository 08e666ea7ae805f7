import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { DomainError } from '@fahrplan/contracts';
import type { DomainErrorCode } from '@fahrplan/contracts';
import { JsonText } from '../http/json-text';
import { specData } from '../read-store/read-store';
import type { CollectionSpec } from '../read-store/read-store';
import type { OverlaidDocument } from '../scenarios/scenario-overlay';
import { AnswerCache } from './answer-cache';
import { THREAD_OVERLAYS, keepRecent } from './thread-overlays';
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

/** One query for a thread: live, as of `position`, or in a scenario. */
export type ThreadRequest = {
  [N in ThreadQueryName]: {
    readonly id: number;
    readonly name: N;
    readonly args: ThreadQueryArgs<N>;
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

export type ThreadResponse =
  { readonly id: number; readonly json: string } | { readonly id: number; readonly error: Failure };

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
 * Lets each thread's `resourceLimits` size its young generation. `npm start`'s `--max-semi-space-size`
 * is a V8 flag of the whole process, and V8 reads it again for every heap it creates, where it takes
 * precedence over the thread's own bound (the lookups' thread had 48 MB instead of 4). V8 reads it only
 * when it creates a heap, so clearing it once the main thread's heap exists leaves that heap as it is.
 */
export const threadsSizeTheirYoungGeneration = (): void => setFlagsFromString('--max-semi-space-size=0');

/** A thread and the queries it has not answered yet. */
class QueryThread {
  /** The overlay last sent for each scenario, by name, as the thread holds them. */
  readonly overlays = new Map<string, readonly OverlaidDocument[]>();
  readonly pending = new Map<number, { resolve: (json: string) => void; reject: (error: Error) => void }>();
  readonly worker: Worker;

  constructor(setup: ThreadSetup, lane: Lane, onExit: (thread: QueryThread) => void) {
    this.worker = new Worker(workerFile(), { workerData: setup, resourceLimits: threadHeaps[lane] });
    this.worker.on('message', (response: ThreadResponse) => {
      const pending = this.pending.get(response.id);
      if (!pending) return;
      this.pending.delete(response.id);
      if ('error' in response) pending.reject(errorOf(response.error));
      else pending.resolve(response.json);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => {
      this.fail(new Error(`a query thread stopped (exit code ${code})`));
      onExit(this);
    });
  }

  private fail(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}

/**
 * Threads that answer the heaviest queries of the embedded read models (issue 17) beside the main
 * thread: `node:sqlite` answers synchronously, so on the main thread a query holds every other request,
 * the commands and their read-your-writes confirmations among them, and uses one core. Each thread has
 * its own read-only connection (WAL: readers never wait for the writer) and answers with the JSON of
 * the whole answer, so that one message goes each way and the main thread parses nothing. A page goes
 * to the thread of `count` with the fewest in flight, a lookup (`lookupQueries`) to the lookups' own
 * thread; a thread that dies fails its queries and is replaced.
 * An answer is kept for the read models' position it was asked at (`AnswerCache`).
 */
export class QueryThreads {
  private readonly setup: ThreadSetup;
  private threads: Record<Lane, QueryThread[]> = { pages: [], lookups: [] };
  private nextId = 0;
  private closed = false;
  private readonly count: number;
  private readonly answers = new AnswerCache();
  /** The same query asked again while a thread answers it waits for that answer. */
  private readonly inFlight = new Map<string, Promise<string>>();

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
  ): Promise<JsonText<ThreadQueryAnswer<N>>> {
    const at =
      view === undefined
        ? `live@${this.position()}`
        : 'asOf' in view
          ? `asOf@${view.asOf}`
          : `scenario ${view.tenant} ${view.scenario}@${this.position()}`;
    const key = `${at} ${name} ${JSON.stringify(args)}`;
    const kept = this.answers.get(key);
    if (kept !== undefined) return new JsonText(kept, key);
    let asked = this.inFlight.get(key);
    if (!asked) {
      asked = this.ask(name, args, view).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, asked);
    }
    const json = await asked;
    this.answers.set(key, json);
    return new JsonText(json, key);
  }

  private ask<N extends ThreadQueryName>(
    name: N,
    args: ThreadQueryArgs<N>,
    view: ThreadView,
  ): Promise<string> {
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
    return new Promise<string>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, name, args, ...within });
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
