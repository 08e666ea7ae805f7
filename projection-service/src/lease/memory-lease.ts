import type { Lease, LeaseRecord } from './lease';

/** Leases within one process: for the embedded mode and for tests of several runners. */
export class MemoryLease implements Lease {
  private readonly leases = new Map<string, LeaseRecord>();

  constructor(private readonly clock: () => number = Date.now) {}

  async acquire(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const now = this.clock();
    const current = this.leases.get(name);
    if (current && current.owner !== owner && current.expiresAt >= now) return false;
    this.leases.set(name, { owner, expiresAt: now + ttlMs });
    return true;
  }

  async renew(name: string, owner: string, ttlMs: number): Promise<boolean> {
    if (this.leases.get(name)?.owner !== owner) return false;
    this.leases.set(name, { owner, expiresAt: this.clock() + ttlMs });
    return true;
  }

  async release(name: string, owner: string): Promise<void> {
    if (this.leases.get(name)?.owner === owner) this.leases.delete(name);
  }
}
