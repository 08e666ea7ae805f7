import type { ImportPlan } from '@fahrplan/contracts';
import { ImportPreviews } from './import-previews';

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

const upload = (store: ImportPreviews, user: string, rows = 1, tenant = 'demo') =>
  store.keep({ tenant, user, kind: 'applications', fileName: 'f.csv', plan: planOf(rows) });

describe('the kept previews', () => {
  it('are their uploader’s only', () => {
    const store = new ImportPreviews();
    const mine = upload(store, 'ann');
    expect(store.get(mine.id, 'demo', 'ann')).toBe(mine);
    expect(store.get(mine.id, 'demo', 'bob')).toBeUndefined();
    expect(store.get(mine.id, 'other', 'ann')).toBeUndefined();
  });

  it('keep a few per user: an upload beyond drops the user’s oldest, not another’s', () => {
    const store = new ImportPreviews({ perUser: 2, rowsMax: 1000, ttlMs: 60_000 });
    const bobs = upload(store, 'bob');
    const [first, second, third] = [upload(store, 'ann'), upload(store, 'ann'), upload(store, 'ann')];
    expect(store.get(first.id, 'demo', 'ann')).toBeUndefined();
    expect(store.get(second.id, 'demo', 'ann')).toBe(second);
    expect(store.get(third.id, 'demo', 'ann')).toBe(third);
    expect(store.get(bobs.id, 'demo', 'bob')).toBe(bobs);
  });

  it('hold a bounded number of rows over all users: the oldest go first', () => {
    const store = new ImportPreviews({ perUser: 5, rowsMax: 100, ttlMs: 60_000 });
    const old = upload(store, 'ann', 60);
    const recent = upload(store, 'bob', 30);
    const large = upload(store, 'cid', 50);
    expect(store.get(old.id, 'demo', 'ann')).toBeUndefined();
    expect(store.get(recent.id, 'demo', 'bob')).toBe(recent);
    expect(store.get(large.id, 'demo', 'cid')).toBe(large);
  });

  it('expire after their time to live, unless their apply still runs', () => {
    let now = 0;
    const store = new ImportPreviews({ perUser: 5, rowsMax: 100, ttlMs: 1000 }, () => now);
    const idle = upload(store, 'ann');
    const applying = upload(store, 'bob');
    applying.apply = { id: applying.id, status: 'running', total: 1, done: 0, applied: [], failed: [] };
    now = 1001;
    expect(store.get(idle.id, 'demo', 'ann')).toBeUndefined();
    expect(store.get(applying.id, 'demo', 'bob')).toBe(applying);
  });
});
