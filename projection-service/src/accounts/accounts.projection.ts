import type { AccountCreated, AccountEntriesAdded, AccountEntry, AccountView } from '@fahrplan/contracts';
import type { Projection } from '../projections/projection';

/** An entry's key: a later entry with the same sicht and periode replaces one (also the budgets' key). */
export const entryKey = (entry: AccountEntry) => `${entry.sicht}\u0000${entry.periode ?? ''}`;

/** An account with its entries; an entry with the key (sicht, periode) of an earlier one replaces it. */
export const accountsProjection: Projection<AccountView> = {
  collection: 'accounts',
  version: 1,
  handles: ['AccountCreated', 'AccountEntriesAdded'],
  documentId: (event) => String((event.data as { id: number }).id),
  // GET /api/accounts/:id reads by id only
  indexes: [],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'AccountCreated':
        return { ...(event.data as AccountCreated['data']), tenant: event.metadata.tenant, entries: [] };
      case 'AccountEntriesAdded': {
        if (!doc) return doc;
        const entries = new Map(doc.entries.map((e) => [entryKey(e), e]));
        for (const entry of (event.data as AccountEntriesAdded['data']).entries)
          entries.set(entryKey(entry), entry);
        return { ...doc, entries: [...entries.values()] };
      }
      default:
        return doc;
    }
  },
};
