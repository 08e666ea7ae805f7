import type { z } from 'zod';
import type {
  ApplicationView,
  CommandResult,
  deleteApplicationSchema,
  saveApplicationSchema,
} from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandArgs } from '../api/commands';
import type { CommandRequest } from '../api/commands';

export type SaveApplicationInput = z.input<typeof saveApplicationSchema>;
export type DeleteApplicationInput = z.input<typeof deleteApplicationSchema>;

export interface ApplicationFilter {
  q?: string;
  status?: string | null;
}

const listTag = { type: 'Application', id: 'LIST' } as const;

export const applicationsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getApplications: builder.query<ApplicationView[], ApplicationFilter>({
      query: ({ q, status }) => {
        const params: Record<string, string> = {};
        if (q?.trim()) params.q = q.trim();
        if (status) params.status = status;
        return { url: '/applications', params };
      },
      providesTags: (result) => [
        listTag,
        ...(result ?? []).map(({ id }) => ({ type: 'Application' as const, id })),
      ],
    }),
    /** By numeric id or by name (§2 routes); 404 when unknown or deleted. */
    getApplication: builder.query<ApplicationView, number | string>({
      query: (idOrName) => `/applications/${encodeURIComponent(String(idOrName))}`,
      providesTags: (result, _error, idOrName) => [
        { type: 'Application', id: result?.id ?? String(idOrName) },
      ],
    }),
    saveApplication: builder.mutation<CommandResult, CommandRequest<SaveApplicationInput>>({
      query: (command) => commandArgs('SaveApplication', command),
      invalidatesTags: (result, _error, { data }) =>
        result ? [listTag, { type: 'Application', id: data.id ?? result.id }] : [],
    }),
    deleteApplication: builder.mutation<CommandResult, CommandRequest<DeleteApplicationInput>>({
      query: (command) => commandArgs('DeleteApplication', command),
      invalidatesTags: (result, _error, { data }) =>
        result ? [listTag, { type: 'Application', id: data.id }] : [],
    }),
  }),
});

export const {
  useGetApplicationsQuery,
  useGetApplicationQuery,
  useLazyGetApplicationQuery,
  useSaveApplicationMutation,
  useDeleteApplicationMutation,
} = applicationsApi;
