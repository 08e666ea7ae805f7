import { apiSlice } from '../api/apiSlice';
import { commandEndpoint } from '../api/commands';

/** The signed-in user's own choices (issue 20): /api/me answers them. */
export const preferencesApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    changeMyPreferences: builder.mutation(commandEndpoint('ChangeMyPreferences', () => ['Me'])),
  }),
});

export const { useChangeMyPreferencesMutation } = preferencesApi;
