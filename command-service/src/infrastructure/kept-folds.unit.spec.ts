import type { DomainEvent, StoredEvent } from '@fahrplan/contracts';
import { KeptFolds } from './kept-folds';

/** A fold that counts the events: a state folded twice from the same events would show. */
const counting = {
  initialState: { count: 0 },
  evolve: (state: { count: number }, _event: DomainEvent) => ({ count: state.count + 1 }),
};

const anEvent = (stream: string, revision: number, tenant = 'acme'): StoredEvent =>
  ({
    id: `${stream}-${revision}`,
    type: 'Counted',
    data: {},
    streamId: stream,
    revision,
    position: revision + 1,
    metadata: {
      tenant,
      user: 'alice',
      correlationId: 'c',
      causationId: 'c',
      timestamp: '',
      schemaVersion: 1,
    },
  }) as StoredEvent;

describe('KeptFolds', () => {
  const streams = new Map<string, StoredEvent[]>();
  const reads: { stream: string; from: number }[] = [];
  const append = (stream: string, tenant = 'acme') => {
    const events = streams.get(stream) ?? [];
    streams.set(stream, [...events, anEvent(stream, events.length, tenant)]);
  };
  const folds = () =>
    new KeptFolds(async (stream, from) => {
      reads.push({ stream, from });
      return (streams.get(stream) ?? []).filter((event) => event.revision >= from);
    });
  beforeEach(() => {
    streams.clear();
    reads.length = 0;
  });

  it("folds a stream once, then only what was appended since, answering the stream's own revision", async () => {
    const kept = folds();
    append('item-1');
    append('item-1');
    expect(await kept.load('item-1', counting, 'acme', 'item')).toEqual({ state: { count: 2 }, expected: 1 });
    expect(await kept.load('item-1', counting, 'acme', 'item')).toEqual({ state: { count: 2 }, expected: 1 });
    append('item-1');
    expect(await kept.load('item-1', counting, 'acme', 'item')).toEqual({ state: { count: 3 }, expected: 2 });
    expect(reads).toEqual([
      { stream: 'item-1', from: 0 },
      { stream: 'item-1', from: 2 },
      { stream: 'item-1', from: 2 },
    ]);
  });

  it('answers the initial state of a stream with no events, and refuses another tenant’s stream', async () => {
    const kept = folds();
    expect(await kept.load('item-2', counting, 'acme', 'item')).toEqual({
      state: { count: 0 },
      expected: 'no_stream',
    });
    append('item-3', 'other');
    await expect(kept.load('item-3', counting, 'acme', 'item')).rejects.toMatchObject({ code: 'not_found' });
    // kept or not, it stays the other tenant's
    await kept.load('item-3', counting, 'other', 'item');
    await expect(kept.load('item-3', counting, 'acme', 'item')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps a fold per decider: another fold of the same stream starts from its own state', async () => {
    const kept = folds();
    append('item-4');
    const doubling = {
      initialState: { count: 0 },
      evolve: (s: { count: number }) => ({ count: s.count + 2 }),
    };
    await kept.load('item-4', counting, 'acme', 'item');
    expect((await kept.load('item-4', doubling, 'acme', 'item')).state).toEqual({ count: 2 });
  });
});
