import type { ImportPlan } from '@fahrplan/contracts';
import { MemoryImportPreviews } from './import-previews';

/** A plan of `rows` rows (what the store counts), with overridable defaults (STYLE 17). */
const planOf = (rows: number): ImportPlan => ({
  columns: [],
  rows: Array.from({ length: rows }, (_, i) => ({
    row: i + 2,
    action: 'create' as const,
    id: null,
    name: `Row ${i}`,
    changes: [],
    refusals: [],
  })),
  totals: { create: rows, update: 0, unchanged: 0, refuse: 0 },
});

const upload = (store: MemoryImportPreviews, user: string, rows = 1, tenant = 'demo') =>
  store.keep({ tenant, user, kind: 'applications', fileName: 'f.csv', plan: planOf(rows) });

describe('the kept previews in memory', () => {
  it('are their uploader’s only', async () => {
    const store = new MemoryImportPreviews();
    const mine = await upload(store, 'ann');
    expect(await store.get(mine.id, 'demo', 'ann')).toBe(mine);
    expect(await store.get(mine.id, 'demo', 'bob')).toBeUndefined();
    expect(await store.get(mine.id, 'other', 'ann')).toBeUndefined();
  });

  it('keep a few per user: an upload beyond drops the user’s oldest, not another’s', async () => {
    const store = new MemoryImportPreviews({ perUser: 2, rowsMax: 1000, ttlMs: 60_000 });
    const bobs = await upload(store, 'bob');
    const first = await upload(store, 'ann');
    const second = await upload(store, 'ann');
    const third = await upload(store, 'ann');
    expect(await store.get(first.id, 'demo', 'ann')).toBeUndefined();
    expect(await store.get(second.id, 'demo', 'ann')).toBe(second);
    expect(await store.get(third.id, 'demo', 'ann')).toBe(third);
    expect(await store.get(bobs.id, 'demo', 'bob')).toBe(bobs);
  });

  it('hold a bounded number of rows over all users: the oldest go first', async () => {
    const store = new MemoryImportPreviews({ perUser: 5, rowsMax: 100, ttlMs: 60_000 });
    const old = await upload(store, 'ann', 60);
    const recent = await upload(store, 'bob', 30);
    const large = await upload(store, 'cid', 50);
    expect(await store.get(old.id, 'demo', 'ann')).toBeUndefined();
    expect(await store.get(recent.id, 'demo', 'bob')).toBe(recent);
    expect(await store.get(large.id, 'demo', 'cid')).toBe(large);
  });

  it('expire after their time to live, unless their apply still runs', async () => {
    let now = 0;
    const store = new MemoryImportPreviews({ perUser: 5, rowsMax: 100, ttlMs: 1000 }, () => now);
    const idle = await upload(store, 'ann');
    const applying = await upload(store, 'bob');
    await store.progress(applying, {
      id: applying.id,
      status: 'running',
      total: 1,
      done: 0,
      applied: [],
      failed: [],
    });
    now = 1001;
    expect(await store.get(idle.id, 'demo', 'ann')).toBeUndefined();
    expect((await store.get(applying.id, 'demo', 'bob'))?.apply?.status).toBe('running');
  });
});
