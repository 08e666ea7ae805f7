import type { StoredEvent } from '@fahrplan/contracts';
import { accountBudgetsProjection } from './account-budgets.projection';
import type { AccountBudgetDoc } from './account-budgets.projection';
import { groupsProjection } from './groups.projection';
import type { GroupDoc } from './groups.projection';
import { storedEvent } from '../projections/testing/stored-event';

const event = (type: string, data: Record<string, unknown>, tenant = 'acme'): StoredEvent =>
  storedEvent(tenant, type, data);

const fold = <D extends object>(
  projection: { evolve: (doc: D | null, e: StoredEvent) => D | null },
  events: readonly StoredEvent[],
) => events.reduce<D | null>((doc, e) => projection.evolve(doc, e), null);

describe('groupsProjection shares', () => {
  const created = event('GroupCreated', { id: 7, title: 'Roll-out', account: null });
  const shares = (doc: GroupDoc | null) => ({
    shares: doc?.shares,
    sharedWith: doc?.sharedWith,
    acceptedBy: doc?.acceptedBy,
  });

  it('records a share as PENDING, and the accepted one in acceptedBy, which the queries match on', () => {
    const doc = fold(groupsProjection, [
      created,
      event('ProjectShared', { id: 7, tenant: 'other', status: 'PENDING' }),
      event('ProjectShared', { id: 7, tenant: 'third', status: 'PENDING' }),
      event('ProjectShareAccepted', { id: 7, tenant: 'other' }, 'acme'),
    ]);

    expect(shares(doc)).toEqual({
      shares: [
        { tenant: 'other', status: 'ACCEPTED' },
        { tenant: 'third', status: 'PENDING' },
      ],
      sharedWith: ['other', 'third'],
      acceptedBy: ['other'],
    });
    expect(doc?.tenant).toBe('acme');
  });

  it('removes a share whatever its status', () => {
    const doc = fold(groupsProjection, [
      created,
      event('ProjectShared', { id: 7, tenant: 'other', status: 'PENDING' }),
      event('ProjectShareAccepted', { id: 7, tenant: 'other' }),
      event('ProjectUnshared', { id: 7, tenant: 'other' }),
    ]);

    expect(shares(doc)).toEqual({ shares: [], sharedWith: [], acceptedBy: [] });
  });

  it('reads a document projected before shares had a status as pending shares', () => {
    const { shares: _s, acceptedBy: _a, ...old } = fold(groupsProjection, [created])!;
    const doc = groupsProjection.evolve(
      { ...old, sharedWith: ['other'] } as unknown as GroupDoc,
      event('ProjectShareAccepted', { id: 7, tenant: 'other' }),
    );

    expect(shares(doc)).toEqual({
      shares: [{ tenant: 'other', status: 'ACCEPTED' }],
      sharedWith: ['other'],
      acceptedBy: ['other'],
    });
  });
});

describe('groupsProjection deletes and lanes', () => {
  const created = event('GroupCreated', { id: 7, title: 'Roll-out', account: null });
  const lane = (id: string, name: string) => ({ id, name, type: 'INDIVIDUAL' });

  it('marks a deleted project and clears the mark on its restore', () => {
    const deleted = [created, event('GroupDeleted', { id: 7 })];
    expect(fold<GroupDoc>(groupsProjection, deleted)?.deleted).toBe(true);
    expect(fold<GroupDoc>(groupsProjection, [...deleted, event('GroupRestored', { id: 7 })])?.deleted).toBe(
      false,
    );
  });

  it('removes a lane and restores it with its id and name', () => {
    const removed = [
      created,
      event('SubgroupAdded', { id: 7, subgroup: lane('lane-1', 'Design') }),
      event('SubgroupAdded', { id: 7, subgroup: lane('lane-2', 'Build') }),
      event('SubgroupRemoved', { id: 7, subgroup: 'lane-1' }),
    ];
    expect(fold<GroupDoc>(groupsProjection, removed)?.subgroups).toEqual([lane('lane-2', 'Build')]);
    expect(
      fold<GroupDoc>(groupsProjection, [
        ...removed,
        event('SubgroupRestored', { id: 7, subgroup: lane('lane-1', 'Design') }),
      ])?.subgroups,
    ).toEqual([lane('lane-2', 'Build'), lane('lane-1', 'Design')]);
  });
});

describe('accountBudgetsProjection', () => {
  const created = event('AccountCreated', {
    id: 40,
    accountNumber: 'P-1',
    name: 'Roll-out',
    refType: 'group',
    refId: 7,
  });
  const entry = (sicht: string, periode: string | null, amount: number | null) => ({
    sicht,
    periode,
    amount,
    projekt: null,
    typ: null,
    gruppe: null,
  });

  it('keys the document by the account id and starts at 0', () => {
    expect(accountBudgetsProjection.documentId(created)).toBe('40');
    expect(fold<AccountBudgetDoc>(accountBudgetsProjection, [created])).toEqual({
      id: 40,
      tenant: 'acme',
      refType: 'group',
      refId: 7,
      amounts: [],
      budget: 0,
    });
  });

  it('sums the amounts; an entry with the key of an earlier one replaces its amount; null counts 0', () => {
    const doc = fold<AccountBudgetDoc>(accountBudgetsProjection, [
      created,
      event('AccountEntriesAdded', {
        id: 40,
        entries: [entry('PLAN', '2026', 1000), entry('PLAN', '2027', 250.5), entry('IST', null, 99)],
      }),
      event('AccountEntriesAdded', {
        id: 40,
        entries: [entry('PLAN', '2026', 400), entry('IST', null, null), entry('IST', '2026', 1)],
      }),
    ]);

    expect(doc?.budget).toBe(400 + 250.5 + 1);
  });

  it('drops the amount of a removed entry from the budget', () => {
    const doc = fold<AccountBudgetDoc>(accountBudgetsProjection, [
      created,
      event('AccountEntriesAdded', {
        id: 40,
        entries: [entry('PLAN', '2026', 1000), entry('IST', null, 99)],
      }),
      event('AccountEntryRemoved', { id: 40, sicht: 'PLAN', periode: '2026' }),
    ]);
    expect(doc?.budget).toBe(99);
  });

  it('creates nothing from entries of an unknown account', () =>
    expect(
      fold(accountBudgetsProjection, [
        event('AccountEntriesAdded', { id: 41, entries: [entry('P', null, 1)] }),
      ]),
    ).toBeNull());
});
