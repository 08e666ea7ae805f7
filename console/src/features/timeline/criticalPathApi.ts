import type { CriticalPath } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';

/** GET /api/schedule/critical-path (issue 21): the chain to a milestone, with each item's float. */
export const criticalPathApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getCriticalPath: builder.query<CriticalPath, number>({
      query: (to) => ({ url: '/schedule/critical-path', params: { to } }),
      // moves and dependencies change the path: they invalidate the window, and so the path
      providesTags: [{ type: 'Timeline', id: 'WINDOW' }],
    }),
  }),
});

export const { useGetCriticalPathQuery } = criticalPathApi;
