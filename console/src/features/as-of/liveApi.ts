import type { GroupView, Page } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';

/** The records the dialogs can compare with now. */
export type LiveRecordKind = 'application' | 'project' | 'item';

const collectionOf: Record<LiveRecordKind, string> = {
  application: 'applications',
  project: 'groups',
  item: 'items',
};

/** How many projects one request of the live marks asks for: the largest page. */
const liveChunk = 1000;

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
    /**
     * The listed projects as they are now (those that still are), to mark the rows of a list as of a
     * date that changed since: by their ids, a thousand a request.
     */
    getLiveProjects: build.query<GroupView[], readonly number[]>({
      queryFn: async (ids, _api, _extra, baseQuery) => {
        const now: GroupView[] = [];
        for (let start = 0; start < ids.length; start += liveChunk) {
          const chunk = ids.slice(start, start + liveChunk);
          const result = await baseQuery({
            url: '/groups',
            params: { id: chunk.join(','), limit: liveChunk },
            live: true,
          });
          if (result.error) return { error: result.error };
          now.push(...(result.data as Page<GroupView>).items);
        }
        return { data: now };
      },
      providesTags: ['Live'],
    }),
  }),
});

export const { useGetLiveRecordQuery, useGetLiveProjectsQuery } = liveApi;
