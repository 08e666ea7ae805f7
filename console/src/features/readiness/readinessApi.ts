import type { ReadinessView } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';

export const readinessApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    // 503 is an answer here (catching up, or a store down), not a failure of the request
    readiness: builder.query<ReadinessView, void>({
      query: () => ({
        url: '/ready',
        live: true,
        validateStatus: (response) => response.status === 200 || response.status === 503,
      }),
    }),
  }),
});

export const { useReadinessQuery } = readinessApi;
