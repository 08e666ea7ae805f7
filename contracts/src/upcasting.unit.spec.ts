import {
  eventCatalogue,
  planningEventEnvelope,
  planningEventSchema,
  publishedEventTypes,
} from './event-catalogue';
import type { EventMetadata, StoredEvent } from './events';
import { groupDecider } from './group/group.decide';
import { builtInRoles, tenantDecider } from './identity/tenant.decide';
import type { Permissions } from './permissions';
import type { GroupEvent } from './group/group.events';
import type { GroupState } from './group/group.state';
import { schemaVersionOf, upcast, upcasters, withSchemaVersion } from './upcasting';
import type { Upcaster } from './upcasting';

const metadata = (schemaVersion: number): EventMetadata => ({
  tenant: 'acme',
  user: 'alice',
  correlationId: 'c-1',
  causationId: 'c-1',
  timestamp: '2026-03-02T09:30:00.000Z',
  schemaVersion,
  command: 'ShareProject',
});

const stored = (type: string, data: unknown, schemaVersion: number): StoredEvent => ({
  type,
  data,
  metadata: metadata(schemaVersion),
  id: `event-${type}-${schemaVersion}`,
  streamId: 'group-7',
  revision: 3,
  position: 42,
});

/** A ProjectShared exactly as stores hold it from before issue 8: version 1, no status. */
const sharedV1 = () => stored('ProjectShared', { id: 7, tenant: 'other' }, 1);

describe('upcast', () => {
  it('takes a version 1 ProjectShared into today’s shape: status PENDING, schemaVersion 2', () => {
    const old = sharedV1();

    const today = upcast(old);

    expect(today).toEqual({
      ...old,
      data: { id: 7, tenant: 'other', status: 'PENDING' },
      metadata: { ...old.metadata, schemaVersion: 2 },
    });
    // what today's catalogue accepts as a published ProjectShared
    expect(eventCatalogue.ProjectShared.data.safeParse(today.data).success).toBe(true);
  });

  it('leaves the stored event untouched (a copy, not a mutation)', () => {
    const old = sharedV1();
    const snapshot = structuredClone(old);

    upcast(old);

    expect(old).toEqual(snapshot);
  });

  it('folds an upcast version 1 share as a version 2 one: the decider needs no rule of its own', () => {
    const created: StoredEvent = stored(
      'GroupCreated',
      { id: 7, name: 'P', type: 'PROJECT', parentId: null },
      1,
    );
    const fold = (events: StoredEvent[]) =>
      events.reduce(
        (state: GroupState, event) => groupDecider.evolve(state, event as unknown as GroupEvent),
        groupDecider.initialState,
      );

    const fromOld = fold([created, upcast(sharedV1())]);
    const fromNew = fold([
      created,
      stored('ProjectShared', { id: 7, tenant: 'other', status: 'PENDING' }, 2),
    ]);

    expect(fromOld).toMatchObject({ shares: [{ tenant: 'other', status: 'PENDING' }] });
    expect(fromOld).toEqual(fromNew);
  });

  it('is idempotent: an event already in today’s version comes back as the same object', () => {
    const current = stored('ProjectShared', { id: 7, tenant: 'other', status: 'PENDING' }, 2);

    expect(upcast(current)).toBe(current);
    expect(upcast(upcast(sharedV1()))).toEqual(upcast(sharedV1()));
  });

  it('leaves types without upcasters untouched, whatever their version', () => {
    const unknown = stored('SomethingNobodyKnows', { a: 1 }, 1);
    const unshared = stored('ProjectUnshared', { id: 7, tenant: 'other' }, 1);
    const future = stored('ProjectShared', { id: 7, tenant: 'other', status: 'ACCEPTED' }, 3);

    expect(upcast(unknown)).toBe(unknown);
    expect(upcast(unshared)).toBe(unshared);
    expect(upcast(future)).toBe(future);
  });

  describe('with a chain of two steps', () => {
    // a test-local evolution: v1 {name} → v2 {title} → v3 {title, tags}
    const chain: readonly Upcaster[] = [
      { type: 'ThingRenamed', from: 2, up: (data) => ({ ...data, tags: [] }) },
      {
        type: 'ThingRenamed',
        from: 1,
        up: ({ name, ...rest }) => ({ ...rest, title: name }),
      },
      { type: 'OtherThing', from: 1, up: () => ({ wrong: true }) },
    ];

    it('applies every step from the recorded version on, in version order', () => {
      const v1 = stored('ThingRenamed', { id: 1, name: 'Old' }, 1);

      const today = upcast(v1, chain);

      expect(today.data).toEqual({ id: 1, title: 'Old', tags: [] });
      expect(today.metadata.schemaVersion).toBe(3);
    });

    it('starts at the recorded version: a version 2 event gets only the second step', () => {
      const v2 = stored('ThingRenamed', { id: 1, title: 'Mid', tags: undefined }, 2);

      const today = upcast(v2, chain);

      expect(today.data).toEqual({ id: 1, title: 'Mid', tags: [] });
      expect(today.metadata.schemaVersion).toBe(3);
    });

    it('keeps the rest of the event: id, stream, revision, position and the other metadata', () => {
      const v1 = stored('ThingRenamed', { id: 1, name: 'Old' }, 1);

      const { data, metadata: upcastMetadata, ...rest } = upcast(v1, chain);
      const { data: _data, metadata: oldMetadata, ...oldRest } = v1;

      expect(rest).toEqual(oldRest);
      expect(upcastMetadata).toEqual({ ...oldMetadata, schemaVersion: 3 });
      expect(data).not.toBe(v1.data);
    });

    it('does not apply the default upcasters when given a chain', () => {
      expect(upcast(sharedV1(), chain)).toEqual(sharedV1());
    });
  });
});

describe('a role saved before scenarios existed (RoleSaved version 1)', () => {
  const role = (permissions: Permissions, version = 1) =>
    upcast(stored('RoleSaved', { id: 4, name: 'Planner', permissions }, version)).data as {
      permissions: Permissions;
    };

  it('grants on scenarios what it grants on projects, action for action', () => {
    expect(
      role({ 'group-details': ['VIEW', 'EDIT'], items: ['VIEW', 'CREATE', 'EDIT'] }).permissions,
    ).toEqual({
      'group-details': ['VIEW', 'EDIT'],
      items: ['VIEW', 'CREATE', 'EDIT'],
      scenarios: ['VIEW', 'EDIT'],
    });
    expect(role({ 'group-details': ['VIEW'] }).permissions.scenarios).toEqual(['VIEW']);
  });

  it('grants nothing on scenarios to a role without projects, and never more than projects', () => {
    expect(role({ items: ['VIEW', 'CREATE', 'EDIT'], admin: ['VIEW', 'EDIT'] }).permissions).toEqual({
      items: ['VIEW', 'CREATE', 'EDIT'],
      admin: ['VIEW', 'EDIT'],
    });
  });

  it('keeps what a role names for scenarios itself, and leaves a version 2 role as it was saved', () => {
    expect(role({ 'group-details': ['VIEW', 'EDIT'], scenarios: ['VIEW'] }).permissions.scenarios).toEqual([
      'VIEW',
    ]);
    // saved since: scenarios left unticked stays unticked
    expect(role({ 'group-details': ['VIEW', 'EDIT'] }, 2).permissions.scenarios).toBeUndefined();
  });

  it('gives a tenant’s members the scenarios of their older roles (the tenant decider folds upcast events)', () => {
    const events = [
      stored(
        'TenantCreated',
        { id: 1, name: 'acme', features: {}, applicationAttributes: [], taskAttributes: [] },
        1,
      ),
      stored(
        'RoleSaved',
        { id: 4, name: 'Planner', permissions: { 'group-details': ['VIEW', 'CREATE'] } },
        1,
      ),
    ].map((event) => upcast(event));
    const state = events.reduce(
      (folded, event) => tenantDecider.evolve(folded, event as never),
      tenantDecider.initialState,
    );
    expect(state).toMatchObject({ roles: { 4: { permissions: { scenarios: ['VIEW', 'CREATE'] } } } });
  });
});

describe('a role saved before calendars existed (RoleSaved version 2 or older)', () => {
  /** Today's built-in roles as a tenant created before issue 24 stored them: without calendars. */
  const builtInBefore24 = builtInRoles(4, 5, 6).map(
    ({ permissions: { calendars: _calendars, ...rest }, ...role }) => ({
      ...role,
      permissions: rest,
    }),
  );
  const withMetadata = (data: unknown, version: number, facts: Partial<EventMetadata>): StoredEvent => ({
    ...stored('RoleSaved', data, version),
    metadata: { ...metadata(version), command: undefined, ...facts },
  });
  const calendarsOf = (event: StoredEvent) =>
    (upcast(event).data as { permissions: Permissions }).permissions.calendars;

  it.each([
    ['by CreateTenant', { command: 'CreateTenant' }],
    ['by provisioning (the first start, the seed)', { source: 'provisioning' }],
  ])('gives the built-in roles saved %s today’s built-in calendars grants', (_, facts) => {
    const [administrator, viewer, auditor] = builtInBefore24.map((role) =>
      calendarsOf(withMetadata(role, 2, facts)),
    );
    expect({ administrator, viewer, auditor }).toEqual({
      administrator: ['VIEW', 'CREATE', 'EDIT'],
      viewer: ['VIEW'],
      auditor: ['VIEW'],
    });
    expect(administrator).toEqual(builtInRoles(4, 5, 6)[0]!.permissions.calendars);
  });

  it('gives them to a tenant created before scenarios too (version 1, both steps)', () => {
    const { scenarios: _scenarios, ...before22 } = builtInBefore24[0]!.permissions;
    const upcastRole = upcast(
      withMetadata({ ...builtInBefore24[0], permissions: before22 }, 1, { source: 'provisioning' }),
    );
    expect(upcastRole.metadata.schemaVersion).toBe(3);
    expect(upcastRole.data).toMatchObject({
      permissions: { scenarios: ['VIEW', 'CREATE', 'EDIT'], calendars: ['VIEW', 'CREATE', 'EDIT'] },
    });
  });

  it('leaves a role an administrator saved as it names it, built-in or custom, and a version 3 role as saved', () => {
    const planner = { id: 9, name: 'Planner', permissions: { admin: ['VIEW', 'EDIT'], items: ['VIEW'] } };
    expect(calendarsOf(withMetadata(planner, 2, { command: 'SaveRole' }))).toBeUndefined();
    // the built-in Administrator changed by SaveRole before issue 24: what its administrator chose
    expect(calendarsOf(withMetadata(builtInBefore24[0], 2, { command: 'SaveRole' }))).toBeUndefined();
    // saved since issue 24 (version 3): left unticked stays unticked, even with the tenant
    expect(calendarsOf(withMetadata(builtInBefore24[0], 3, { command: 'CreateTenant' }))).toBeUndefined();
    // a role naming calendars itself keeps it
    const named = { ...builtInBefore24[0], permissions: { admin: ['EDIT'], calendars: ['VIEW'] } };
    expect(calendarsOf(withMetadata(named, 2, { command: 'CreateTenant' }))).toEqual(['VIEW']);
  });
});

describe('schemaVersionOf', () => {
  it('names version 2 for ProjectShared, 3 for RoleSaved, 1 for types that never changed or are unknown', () => {
    expect(schemaVersionOf('ProjectShared')).toBe(2);
    expect(schemaVersionOf('RoleSaved')).toBe(3);
    expect(schemaVersionOf('ProjectUnshared')).toBe(1);
    expect(schemaVersionOf('ApplicationCreated')).toBe(1);
    expect(schemaVersionOf('NotAnEventType')).toBe(1);
  });

  it('agrees with the catalogue for every published event type', () => {
    for (const type of publishedEventTypes)
      expect({ type, version: schemaVersionOf(type) }).toEqual({
        type,
        version: eventCatalogue[type].schemaVersion,
      });
  });

  it('is where every upcaster chain ends: the upcast of the oldest version is today’s version', () => {
    for (const { type } of upcasters)
      expect(upcast(stored(type, { id: 1, tenant: 'x' }, 1)).metadata.schemaVersion).toBe(
        schemaVersionOf(type),
      );
  });

  it('stamps metadata through withSchemaVersion, keeping the rest', () => {
    const base = metadata(1);

    expect(withSchemaVersion(base, 'ProjectShared')).toEqual({ ...base, schemaVersion: 2 });
    expect(withSchemaVersion(metadata(7), 'GroupCreated')).toEqual({ ...base, schemaVersion: 1 });
  });
});

// the planning envelope carries the version the published data is in
describe('the published envelope', () => {
  it('publishes an upcast version 1 share as a valid version 2 planning event', () => {
    const old = { ...sharedV1(), id: '0b7c6a52-3f1e-4c5d-9a8b-2f6e1d4c3b2a' };

    expect(planningEventSchema.safeParse(planningEventEnvelope(old)).success).toBe(false);
    const envelope = planningEventEnvelope(upcast(old));
    expect(planningEventSchema.parse(envelope)).toMatchObject({
      schemaVersion: 2,
      data: { id: 7, tenant: 'other', status: 'PENDING' },
    });
  });
});
