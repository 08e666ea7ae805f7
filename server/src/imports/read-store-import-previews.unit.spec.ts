import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportApplyProgress, ImportPlan } from '@fahrplan/contracts';
import { MemoryReadStore, SqliteReadStore } from '@fahrplan/projection-service';
import type { ReadStore } from '@fahrplan/projection-service';
import { ReadStoreImportPreviews, staleApplyMs } from './read-store-import-previews';

/** A plan of `rows` rows, each named after its place, so that order and completeness show. */
const planOf = (rows: number): ImportPlan => ({
  columns: [{ header: 'Name', field: 'name' }] as unknown as ImportPlan['columns'],
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

const running = (id: string, done = 0): ImportApplyProgress => ({
  id,
  status: 'running',
  total: 10,
  done,
  applied: [],
  failed: [],
});

const stores: [string, () => { store: ReadStore; close: () => void }][] = [
  ['the memory read store', () => ({ store: new MemoryReadStore(), close: () => undefined })],
  [
    'the SQLite read store',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'fahrplan-previews-'));
      const store = new SqliteReadStore(join(dir, 'read.db'));
      return { store, close: () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
];

describe.each(stores)('import previews kept in %s', (_name, open) => {
  let store: ReadStore;
  let close: () => void;
  let now: number;
  const limits = { perUser: 2, ttlMs: 60 * 60_000 };
  /** Two command-service instances on one store, each with its own cache of plans. */
  let first: ReadStoreImportPreviews;
  let second: ReadStoreImportPreviews;
  const upload = (on: ReadStoreImportPreviews, user: string, rows = 3, tenant = 'demo') =>
    on.keep({ tenant, user, kind: 'applications', fileName: `${user}.csv`, plan: planOf(rows) });

  beforeEach(() => {
    ({ store, close } = open());
    now = 1_800_000_000_000;
    first = new ReadStoreImportPreviews(store, limits, () => now);
    second = new ReadStoreImportPreviews(store, limits, () => now);
  });
  afterEach(() => close());

  it('hands a preview made on one instance, every row in order, to its uploader on another', async () => {
    const kept = await upload(first, 'ann', 1234);
    const there = await second.get(kept.id, 'demo', 'ann');
    expect(there).toMatchObject({ id: kept.id, kind: 'applications', fileName: 'ann.csv', keptAt: now });
    expect(there!.plan.rows.map((row) => row.name)).toEqual(kept.plan.rows.map((row) => row.name));
    expect(there!.plan.totals).toEqual(kept.plan.totals);
    expect(await second.get(kept.id, 'demo', 'bob')).toBeUndefined();
    expect(await second.get(kept.id, 'other', 'ann')).toBeUndefined();
  });

  it('tells every instance the progress of an apply another instance runs', async () => {
    const kept = await upload(first, 'ann');
    expect((await second.get(kept.id, 'demo', 'ann'))!.apply).toBeUndefined();
    await second.progress(kept, running(kept.id, 4));
    expect((await first.get(kept.id, 'demo', 'ann'))!.apply).toEqual(running(kept.id, 4));
    const done = { ...running(kept.id, 10), status: 'done' as const, position: 42 };
    await second.progress(kept, done);
    expect((await first.get(kept.id, 'demo', 'ann'))!.apply).toEqual(done);
  });

  it('keeps a few per user: an upload beyond replaces the user’s oldest, not another’s', async () => {
    const bobs = await upload(first, 'bob');
    const old = await upload(first, 'ann', 700);
    now += 1;
    const middle = await upload(second, 'ann', 2);
    now += 1;
    const recent = await upload(first, 'ann', 1);
    expect(await second.get(old.id, 'demo', 'ann')).toBeUndefined();
    expect((await second.get(middle.id, 'demo', 'ann'))!.plan.rows).toHaveLength(2);
    expect((await second.get(recent.id, 'demo', 'ann'))!.plan.rows).toHaveLength(1);
    expect(await second.get(bobs.id, 'demo', 'bob')).toBeDefined();
  });

  it('replaces a slot whose apply runs only when every slot’s does', async () => {
    const applying = await upload(first, 'ann');
    await first.progress(applying, running(applying.id));
    now += 1;
    const idle = await upload(first, 'ann');
    now += 1;
    const next = await upload(first, 'ann');
    expect(await first.get(idle.id, 'demo', 'ann')).toBeUndefined();
    expect((await first.get(applying.id, 'demo', 'ann'))!.apply!.status).toBe('running');
    expect(await first.get(next.id, 'demo', 'ann')).toBeDefined();
  });

  it('expire after their time to live, unless their apply still runs', async () => {
    const idle = await upload(first, 'ann');
    const applying = await upload(first, 'bob');
    now += limits.ttlMs - 1000;
    await first.progress(applying, running(applying.id, 1));
    now += 1001;
    expect(await second.get(idle.id, 'demo', 'ann')).toBeUndefined();
    expect((await second.get(applying.id, 'demo', 'bob'))!.apply!.status).toBe('running');
  });

  it('answers an apply whose instance has told nothing for a minute as stopped, to be applied again', async () => {
    const kept = await upload(first, 'ann');
    await first.progress(kept, running(kept.id, 3));
    now += staleApplyMs - 1;
    expect((await second.get(kept.id, 'demo', 'ann'))!.apply!.status).toBe('running');
    now += 2;
    const stopped = (await second.get(kept.id, 'demo', 'ann'))!.apply!;
    expect(stopped).toMatchObject({ status: 'failed', done: 3 });
    expect(stopped.failed).toEqual([expect.objectContaining({ row: 0, status: 503 })]);
  });
});
