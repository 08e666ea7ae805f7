import { EsdbEventStore } from './esdb-event-store';
import { EsdbEmulator } from './testing/esdb-emulator';
import { eventually } from '../testing/eventually';
import { eventStoreContract } from './testing/event-store.contract';
import { collect, newEvent } from './testing/events';

/**
 * The contract suite on an in-memory emulation of EventStoreDB's semantics (testing/esdb-emulator):
 * it checks the adapter's own logic where no server runs. The same suite runs against a real
 * server in esdb-event-store.int.spec.ts wherever one is reachable.
 */
eventStoreContract('EsdbEventStore over an emulated EventStoreDB', async () => {
  const store = new EsdbEventStore(new EsdbEmulator().client(), { pageSize: 3 });
  return { store, dispose: () => store.close() };
});

describe('EsdbEventStore over an emulated EventStoreDB', () => {
  it("passes over EventStoreDB's own events in readAll, headPosition and subscriptions", async () => {
    const server = new EsdbEmulator();
    const store = new EsdbEventStore(server.client(), { pageSize: 2 });
    const received = collect(store.subscribe());

    const ours = await store.append('application-1', [newEvent()], 'no_stream');
    server.writeSystemEvent('$$application-1', '$metadata');
    server.writeSystemEvent('$scavenges', '$scavengeStarted');
    server.writeSystemEvent('application-1', '$probe');

    expect(await store.headPosition()).toBe(ours.position);
    expect((await store.readAll()).map((event) => event.position)).toEqual([ours.position]);
    await eventually(() => expect(received.events.map((event) => event.position)).toEqual([ours.position]));
    await store.close();
    await received.ended;
  });
});
