import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, eventMetadata } from '@fahrplan/platform';
import { ItemRanks } from './item-ranks';

const metadata = (tenant: string) =>
  eventMetadata({
    tenant,
    user: 'alice',
    timestamp: '2026-03-02T09:30:00.000Z',
    correlationId: randomUUID(),
  });

describe('ItemRanks on the SQLite event store', () => {
  let dir: string;
  let store: SqliteEventStore;
  let ranks: ItemRanks;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fahrplan-ranks-'));
    store = new SqliteEventStore(join(dir, 'events.db'));
    ranks = new ItemRanks(store, join(dir, 'ranks.db'));
  });

  afterEach(async () => {
    await ranks.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const append = (tenant: string, stream: string, type: string, data: unknown) =>
    store.append(stream, [{ id: randomUUID(), type, data, metadata: metadata(tenant) }], 'any');

  it("follows each project's live item ranks per tenant: created, moved, re-ranked, deleted", async () => {
    await append('acme', 'item-1', 'ItemCreated', { id: 1, group: 7, rank: '0|100000' });
    ranks.onModuleInit();
    await append('acme', 'item-2', 'ItemCreated', { id: 2, group: 7, rank: '0|200000' });
    await append('acme', 'item-3', 'ItemCreated', { id: 3, group: 8, rank: null });
    await append('other', 'item-4', 'ItemCreated', { id: 4, group: 7, rank: '0|900000' });
    await append('acme', 'item-2', 'ItemUpdated', { id: 2, changes: { rank: '0|300000' } });
    await append('acme', 'item-3', 'ItemUpdated', { id: 3, changes: { group: 7 } });
    await append('acme', 'item-1', 'ItemDeleted', { id: 1 });
    await append('acme', 'group-7', 'GroupUpdated', { id: 7, changes: { title: 'x' } });

    expect(await ranks.highestRank('acme', 7)).toBe('0|300000');
    expect(await ranks.highestRank('acme', 8)).toBeNull();
    expect(await ranks.highestRank('other', 7)).toBe('0|900000');
    await append('acme', 'item-2', 'ItemDeleted', { id: 2 });
    expect(await ranks.highestRank('acme', 7)).toBeNull();
  });

  it('reads on from its file after a restart, and builds anew when the log is shorter than the file', async () => {
    await append('acme', 'item-1', 'ItemCreated', { id: 1, group: 7, rank: '0|100000' });
    expect(await ranks.highestRank('acme', 7)).toBe('0|100000');
    await ranks.stop();
    await append('acme', 'item-2', 'ItemCreated', { id: 2, group: 7, rank: '0|200000' });
    ranks = new ItemRanks(store, join(dir, 'ranks.db'));
    expect(await ranks.highestRank('acme', 7)).toBe('0|200000');
    await ranks.stop();

    // the same index file beside a new, shorter log: nothing of the old log's items may remain
    await store.close();
    rmSync(join(dir, 'events.db'));
    store = new SqliteEventStore(join(dir, 'events.db'));
    await append('acme', 'item-3', 'ItemCreated', { id: 3, group: 8, rank: '0|300000' });
    ranks = new ItemRanks(store, join(dir, 'ranks.db'));
    expect(await ranks.highestRank('acme', 7)).toBeNull();
    expect(await ranks.highestRank('acme', 8)).toBe('0|300000');
  });
});
