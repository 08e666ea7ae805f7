import type {
  AccountCreated,
  AccountEntriesAdded,
  AccountEntry,
  AccountView,
  ApplicationCreated,
  ApplicationFields,
  CommentCreated,
  DomainEvent,
  EventMetadata,
  StoredEvent,
} from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import { anApplication } from '@fahrplan/contracts/testing';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { accountsProjection } from './accounts.projection';
import { allProjections } from './all-projections';
import { applicationsProjection } from './applications.projection';
import type { ApplicationDoc } from './applications.projection';
import { commentsProjection } from './comments.projection';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

const timestamp = '2026-03-02T09:30:00.000Z';
let lastPosition = 0;
let lastId = 5000;
const freshId = () => (lastId += 1);

type StoredEventOverrides = Partial<Omit<StoredEvent, 'type' | 'data' | 'metadata'>> & {
  readonly metadata?: Partial<EventMetadata>;
};

/** A recorded fact: each call takes the next global position unless the test says otherwise. */
const aStoredEvent = <E extends DomainEvent>(
  event: E,
  { metadata, ...overrides }: StoredEventOverrides = {},
): StoredEvent<E> => {
  const position = overrides.position ?? (lastPosition += 1);
  return {
    type: event.type,
    data: event.data,
    metadata: {
      tenant: 'acme',
      user: 'alice',
      correlationId: `correlation-${position}`,
      causationId: `causation-${position}`,
      timestamp,
      schemaVersion: 1,
      ...metadata,
    },
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId: `stream-${position}`,
    revision: 0,
    position,
    ...overrides,
  };
};

/** The shared builder, trimmed to what an application created in a test usually has. */
const fields = (overrides: Partial<ApplicationFields> = {}): ApplicationFields =>
  anApplication({
    provider: null,
    vendor: null,
    cockpitid: null,
    docUrl: null,
    parent: null,
    parentOrder: null,
    rank: null,
    status: 'PRODUKTIV',
    attributes: [],
    account: null,
    ...overrides,
  });
const applicationCreated = (id: number, revision = 0, tenant = 'acme') =>
  aStoredEvent<ApplicationCreated>(
    { type: 'ApplicationCreated', data: { id, ...fields() } },
    {
      streamId: `application-${id}`,
      revision,
      metadata: { tenant },
    },
  );
const applicationUpdated = (
  id: number,
  revision: number,
  changes: Partial<ApplicationFields>,
  position?: number,
) =>
  aStoredEvent(
    { type: 'ApplicationUpdated', data: { id, changes } },
    { streamId: `application-${id}`, revision, ...(position === undefined ? {} : { position }) },
  );
const applicationDeleted = (id: number, revision: number) =>
  aStoredEvent({ type: 'ApplicationDeleted', data: { id } }, { streamId: `application-${id}`, revision });

const anEntry = (overrides: Partial<AccountEntry> = {}): AccountEntry => ({
  sicht: 'PLAN',
  periode: '2026',
  amount: 100,
  projekt: null,
  typ: null,
  gruppe: null,
  ...overrides,
});
const accountCreated = (id: number, refId: number) =>
  aStoredEvent<AccountCreated>({
    type: 'AccountCreated',
    data: { id, accountNumber: 'A-4711', name: 'Billing', refType: 'application', refId },
  });
const entriesAdded = (id: number, entries: AccountEntry[]) =>
  aStoredEvent<AccountEntriesAdded>({ type: 'AccountEntriesAdded', data: { id, entries } });

/** Folds events through a projection's evolve as the runner would, without the store. */
const project = <Doc extends object>(projection: Projection<Doc>, events: StoredEvent[]) =>
  events.reduce<Doc | null>((doc, event) => projection.evolve(doc, event), null);

describe('applicationsProjection', () => {
  const id = freshId();

  it('keys the document by the application id', () =>
    expect(applicationsProjection.documentId(applicationCreated(id))).toBe(String(id)));

  it('creates the document with the tenant of the event, the revision as version, not deleted, not shared', () =>
    expect(project(applicationsProjection, [applicationCreated(id, 0, 'globex')])).toEqual({
      id,
      ...fields(),
      tenant: 'globex',
      version: 0,
      deleted: false,
      shared: false,
    }));

  it('applies only the changes of an update and takes its revision as version', () =>
    expect(
      project(applicationsProjection, [
        applicationCreated(id),
        applicationUpdated(id, 4, { name: 'Payroll', end: null }),
      ]),
    ).toEqual<ApplicationDoc>({
      id,
      ...fields({ name: 'Payroll', end: null }),
      tenant: 'acme',
      version: 4,
      deleted: false,
      shared: false,
    }));

  it('flags a deleted application and keeps it', () =>
    expect(
      project(applicationsProjection, [applicationCreated(id), applicationDeleted(id, 1)]),
    ).toMatchObject({
      id,
      name: 'Billing',
      deleted: true,
      version: 1,
    }));

  it.each([
    ['an update', () => applicationUpdated(id, 1, { name: 'Payroll' })],
    ['a delete', () => applicationDeleted(id, 1)],
  ])('creates no document from %s of an unknown application', (_, event) =>
    expect(project(applicationsProjection, [event()])).toBeNull(),
  );
});

describe('commentsProjection', () => {
  it('creates the comment view with the tenant of the event', () => {
    const id = freshId();
    const refId = freshId();
    const event = aStoredEvent<CommentCreated>({
      type: 'CommentCreated',
      data: {
        id,
        refType: 'application',
        refId,
        description: 'Moved to Q3',
        createdAt: timestamp,
        createdBy: 'bob',
      },
    });
    expect(commentsProjection.documentId(event)).toBe(String(id));
    expect(project(commentsProjection, [event])).toEqual({
      id,
      tenant: 'acme',
      refType: 'application',
      refId,
      description: 'Moved to Q3',
      createdAt: timestamp,
      createdBy: 'bob',
    });
  });
});

describe('accountsProjection', () => {
  const id = freshId();
  const refId = freshId();
  const entries = (events: StoredEvent[]) => project<AccountView>(accountsProjection, events)?.entries;

  it('creates the account without entries', () =>
    expect(project(accountsProjection, [accountCreated(id, refId)])).toEqual({
      id,
      accountNumber: 'A-4711',
      name: 'Billing',
      refType: 'application',
      refId,
      tenant: 'acme',
      entries: [],
    }));

  it('adds entries in the order given', () => {
    const plan = anEntry();
    const actual = anEntry({ sicht: 'IST', amount: 80 });
    expect(
      entries([accountCreated(id, refId), entriesAdded(id, [plan]), entriesAdded(id, [actual])]),
    ).toEqual([plan, actual]);
  });

  it('replaces an entry with the same sicht and periode', () => {
    const plan2026 = anEntry({ amount: 100 });
    const plan2027 = anEntry({ periode: '2027', amount: 50 });
    const corrected = anEntry({ amount: 140, gruppe: 'Lizenzen' });
    expect(
      entries([
        accountCreated(id, refId),
        entriesAdded(id, [plan2026, plan2027]),
        entriesAdded(id, [corrected]),
      ]),
    ).toEqual([corrected, plan2027]);
  });

  it('keeps entries apart that differ only in sicht, or in a missing periode', () => {
    const recorded = [anEntry(), anEntry({ sicht: 'IST' }), anEntry({ periode: null })];
    expect(entries([accountCreated(id, refId), entriesAdded(id, recorded)])).toEqual(recorded);
  });

  it('keeps the last of two entries with the same key in one event', () =>
    expect(
      entries([
        accountCreated(id, refId),
        entriesAdded(id, [anEntry({ amount: 1 }), anEntry({ amount: 2 })]),
      ]),
    ).toEqual([anEntry({ amount: 2 })]));

  it('creates no document from entries of an unknown account', () =>
    expect(project(accountsProjection, [entriesAdded(id, [anEntry()])])).toBeNull());
});

describe('ProjectionRunner.apply', () => {
  const noEventStore = {} as EventStore;

  /** Counts the events it saw, so applying one twice would show. */
  const counting: Projection<{ count: number; keys: string[] }> = {
    collection: 'counts',
    handles: ['Counted', 'Dropped'],
    documentId: () => 'the-one',
    evolve: (doc, event) =>
      event.type === 'Dropped' ? null : { count: (doc?.count ?? 0) + 1, keys: doc ? Object.keys(doc) : [] },
    indexes: [],
  };

  it('stores the document with its id and the position of the event', async () => {
    const store = new MemoryReadStore();
    const id = freshId();
    const created = applicationCreated(id);
    await new ProjectionRunner(noEventStore, store, allProjections).apply(created);
    expect(await store.get('applications', String(id))).toEqual({
      _id: String(id),
      _position: created.position,
      id,
      ...fields(),
      tenant: 'acme',
      version: 0,
      deleted: false,
      shared: false,
    });
  });

  it('applies the same event only once', async () => {
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner(noEventStore, store, [counting as Projection]);
    const event = aStoredEvent({ type: 'Counted', data: {} });
    await runner.apply(event);
    await runner.apply(event);
    expect(await store.get('counts', 'the-one')).toMatchObject({ count: 1 });
  });

  it('ignores an event older than the one the document reflects', async () => {
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner(noEventStore, store, allProjections);
    const id = freshId();
    const created = applicationCreated(id);
    const renamed = applicationUpdated(id, 1, { name: 'Payroll' });
    await runner.apply(created);
    await runner.apply(renamed);
    const before = structuredClone(await store.dump());

    for (const older of [created, applicationUpdated(id, 1, { name: 'Stale' }, created.position), renamed]) {
      await runner.apply(older);
      expect(await store.dump()).toEqual(before);
    }
    expect(await store.get('applications', String(id))).toMatchObject({
      name: 'Payroll',
      _position: renamed.position,
    });
  });

  it('hands the projection the document without _id and _position', async () => {
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner(noEventStore, store, [counting as Projection]);
    await runner.apply(aStoredEvent({ type: 'Counted', data: {} }));
    await runner.apply(aStoredEvent({ type: 'Counted', data: {} }));
    expect(await store.get('counts', 'the-one')).toMatchObject({ count: 2, keys: ['count', 'keys'] });
  });

  it('removes the document when the projection returns null', async () => {
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner(noEventStore, store, [counting as Projection]);
    await runner.apply(aStoredEvent({ type: 'Counted', data: {} }));
    await runner.apply(aStoredEvent({ type: 'Dropped', data: {} }));
    expect(await store.get('counts', 'the-one')).toBeNull();
  });

  it('stores nothing for an event no projection handles', async () => {
    const store = new MemoryReadStore();
    await new ProjectionRunner(noEventStore, store, allProjections).apply(
      aStoredEvent({ type: 'TenantCreated', data: { id: freshId() } }),
    );
    expect(await store.dump()).toEqual({});
  });
});
