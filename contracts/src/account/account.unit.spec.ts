import { accountDecider, accountEntrySchema, addAccountEntriesSchema } from './account';
import type { AccountCommand, AccountContext, AccountEntry, AccountEvent, AccountOwner } from './account';
import { aContext, deciderSpec, freshId } from '../testing/decider-spec';

const spec = deciderSpec(accountDecider);

const anOwner = (overrides: Partial<AccountOwner> = {}): AccountOwner => ({
  name: 'Billing',
  assetNr: 'A-4711',
  account: null,
  ...overrides,
});
const anEntry = (overrides: Partial<AccountEntry> = {}): AccountEntry => ({
  sicht: 'PLAN',
  periode: '2026',
  amount: 1200,
  projekt: null,
  typ: null,
  gruppe: null,
  ...overrides,
});
const createFor = (refId: number): AccountCommand => ({
  type: 'CreateAccount',
  data: { refType: 'application', refId },
});
const addEntries = (accountId: number, entries: AccountEntry[]): AccountCommand => ({
  type: 'AddAccountEntries',
  data: { accountId, entries },
});
const entriesAdded = (id: number, entries: AccountEntry[]): AccountEvent => ({
  type: 'AccountEntriesAdded',
  data: { id, entries },
});
const context = (facts: Partial<AccountContext> = {}): AccountContext =>
  aContext({ newId: freshId(), owner: anOwner(), ...facts });
const accountCreated = (id: number, refId: number): AccountEvent => ({
  type: 'AccountCreated',
  data: { id, accountNumber: 'A-4711', name: 'Billing', refType: 'application', refId },
});

describe('account decider', () => {
  describe('when no account exists', () => {
    it('creates it with the number from the assetNr and the name from the application name (§3)', () => {
      const application = freshId();
      const ctx = context({ owner: anOwner({ name: 'Payroll', assetNr: 'P-0815' }) });
      spec
        .given([])
        .when(createFor(application), ctx)
        .then([
          {
            type: 'AccountCreated',
            data: {
              id: ctx.newId,
              accountNumber: 'P-0815',
              name: 'Payroll',
              refType: 'application',
              refId: application,
            },
          },
        ]);
    });

    it.each([null, ''])('refuses an application whose assetNr is %p', (assetNr) =>
      spec
        .given([])
        .when(createFor(freshId()), context({ owner: anOwner({ assetNr }) }))
        .thenThrows({
          code: 'validation',
          message: 'an application account needs an asset number',
          details: { fieldErrors: [{ field: 'assetNr', message: 'required' }] },
        }),
    );

    it('refuses an application that has an account already', () =>
      spec
        .given([])
        .when(createFor(freshId()), context({ owner: anOwner({ account: freshId() }) }))
        .thenThrows({ code: 'conflict', message: 'the application has an account already' }));

    it('refuses an application that does not exist', () =>
      spec
        .given([])
        .when(createFor(freshId()), context({ owner: null }))
        .thenThrows({ code: 'not_found', message: 'application not found' }));

    it('refuses entries', () =>
      spec
        .given([])
        .when(addEntries(freshId(), [anEntry()]), context())
        .thenThrows({ code: 'not_found', message: 'account not found' }));
  });

  describe('when the account exists', () => {
    const id = freshId();
    const application = freshId();
    const history = [accountCreated(id, application)];

    it('records entries as given', () => {
      const entries = [
        anEntry(),
        anEntry({ sicht: 'IST', periode: null, amount: -50.5, gruppe: 'Lizenzen' }),
      ];
      spec
        .given(history)
        .when(addEntries(id, entries), context())
        .then([{ type: 'AccountEntriesAdded', data: { id, entries } }]);
    });

    describe('and holds entries', () => {
      const held = [...history, entriesAdded(id, [anEntry(), anEntry({ sicht: 'IST', periode: null })])];
      const removeEntry = (sicht: string, periode: string | null): AccountCommand => ({
        type: 'RemoveAccountEntry',
        data: { accountId: id, sicht, periode },
      });

      it('removes an entry by its key (sicht, periode)', () =>
        spec
          .given(held)
          .when(removeEntry('IST', null), context())
          .then([{ type: 'AccountEntryRemoved', data: { id, sicht: 'IST', periode: null } }]));

      it('refuses a key it does not hold, also once removed; recording the entry again restores it', () => {
        spec.given(held).when(removeEntry('IST', '2026'), context()).thenThrows({ code: 'not_found' });
        const removed = [
          ...held,
          { type: 'AccountEntryRemoved', data: { id, sicht: 'PLAN', periode: '2026' } } as AccountEvent,
        ];
        spec.given(removed).when(removeEntry('PLAN', '2026'), context()).thenThrows({ code: 'not_found' });
        spec
          .given([...removed, entriesAdded(id, [anEntry()])])
          .when(removeEntry('PLAN', '2026'), context())
          .then([{ type: 'AccountEntryRemoved', data: { id, sicht: 'PLAN', periode: '2026' } }]);
      });
    });

    it('refuses to create it again', () =>
      spec
        .given(history)
        .when(createFor(application), context({ newId: id }))
        .thenThrows({ code: 'conflict', message: 'account exists already' }));
  });
});

describe('accountDecider.evolve', () => {
  const id = freshId();
  const application = freshId();

  it('remembers the record the account belongs to and counts the version from 0', () =>
    expect(
      [accountCreated(id, application), entriesAdded(id, [anEntry()])].reduce(
        accountDecider.evolve,
        accountDecider.initialState,
      ),
    ).toEqual({
      status: 'active',
      id,
      version: 1,
      refType: 'application',
      refId: application,
      entryKeys: ['PLAN\u00002026'],
    }));

  it('ignores entries of an absent account', () =>
    expect(
      accountDecider.evolve(accountDecider.initialState, {
        type: 'AccountEntriesAdded',
        data: { id, entries: [] },
      }),
    ).toEqual({
      status: 'absent',
    }));
});

describe('account schemas', () => {
  it('trims an entry and turns empty optional texts into null', () =>
    expect(
      accountEntrySchema.parse({
        sicht: ' PLAN ',
        periode: '',
        amount: undefined,
        projekt: ' P1 ',
        typ: '',
        gruppe: null,
      }),
    ).toEqual({ sicht: 'PLAN', periode: null, amount: null, projekt: 'P1', typ: null, gruppe: null }));

  it.each([
    ['a blank sicht', { sicht: '  ' }],
    ['a sicht of 51 characters', { sicht: 'x'.repeat(51) }],
    ['a periode of 21 characters', { periode: 'x'.repeat(21) }],
    ['an infinite amount', { amount: Infinity }],
    ['an unknown field', { currency: 'EUR' }],
  ])('refuses an entry with %s', (_, overrides) =>
    expect(accountEntrySchema.safeParse({ ...anEntry(), ...overrides }).success).toBe(false),
  );

  it('refuses a command without entries', () =>
    expect(addAccountEntriesSchema.safeParse({ accountId: freshId(), entries: [] }).success).toBe(false));
});
