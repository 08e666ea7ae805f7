import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@fahrplan/contracts';
import { WrongExpectedRevisionError } from '../event-store';
import type { EventStore, NewEvent } from '../event-store';
import { eventually } from '../../testing/eventually';
import { collect, metadata, newEvent } from './events';

export interface EventStoreFixture {
  readonly store: EventStore;
  readonly dispose: () => Promise<void>;
}

const newEvents = (count: number): NewEvent[] =>
  Array.from({ length: count }, (_, i) => newEvent({ data: { index: i } }));

/**
 * Categories and streams unique to one test, so the suite also runs against a store that other
 * tests (or other suites) write to at the same time, such as a shared EventStoreDB.
 */
const uniqueCategory = () => `test${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const uniqueStream = (category = uniqueCategory()) => `${category}-${randomUUID()}`;

const ids = (events: readonly { id: string }[]) => events.map((event) => event.id);
const positions = (events: readonly StoredEvent[]) => events.map((event) => event.position);

const expectStrictlyIncreasing = (values: readonly number[]) => {
  values.slice(1).forEach((value, i) => expect(value).toBeGreaterThan(values[i]!));
};

async function conflictOf(append: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const error = await append.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
}

/** The event store port's contract (STYLE 18): every adapter runs this very suite. */
export function eventStoreContract(name: string, create: () => Promise<EventStoreFixture>): void {
  describe(`${name} (event store contract)`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;

    beforeEach(async () => {
      fixture = await create();
      store = fixture.store;
    });

    afterEach(async () => {
      await fixture.dispose();
    });

    describe('appending', () => {
      it('starts a new stream with no_stream at revision 0', async () => {
        const stream = uniqueStream();
        const event = newEvent();

        const result = await store.append(stream, [event], 'no_stream');

        expect(result.nextRevision).toBe(0);
        expect(result.position).toBeGreaterThan(0);
        expect(await store.readStream(stream)).toEqual([
          {
            id: event.id,
            type: event.type,
            data: event.data,
            metadata: event.metadata,
            streamId: stream,
            revision: 0,
            position: result.position,
          },
        ]);
      });

      it('appends when the expected revision is the revision of the last event', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent()], 'no_stream');

        const second = await store.append(stream, [newEvent()], 0);
        const third = await store.append(stream, [newEvent()], 1);

        expect(second.nextRevision).toBe(1);
        expect(third.nextRevision).toBe(2);
        expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1, 2]);
      });

      it('rejects a wrong expected revision with the actual one and stores nothing', async () => {
        const stream = uniqueStream();
        await store.append(stream, newEvents(2), 'no_stream');

        const error = await conflictOf(store.append(stream, [newEvent()], 0));

        expect(error).toMatchObject({ streamId: stream, expected: 0, actual: 1 });
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('reports actual -1 when a revision is expected of a stream that does not exist', async () => {
        const stream = uniqueStream();

        const error = await conflictOf(store.append(stream, [newEvent()], 3));

        expect(error).toMatchObject({ streamId: stream, expected: 3, actual: -1 });
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('rejects no_stream when the stream exists', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent()], 'no_stream');

        const error = await conflictOf(store.append(stream, [newEvent()], 'no_stream'));

        expect(error).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 0 });
      });

      it("appends with 'any' whether or not the stream exists", async () => {
        const stream = uniqueStream();

        const first = await store.append(stream, [newEvent()], 'any');
        const second = await store.append(stream, newEvents(2), 'any');

        expect(first.nextRevision).toBe(0);
        expect(second.nextRevision).toBe(2);
      });

      it('appends several events atomically with consecutive revisions and increasing positions', async () => {
        const stream = uniqueStream();
        const events = newEvents(5);

        const result = await store.append(stream, events, 'no_stream');

        const stored = await store.readStream(stream);
        expect(ids(stored)).toEqual(ids(events));
        expect(stored.map((event) => event.revision)).toEqual([0, 1, 2, 3, 4]);
        expectStrictlyIncreasing(positions(stored));
        expect(result).toEqual({ nextRevision: 4, position: stored[4]!.position });
      });

      it('lets exactly one of several concurrent appends with the same expected revision win', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent()], 'no_stream');

        const outcomes = await Promise.allSettled(
          Array.from({ length: 8 }, () => store.append(stream, [newEvent()], 0)),
        );

        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
          expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
        }
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('keeps a conflict of one append from failing concurrent appends to other streams', async () => {
        const [a, b, c] = [uniqueStream(), uniqueStream(), uniqueStream()];
        await store.append(b, [newEvent()], 'no_stream');

        const outcomes = await Promise.allSettled([
          store.append(a, newEvents(2), 'no_stream'),
          store.append(b, newEvents(2), 'no_stream'),
          store.append(c, newEvents(2), 'no_stream'),
        ]);

        expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
        expect(await store.readStream(a)).toHaveLength(2);
        expect(await store.readStream(b)).toHaveLength(1);
        expect(await store.readStream(c)).toHaveLength(2);
      });
    });

    describe('appending to many streams at once', () => {
      it('appends to each stream as append does and answers each result in order', async () => {
        const [a, b] = [uniqueStream(), uniqueStream()];
        await store.append(b, [newEvent()], 'no_stream');
        const [toA, toB] = [newEvents(2), newEvents(1)];

        const outcomes = await store.appendMany([
          { streamId: a, events: toA, expected: 'no_stream' },
          { streamId: b, events: toB, expected: 0 },
        ]);

        const [storedA, storedB] = [await store.readStream(a), await store.readStream(b)];
        expect(ids(storedA)).toEqual(ids(toA));
        expect(ids(storedB.slice(1))).toEqual(ids(toB));
        expect(outcomes).toEqual([
          { status: 'fulfilled', value: { nextRevision: 1, position: storedA[1]!.position } },
          { status: 'fulfilled', value: { nextRevision: 1, position: storedB[1]!.position } },
        ]);
      });

      it('refuses only the appends whose expected revision is wrong, and stores nothing of them', async () => {
        const [a, b, c] = [uniqueStream(), uniqueStream(), uniqueStream()];
        await store.append(b, [newEvent()], 'no_stream');

        const outcomes = await store.appendMany(
          [a, b, c].map((streamId) => ({ streamId, events: newEvents(2), expected: 'no_stream' as const })),
        );

        expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
        expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ streamId: b, actual: 0 });
        expect(await store.readStream(a)).toHaveLength(2);
        expect(await store.readStream(b)).toHaveLength(1);
        expect(await store.readStream(c)).toHaveLength(2);
      });

      it('recognises a retry, whole or after some appends were stored, and stores nothing twice', async () => {
        const appends = [uniqueStream(), uniqueStream(), uniqueStream()].map((streamId) => ({
          streamId,
          events: newEvents(2),
          expected: 'no_stream' as const,
        }));
        const early = await store.append(appends[1]!.streamId, appends[1]!.events, 'no_stream');

        const first = await store.appendMany(appends);
        const retry = await store.appendMany(appends);

        expect(first.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        expect((first[1] as PromiseFulfilledResult<unknown>).value).toEqual(early);
        expect(retry).toEqual(first);
        for (const { streamId, events } of appends)
          expect(ids(await store.readStream(streamId))).toEqual(ids(events));
      });

      it('answers nothing for no appends', async () => {
        expect(await store.appendMany([])).toEqual([]);
      });
    });

    describe('retrying an append (idempotency by event ids)', () => {
      it('returns the earlier result and stores the events once', async () => {
        const stream = uniqueStream();
        const events = newEvents(3);
        const first = await store.append(stream, events, 'no_stream');

        const retry = await store.append(stream, events, 'no_stream');

        expect(retry).toEqual(first);
        expect(ids(await store.readStream(stream))).toEqual(ids(events));
      });

      it('recognises a retry after the stream has moved on, whatever revision it expects', async () => {
        const stream = uniqueStream();
        const events = newEvents(2);
        await store.append(stream, [newEvent()], 'no_stream');
        const first = await store.append(stream, events, 0);
        await store.append(stream, [newEvent()], 2);

        expect(await store.append(stream, events, 0)).toEqual(first);
        expect(await store.append(stream, events, 'any')).toEqual(first);
        expect(await store.readStream(stream)).toHaveLength(4);
      });

      it('rejects an append of which only some events are stored already, and stores nothing', async () => {
        const stream = uniqueStream();
        const stored = newEvent();
        await store.append(stream, [stored], 'no_stream');

        await expect(store.append(stream, [newEvent(), stored], 'any')).rejects.toThrow();

        expect(ids(await store.readStream(stream))).toEqual([stored.id]);
      });
    });

    describe('reading', () => {
      it('reads a stream from a revision on', async () => {
        const stream = uniqueStream();
        const events = newEvents(4);
        await store.append(stream, events, 'no_stream');

        const fromTwo = await store.readStream(stream, 2);

        expect(ids(fromTwo)).toEqual(ids(events.slice(2)));
        expect(fromTwo.map((event) => event.revision)).toEqual([2, 3]);
      });

      it('reads at most maxCount events of a stream', async () => {
        const stream = uniqueStream();
        const events = newEvents(4);
        await store.append(stream, events, 'no_stream');

        expect(ids(await store.readStream(stream, 1, 2))).toEqual(ids(events.slice(1, 3)));
        expect(ids(await store.readStream(stream, 0, 9))).toEqual(ids(events));
      });

      it('reads a stream that does not exist as empty', async () => {
        expect(await store.readStream(uniqueStream())).toEqual([]);
      });

      it('reads many streams at once, each from its revision on, in the order asked', async () => {
        const [a, b, missing] = [uniqueStream(), uniqueStream(), uniqueStream()];
        const [eventsA, eventsB] = [newEvents(3), newEvents(2)];
        await store.appendMany([
          { streamId: a, events: eventsA, expected: 'no_stream' },
          { streamId: b, events: eventsB, expected: 'no_stream' },
        ]);

        const read = await store.readStreams([
          { streamId: b, fromRevision: 0 },
          { streamId: missing, fromRevision: 0 },
          { streamId: a, fromRevision: 1 },
          { streamId: b, fromRevision: 2 },
        ]);

        expect(read.map(ids)).toEqual([ids(eventsB), [], ids(eventsA.slice(1)), []]);
        expect(read[2]).toEqual(await store.readStream(a, 1));
        expect(await store.readStreams([])).toEqual([]);
      });

      it('reads all events after a position, in position order', async () => {
        const category = uniqueCategory();
        const [a, b] = [uniqueStream(category), uniqueStream(category)];
        const first = await store.append(a, newEvents(2), 'no_stream');
        const events = [newEvent(), newEvent(), newEvent()];
        await store.append(b, [events[0]!], 'no_stream');
        await store.append(a, [events[1]!], 1);
        await store.append(b, [events[2]!], 0);

        const after = await store.readAll({ after: first.position, categories: [category] });

        expect(ids(after)).toEqual(ids(events));
        expect(after.map((event) => event.streamId)).toEqual([b, a, b]);
        expectStrictlyIncreasing(positions(after));
      });

      it('reads the whole log from the start and after its head position', async () => {
        const stream = uniqueStream();
        const result = await store.append(stream, newEvents(2), 'no_stream');

        const all = await store.readAll();
        const afterHead = await store.readAll({ after: await store.headPosition() });

        expect(ids(all.filter((event) => event.streamId === stream))).toHaveLength(2);
        expect(all[all.length - 1]!.position).toBeGreaterThanOrEqual(result.position);
        expectStrictlyIncreasing(positions(all));
        expect(afterHead).toEqual([]);
      });

      it('reads at most maxCount events', async () => {
        const category = uniqueCategory();
        const events = newEvents(5);
        await store.append(uniqueStream(category), events, 'no_stream');

        const page = await store.readAll({ categories: [category], maxCount: 2 });
        const next = await store.readAll({ categories: [category], maxCount: 2, after: page[1]!.position });

        expect(ids(page)).toEqual(ids(events.slice(0, 2)));
        expect(ids(next)).toEqual(ids(events.slice(2, 4)));
      });

      it('filters by category: the stream name before the first dash', async () => {
        const [wanted, alsoWanted, other] = [uniqueCategory(), uniqueCategory(), uniqueCategory()];
        const events = newEvents(4);
        await store.append(uniqueStream(wanted), [events[0]!], 'no_stream');
        await store.append(uniqueStream(other), [newEvent()], 'no_stream');
        await store.append(`${alsoWanted}-with-dashes-${randomUUID()}`, [events[1]!], 'no_stream');
        await store.append(`${wanted}x-${randomUUID()}`, [newEvent()], 'no_stream');
        await store.append(uniqueStream(wanted), events.slice(2), 'no_stream');

        const one = await store.readAll({ categories: [wanted] });
        const two = await store.readAll({ categories: [wanted, alsoWanted] });
        const limited = await store.readAll({ categories: [alsoWanted, wanted], maxCount: 3 });

        expect(ids(one)).toEqual(ids([events[0]!, events[2]!, events[3]!]));
        expect(ids(two)).toEqual(ids(events));
        expect(ids(limited)).toEqual(ids(events.slice(0, 3)));
      });

      it('gives every event a greater position than all events appended before it, across streams', async () => {
        const category = uniqueCategory();
        const results = [];
        for (let i = 0; i < 6; i += 1) {
          results.push(await store.append(uniqueStream(category), [newEvent()], 'no_stream'));
        }

        expectStrictlyIncreasing(results.map((result) => result.position));
        expect(positions(await store.readAll({ categories: [category] }))).toEqual(
          results.map((result) => result.position),
        );
      });

      it('reports the head position: the position of the newest event', async () => {
        const before = await store.headPosition();

        const result = await store.append(uniqueStream(), newEvents(3), 'no_stream');

        expect(result.position).toBeGreaterThan(before);
        expect(await store.headPosition()).toBeGreaterThanOrEqual(result.position);
      });

      it('round-trips data and metadata: nested objects, arrays, numbers, unicode', async () => {
        const stream = uniqueStream();
        const event = newEvent({
          type: 'GroupSaved',
          data: {
            name: 'Fahrplan – Übersicht 2025 ✓ 计划 🚆',
            nested: { deep: { list: [1, 2.5, -3, { flag: true }, null], empty: {} } },
            quote: 'say "hi"\n\ttab \\ backslash',
            count: 0,
            negative: -42,
          },
          metadata: metadata({ user: 'jürgen.müller', source: 'flow:save-project/step-2', schemaVersion: 3 }),
        });

        await store.append(stream, [event], 'no_stream');
        const [stored] = await store.readStream(stream);
        const [fromAll] = await store.readAll({ categories: [stream.slice(0, stream.indexOf('-'))] });

        expect(stored).toMatchObject({ type: event.type, data: event.data, metadata: event.metadata });
        expect(fromAll).toEqual(stored);
      });
      it("reads an event of an older schema version in today's shape: stream, all and subscription alike", async () => {
        // a ProjectShared of version 1, as stores written before version 2 hold it (no status)
        const category = uniqueCategory();
        const stream = uniqueStream(category);
        const event = newEvent({
          type: 'ProjectShared',
          data: { id: 7, tenant: 'other' },
          metadata: metadata({ schemaVersion: 1 }),
        });
        await store.append(stream, [event], 'no_stream');
        const today = { data: { id: 7, tenant: 'other', status: 'PENDING' }, metadata: { schemaVersion: 2 } };

        const [stored] = await store.readStream(stream);
        const [fromAll] = await store.readAll({ categories: [category] });
        const subscription = store.subscribe({ categories: [category] });
        const received = collect(subscription);
        await eventually(() => expect(received.events).toHaveLength(1));
        await subscription.close();

        for (const read of [stored, fromAll, received.events[0]]) expect(read).toMatchObject(today);
      });
    });

    describe('subscribing', () => {
      it('catches up from a position, then delivers live appends in order, without gaps or duplicates', async () => {
        const category = uniqueCategory();
        const stream = uniqueStream(category);
        const skipped = await store.append(stream, newEvents(2), 'no_stream');
        const caughtUp = newEvents(3);
        await store.append(stream, caughtUp, 1);
        const subscription = store.subscribe({ after: skipped.position, categories: [category] });
        const received = collect(subscription);

        await eventually(() => expect(ids(received.events)).toEqual(ids(caughtUp)));
        const live = newEvents(20);
        await Promise.all(
          live.map((event, i) =>
            store.append(uniqueStream(category), [event], i % 2 === 0 ? 'no_stream' : 'any'),
          ),
        );
        await store.append(stream, newEvents(2), 4);

        const expected = await store.readAll({ after: skipped.position, categories: [category] });
        expect(expected).toHaveLength(25);
        await eventually(() => expect(positions(received.events)).toEqual(positions(expected)));
        expect(received.events).toEqual(expected);
        await subscription.close();
        await received.ended;
      });

      it('hands over batches of at most maxCount events, in order, without gaps or duplicates', async () => {
        const category = uniqueCategory();
        const start = await store.headPosition();
        await store.append(uniqueStream(category), newEvents(5), 'no_stream');
        await store.appendMany(
          [uniqueStream(category), uniqueStream(category)].map((streamId) => ({
            streamId,
            events: newEvents(2),
            expected: 'no_stream' as const,
          })),
        );
        const expected = await store.readAll({ after: start, categories: [category] });
        const subscription = store.subscribe({ after: start, categories: [category] });

        const batches: StoredEvent[][] = [];
        while (batches.flat().length < expected.length) batches.push(await subscription.nextBatch(4));
        await subscription.close();

        for (const batch of batches) expect(batch.length).toBeGreaterThanOrEqual(1);
        for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(4);
        expect(batches.flat()).toEqual(expected);
        await expect(subscription.nextBatch(4)).resolves.toEqual([]);
      });

      it('delivers only the subscribed categories', async () => {
        const [wanted, other] = [uniqueCategory(), uniqueCategory()];
        const start = await store.append(uniqueStream(other), [newEvent()], 'no_stream');
        const subscription = store.subscribe({ after: start.position, categories: [wanted] });
        const received = collect(subscription);

        const events = newEvents(3);
        await store.append(uniqueStream(wanted), [events[0]!], 'no_stream');
        await store.append(uniqueStream(other), newEvents(2), 'no_stream');
        await store.append(uniqueStream(wanted), events.slice(1), 'no_stream');
        const marker = await store.append(uniqueStream(other), [newEvent()], 'no_stream');

        await eventually(() => expect(ids(received.events)).toEqual(ids(events)));
        // Events of the other category up to the marker have been passed over, not delayed.
        expect(received.events.every((event) => event.position < marker.position)).toBe(true);
        await subscription.close();
        await received.ended;
        expect(ids(received.events)).toEqual(ids(events));
      });

      it('subscribes from the start of the log when no position is given', async () => {
        const category = uniqueCategory();
        const events = newEvents(2);
        await store.append(uniqueStream(category), events, 'no_stream');
        const subscription = store.subscribe({ categories: [category] });
        const received = collect(subscription);

        await eventually(() => expect(ids(received.events)).toEqual(ids(events)));
        await subscription.close();
        await received.ended;
      });

      it('ends a pending iteration when closed', async () => {
        const subscription = store.subscribe({
          after: await store.headPosition(),
          categories: [uniqueCategory()],
        });
        const iterator = subscription[Symbol.asyncIterator]();
        const pending = iterator.next();

        await subscription.close();

        await expect(pending).resolves.toEqual({ done: true, value: undefined });
        await expect(iterator.next()).resolves.toEqual({ done: true, value: undefined });
      });

      it('closes when a for-await loop breaks', async () => {
        const category = uniqueCategory();
        await store.append(uniqueStream(category), newEvents(3), 'no_stream');
        const subscription = store.subscribe({ categories: [category] });

        const seen: StoredEvent[] = [];
        for await (const event of subscription) {
          seen.push(event);
          if (seen.length === 2) break;
        }

        expect(seen).toHaveLength(2);
        await expect(subscription[Symbol.asyncIterator]().next()).resolves.toEqual({
          done: true,
          value: undefined,
        });
      });
    });
  });
}
