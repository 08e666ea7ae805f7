import { afterEach } from '@jest/globals';
import { SqliteEventStore } from '@fahrplan/platform';

/**
 * For a spec file: a factory of fresh in-memory event stores (short poll, so subscriptions follow
 * quickly), each closed after its test.
 */
export const memoryEventStores = (): (() => SqliteEventStore) => {
  const opened: SqliteEventStore[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  return () => {
    const store = new SqliteEventStore(':memory:', { pollIntervalMs: 10 });
    opened.push(store);
    return store;
  };
};
