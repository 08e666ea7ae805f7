/**
 * A named, time-limited lease, so that of several projection-service instances one projects and the
 * others stand by. Every call is a compare-and-set on the stored holder and expiry; the clock is the
 * caller's, so instances need clocks within a small fraction of the TTL of each other.
 */
export interface Lease {
  /** Takes the lease when it is free or expired, or extends it for its holder; true when `owner` holds it now. */
  acquire(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Extends the lease only while `owner` still holds it; false once someone else took it or it was released. */
  renew(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `owner` holds it, so a standby can take over at once. */
  release(name: string, owner: string): Promise<void>;
}

/** What a lease store keeps per name. */
export interface LeaseRecord {
  readonly owner: string;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}
