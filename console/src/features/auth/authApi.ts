import type { MeView } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { refreshSession } from '../api/baseQuery';
import { meLoaded, signedIn, signedOut } from '../session/sessionSlice';
import type { LoginResult } from '../session/sessionSlice';

export interface Credentials {
  tenant: string;
  username: string;
  password: string;
}

export const authApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    login: builder.mutation<LoginResult, Credentials>({
      query: (credentials) => ({ url: '/auth/login', method: 'POST', body: credentials }),
      async onQueryStarted(_credentials, { dispatch, queryFulfilled }) {
        // A failed login is the caller's to show (unwrap); here it only must not go unhandled.
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(signedIn(result.data));
      },
    }),
    refresh: builder.mutation<LoginResult | null, void>({
      queryFn: async (_arg, api, extraOptions) => ({ data: await refreshSession(api, extraOptions) }),
    }),
    logout: builder.mutation<null, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(signedOut());
        dispatch(apiSlice.util.resetApiState());
      },
    }),
    getMe: builder.query<MeView, void>({
      query: () => '/me',
      providesTags: ['Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(meLoaded(result.data));
      },
    }),
  }),
});

export const { useLoginMutation, useRefreshMutation, useLogoutMutation, useGetMeQuery } = authApi;
