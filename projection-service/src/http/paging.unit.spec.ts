import { DomainError } from '@fahrplan/contracts';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { pageOf, pageRequest } from './paging';
import type { SortOrder } from './paging';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('pageRequest', () => {
  it('defaults to 100 and takes up to 1,000', () => {
    expect(pageRequest(undefined, undefined)).toEqual({ limit: 100, after: null });
    expect(pageRequest('1000', undefined).limit).toBe(1000);
  });

  it('refuses a limit above 1,000, naming the limit', () => {
    expect(refusal(() => pageRequest('1001', undefined))).toEqual({
      code: 'validation',
      details: { fieldErrors: [{ field: 'limit', message: 'at most 1000' }] },
    });
  });

  it.each(['', '0', '-1', '1.5', 'ten', '99999999999'])('refuses the limit "%s"', (limit) => {
    expect(refusal(() => pageRequest(limit, undefined))).toMatchObject({
      details: { fieldErrors: [{ field: 'limit' }] },
    });
  });

  it.each([
    'not-base64-json',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('[1]').toString('base64url'),
  ])('refuses the cursor %s, naming the cursor', (cursor) => {
    expect(refusal(() => pageRequest(undefined, cursor))).toMatchObject({
      details: { fieldErrors: [{ field: 'cursor' }] },
    });
  });
});

describe('pageOf', () => {
  // ties on _name and _rank, so the order needs every key and the id to be total
  const docs = Array.from({ length: 57 }, (_, i) => ({
    _id: String(1000 + ((i * 37) % 57)),
    _position: i + 1,
    tenant: i % 5 === 0 ? 'other' : 'acme',
    _name: `name-${i % 7}`,
    _rank: i % 3,
  }));
  const order: SortOrder = [
    ['_name', 1],
    ['_rank', -1],
  ];
  const expected = docs
    .filter((d) => d.tenant === 'acme')
    .sort((a, b) => a._name.localeCompare(b._name) || b._rank - a._rank || a._id.localeCompare(b._id))
    .map((d) => d._id);

  const walk = async (store: MemoryReadStore, limit: number, between?: (page: number) => Promise<void>) => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const { docs: got, nextCursor } = await pageOf(
        store,
        'things',
        { tenant: 'acme' },
        order,
        pageRequest(String(limit), cursor),
      );
      expect(got.length).toBeLessThanOrEqual(limit);
      seen.push(...got.map((d) => d._id));
      if (nextCursor === null) return seen;
      cursor = nextCursor;
      await between?.(page);
    }
    throw new Error('the pages did not end');
  };

  it.each([1, 7, 45, 46, 100])('walks every document once, in order, in pages of %i', async (limit) => {
    const store = new MemoryReadStore();
    for (const doc of docs) await store.put('things', doc);
    await expect(walk(store, limit)).resolves.toEqual(expected);
  });

  it('merges disjoint filters (own and shared records) into one order, page by page', async () => {
    const store = new MemoryReadStore();
    for (const doc of docs) await store.put('things', doc);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await pageOf(
        store,
        'things',
        [{ tenant: 'acme' }, { tenant: 'other' }],
        order,
        pageRequest('8', cursor),
      );
      seen.push(...page.docs.map((d) => d._id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const all = [...docs]
      .sort((a, b) => a._name.localeCompare(b._name) || b._rank - a._rank || a._id.localeCompare(b._id))
      .map((d) => d._id);
    expect(seen).toEqual(all);
  });

  it('shows a document written behind the cursor on no page and one written ahead on a later page', async () => {
    const store = new MemoryReadStore();
    for (const doc of docs) await store.put('things', doc);
    const seen = await walk(store, 10, async (page) => {
      if (page !== 0) return;
      await store.put('things', { _id: '0001', _position: 100, tenant: 'acme', _name: 'name-0', _rank: 9 });
      await store.put('things', { _id: '9999', _position: 101, tenant: 'acme', _name: 'name-6', _rank: 0 });
    });
    expect(seen).toEqual([...expected, '9999']);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
