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
    ranks = new ItemRanks(store);
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
    ranks.start();
    await append('acme', 'item-2', 'ItemCreated', { id: 2, group: 7, rank: '0|200000' });
    await append('acme', 'item-3', 'ItemCreated', { id: 3, group: 8, rank: null });
    await append('other', 'item-4', 'ItemCreated', { id: 4, group: 7, rank: '0|900000' });
    await append('acme', 'item-2', 'ItemUpdated', { id: 2, changes: { rank: '0|300000' } });
    await append('acme', 'item-3', 'ItemUpdated', { id: 3, changes: { group: 7 } });
    await append('acme', 'item-1', 'ItemDeleted', { id: 1 });
    // a non-item event moves the position the index has read, too
    const last = await append('acme', 'group-7', 'GroupUpdated', { id: 7, changes: { title: 'x' } });

    expect(await ranks.waitFor(last.position, 5000)).toBe(true);
    expect(ranks.ranksOf('acme', 7).sort()).toEqual(['0|300000', null].sort());
    expect(ranks.ranksOf('acme', 8)).toEqual([]);
    expect(ranks.ranksOf('other', 7)).toEqual(['0|900000']);
  });

  it('answers false when the position is not reached in time', async () => {
    ranks.start();
    expect(await ranks.waitFor(1_000_000, 50)).toBe(false);
  });
});
