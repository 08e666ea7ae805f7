import type { Db, Filter } from 'mongodb';
import { isDuplicateKey } from '../read-store/mongo-read-store';
import type { Lease, LeaseRecord } from './lease';

type LeaseDocument = LeaseRecord & { _id: string };

/**
 * Leases in MongoDB: one document per name in `leases`. Taking one is a single conditional upsert
 * (held by me, or expired); when someone else holds it the filter matches nothing and the upsert
 * collides with the `_id`, which MongoDB reports as a duplicate key.
 */
export class MongoLease implements Lease {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  private get leases() {
    return this.db.collection<LeaseDocument>('leases');
  }

  async acquire(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const now = this.clock();
    const filter: Filter<LeaseDocument> = { _id: name, $or: [{ owner }, { expiresAt: { $lt: now } }] };
    try {
      const taken = await this.leases.findOneAndUpdate(
        filter,
        { $set: { owner, expiresAt: now + ttlMs } },
        { upsert: true, returnDocument: 'after' },
      );
      return taken?.owner === owner;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async renew(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const { matchedCount } = await this.leases.updateOne(
      { _id: name, owner },
      { $set: { expiresAt: this.clock() + ttlMs } },
    );
    return matchedCount === 1;
  }

  async release(name: string, owner: string): Promise<void> {
    await this.leases.deleteOne({ _id: name, owner });
  }
}
