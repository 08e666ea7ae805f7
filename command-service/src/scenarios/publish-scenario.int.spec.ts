import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenarioRecordsStream, scenarioStreamName } from '@fahrplan/contracts';
import { SqliteEventStore, eventMetadata } from '@fahrplan/platform';
import type { DirectoryCache, EventStore, IdAllocator } from '@fahrplan/platform';
import { AggregateRunner } from '../infrastructure/aggregate-runner';
import { interrupted, refusal } from '../testing/interrupted-store';
import { PublishScenarioMessage } from '../infrastructure/command-message';
import { PublishScenarioHandler } from './publish-scenario.handler';

/*
 * The publish's own cases, which HTTP cannot time (docs/design/scenarios.md "Publishing"): a live change
 * between the decision and a step, of a field the step sets (compensated) or of another (the step
 * follows it), and a crash between the commit and the last step (a retry completes it).
 */
describe('PublishScenario over the live streams (SQLite event store)', () => {
  let dir: string;
  let store: SqliteEventStore;

  const metadata = (extra: Record<string, unknown> = {}) => ({
    ...eventMetadata({ tenant: 'acme', user: 'alice', timestamp: '2031-01-01T00:00:00.000Z' }),
    ...extra,
  });
  const append = (stream: string, type: string, data: unknown, extra?: Record<string, unknown>) =>
    store.append(stream, [{ id: randomUUID(), type, data, metadata: metadata(extra) }], 'any');

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fahrplan-publish-'));
    store = new SqliteEventStore(join(dir, 'events.db'));
    await append('scenario-17', 'ScenarioCreated', {
      id: 17,
      name: 'Q3 cut',
      description: null,
      from: '2031-01-01T00:00:00.000Z',
    });
    const task = (id: number) =>
      append(`item-${id}`, 'ItemCreated', {
        id,
        title: `T${id}`,
        group: 7,
        subgroup: 'tasks',
        start: '2031-04-07T00:00',
        end: '2031-04-09T00:00',
      });
    await task(1);
    await task(2);
    // the scenario moves both tasks, each decided on live revision 0, noted as the runner notes them
    for (const id of [1, 2]) {
      await append(scenarioRecordsStream(17), 'ScenarioRecordNoted', { stream: `item-${id}` });
      await append(
        scenarioStreamName(17, `item-${id}`),
        'ItemUpdated',
        { id, changes: { start: '2031-07-07T00:00', end: '2031-07-09T00:00' } },
        { base: 0, command: 'SaveItem' },
      );
    }
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const directory = {
    user: () => ({ permissions: { items: ['VIEW', 'EDIT'], scenarios: ['VIEW', 'EDIT'] } }),
  } as unknown as DirectoryCache;
  /** The handler on `events`, which may stand in for the store to time a concurrent change or a crash. */
  const handlerOn = (events: EventStore) =>
    Object.assign(new PublishScenarioHandler(), {
      runner: new AggregateRunner(events, {} as IdAllocator),
      directory,
    });
  const message = () =>
    new PublishScenarioMessage(
      { id: 17, version: 0 },
      { tenant: 'acme', user: 'alice', commandType: 'PublishScenario' },
    );
  const changes = async (stream: string) =>
    (await store.readStream(stream)).slice(1).map((e) => [e.type, (e.data as { changes?: unknown }).changes]);
  const liveChange = (changes: Record<string, unknown>) => () =>
    store.append(
      'item-2',
      [
        {
          id: randomUUID(),
          type: 'ItemUpdated',
          data: { id: 2, changes },
          metadata: eventMetadata({ tenant: 'acme', user: 'bob', timestamp: '2031-01-01T00:00:00.000Z' }),
        },
      ],
      0,
    );

  it('reverts the steps done and reopens the scenario when a live change of the same field overtook a step', async () => {
    const error = await refusal(
      handlerOn(interrupted(store, 'item-2', liveChange({ start: '2031-05-05T00:00' }))).execute(message()),
    );

    expect(error.details.reason).toMatchObject({ code: 'scenario-conflict' });
    expect(error.details.extensions).toMatchObject({
      records: [{ kind: 'item', id: 2, conflicts: [{ field: 'start', live: '2031-05-05T00:00' }] }],
    });
    // item 1 moved and moved back; item 2 kept the live change only
    expect(await changes('item-1')).toEqual([
      ['ItemUpdated', { start: '2031-07-07T00:00', end: '2031-07-09T00:00' }],
      ['ItemUpdated', { start: '2031-04-07T00:00', end: '2031-04-09T00:00' }],
    ]);
    expect(await changes('item-2')).toEqual([['ItemUpdated', { start: '2031-05-05T00:00' }]]);
    expect((await store.readStream('scenario-17')).map((e) => e.type)).toEqual([
      'ScenarioCreated',
      'ScenarioPublished',
      'ScenarioPublishReverted',
    ]);
    const [, moved] = await store.readStream('item-1');
    expect(moved!.metadata).toMatchObject({ source: 'scenario:17', command: 'PublishScenario' });

    // a retry of the same version answers the same refusal and stores nothing
    const head = await store.headPosition();
    expect((await refusal(handlerOn(store).execute(message()))).details.reason).toMatchObject({
      code: 'scenario-conflict',
    });
    expect(await store.headPosition()).toBe(head);
  });

  it('lets a step follow a live change of other fields that came after the decision', async () => {
    const done = await handlerOn(interrupted(store, 'item-2', liveChange({ title: 'Renamed' }))).execute(
      message(),
    );

    expect(done).toMatchObject({ id: 17, version: 1 });
    expect(await changes('item-2')).toEqual([
      ['ItemUpdated', { title: 'Renamed' }],
      ['ItemUpdated', { start: '2031-07-07T00:00', end: '2031-07-09T00:00' }],
    ]);
  });

  it('completes a publish committed before a crash when the same command is retried', async () => {
    const crash = () => Promise.reject(new Error('the process died'));
    await expect(handlerOn(interrupted(store, 'item-2', crash)).execute(message())).rejects.toThrow(
      'the process died',
    );
    expect(await changes('item-2')).toEqual([]);

    const done = await handlerOn(store).execute(message());

    expect(done).toMatchObject({ id: 17, version: 1 });
    expect(await changes('item-1')).toHaveLength(1);
    expect(await changes('item-2')).toEqual([
      ['ItemUpdated', { start: '2031-07-07T00:00', end: '2031-07-09T00:00' }],
    ]);
  });
});
