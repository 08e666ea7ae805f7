import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SqliteEventStore } from '@fahrplan/platform';
import type { EventStore, ReadAllOptions } from '@fahrplan/platform';
import { appendEvent, eventually } from '@fahrplan/platform/testing';
import { emptyTrackerWorld, linksOf } from './tracker-world';
import { TrackerWorldFile, trackerWorldFormat, worldToJson } from './tracker-world-checkpoint';
import { TrackerWorldModel } from './tracker-world-model';

/*
 * tracker-sync's world as a read model with a checkpoint, on the real SQLite event store: a restart
 * from the checkpoint folds only the events after it and knows what a fold of the whole log knows.
 */
const sealed = { alg: 'A256GCM', kid: 'k', iv: 'i', tag: 't', data: 'd' };

describe("tracker-sync's world model", () => {
  let dir: string;
  let store: SqliteEventStore;
  let file: string;
  /** Events the models read through readAll, to tell a restart from a fold of the whole log. */
  let read: number;
  let counted: EventStore;

  const append = (tenant: string, stream: string, type: string, data: object) =>
    appendEvent(store, tenant, stream, type, data);
  const connect = (tenant: string, id: number) =>
    append(tenant, `trackerConnection-${id}`, 'TrackerConnectionCreated', {
      id,
      name: `Jira ${id}`,
      baseUrl: 'https://jira.example.com',
      deployment: 'cloud',
      authMode: 'pat',
      email: null,
      secret: sealed,
    });
  const project = (tenant: string, id: number, repository: string | null) =>
    append(tenant, `group-${id}`, 'GroupCreated', {
      id,
      jirarepo: repository ? { id: repository, url: 'x' } : null,
      jiraid: null,
    });
  const item = (tenant: string, id: number, group: number | null, jiraid: string | null = null) =>
    append(tenant, `item-${id}`, 'ItemCreated', { id, group, jiraid, jiragroup: null });
  const link = (tenant: string, id: number, jiraid: string | null) =>
    append(tenant, `item-${id}`, 'ItemUpdated', { id, changes: { jiraid } });

  /** acme (connection 7) and beta (no connection yet), each with projects and items, a few linked. */
  const plan = async () => {
    await connect('acme', 7);
    await project('acme', 1, '7/10000');
    await project('acme', 2, null);
    await project('beta', 3, '8/20000');
    for (let id = 100; id < 160; id++) await item('acme', id, id % 2 ? 1 : 2, id % 10 ? null : `SDESK-${id}`);
    for (let id = 200; id < 230; id++) await item('beta', id, 3, id % 10 ? null : `BETA-${id}`);
    // linked by a change that leaves the project out
    await link('acme', 101, 'SDESK-101');
  };
  /** After a first start: more links, a move, a deletion, and beta's first connection. */
  const later = async () => {
    await link('acme', 103, 'SDESK-103');
    await link('acme', 110, null);
    await append('acme', 'item-120', 'ItemDeleted', { id: 120 });
    await append('acme', 'group-2', 'GroupUpdated', {
      id: 2,
      changes: { jirarepo: { id: '7/10001', url: 'x' } },
    });
    await link('beta', 201, 'BETA-201');
    await connect('beta', 8);
    await link('beta', 202, 'BETA-202');
  };

  const model = (checkpoints = true, saveDelayMs = 60_000) =>
    new TrackerWorldModel({
      store: counted,
      log: () => undefined,
      saveDelayMs,
      ...(checkpoints ? { checkpoints: new TrackerWorldFile(file) } : {}),
    });
  /** The world of a fold of the whole log, without a checkpoint. */
  const fullFold = async () => {
    const full = model(false);
    await full.start();
    return full.world;
  };
  const checkpointPosition = () => (JSON.parse(readFileSync(file, 'utf8')) as { position: number }).position;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fahrplan-tracker-world-'));
    store = new SqliteEventStore(join(dir, 'events.db'));
    file = join(dir, 'tracker-world.json');
    read = 0;
    counted = Object.assign(Object.create(store) as EventStore, {
      readAll: async (options?: ReadAllOptions) => {
        const events = await store.readAll(options);
        read += events.length;
        return events;
      },
    });
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restarts from its checkpoint, reads only the events after it, and knows what a full fold knows', async () => {
    await plan();
    const first = model();
    const head = await first.start();
    await first.stop();
    expect(checkpointPosition()).toBe(head);
    // only the linked: acme's project 1 and items 100..150 by tens, 101; beta is not folded yet
    expect([...first.world.groups.keys()]).toEqual([1]);
    expect([...first.world.items.keys()].sort()).toEqual([100, 101, 110, 120, 130, 140, 150]);
    expect(first.world.items.get(101)?.group).toBe(1);

    // a restart reads the events after the checkpoint, and nothing else
    await link('acme', 111, 'SDESK-111');
    await link('acme', 111, null);
    read = 0;
    const again = model();
    await again.start();
    await again.stop();
    expect(read).toBe(2);
    expect(again.world).toEqual(await fullFold());

    await later();
    const restarted = model();
    await restarted.start();
    // beta's first connection brought its projects and items from the beginning
    expect(restarted.world).toEqual(await fullFold());
    expect(linksOf(restarted.world, restarted.world.connections.get(7)!)).toEqual({
      projectIds: ['10000', '10001'],
      issueKeys: ['SDESK-100', 'SDESK-101', 'SDESK-103', 'SDESK-130', 'SDESK-140', 'SDESK-150'],
    });
    expect(linksOf(restarted.world, restarted.world.connections.get(8)!)).toEqual({
      projectIds: ['20000'],
      issueKeys: ['BETA-200', 'BETA-201', 'BETA-202', 'BETA-210', 'BETA-220'],
    });
  });

  it('places an item linked without its project while it follows the log', async () => {
    await plan();
    const following = model();
    await following.start();
    const { position } = await link('acme', 105, 'SDESK-105');
    const [event] = await store.readAll({ after: position - 1 });
    expect(await following.follow(event!)).toEqual({ kind: 'links', tenant: 'acme', unplaced: 105 });
    expect(following.world.items.get(105)).toMatchObject({ group: 1, issue: 'SDESK-105' });
    await following.stop();
    expect(following.world).toEqual(await fullFold());
  });

  it('ignores a checkpoint of another format, and one ahead of the log', async () => {
    await plan();
    const stale = (format: number, position: number) =>
      JSON.stringify({ ...JSON.parse(worldToJson({ position, world: emptyTrackerWorld() })), format });
    // the checkpoint claims the whole log with an empty world: used, it would know no connection
    writeFileSync(file, stale(trackerWorldFormat + 1, await store.headPosition()));
    const other = model();
    await other.start();
    expect(other.world).toEqual(await fullFold());
    writeFileSync(file, stale(trackerWorldFormat, (await store.headPosition()) + 1000));
    const ahead = model();
    await ahead.start();
    expect(ahead.world).toEqual(await fullFold());
  });

  it('resumes from the last checkpoint after a stop without a final write', async () => {
    await plan();
    const killed = model(true, 20);
    await killed.start();
    const subscription = store.subscribe({ after: await store.headPosition() });
    const follow = (async () => {
      for await (const event of subscription) await killed.follow(event);
    })();
    await later();
    const head = await store.headPosition();
    // written a little after the world moved, not per event
    await eventually(() => expect(checkpointPosition()).toBe(head));
    // the process dies (no stop(), no final write), and a change comes while it is down
    await subscription.close();
    await follow;
    await link('acme', 107, 'SDESK-107');
    expect(checkpointPosition()).toBe(head);
    const resumed = model();
    await resumed.start();
    expect(resumed.world).toEqual(await fullFold());
    expect(resumed.world.items.get(107)).toMatchObject({ group: 1, issue: 'SDESK-107' });
  });
});
