import type { CommandInput, Page, ResourceView } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { listPage, pagedList } from '../api/pages';
import { commandEndpoint } from '../api/commands';

export type SaveResourceInput = CommandInput<'SaveResource'>;

const listTag = { type: 'Resource', id: 'LIST' } as const;

/** A query of the resources: a search by name, or resources by id (a comma list). */
export interface ResourceQuery {
  q?: string;
  id?: string;
  limit?: number;
}

/** §3 resources: the picker of projects and items, and the admin panel's commands. */
export const resourcesApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /** One page of the tenant's live resources by name: a picker's search, or resources by id. */
    getResources: builder.query<Page<ResourceView>, ResourceQuery>({
      query: listPage('/resources'),
      providesTags: [listTag],
    }),
    /** The resources page after page (the administration's list). */
    getResourcePages: builder.infiniteQuery<Page<ResourceView>, ResourceQuery, string | null>({
      ...pagedList<ResourceQuery>('/resources'),
      providesTags: [listTag],
    }),
    saveResource: builder.mutation(commandEndpoint('SaveResource', () => [listTag])),
    deleteResource: builder.mutation(commandEndpoint('DeleteResource', () => [listTag])),
  }),
});

export const {
  useGetResourcesQuery,
  useGetResourcePagesInfiniteQuery,
  useSaveResourceMutation,
  useDeleteResourceMutation,
} = resourcesApi;
