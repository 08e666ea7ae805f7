import type { GroupView } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';

/** The records the dialogs can compare with now. */
export type LiveRecordKind = 'application' | 'project' | 'item';

const collectionOf: Record<LiveRecordKind, string> = {
  application: 'applications',
  project: 'groups',
  item: 'items',
};

/**
 * "Compare with now": the same record as the dialog shows as of a date, but today's version. Its own
 * endpoint (own cache key) and `live: true` (no `?asOf=`), so past and present never share a cache entry.
 */
export const liveApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getLiveRecord: build.query<unknown, { kind: LiveRecordKind; id: number }>({
      query: ({ kind, id }) => ({ url: `/${collectionOf[kind]}/${id}`, live: true }),
      // the change feed refreshes today's data even while the rest of the console stands in the past
      providesTags: ['Live'],
    }),
    /** Every project as it is now, to mark the rows of a list as of a date that changed since. */
    getLiveProjects: build.query<GroupView[], void>({
      query: () => ({ url: '/groups', live: true }),
      providesTags: ['Live'],
    }),
  }),
});

export const { useGetLiveRecordQuery, useGetLiveProjectsQuery } = liveApi;
