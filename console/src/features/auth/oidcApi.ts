import { apiSlice } from '../api/apiSlice';

/** Whether this deployment offers sign-in through its OpenID provider (public, asked by the login page). */
export interface OidcLoginConfig {
  readonly enabled: boolean;
  readonly label?: string;
}

export const oidcApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getOidcConfig: builder.query<OidcLoginConfig, void>({ query: () => '/auth/oidc/config' }),
  }),
});

export const { useGetOidcConfigQuery } = oidcApi;
