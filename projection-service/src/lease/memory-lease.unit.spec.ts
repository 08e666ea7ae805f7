import { MemoryLease } from './memory-lease';
import { leaseContract } from './testing/lease.contract';

leaseContract('MemoryLease', async (clock) => ({ lease: new MemoryLease(clock), dispose: async () => {} }));
