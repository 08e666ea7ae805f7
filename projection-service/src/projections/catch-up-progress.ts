import type { CatchingUpView, ReadyView } from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import type { ProjectionRunner } from './projection-runner';

export interface CatchUpProgressOptions {
  readonly clock?: () => number;
}

interface Start {
  readonly at: number;
  readonly position: number;
  readonly head: number;
  readonly events: number;
}

/**
 * How far the read models are on their way to the head the log had when the catch-up began. Until they
 * reach it the service is not ready: queries answer 503 and `/api/ready` reports this progress. Once
 * reached, the service stays ready: following the appends after it is what a ready service does (a
 * query that must see a write waits for it with `X-Fahrplan-After`).
 */
export class CatchUpProgress {
  private start: Start | undefined;
  private reached = false;
  private readonly clock: () => number;

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly store: EventStore,
    private readonly options: CatchUpProgressOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /**
   * The catch-up counts from now: ready once the read models reflect the log's head as it is now,
   * which this returns. Until this is called (while the service still prepares, e.g. seeds the demo)
   * it is not ready.
   */
  async begin(): Promise<number> {
    const head = await this.store.headPosition();
    // a standby instance learns the stored checkpoint this way, a running one has it
    await this.runner.waitFor(head, 0);
    this.start = {
      at: this.clock(),
      position: this.runner.checkpoint,
      head,
      events: this.runner.eventsApplied,
    };
    return head;
  }

  /** Whether the read models are known to have reached the head, without asking (`isReady` asks). */
  get readyKnown(): boolean {
    return this.reached;
  }

  /** Whether the read models have reached the head; asks the stored checkpoint on a standby instance. */
  async isReady(): Promise<boolean> {
    if (this.reached) return true;
    const start = this.start;
    if (!start) return false;
    this.reached = await this.runner.waitFor(start.head, 0);
    return this.reached;
  }

  async status(): Promise<CatchingUpView | ReadyView> {
    if (await this.isReady())
      return { status: 'ready', position: this.runner.checkpoint, head: await this.store.headPosition() };
    const position = this.runner.checkpoint;
    const start = this.start;
    if (!start)
      return {
        status: 'catching-up',
        position,
        head: await this.store.headPosition(),
        eventsPerSecond: 0,
        percent: 0,
        secondsLeft: null,
      };
    const seconds = (this.clock() - start.at) / 1000;
    const way = start.head - start.position;
    const done = way <= 0 ? 1 : Math.min(1, Math.max(0, (position - start.position) / way));
    const events = this.runner.eventsApplied - start.events;
    return {
      status: 'catching-up',
      position,
      head: start.head,
      eventsPerSecond: seconds > 0 ? Math.round(events / seconds) : 0,
      percent: Math.min(99, Math.floor(done * 100)),
      secondsLeft: done > 0 && seconds > 0 ? Math.ceil((seconds * (1 - done)) / done) : null,
    };
  }
}
