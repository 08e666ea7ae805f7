import type { EventStore } from '@fahrplan/platform';
import { applicationCreated, applicationUpdated, fields } from '../applications/testing/application-events';
import { applicationKeys } from '../applications/applications.projection';
import type { ApplicationDoc } from '../applications/applications.projection';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { allProjections } from './all-projections';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { aStoredEvent, freshId } from './testing/stored-event';

describe('ProjectionRunner.apply', () => {
  const noEventStore = {} as EventStore;

  /** Counts the events it saw, so applying one twice would show. */
  const counting: Projection<{ count: number; keys: string[] }> = {
    collection: 'counts',
    version: 1,
    handles: ['Counted', 'Dropped'],
    documentId: () => 'the-one',
    evolve: (doc, event) =>
      event.type === 'Dropped' ? null : { count: (doc?.count ?? 0) + 1, keys: doc ? Object.keys(doc) : [] },
    indexes: [],
  };

  it('stores the document with its id and the position of the event', async () => {
    const store = new MemoryReadStore();
    const id = freshId();
    const created = applicationCreated(id);
    await new ProjectionRunner(noEventStore, store, allProjections).apply(created);
    const document: ApplicationDoc = {
      id,
      ...fields(),
      tenant: 'acme',
      version: 0,
      deleted: false,
      shared: false,
    };
    expect(await store.get('applications', String(id))).toEqual({
      _id: String(id),
      _position: created.position,
      ...document,
      // and the keys of the application list
      ...applicationKeys(document),
    });
  });

  it('applies the same event only once', async () => {
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner(noEventStore, store, [counting as Projection]);
    const event = aStoredEvent({ type: 'Counted', data: {} });
    await runner.apply(event);
    await runner.apply(event);
    expect(await store.get('counts', 'the-one')).toMatchObject({ count: 1 });
  });

  it('ignores an event older than the one the document reflects', async () => {
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner(noEventStore, store, allProjections);
    const id = freshId();
    const created = applicationCreated(id);
    const renamed = applicationUpdated(id, 1, { name: 'Payroll' });
    await runner.apply(created);
    await runner.apply(renamed);
    const before = structuredClone(await store.dump());

    for (const older of [created, applicationUpdated(id, 1, { name: 'Stale' }, created.position), renamed]) {
      await runner.apply(older);
      expect(await store.dump()).toEqual(before);
    }
    expect(await store.get('applications', String(id))).toMatchObject({
      name: 'Payroll',
      _position: renamed.position,
    });
  });

  it('hands the projection the document without _id and _position', async () => {
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner(noEventStore, store, [counting as Projection]);
    await runner.apply(aStoredEvent({ type: 'Counted', data: {} }));
    await runner.apply(aStoredEvent({ type: 'Counted', data: {} }));
    expect(await store.get('counts', 'the-one')).toMatchObject({ count: 2, keys: ['count', 'keys'] });
  });

  it('removes the document when the projection returns null', async () => {
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner(noEventStore, store, [counting as Projection]);
    await runner.apply(aStoredEvent({ type: 'Counted', data: {} }));
    await runner.apply(aStoredEvent({ type: 'Dropped', data: {} }));
    expect(await store.get('counts', 'the-one')).toBeNull();
  });

  it('stores nothing for an event no projection handles', async () => {
    const store = new MemoryReadStore();
    await new ProjectionRunner(noEventStore, store, allProjections).apply(
      aStoredEvent({ type: 'TenantCreated', data: { id: freshId() } }),
    );
    expect(await store.dump()).toEqual({});
  });

  it('applies a reschedule to all its items in one write, and only to the tenant’s own', async () => {
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner(noEventStore, store, allProjections);
    const item = (id: number, tenant = 'acme') =>
      aStoredEvent(
        {
          type: 'ItemCreated',
          data: {
            id,
            title: `Item ${id}`,
            group: 1,
            subgroup: 'tasks',
            start: '2031-04-07T00:00',
            end: '2031-04-09T00:00',
          },
        },
        { metadata: { tenant } },
      );
    const [a, b, foreign] = [freshId(), freshId(), freshId()];
    await runner.apply(item(a));
    await runner.apply(item(b));
    await runner.apply(item(foreign, 'other'));
    const move = (id: number) => ({
      item: id,
      version: 0,
      start: '2031-04-08T00:00',
      end: '2031-04-10T00:00',
      before: { start: '2031-04-07T00:00', end: '2031-04-09T00:00' },
    });
    const writes: number[] = [];
    const write = store.write.bind(store);
    store.write = (docs, checkpoint) => {
      writes.push(docs.length);
      return write(docs, checkpoint);
    };

    await runner.apply(
      aStoredEvent({ type: 'ItemsRescheduled', data: { id: 'r', moves: [move(a), move(b), move(foreign)] } }),
    );

    // the other tenant's item is left as it is, unwritten
    expect(writes).toEqual([2]);
    for (const id of [a, b])
      expect(await store.get('items', String(id))).toMatchObject({
        start: '2031-04-08T00:00',
        end: '2031-04-10T00:00',
        // the version each item's own step will give
        version: 1,
      });
    expect(await store.get('items', String(foreign))).toMatchObject({
      start: '2031-04-07T00:00',
      version: 0,
    });

    // the steps that follow leave the documents as the commit did: nothing is written
    const stepOf = (id: number) =>
      aStoredEvent(
        {
          type: 'ItemUpdated',
          data: { id, changes: { start: '2031-04-08T00:00', end: '2031-04-10T00:00' } },
        },
        { revision: 1 },
      );
    const before = await store.get('items', String(a));
    await runner.applyBatch([stepOf(a), stepOf(b)]);
    expect(writes).toEqual([2]);
    expect(await store.get('items', String(a))).toEqual(before);
    // a later change of the same dates is written as before
    await runner.apply({ ...stepOf(a), revision: 2 });
    expect(await store.get('items', String(a))).toMatchObject({ version: 2 });
  });
});
