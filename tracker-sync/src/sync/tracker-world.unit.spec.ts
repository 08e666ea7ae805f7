import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@fahrplan/contracts';
import {
  applyToWorld,
  connectionsOf,
  emptyTrackerWorld,
  groupOfItem,
  linksOf,
  placeItem,
} from './tracker-world';

let position = 0;
const event = (type: string, data: object, tenant = 'demo'): StoredEvent =>
  ({
    id: `e${++position}`,
    type,
    data,
    streamId: `x-${position}`,
    revision: 0,
    position,
    metadata: {
      tenant,
      user: 'u',
      correlationId: 'c',
      causationId: null,
      timestamp: '2026-01-01T00:00:00Z',
      schemaVersion: 1,
    },
  }) as unknown as StoredEvent;

const sealed = { alg: 'A256GCM', kid: 'k', iv: 'i', tag: 't', data: 'd' };
const connection = (id: number, tenant = 'demo') =>
  event(
    'TrackerConnectionCreated',
    {
      id,
      name: `c${id}`,
      baseUrl: 'https://t.example',
      deployment: 'cloud',
      authMode: 'pat',
      email: null,
      secret: sealed,
    },
    tenant,
  );

describe('the tracker world', () => {
  it('follows connections through create, update and delete, per tenant', () => {
    const world = emptyTrackerWorld();
    expect(applyToWorld(world, connection(1))).toEqual({ kind: 'connection', connectionId: 1 });
    applyToWorld(world, event('TrackerConnectionUpdated', { id: 1, changes: { name: 'renamed' } }));
    expect(world.connections.get(1)).toMatchObject({ name: 'renamed', secret: sealed, status: 'active' });
    // another tenant cannot touch it
    expect(applyToWorld(world, event('TrackerConnectionDeleted', { id: 1 }, 'other'))).toBeNull();
    expect(connectionsOf(world, 'demo').map((c) => c.id)).toEqual([1]);
    applyToWorld(world, event('TrackerConnectionDeleted', { id: 1 }));
    expect(connectionsOf(world, 'demo')).toEqual([]);
  });

  it("links a project's repository and issue, and items through their project or issue group", () => {
    const world = emptyTrackerWorld();
    applyToWorld(world, connection(1));
    applyToWorld(world, connection(2));
    expect(
      applyToWorld(
        world,
        event('GroupCreated', { id: 10, jirarepo: { id: '1/10000', url: 'x' }, jiraid: 'sdesk-1' }),
      ),
    ).toEqual({
      kind: 'links',
      tenant: 'demo',
    });
    applyToWorld(world, event('GroupCreated', { id: 11, jirarepo: null, jiraid: null }));
    applyToWorld(world, event('ItemCreated', { id: 20, group: 10, jiraid: 'SDESK-2', jiragroup: null }));
    applyToWorld(
      world,
      event('ItemCreated', { id: 21, group: 11, jiraid: 'PORTAL-3', jiragroup: '2/10002' }),
    );
    applyToWorld(
      world,
      event('ItemCreated', { id: 22, group: 11, jiraid: 'PORTAL-4', jiragroup: '1/10002' }),
    );
    const c1 = world.connections.get(1)!;
    const c2 = world.connections.get(2)!;
    expect(linksOf(world, c1)).toEqual({
      projectIds: ['10000'],
      issueKeys: ['PORTAL-4', 'SDESK-1', 'SDESK-2'],
    });
    expect(linksOf(world, c2)).toEqual({ projectIds: [], issueKeys: ['PORTAL-3'] });
    // moving the repository moves the project's issues; deleting an item drops its issue
    applyToWorld(
      world,
      event('GroupUpdated', { id: 10, changes: { jirarepo: { id: '2/10001', url: 'x' } } }),
    );
    applyToWorld(world, event('ItemDeleted', { id: 22 }));
    expect(linksOf(world, c1)).toEqual({ projectIds: [], issueKeys: [] });
    // restored, it links its issue again
    expect(applyToWorld(world, event('ItemRestored', { id: 22 }))).toEqual({ kind: 'links', tenant: 'demo' });
    expect(linksOf(world, c1).issueKeys).toEqual(['PORTAL-4']);
    applyToWorld(world, event('ItemDeleted', { id: 22 }));
    expect(linksOf(world, c2)).toEqual({
      projectIds: ['10001'],
      issueKeys: ['PORTAL-3', 'SDESK-1', 'SDESK-2'],
    });
  });

  it('keeps only linked projects and items, and reports an item linked without its project as unplaced', () => {
    const world = emptyTrackerWorld();
    applyToWorld(world, connection(1));
    applyToWorld(world, connection(2));
    applyToWorld(
      world,
      event('GroupCreated', { id: 10, jirarepo: { id: '2/10000', url: 'x' }, jiraid: null }),
    );
    // a project that links nothing is not kept, and its changes move no links
    expect(applyToWorld(world, event('GroupCreated', { id: 11, jirarepo: null, jiraid: null }))).toBeNull();
    expect(applyToWorld(world, event('GroupUpdated', { id: 11, changes: { title: 'x' } }))).toBeNull();
    expect([...world.groups.keys()]).toEqual([10]);
    for (let id = 30; id < 40; id++)
      expect(
        applyToWorld(world, event('ItemCreated', { id, group: 10, jiraid: null, jiragroup: null })),
      ).toBeNull();
    expect(world.items.size).toBe(0);
    // a change that names only the issue: the world does not know the item's project, and says so
    const before = [
      event('ItemCreated', { id: 31, group: 10, jiraid: null, jiragroup: null }),
      event('ItemUpdated', { id: 31, changes: { title: 'y' } }),
    ];
    const linked = event('ItemUpdated', { id: 31, changes: { jiraid: 'OPS-7' } });
    expect(applyToWorld(world, linked)).toEqual({ kind: 'links', tenant: 'demo', unplaced: 31 });
    expect(world.items.get(31)).toMatchObject({ group: null, issue: 'OPS-7' });
    // its stream names it: created in 10; moved after the link (not as of it), or by another tenant
    const stream = [...before, linked, event('ItemUpdated', { id: 31, changes: { group: 12 } })];
    expect(groupOfItem(stream, linked.position, 'demo')).toBe(10);
    expect(groupOfItem(stream, stream[3]!.position, 'demo')).toBe(12);
    const foreign = [...before, event('ItemUpdated', { id: 31, changes: { group: 11 } }, 'other')];
    expect(groupOfItem(foreign, foreign[2]!.position, 'demo')).toBe(10);
    placeItem(world, 31, groupOfItem(stream, linked.position, 'demo'));
    expect(linksOf(world, world.connections.get(2)!)).toEqual({
      projectIds: ['10000'],
      issueKeys: ['OPS-7'],
    });
    expect(linksOf(world, world.connections.get(1)!)).toEqual({ projectIds: [], issueKeys: [] });
    // a linked item is placed by what the world kept; unlinked again, it is forgotten
    expect(applyToWorld(world, event('ItemUpdated', { id: 31, changes: { jiraid: 'OPS-8' } }))).toEqual({
      kind: 'links',
      tenant: 'demo',
    });
    expect(world.items.get(31)?.group).toBe(10);
    applyToWorld(world, event('ItemUpdated', { id: 31, changes: { jiraid: null } }));
    expect(world.items.size).toBe(0);
    // a change that names the project places the item itself
    expect(
      applyToWorld(world, event('ItemUpdated', { id: 32, changes: { jiraid: 'OPS-9', group: 10 } })),
    ).toEqual({ kind: 'links', tenant: 'demo' });
  });

  it("gives an issue without a repository to the tenant's only connection", () => {
    const world = emptyTrackerWorld();
    applyToWorld(world, connection(1));
    applyToWorld(world, connection(3, 'other'));
    applyToWorld(world, event('GroupCreated', { id: 10, jirarepo: null, jiraid: 'OPS-7' }));
    expect(linksOf(world, world.connections.get(1)!).issueKeys).toEqual(['OPS-7']);
    applyToWorld(world, connection(2));
    // two connections: nobody can tell which tracker OPS-7 lives in
    expect(linksOf(world, world.connections.get(1)!).issueKeys).toEqual([]);
    expect(linksOf(world, world.connections.get(3)!).issueKeys).toEqual([]);
  });

  it('reports only changes of links, not other field changes', () => {
    const world = emptyTrackerWorld();
    applyToWorld(world, event('GroupCreated', { id: 10, jirarepo: null, jiraid: null }));
    expect(applyToWorld(world, event('GroupUpdated', { id: 10, changes: { title: 'x' } }))).toBeNull();
    expect(applyToWorld(world, event('TrackerSyncRequested', { id: 5, full: true }))).toBeNull();
    applyToWorld(world, connection(5));
    expect(applyToWorld(world, event('TrackerSyncRequested', { id: 5, full: true }))).toEqual({
      kind: 'sync-requested',
      connectionId: 5,
      full: true,
      tenant: 'demo',
    });
  });
});
