/** Lets callers wait until a reader of the event log has passed a position. */
export class PositionGate {
  private reached = 0;
  private readonly waiters = new Set<{ position: number; resolve: (reached: boolean) => void }>();

  get current(): number {
    return this.reached;
  }

  advance(position: number): void {
    this.reached = position;
    for (const waiter of this.waiters) {
      if (waiter.position > position) continue;
      this.waiters.delete(waiter);
      waiter.resolve(true);
    }
  }

  /**
   * Resolves true once `position` is passed, or false after `timeoutMs` when one is given; with 0, at
   * once (a question, not a wait: no timer, whose turn of the event loop comes only after the I/O).
   */
  waitFor(position: number, timeoutMs?: number): Promise<boolean> {
    if (position <= this.reached) return Promise.resolve(true);
    if (timeoutMs === 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = { position, resolve };
      this.waiters.add(waiter);
      if (timeoutMs === undefined) return;
      setTimeout(() => {
        if (this.waiters.delete(waiter)) resolve(false);
      }, timeoutMs).unref();
    });
  }
}
