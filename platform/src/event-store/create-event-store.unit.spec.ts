import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore, parseEventStoreUrl } from './create-event-store';
import { EsdbEventStore } from './esdb-event-store';
import { SqliteEventStore } from './sqlite-event-store';
import { newEvent } from './testing/events';

describe('parseEventStoreUrl', () => {
  it.each([
    ['esdb://localhost:2113?tls=false', 'esdb://localhost:2113?tls=false'],
    ['esdb+discover://a:2113,b:2113', 'esdb+discover://a:2113,b:2113'],
    ['kurrentdb://admin:changeit@db:2113', 'esdb://admin:changeit@db:2113'],
    ['KurrentDB+discover://db:2113', 'esdb+discover://db:2113'],
    ['  esdb://db:2113  ', 'esdb://db:2113'],
  ])('reads %s as EventStoreDB at %s', (url, connectionString) => {
    expect(parseEventStoreUrl(url)).toEqual({ kind: 'esdb', connectionString });
  });

  it.each([
    ['sqlite:/var/lib/fahrplan/events.db', '/var/lib/fahrplan/events.db'],
    ['sqlite:///var/lib/fahrplan/events.db', '/var/lib/fahrplan/events.db'],
    ['sqlite://data/events.db', 'data/events.db'],
    ['sqlite:events.db', 'events.db'],
    ['sqlite::memory:', ':memory:'],
    ['/var/lib/fahrplan/events.db', '/var/lib/fahrplan/events.db'],
    ['data/events.db', 'data/events.db'],
    [':memory:', ':memory:'],
    ['C:\\fahrplan\\events.db', 'C:\\fahrplan\\events.db'],
  ])('reads %s as the SQLite file %s', (url, path) => {
    expect(parseEventStoreUrl(url)).toEqual({ kind: 'sqlite', path });
  });

  it('rejects empty URLs and other schemes, naming the scheme but not the rest of the URL', () => {
    expect(() => parseEventStoreUrl(' ')).toThrow(/empty/);
    expect(() => parseEventStoreUrl('sqlite:')).toThrow(/names no file/);
    expect(() => parseEventStoreUrl('mongodb://user:s3cret@db:27017')).toThrow(
      /unsupported event store URL scheme mongodb:\/\//,
    );
    expect(() => parseEventStoreUrl('mongodb://user:s3cret@db:27017')).not.toThrow(/s3cret/);
  });
});

describe('createEventStore', () => {
  const directory = mkdtempSync(join(tmpdir(), 'fahrplan-create-event-store-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('opens a working SQLite store for a sqlite: URL', async () => {
    const store = createEventStore(`sqlite:${join(directory, 'events.db')}`);
    try {
      const { position } = await store.append('application-1', [newEvent()], 'no_stream');

      expect(store).toBeInstanceOf(SqliteEventStore);
      expect(await store.headPosition()).toBe(position);
    } finally {
      await store.close();
    }
  });

  it('makes an EventStoreDB store for esdb:// and kurrentdb:// without connecting yet', async () => {
    const stores = [
      createEventStore('esdb://127.0.0.1:1?tls=false'),
      createEventStore('kurrentdb://127.0.0.1:1?tls=false'),
    ];

    for (const store of stores) expect(store).toBeInstanceOf(EsdbEventStore);
    await Promise.all(stores.map((store) => store.close()));
  });
});
