import type { z } from 'zod';
import type {
  CommandResult,
  ResourceView,
  deleteResourceSchema,
  saveResourceSchema,
} from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandArgs } from '../api/commands';
import type { CommandRequest } from '../api/commands';

export type SaveResourceInput = z.input<typeof saveResourceSchema>;
export type DeleteResourceInput = z.input<typeof deleteResourceSchema>;

const listTag = { type: 'Resource', id: 'LIST' } as const;

/** §3 resources: the picker of projects and items, and the admin panel's commands. */
export const resourcesApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /** The tenant's live resources by name. */
    getResources: builder.query<ResourceView[], void>({
      query: () => '/resources',
      providesTags: [listTag],
    }),
    saveResource: builder.mutation<CommandResult, CommandRequest<SaveResourceInput>>({
      query: (command) => commandArgs('SaveResource', command),
      invalidatesTags: (result) => (result ? [listTag] : []),
    }),
    deleteResource: builder.mutation<CommandResult, CommandRequest<DeleteResourceInput>>({
      query: (command) => commandArgs('DeleteResource', command),
      invalidatesTags: (result) => (result ? [listTag] : []),
    }),
  }),
});

export const { useGetResourcesQuery, useSaveResourceMutation, useDeleteResourceMutation } = resourcesApi;
