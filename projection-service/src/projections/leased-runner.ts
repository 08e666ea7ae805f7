import { Logger } from '@nestjs/common';
import type { Lease } from '../lease/lease';

/** What runs under a lease: the projection runner, the planning-event publisher. */
export interface LeasedWork {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface LeasedRunnerOptions {
  /** The lease's name: one per set of read models. */
  readonly name: string;
  /** This instance, unique among those sharing the lease. */
  readonly owner: string;
  readonly ttlMs: number;
}

/**
 * Runs a ProjectionRunner only while this instance holds the lease; renews it every third of the
 * TTL and stops projecting as soon as a renewal fails. Standby instances retry at the same pace and
 * keep answering queries (the runner's `waitFor` then reads the stored checkpoint). Should an
 * instance project briefly after losing the lease, the read store's conditional writes keep the
 * documents right: the lease saves work, the positions keep the data correct.
 */
export class LeasedRunner {
  private readonly logger = new Logger('projection-lease');
  private timer: NodeJS.Timeout | undefined;
  private tick: Promise<void> = Promise.resolve();
  private stopped = true;
  private holding = false;

  constructor(
    private readonly lease: Lease,
    private readonly runner: LeasedWork,
    private readonly options: LeasedRunnerOptions,
  ) {}

  /** Whether this instance holds the lease and projects. */
  get leading(): boolean {
    return this.holding;
  }

  /** Tries to take the lease now, then keeps trying or renewing in the background until `stop()`. */
  async start(): Promise<void> {
    this.stopped = false;
    await (this.tick = this.attempt());
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.tick;
    if (!this.holding) return;
    this.holding = false;
    await this.runner.stop();
    await this.lease.release(this.options.name, this.options.owner);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.tick = this.attempt().finally(() => this.schedule());
    }, this.options.ttlMs / 3);
  }

  private async attempt(): Promise<void> {
    const { name, owner, ttlMs } = this.options;
    try {
      if (this.holding) {
        if (!(await this.lease.renew(name, owner, ttlMs))) await this.stepDown();
      } else if (!this.stopped && (await this.lease.acquire(name, owner, ttlMs))) {
        this.holding = true;
        this.logger.log(`${owner} holds the lease ${name}`);
        await this.runner.start();
      }
    } catch (error) {
      this.logger.warn(`lease ${name}: ${String(error)}`);
      if (this.holding) await this.stepDown();
    }
  }

  private async stepDown(): Promise<void> {
    this.holding = false;
    this.logger.warn(`${this.options.owner} lost the lease ${this.options.name}; standing by`);
    await this.runner.stop();
  }
}
