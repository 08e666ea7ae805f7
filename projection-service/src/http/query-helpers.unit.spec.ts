import { DomainError } from '@fahrplan/contracts';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { liveRecord, recordView } from './query-helpers';

const storeWith = async (...docs: Record<string, unknown>[]) => {
  const store = new MemoryReadStore();
  for (const [index, doc] of docs.entries())
    await store.put('baselines', { _id: String(doc.id), _position: index + 1, ...doc });
  return store;
};

const notFoundCode = async (answer: Promise<unknown>) => {
  const error: unknown = await answer.catch((e: unknown) => e);
  return error instanceof DomainError ? { code: error.code, message: error.message } : error;
};

describe('liveRecord', () => {
  it("answers a live record of the caller's tenant", async () => {
    const store = await storeWith({ id: 7, tenant: 'acme', deleted: false, name: 'Q1' });
    const doc = await liveRecord(store, 'baselines', 'acme', '7', 'baseline');
    expect(recordView(doc)).toEqual({ id: 7, name: 'Q1' });
  });

  it.each([
    ['deleted', { id: 7, tenant: 'acme', deleted: true }, '7'],
    ['without the live flag', { id: 7, tenant: 'acme' }, '7'],
    ["another tenant's", { id: 7, tenant: 'globex', deleted: false }, '7'],
    ['unknown', { id: 7, tenant: 'acme', deleted: false }, '8'],
    ['asked by a name', { id: 7, tenant: 'acme', deleted: false }, 'Q1'],
    ['asked by a 16-digit id', { id: 7, tenant: 'acme', deleted: false }, '1234567890123456'],
  ])('answers a record %s with 404 naming the kind', async (_case, doc, id) => {
    const store = await storeWith(doc);
    expect(await notFoundCode(liveRecord(store, 'baselines', 'acme', id, 'baseline'))).toEqual({
      code: 'not_found',
      message: 'baseline not found',
    });
  });
});
