import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, eventMetadata } from '@fahrplan/platform';
import type { EventStore, IdAllocator } from '@fahrplan/platform';
import { interrupted, refusal } from '../testing/interrupted-store';
import { EventStoreLookups } from '../infrastructure/event-store-lookups';
import { AggregateRunner } from '../infrastructure/aggregate-runner';
import { RescheduleHandler } from './reschedule.handlers';
import { RescheduleMessage } from '../infrastructure/command-message';

/*
 * The reschedule flow's own cases, which HTTP cannot time (docs/design/scheduling.md): an item changed
 * by someone else between the decision and its step, and a crash between the commit and the last step.
 */
describe('Reschedule over the item streams (SQLite event store)', () => {
  let dir: string;
  let store: SqliteEventStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fahrplan-reschedule-'));
    store = new SqliteEventStore(join(dir, 'events.db'));
    const append = (stream: string, type: string, data: unknown) =>
      store.append(
        stream,
        [
          {
            id: randomUUID(),
            type,
            data,
            metadata: eventMetadata({ tenant: 'acme', user: 'alice', timestamp: '2031-01-01T00:00:00.000Z' }),
          },
        ],
        'any',
      );
    await append('group-7', 'GroupCreated', { id: 7, title: 'Automatic', scheduling: 'automatic' });
    const task = (id: number, start: string, end: string) =>
      append(`item-${id}`, 'ItemCreated', { id, title: `T${id}`, group: 7, subgroup: 'tasks', start, end });
    await task(1, '2031-04-07T00:00', '2031-04-09T00:00');
    await task(2, '2031-04-09T00:00', '2031-04-11T00:00');
    await append('dependencies-acme', 'DependencyAdded', {
      id: 9,
      predecessor: 1,
      successor: 2,
      type: 'finish-to-start',
      lag: 0,
    });
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The handler on `events`, which may stand in for the store to time a concurrent change or a crash. */
  const handlerOn = (events: EventStore) => {
    const runner = new AggregateRunner(events, {} as IdAllocator);
    const lookups = new EventStoreLookups(events, {
      laneItems: () => Promise.resolve(0),
      highestRank: () => Promise.resolve(null),
    });
    return Object.assign(new RescheduleHandler(), { runner, lookups });
  };
  const command = {
    id: randomUUID(),
    moves: [{ item: 1, version: 0, start: '2031-04-08T00:00', end: '2031-04-10T00:00' }],
    cascade: true,
    backward: false,
  };
  const message = () =>
    new RescheduleMessage(command, { tenant: 'acme', user: 'alice', commandType: 'Reschedule' });
  const types = async (stream: string) => (await store.readStream(stream)).map((e) => [e.type, e.data]);

  it('reverts the steps done and records the reversal when an item changed after the decision', async () => {
    const concurrent = () =>
      store.append(
        'item-2',
        [
          {
            id: randomUUID(),
            type: 'ItemUpdated',
            data: { id: 2, changes: { title: 'Renamed' } },
            metadata: eventMetadata({ tenant: 'acme', user: 'bob', timestamp: '2031-01-01T00:00:00.000Z' }),
          },
        ],
        0,
      );

    const error = await refusal(handlerOn(interrupted(store, 'item-2', concurrent)).execute(message()));

    expect(error.code).toBe('conflict');
    expect(error.message).toBe('changed meanwhile by someone else: Renamed');
    expect((await types('item-1')).slice(1)).toEqual([
      ['ItemUpdated', { id: 1, changes: { start: '2031-04-08T00:00', end: '2031-04-10T00:00' } }],
      ['ItemUpdated', { id: 1, changes: { start: '2031-04-07T00:00', end: '2031-04-09T00:00' } }],
    ]);
    const [commit, reversal] = await store.readStream(`schedule-${command.id}`);
    expect(commit!.data).toMatchObject({ moves: [{ item: 1 }, { item: 2, start: '2031-04-10T00:00' }] });
    // every item where its own stream has it now: the read model shows the whole change undone
    expect(reversal!.data).toMatchObject({
      reverts: command.id,
      moves: [
        { item: 1, start: '2031-04-07T00:00', end: '2031-04-09T00:00', version: 2 },
        { item: 2, start: '2031-04-09T00:00', end: '2031-04-11T00:00', version: 1 },
      ],
    });
    // a retry answers the same refusal and stores nothing
    const head = await store.headPosition();
    expect((await refusal(handlerOn(store).execute(message()))).code).toBe('conflict');
    expect(await store.headPosition()).toBe(head);
  });

  it('names every item changed after the decision, and moves none of them', async () => {
    await store.append(
      'item-3',
      [
        {
          id: randomUUID(),
          type: 'ItemCreated',
          data: {
            id: 3,
            title: 'T3',
            group: 7,
            subgroup: 'tasks',
            start: '2031-04-11T00:00',
            end: '2031-04-14T00:00',
          },
          metadata: eventMetadata({ tenant: 'acme', user: 'alice', timestamp: '2031-01-01T00:00:00.000Z' }),
        },
      ],
      'no_stream',
    );
    await store.append(
      'dependencies-acme',
      [
        {
          id: randomUUID(),
          type: 'DependencyAdded',
          data: { id: 10, predecessor: 2, successor: 3, type: 'finish-to-start', lag: 0 },
          metadata: eventMetadata({ tenant: 'acme', user: 'alice', timestamp: '2031-01-01T00:00:00.000Z' }),
        },
      ],
      0,
    );
    const rename = (item: number) =>
      store.append(
        `item-${item}`,
        [
          {
            id: randomUUID(),
            type: 'ItemUpdated',
            data: { id: item, changes: { title: `Renamed ${item}` } },
            metadata: eventMetadata({ tenant: 'acme', user: 'bob', timestamp: '2031-01-01T00:00:00.000Z' }),
          },
        ],
        0,
      );

    const error = await refusal(
      handlerOn(interrupted(store, 'item-2', () => Promise.all([rename(2), rename(3)]))).execute(message()),
    );

    expect(error.message).toBe('changed meanwhile by someone else: Renamed 2, Renamed 3');
    expect((await types('item-1')).map(([type]) => type)).toEqual([
      'ItemCreated',
      'ItemUpdated',
      'ItemUpdated',
    ]);
    for (const item of [2, 3]) expect((await types(`item-${item}`)).map(([type]) => type)).toHaveLength(2);
    const [, reversal] = await store.readStream(`schedule-${command.id}`);
    expect(reversal!.data).toMatchObject({
      moves: [
        { item: 1, start: '2031-04-07T00:00', version: 2 },
        { item: 2, start: '2031-04-09T00:00', version: 1 },
        { item: 3, start: '2031-04-11T00:00', version: 1 },
      ],
    });
  });

  it('completes a reschedule committed before a crash when the same command is retried', async () => {
    const crash = () => Promise.reject(new Error('the process died'));
    await expect(handlerOn(interrupted(store, 'item-2', crash)).execute(message())).rejects.toThrow(
      'the process died',
    );
    expect(await types('item-2')).toHaveLength(1);

    const done = await handlerOn(store).execute(message());

    expect(done.moves.map((m) => [m.item, m.version, m.start])).toEqual([
      [1, 1, '2031-04-08T00:00'],
      [2, 1, '2031-04-10T00:00'],
    ]);
    expect(await types('item-1')).toHaveLength(2);
    expect((await types('item-2')).at(-1)).toEqual([
      'ItemUpdated',
      { id: 2, changes: { start: '2031-04-10T00:00', end: '2031-04-16T00:00' } },
    ]);
  });
});
