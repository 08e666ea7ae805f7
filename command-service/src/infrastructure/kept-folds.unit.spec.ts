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
  /** How many reads of the store were made: each `load` or `loadMany` one. */
  let batches = 0;
  const append = (stream: string, tenant = 'acme') => {
    const events = streams.get(stream) ?? [];
    streams.set(stream, [...events, anEvent(stream, events.length, tenant)]);
  };
  const folds = () =>
    new KeptFolds(async (asked) => {
      batches += 1;
      return asked.map(({ streamId: stream, fromRevision: from }) => {
        reads.push({ stream, from });
        return (streams.get(stream) ?? []).filter((event) => event.revision >= from);
      });
    });
  beforeEach(() => {
    streams.clear();
    reads.length = 0;
    batches = 0;
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

  it('loads many streams in one read, each from its kept revision, null for another tenant’s', async () => {
    const kept = folds();
    append('item-5');
    append('item-6');
    append('item-7', 'other');
    await kept.load('item-5', counting, 'acme', 'item');
    append('item-5');
    batches = 0;
    reads.length = 0;

    expect(await kept.loadMany(['item-5', 'item-6', 'item-7', 'item-8'], counting, 'acme')).toEqual([
      { state: { count: 2 }, expected: 1 },
      { state: { count: 1 }, expected: 0 },
      null,
      { state: { count: 0 }, expected: 'no_stream' },
    ]);
    expect(batches).toBe(1);
    expect(reads).toEqual([
      { stream: 'item-5', from: 1 },
      { stream: 'item-6', from: 0 },
      { stream: 'item-7', from: 0 },
      { stream: 'item-8', from: 0 },
    ]);
    expect(await kept.loadMany([], counting, 'acme')).toEqual([]);
  });
});
