import { z } from 'zod';
import { say } from '../rules/messages';
import { decideByType, deciderOf, unfolded } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { conflictOf, existsAlready, notFound, validationError } from '../errors';
import { numberIn, ranges } from '../rules/ranges';

export const accountRefTypes = ['application', 'group'] as const;
export type AccountRefType = (typeof accountRefTypes)[number];

export const createAccountSchema = z.strictObject({
  refType: z.enum(accountRefTypes),
  refId: z.number().int().positive(),
});
export type CreateAccountData = z.infer<typeof createAccountSchema>;

/** A finance entry: its key is sicht + periode (§3); projekt, typ and gruppe are the account plan columns. */
export const accountEntrySchema = z.strictObject({
  sicht: z.string().trim().min(1).max(50),
  periode: z
    .string()
    .trim()
    .max(20)
    .nullish()
    .transform((v) => v || null),
  amount: numberIn(ranges.amount)
    .nullish()
    .transform((v) => v ?? null),
  projekt: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
  typ: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
  gruppe: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
});
export type AccountEntry = z.infer<typeof accountEntrySchema>;

/** The most entries one AddAccountEntries command may carry; larger imports send several. */
export const maxEntriesPerCommand = 5000;

export const addAccountEntriesSchema = z.strictObject({
  accountId: z.number().int().positive(),
  entries: z.array(accountEntrySchema).min(1).max(maxEntriesPerCommand),
});
export type AddAccountEntriesData = z.infer<typeof addAccountEntriesSchema>;

/** An entry's key: a later entry with the same sicht and periode replaces an earlier one (§3). */
export const accountEntryKey = (entry: { readonly sicht: string; readonly periode: string | null }) =>
  `${entry.sicht}\u0000${entry.periode ?? ''}`;

/**
 * RemoveAccountEntry: the entry with this key leaves the account (a reversal is a new fact; AddAccountEntries
 * with the same entry brings it back).
 */
export const removeAccountEntrySchema = z.strictObject({
  accountId: z.number().int().positive(),
  sicht: accountEntrySchema.shape.sicht,
  periode: accountEntrySchema.shape.periode,
});
export type RemoveAccountEntryData = z.infer<typeof removeAccountEntrySchema>;

export type AccountCommand =
  | { readonly type: 'CreateAccount'; readonly data: CreateAccountData }
  | { readonly type: 'AddAccountEntries'; readonly data: AddAccountEntriesData }
  | { readonly type: 'RemoveAccountEntry'; readonly data: RemoveAccountEntryData };

export type AccountCreated = DomainEvent<
  'AccountCreated',
  {
    readonly id: number;
    readonly accountNumber: string;
    readonly name: string;
    readonly refType: AccountRefType;
    readonly refId: number;
  }
>;
export type AccountEntriesAdded = DomainEvent<
  'AccountEntriesAdded',
  { readonly id: number; readonly entries: AccountEntry[] }
>;
export type AccountEntryRemoved = DomainEvent<
  'AccountEntryRemoved',
  { readonly id: number; readonly sicht: string; readonly periode: string | null }
>;
export type AccountEvent = AccountCreated | AccountEntriesAdded | AccountEntryRemoved;

export type AccountState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active';
      readonly id: number;
      readonly version: number;
      readonly refType: AccountRefType;
      readonly refId: number;
      /** The keys (`accountEntryKey`) of the entries the account holds. */
      readonly entryKeys: readonly string[];
    };
export const initialAccountState: AccountState = { status: 'absent' };

export const evolveAccount = (state: AccountState, event: AccountEvent): AccountState => {
  switch (event.type) {
    case 'AccountCreated':
      return {
        status: 'active',
        id: event.data.id,
        version: 0,
        refType: event.data.refType,
        refId: event.data.refId,
        entryKeys: [],
      };
    case 'AccountEntriesAdded':
      return state.status === 'absent'
        ? state
        : {
            ...state,
            version: state.version + 1,
            entryKeys: [...new Set([...state.entryKeys, ...event.data.entries.map(accountEntryKey)])],
          };
    case 'AccountEntryRemoved':
      return state.status === 'absent'
        ? state
        : {
            ...state,
            version: state.version + 1,
            entryKeys: state.entryKeys.filter((key) => key !== accountEntryKey(event.data)),
          };
    default:
      return unfolded(event, state);
  }
};

/**
 * The referenced record as the handler found it (§4: number from assetNr, name from the application name;
 * for a project `assetNr` carries its projectNr and `name` its title).
 */
export interface AccountOwner {
  readonly name: string;
  readonly assetNr: string | null;
  readonly account: number | null;
}

export interface AccountContext extends DecisionContext {
  readonly newId: number;
  /** null when the referenced record does not exist in the tenant. */
  readonly owner: AccountOwner | null;
}

export const decideAccount = decideByType<AccountCommand, AccountState, AccountEvent, AccountContext>({
  CreateAccount: (data, state, context) => {
    const { owner } = context;
    if (owner === null) throw notFound(data.refType);
    const project = data.refType === 'group';
    if (!owner.assetNr)
      throw project
        ? validationError('a project account needs a project number', [
            { field: 'projectNr', message: say('required') },
          ])
        : validationError('an application account needs an asset number', [
            { field: 'assetNr', message: say('required') },
          ]);
    if (owner.account !== null)
      throw conflictOf(
        'exists-already',
        `the ${project ? 'project' : 'application'} has an account already`,
        { what: 'account' },
      );
    if (state.status !== 'absent') throw existsAlready('account');
    return [
      {
        type: 'AccountCreated',
        data: { id: context.newId, accountNumber: owner.assetNr, name: owner.name, ...data },
      },
    ];
  },
  AddAccountEntries: (data, state) => {
    if (state.status === 'absent') throw notFound('account');
    return [{ type: 'AccountEntriesAdded', data: { id: state.id, entries: data.entries } }];
  },
  RemoveAccountEntry: (data, state) => {
    if (state.status === 'absent') throw notFound('account');
    const { sicht, periode } = data;
    if (!state.entryKeys.includes(accountEntryKey({ sicht, periode }))) throw notFound('account entry');
    return [{ type: 'AccountEntryRemoved', data: { id: state.id, sicht, periode } }];
  },
});

export const accountDecider = deciderOf(decideAccount, evolveAccount, initialAccountState);
