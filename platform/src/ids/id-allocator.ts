import { randomUUID } from 'node:crypto';
import { streamName } from '@fahrplan/contracts';
import type { EventStore } from '../event-store/event-store';
import { WrongExpectedRevisionError } from '../event-store/event-store';
import { eventMetadata } from '../event-store/metadata';

interface BlockReserved {
  readonly first: number;
  readonly last: number;
}

const ALLOCATOR_STREAM = streamName('idblock', 'global');

/**
 * Numeric ids, globally unique across processes: each process reserves a block of ids with one
 * optimistic append and hands them out locally, so the shared stream is touched once per block,
 * not once per id.
 */
export class IdAllocator {
  private next = 0;
  private last = -1;
  private revision: number | 'no_stream' = 'no_stream';
  private highest = 0;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly blockSize = 100,
  ) {}

  async allocate(): Promise<number> {
    while (this.next > this.last) {
      this.pending ??= this.reserve().finally(() => (this.pending = undefined));
      await this.pending;
    }
    return this.next++;
  }

  private async reserve(): Promise<void> {
    for (;;) {
      await this.catchUp();
      const block: BlockReserved = { first: this.highest + 1, last: this.highest + this.blockSize };
      try {
        const result = await this.store.append(
          ALLOCATOR_STREAM,
          [
            {
              id: randomUUID(),
              type: 'IdBlockReserved',
              data: block,
              metadata: eventMetadata({ tenant: '', user: 'system', timestamp: new Date().toISOString() }),
            },
          ],
          this.revision,
        );
        this.revision = result.nextRevision;
        this.highest = block.last;
        this.next = block.first;
        this.last = block.last;
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  }

  private async catchUp(): Promise<void> {
    const from = this.revision === 'no_stream' ? await this.lastRevision() : this.revision + 1;
    for (const event of await this.store.readStream(ALLOCATOR_STREAM, from)) {
      this.highest = Math.max(this.highest, (event.data as BlockReserved).last);
      this.revision = event.revision;
    }
  }

  /**
   * The block stream's last revision (0 when it has none), by single-event reads that double and then
   * halve: each block is reserved after the one before, so the last holds the highest id, and a
   * process's first id reads ~2·log₂(blocks) events instead of every block ever reserved (one per 100
   * ids: 10,000 at a million records).
   */
  private async lastRevision(): Promise<number> {
    const has = async (revision: number) =>
      (await this.store.readStream(ALLOCATOR_STREAM, revision, 1)).length > 0;
    let [low, high] = [0, 1];
    if (!(await has(low))) return 0;
    while (await has(high)) [low, high] = [high, high * 2];
    // low is a revision, high is past the last
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (await has(middle)) low = middle;
      else high = middle;
    }
    return low;
  }
}
