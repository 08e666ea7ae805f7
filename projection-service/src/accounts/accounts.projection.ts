import { accountEntryKey } from '@fahrplan/contracts';
import type {
  AccountCreated,
  AccountEntriesAdded,
  AccountEntryRemoved,
  AccountView,
} from '@fahrplan/contracts';
import { byRecordId } from '../projections/projection';
import type { Projection } from '../projections/projection';

/** An account with its entries; an entry with the key (sicht, periode) of an earlier one replaces it. */
export const accountsProjection: Projection<AccountView> = {
  collection: 'accounts',
  version: 2,
  handles: ['AccountCreated', 'AccountEntriesAdded', 'AccountEntryRemoved'],
  documentId: byRecordId,
  // GET /api/accounts/:id reads by id; a sheet import finds an account by its name (issue 23)
  indexes: [{ tenant: 1, name: 1 }],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'AccountCreated':
        return { ...(event.data as AccountCreated['data']), tenant: event.metadata.tenant, entries: [] };
      case 'AccountEntriesAdded': {
        if (!doc) return doc;
        const entries = new Map(doc.entries.map((e) => [accountEntryKey(e), e]));
        for (const entry of (event.data as AccountEntriesAdded['data']).entries)
          entries.set(accountEntryKey(entry), entry);
        return { ...doc, entries: [...entries.values()] };
      }
      case 'AccountEntryRemoved': {
        if (!doc) return doc;
        const key = accountEntryKey(event.data as AccountEntryRemoved['data']);
        return { ...doc, entries: doc.entries.filter((e) => accountEntryKey(e) !== key) };
      }
      default:
        return doc;
    }
  },
};
