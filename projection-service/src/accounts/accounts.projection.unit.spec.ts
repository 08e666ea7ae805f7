import type {
  AccountCreated,
  AccountEntriesAdded,
  AccountEntry,
  AccountEntryRemoved,
  AccountView,
  StoredEvent,
} from '@fahrplan/contracts';
import { aStoredEvent, freshId, project } from '../projections/testing/stored-event';
import { accountsProjection } from './accounts.projection';

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

  it('removes the entry of a key, and an entry recorded again comes back', () => {
    const plan = anEntry();
    const actual = anEntry({ sicht: 'IST', periode: null });
    const removed = aStoredEvent<AccountEntryRemoved>({
      type: 'AccountEntryRemoved',
      data: { id, sicht: 'IST', periode: null },
    });
    const history = [accountCreated(id, refId), entriesAdded(id, [plan, actual]), removed];
    expect(entries(history)).toEqual([plan]);
    expect(entries([...history, entriesAdded(id, [actual])])).toEqual([plan, actual]);
  });

  it('creates no document from entries of an unknown account', () =>
    expect(project(accountsProjection, [entriesAdded(id, [anEntry()])])).toBeNull());
});
