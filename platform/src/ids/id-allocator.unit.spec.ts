import { SqliteEventStore } from '../event-store/sqlite-event-store';
import type { EventStore } from '../event-store/event-store';
import { IdAllocator } from './id-allocator';

/** `store` with a count of the events its stream reads answered. */
const counting = (store: EventStore) => {
  const read = { events: 0 };
  const counted = new Proxy(store, {
    get: (target, name, receiver) =>
      name === 'readStream'
        ? async (...args: Parameters<EventStore['readStream']>) => {
            const events = await target.readStream(...args);
            read.events += events.length;
            return events;
          }
        : Reflect.get(target, name, receiver),
  });
  return { store: counted, read };
};

describe('the id allocator', () => {
  let store: SqliteEventStore;
  beforeEach(() => {
    store = new SqliteEventStore(':memory:');
  });
  afterEach(() => store.close());

  it('starts a process above every block reserved before, reading the last block, not all of them', async () => {
    const earlier = new IdAllocator(store, 1);
    for (let i = 0; i < 300; i++) await earlier.allocate();
    const { store: counted, read } = counting(store);
    const next = new IdAllocator(counted, 10);
    expect(await next.allocate()).toBe(301);
    expect(await next.allocate()).toBe(302);
    // doubling to 512 and halving back to 299: about 2·log₂(300) single events, not 300
    expect(read.events).toBeLessThanOrEqual(20);
  });

  it('allocates from 1 on an empty log, and blocks of two processes never overlap', async () => {
    const [a, b] = [new IdAllocator(store, 5), new IdAllocator(store, 5)];
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await a.allocate(), await b.allocate());
    expect(ids[0]).toBe(1);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
