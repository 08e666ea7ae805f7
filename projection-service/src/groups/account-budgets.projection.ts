import { accountEntryKey } from '@fahrplan/contracts';
import type {
  AccountCreated,
  AccountEntriesAdded,
  AccountEntryRemoved,
  AccountRefType,
  StoredEvent,
} from '@fahrplan/contracts';
import { byRecordId } from '../projections/projection';
import type { Projection } from '../projections/projection';

/**
 * An account's amount per entry key and their sum: the project's `budget` in GET /api/groups.
 * Its own small collection rather than a field of the project, because AccountEntriesAdded names only
 * the account and a projection folds one document per event; the portfolio then reads one small
 * document per project account (by id, one round trip) instead of every entry of the accounts collection.
 */
export interface AccountBudgetDoc {
  readonly id: number;
  readonly tenant: string;
  readonly refType: AccountRefType;
  readonly refId: number;
  readonly amounts: readonly { readonly key: string; readonly amount: number | null }[];
  readonly budget: number;
}

export const accountBudgetsProjection: Projection<AccountBudgetDoc> = {
  collection: 'accountBudgets',
  version: 1,
  handles: ['AccountCreated', 'AccountEntriesAdded', 'AccountEntryRemoved'],
  documentId: byRecordId,
  // read by account id only
  indexes: [],
  evolve: (doc, event: StoredEvent) => {
    if (event.type === 'AccountCreated') {
      const { id, refType, refId } = event.data as AccountCreated['data'];
      return { id, tenant: event.metadata.tenant, refType, refId, amounts: [], budget: 0 };
    }
    if (!doc) return doc;
    const amounts = new Map(doc.amounts.map((a) => [a.key, a.amount]));
    if (event.type === 'AccountEntriesAdded')
      for (const entry of (event.data as AccountEntriesAdded['data']).entries)
        amounts.set(accountEntryKey(entry), entry.amount);
    else if (event.type === 'AccountEntryRemoved')
      amounts.delete(accountEntryKey(event.data as AccountEntryRemoved['data']));
    else return doc;
    const next = [...amounts].map(([key, amount]) => ({ key, amount }));
    return { ...doc, amounts: next, budget: next.reduce((sum, a) => sum + (a.amount ?? 0), 0) };
  },
};
