import type { AccountView } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandEndpoint } from '../api/commands';

export const accountsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getAccount: builder.query<AccountView, number>({
      query: (id) => `/accounts/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Account', id }],
    }),
    /** The response id is the new account's id (number from assetNr, name from the application name). */
    createAccount: builder.mutation(
      commandEndpoint('CreateAccount', (result, data) => [
        { type: 'Account', id: result.id },
        { type: 'Application', id: data.refId },
      ]),
    ),
    /** One chunk of an import (at most maxEntriesPerCommand entries); the account's table refetches. */
    // a project's budget (the portfolio's bubble size) is the sum of its account's entries
    addAccountEntries: builder.mutation(
      commandEndpoint('AddAccountEntries', (_result, data) => [
        { type: 'Account', id: data.accountId },
        { type: 'Group', id: 'LIST' },
      ]),
    ),
    /** Undone by recording the entry again (AddAccountEntries). */
    removeAccountEntry: builder.mutation(
      commandEndpoint('RemoveAccountEntry', (_result, data) => [
        { type: 'Account', id: data.accountId },
        { type: 'Group', id: 'LIST' },
      ]),
    ),
  }),
});

export const {
  useGetAccountQuery,
  useCreateAccountMutation,
  useAddAccountEntriesMutation,
  useRemoveAccountEntryMutation,
} = accountsApi;
