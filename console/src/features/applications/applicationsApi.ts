import type { CommandInput, ApplicationView, Page, ProjectOfApplication } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { idsOf, listPage, pagedList } from '../api/pages';
import { commandEndpoint } from '../api/commands';

export type SaveApplicationInput = CommandInput<'SaveApplication'>;

export interface ApplicationFilter {
  q?: string;
  status?: string | null;
  /** A sort key of the list, `-` before it for descending (e.g. `-end`); by name without. */
  sort?: string | null;
}

/** A query of the catalogue: the filters, and what pickers ask for besides. */
export interface ApplicationQuery extends ApplicationFilter {
  /** Only these applications: a comma list of ids. */
  id?: string;
  limit?: number;
}

const listTag = { type: 'Application', id: 'LIST' } as const;
const tags = (ids: readonly number[]) => [
  listTag,
  ...ids.map((id) => ({ type: 'Application' as const, id })),
];

export const applicationsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /** One page of the catalogue: a picker's search, or applications by id. */
    getApplications: builder.query<Page<ApplicationView>, ApplicationQuery>({
      query: listPage('/applications'),
      providesTags: (result) => tags(idsOf(result ? [result] : [])),
    }),
    /** The catalogue page after page, as the Applications table scrolls. */
    getApplicationPages: builder.infiniteQuery<Page<ApplicationView>, ApplicationQuery, string | null>({
      ...pagedList<ApplicationQuery>('/applications'),
      providesTags: (result) => tags(idsOf(result?.pages)),
    }),
    /** §2 the projects that use an application, page after page; refreshed with the project list. */
    getApplicationProjects: builder.infiniteQuery<Page<ProjectOfApplication>, number, string | null>({
      ...pagedList<number>(
        (id) => `/applications/${id}/projects`,
        () => ({}),
      ),
      providesTags: (_result, _error, id) => [
        { type: 'Application', id },
        { type: 'Group', id: 'LIST' },
      ],
    }),
    /** By numeric id or by name (§2 routes); 404 when unknown or deleted. */
    getApplication: builder.query<ApplicationView, number | string>({
      query: (idOrName) => `/applications/${encodeURIComponent(String(idOrName))}`,
      providesTags: (result, _error, idOrName) => [
        { type: 'Application', id: result?.id ?? String(idOrName) },
      ],
    }),
    saveApplication: builder.mutation(
      commandEndpoint('SaveApplication', (result, data) => [
        listTag,
        { type: 'Application', id: data.id ?? result.id },
      ]),
    ),
    // not the record's own tag: its dialog (and History tab) would ask for it again while closing and
    // log a 404; a dialog that opens it later asks anew (refetchOnMountOrArgChange)
    deleteApplication: builder.mutation(commandEndpoint('DeleteApplication', () => [listTag])),
    /** Undo of a delete: the version is the one the delete answered. */
    restoreApplication: builder.mutation(
      commandEndpoint('RestoreApplication', (_result, data) => [
        listTag,
        { type: 'Application', id: data.id },
      ]),
    ),
  }),
});

export const {
  useGetApplicationsQuery,
  useGetApplicationPagesInfiniteQuery,
  useGetApplicationProjectsInfiniteQuery,
  useGetApplicationQuery,
  useLazyGetApplicationQuery,
  useSaveApplicationMutation,
  useDeleteApplicationMutation,
  useRestoreApplicationMutation,
} = applicationsApi;
