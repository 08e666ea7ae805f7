import { randomUUID } from 'node:crypto';
import { accountDecider, accountEntrySchema } from './account/account';
import { applicationDecider, applicationFieldsSchema } from './application/application';
import { commentDecider, createCommentSchema } from './comment/comment';
import type { DomainEvent, StoredEvent } from './events';
import { schemaVersionOf } from './upcasting';
import { createGoalSchema, goalDecider } from './goal/goal';
import { baselineDecider } from './baseline/baseline';
import type { BaselineEvent } from './baseline/baseline';
import { scenarioDecider } from './scenario/scenario';
import type { ScenarioEvent } from './scenario/scenario';
import { resourceDecider } from './resource/resource';
import { calendarDecider } from './calendar/calendar';
import type { CalendarEvent } from './calendar/calendar';
import { bernDefinition } from './calendar/definition';
import type { Decider } from './decider';
import type { ResourceEvent } from './resource/resource';
import type { GoalEvent } from './goal/goal';
import { saveGroupSchema } from './group/group.commands';
import { groupDecider } from './group/group.decide';
import type { GroupCommand } from './group/group.commands';
import type { GroupEvent } from './group/group.events';
import type { GroupState } from './group/group.state';
import { itemDecider, saveItemSchema } from './item/item';
import type { ItemCommand, ItemEvent, ItemState } from './item/item';
import { dependencyDecider } from './dependency/dependency';
import type { DependencyEvent } from './dependency/dependency';
import {
  accountEntryEventSchema,
  aggregateIdOf,
  applicationFieldsEventSchema,
  eventCatalogue,
  isPublishedEvent,
  planningEventEnvelope,
  planningEventMessageHeaders,
  planningEventSchema,
  publishedCategories,
  publishedEventTypes,
} from './event-catalogue';
import type { PlanningDomainEvent } from './event-catalogue';
import { parseStreamName, scenarioStreamName, streamName } from './streams';
import { aContext, anApplication, fixedNow, freshId } from './testing/decider-spec';

/** The events today's deciders produce, one or more of every published type. */
/** Group and goal events, one or more of every type. */
const decidedGroupEvents = (): (GroupEvent | GoalEvent)[] => {
  const groupId = freshId();
  const goalId = freshId();
  const context = aContext({ newId: groupId, parentChain: [], tenantExists: true });
  const events: GroupEvent[] = [];
  let state: GroupState = groupDecider.initialState;
  const decide = (command: GroupCommand) => {
    for (const event of groupDecider.decide(command, state, context)) {
      events.push(event);
      state = groupDecider.evolve(state, event);
    }
  };
  decide({ type: 'SaveGroup', data: saveGroupSchema.parse({ title: ' Roll-out ', shortname: '' }) });
  decide({
    type: 'SaveGroup',
    data: saveGroupSchema.parse({ id: groupId, version: 0, metrics: [{ type: 'WICHTIGKEIT', value: 4 }] }),
  });
  decide({ type: 'SetGroupGoals', data: { id: groupId, goals: [{ goalId, value: 7 }] } });
  decide({ type: 'ShareProject', data: { id: groupId, tenant: 'other' } });
  decide({ type: 'AcceptProjectShare', data: { id: groupId, tenant: 'other' } });
  decide({ type: 'UnshareProject', data: { id: groupId, tenant: 'other' } });
  decide({ type: 'ShareProject', data: { id: groupId, tenant: 'other' } });
  decide({ type: 'DeclineProjectShare', data: { id: groupId, tenant: 'other' } });
  decide({ type: 'AddSubgroup', data: { id: groupId, name: 'Design' } });
  decide({ type: 'RenameSubgroup', data: { id: groupId, subgroup: 'lane-1', name: 'UX design' } });
  decide({ type: 'AddSubgroup', data: { id: groupId, name: 'Test' } });
  decide({ type: 'RemoveSubgroup', data: { id: groupId, subgroup: 'lane-2' } });
  decide({ type: 'RestoreSubgroup', data: { id: groupId, subgroup: 'lane-2' } });
  decide({ type: 'DeleteGroup', data: { id: groupId, version: 12 } });
  decide({ type: 'RestoreGroup', data: { id: groupId, version: 13 } });
  const goal = goalDecider.decide(
    { type: 'CreateGoal', data: createGoalSchema.parse({ name: 'Growth', type: '' }) },
    goalDecider.initialState,
    aContext({ newId: goalId, parentExists: true }),
  );
  const goalState = goal.reduce(goalDecider.evolve, goalDecider.initialState);
  const goalChanges = goalDecider.decide(
    { type: 'UpdateGoal', data: { id: goalId, version: 0, description: 'More customers', rank: null } },
    goalState,
    aContext({ newId: goalId }),
  );
  const goalDeleted = goalDecider.decide(
    { type: 'DeleteGoal', data: { id: goalId, version: 0 } },
    goalState,
    aContext({ newId: goalId, usedBy: [], children: [] }),
  );
  return [...events, ...goal, ...goalChanges, ...goalDeleted];
};

/** Events of one record, decided by `decider` from `commands` in turn. */
const decidedInTurn = <C, S, E extends PlanningDomainEvent, X>(
  decider: Decider<C, S, E, X>,
  context: X,
  commands: readonly C[],
): E[] => {
  const events: E[] = [];
  let state = decider.initialState;
  for (const command of commands)
    for (const event of decider.decide(command, state, context)) {
      events.push(event);
      state = decider.evolve(state, event);
    }
  return events;
};

/** Calendar events of every type (issue 24): created, changed, renamed, deleted. */
const decidedCalendarEvents = (): CalendarEvent[] => {
  const id = freshId();
  const changed = { ...bernDefinition, workingWeekdays: [1, 2, 3, 4] };
  return decidedInTurn(calendarDecider, aContext({ newId: id, usedBy: { projects: 0, resources: 0 } }), [
    { type: 'SaveCalendar', data: { name: 'Zürich', definition: bernDefinition } },
    {
      type: 'SaveCalendar',
      data: { id, version: 0, name: 'ZH', definition: changed, effectiveFrom: '2027-01-01' },
    },
    { type: 'DeleteCalendar', data: { id, version: 2 } },
  ]);
};

/** Resource events of every type: created, renamed, calendar changed, deleted. */
const decidedResourceEvents = (): ResourceEvent[] => {
  const resourceId = freshId();
  return decidedInTurn(resourceDecider, aContext({ newId: resourceId }), [
    { type: 'SaveResource', data: { name: 'Platform team' } },
    { type: 'SaveResource', data: { id: resourceId, version: 0, name: 'Platform' } },
    { type: 'SaveResource', data: { id: resourceId, version: 1, name: 'Platform', share: 60 } },
    { type: 'DeleteResource', data: { id: resourceId, version: 2 } },
  ]);
};

/** Item events of every type: a task with a system type, a move, a delete. */
const decidedItemEvents = (): ItemEvent[] => {
  const itemId = freshId();
  const context = aContext({
    newId: itemId,
    group: { subgroups: ['tasks', 'milestones'], sprint: false },
    systemEditor: true,
    groupRanks: [],
  });
  const events: ItemEvent[] = [];
  let state: ItemState = itemDecider.initialState;
  const decide = (command: ItemCommand) => {
    for (const event of itemDecider.decide(command, state, context)) {
      events.push(event);
      state = itemDecider.evolve(state, event);
    }
  };
  const save = (raw: Record<string, unknown>) =>
    decide({ type: 'SaveItem', data: saveItemSchema.parse(raw) });
  save({
    title: ' Build ',
    group: 7,
    subgroup: 'tasks',
    start: '2026-03-02T00:00',
    end: '2026-03-07T00:00',
    effort: 3,
    status: 4,
    subtitle: '',
  });
  save({ id: itemId, version: 0, start: '2026-03-03T00:00', type: 'lane-background' });
  decide({ type: 'DeleteItem', data: { id: itemId, version: 1 } });
  decide({ type: 'RestoreItem', data: { id: itemId, version: 2 } });
  return events;
};

/** A dependency added and removed. */
const decidedDependencyEvents = (): DependencyEvent[] => {
  const id = freshId();
  const items = { 1: { title: 'Build', own: true }, 2: { title: 'Test', own: true } };
  const added = dependencyDecider.decide(
    { type: 'AddDependency', data: { predecessor: 1, successor: 2, type: 'start-to-start', lag: -2 } },
    dependencyDecider.initialState,
    aContext({ newId: id, items }),
  );
  const removed = dependencyDecider.decide(
    { type: 'RemoveDependency', data: { id } },
    dependencyDecider.evolve(dependencyDecider.initialState, added[0]!),
    aContext({ newId: freshId(), items }),
  );
  return [...added, ...removed];
};
const decidedBaselineEvents = (): BaselineEvent[] => {
  const id = freshId();
  const [created] = baselineDecider.decide(
    { type: 'CreateBaseline', data: { name: 'Q1 commitment', at: '2026-01-05T09:00:00+01:00' } },
    baselineDecider.initialState,
    aContext({ newId: id, tenantSince: null }),
  );
  const deleted = baselineDecider.decide(
    { type: 'DeleteBaseline', data: { id, version: 0 } },
    baselineDecider.evolve(baselineDecider.initialState, created!),
    aContext({ newId: freshId() }),
  );
  return [created!, ...deleted];
};
const decidedScenarioEvents = (): ScenarioEvent[] => {
  const id = freshId();
  const context = aContext({ newId: id, tenantSince: null });
  const created = scenarioDecider.decide(
    {
      type: 'CreateScenario',
      data: { name: 'Q3 cut', description: null, from: '2026-01-05T09:00:00+01:00' },
    },
    scenarioDecider.initialState,
    context,
  );
  const afterCreate = created.reduce(scenarioDecider.evolve, scenarioDecider.initialState);
  const renamed = scenarioDecider.decide(
    { type: 'RenameScenario', data: { id, version: 0, name: 'Q3 cut, CRM later', description: 'CRM in Q4' } },
    afterCreate,
    context,
  );
  const discarded = scenarioDecider.decide(
    { type: 'DiscardScenario', data: { id, version: 1 } },
    renamed.reduce(scenarioDecider.evolve, afterCreate),
    context,
  );
  const published = scenarioDecider.decide(
    { type: 'PublishScenario', data: { id, version: 1 } },
    renamed.reduce(scenarioDecider.evolve, afterCreate),
    {
      ...context,
      publish: {
        changes: [
          { stream: 'item-12', expectedVersion: 3, events: [{ type: 'ItemDeleted', data: { id: 12 } }] },
        ],
        conflicts: [],
      },
      projects: new Map(),
    },
  );
  const reverted = scenarioDecider.decide(
    { type: 'RevertScenarioPublish', data: { id, records: [] } },
    [...renamed, ...published].reduce(scenarioDecider.evolve, afterCreate),
    context,
  );
  return [...created, ...renamed, ...discarded, ...published, ...reverted];
};

const decidedEvents = (): PlanningDomainEvent[] => {
  const appId = freshId();
  const [created] = applicationDecider.decide(
    {
      type: 'SaveApplication',
      data: { name: '  Billing ', release: '', status: undefined, attributes: [{ key: 'tier', value: 1 }] },
    },
    applicationDecider.initialState,
    aContext({ newId: appId, parentChain: [] }),
  );
  const state = applicationDecider.evolve(applicationDecider.initialState, created!);
  const updated = applicationDecider.decide(
    { type: 'SaveApplication', data: { id: appId, version: 0, description: 'Invoices', start: null } },
    state,
    aContext({ newId: freshId(), parentChain: [] }),
  );
  const deleted = applicationDecider.decide(
    { type: 'DeleteApplication', data: { id: appId, version: 0 } },
    state,
    aContext({ newId: freshId(), parentChain: [] }),
  );
  const restored = applicationDecider.decide(
    { type: 'RestoreApplication', data: { id: appId, version: 1 } },
    applicationDecider.evolve(state, deleted[0]!),
    aContext({ newId: freshId(), parentChain: [] }),
  );
  const comment = commentDecider.decide(
    {
      type: 'CreateComment',
      data: createCommentSchema.parse({ refType: 'application', refId: appId, description: ' Go-live Q3 ' }),
    },
    commentDecider.initialState,
    aContext({ newId: freshId(), refExists: true }),
  );
  const accountId = freshId();
  const account = accountDecider.decide(
    { type: 'CreateAccount', data: { refType: 'application', refId: appId } },
    accountDecider.initialState,
    aContext({ newId: accountId, owner: { name: 'Billing', assetNr: 'A-4711', account: null } }),
  );
  const entries = accountDecider.decide(
    {
      type: 'AddAccountEntries',
      data: {
        accountId,
        entries: [accountEntrySchema.parse({ sicht: 'PLAN', periode: '2026', amount: 1200, projekt: '' })],
      },
    },
    { status: 'active', id: accountId, version: 0, refType: 'application', refId: appId, entryKeys: [] },
    aContext({ newId: freshId(), owner: null }),
  );
  const removal = accountDecider.decide(
    { type: 'RemoveAccountEntry', data: { accountId, sicht: 'PLAN', periode: '2026' } },
    accountDecider.evolve(
      { status: 'active', id: accountId, version: 0, refType: 'application', refId: appId, entryKeys: [] },
      entries[0]!,
    ),
    aContext({ newId: freshId(), owner: null }),
  );
  return [
    created!,
    ...updated,
    ...deleted,
    ...restored,
    ...comment,
    ...account,
    ...entries,
    ...removal,
    ...decidedGroupEvents(),
    ...decidedResourceEvents(),
    ...decidedCalendarEvents(),
    ...decidedItemEvents(),
    ...decidedDependencyEvents(),
    ...decidedBaselineEvents(),
    ...decidedScenarioEvents(),
  ];
};

const stored = (event: DomainEvent, overrides: Partial<StoredEvent> = {}): StoredEvent => ({
  type: event.type,
  data: event.data,
  metadata: {
    tenant: 'acme',
    user: 'alice',
    correlationId: randomUUID(),
    causationId: randomUUID(),
    timestamp: fixedNow,
    schemaVersion: schemaVersionOf(event.type),
  },
  id: randomUUID(),
  streamId: 'application-1',
  revision: 3,
  position: 42,
  ...overrides,
});

describe('event catalogue', () => {
  it('covers every type the deciders produce', () => {
    const types = new Set(decidedEvents().map((event) => event.type));

    expect([...types].sort()).toEqual([...publishedEventTypes].sort());
  });

  it.each(decidedEvents().map((event) => [event.type, event] as const))(
    'parses the data of a decided %s unchanged with its catalogue schema',
    (type, event) => {
      const parsed = eventCatalogue[type].data.safeParse(event.data);

      expect(parsed.error).toBeUndefined();
      // Unknown keys are stripped, so a field the catalogue lacks would show here.
      expect(parsed.data).toEqual(event.data);
    },
  );

  it('describes the same application fields and finance entry fields as the command schemas', () => {
    expect(Object.keys(applicationFieldsEventSchema.shape).sort()).toEqual(
      Object.keys(applicationFieldsSchema.shape).sort(),
    );
    expect(Object.keys(accountEntryEventSchema.shape).sort()).toEqual(
      Object.keys(accountEntrySchema.shape).sort(),
    );
  });

  it('accepts what the command schema makes of sparse and of full input', () => {
    for (const input of [{ name: 'x' }, anApplication({ status: 'PLANUNG', parent: 7, rank: '0|hzzzzz:' })]) {
      expect(applicationFieldsEventSchema.parse(applicationFieldsSchema.parse(input))).toEqual(
        applicationFieldsSchema.parse(input),
      );
    }
  });

  it('rejects data that breaks the contract', () => {
    const created = eventCatalogue.ApplicationCreated.data;

    expect(created.safeParse({ ...anApplication(), id: 1, status: 'VERSCHOLLEN' }).success).toBe(false);
    expect(created.safeParse({ ...anApplication(), id: 1, release: undefined }).success).toBe(false);
    expect(eventCatalogue.AccountEntriesAdded.data.safeParse({ id: 1, entries: [] }).success).toBe(false);
    const [item] = decidedItemEvents();
    expect(eventCatalogue.ItemCreated.data.safeParse(item!.data).success).toBe(true);
    expect(eventCatalogue.ItemCreated.data.safeParse({ ...item!.data, start: '2026-03-02' }).success).toBe(
      false,
    );
    expect(eventCatalogue.ItemCreated.data.safeParse({ ...item!.data, type: 'sprint' }).success).toBe(false);
  });

  it('publishes planning events and never identity, session, id-block or idempotency events', () => {
    for (const type of publishedEventTypes) expect(isPublishedEvent(type)).toBe(true);
    for (const type of [
      'TenantCreated',
      'UserCreated',
      'SessionStarted',
      'SessionRefreshed',
      'SessionEnded',
      'IdBlockReserved',
      'IdClaimed',
      'toString',
      '__proto__',
    ])
      expect(isPublishedEvent(type)).toBe(false);
    expect([...publishedCategories].sort()).toEqual([
      'account',
      'application',
      'baseline',
      'calendar',
      'comment',
      'dependencies',
      'goal',
      'group',
      'item',
      'resource',
      'scenario',
    ]);
  });

  it('keys a dependency event by the dependency', () => {
    for (const event of decidedDependencyEvents())
      expect(aggregateIdOf(event.type, event.data)).toBe(String(event.data.id));
  });

  it('keys every event by the id part of the stream it is stored in', () => {
    for (const event of decidedEvents()) {
      const { category } = eventCatalogue[event.type];
      // a tenant's graph stream holds many dependencies: each is keyed by its own id, which keeps its
      // two events (added, removed) in order
      if (category === 'dependencies') continue;

      expect(aggregateIdOf(event.type, event.data)).toBe(
        parseStreamName(streamName(category, event.data.id)).id,
      );
    }
  });
});

describe('planningEventEnvelope', () => {
  it('wraps a stored planning event into the published message, valid against its schema', () => {
    const [created] = decidedEvents();
    const event = stored(created!, { streamId: streamName('application', created!.data.id) });

    const envelope = planningEventEnvelope(event);

    expect(envelope).toEqual({
      id: event.id,
      type: 'ApplicationCreated',
      schemaVersion: 1,
      tenant: 'acme',
      aggregateType: 'application',
      aggregateId: String(created!.data.id),
      position: 42,
      revision: 3,
      occurredAt: fixedNow,
      correlationId: event.metadata.correlationId,
      causationId: event.metadata.causationId,
      data: created!.data,
    });
    expect(planningEventSchema.parse(envelope)).toEqual(envelope);
    expect(planningEventMessageHeaders(envelope!)).toEqual({
      tenant: 'acme',
      eventType: 'ApplicationCreated',
      schemaVersion: '1',
      eventId: event.id,
      correlationId: event.metadata.correlationId,
      'content-type': 'application/json',
    });
  });

  it('gives every decided event an envelope that its typed schema accepts', () => {
    for (const event of decidedEvents())
      expect(planningEventSchema.safeParse(planningEventEnvelope(stored(event))).error).toBeUndefined();
  });

  it('publishes nothing for a session or user event, whose data holds hashes', () => {
    const session = stored({
      type: 'SessionStarted',
      data: { family: 'f', userId: 1, tenant: 'acme', tokenHash: 'secret', expiresAt: fixedNow },
    });
    const user = stored({ type: 'UserCreated', data: { id: 2, passwordHash: 'scrypt$secret' } });

    expect(planningEventEnvelope(session)).toBeNull();
    expect(planningEventEnvelope(user)).toBeNull();
  });

  it('publishes nothing of a scenario’s own streams, whatever the event type (issue 22)', () => {
    const changed = stored(
      { type: 'ItemUpdated', data: { id: 5, changes: { start: '2031-07-01T00:00' } } },
      { streamId: scenarioStreamName(17, 'item-5') },
    );
    expect(planningEventEnvelope(changed)).toBeNull();
    expect(planningEventEnvelope({ ...changed, streamId: 'item-5' })).toMatchObject({ type: 'ItemUpdated' });
  });

  it('rejects an envelope whose data does not match its type', () => {
    const [created] = decidedEvents();
    const envelope = planningEventEnvelope(stored(created!))!;

    expect(planningEventSchema.safeParse({ ...envelope, type: 'CommentCreated' }).success).toBe(false);
    expect(planningEventSchema.safeParse({ ...envelope, id: 'not-a-uuid' }).success).toBe(false);
  });
});
