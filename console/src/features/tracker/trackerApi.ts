import type { z } from 'zod';
import type {
  CommandInput,
  TrackerConnectionView,
  TrackerIssueView,
  TrackerMirrorStatusView,
  TrackerReleaseView,
  TrackerRepositoryView,
  TrackerTestResult,
  testTrackerConnectionSchema,
} from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandEndpoint } from '../api/commands';

export type SaveTrackerConnectionInput = CommandInput<'SaveTrackerConnection'>;
/** Not a command: the settings a connection test tries (POST /api/tracker/test). */
export type TestTrackerConnectionInput = z.input<typeof testTrackerConnectionSchema>;

/** Every tracker read model: a connection change or a sync can move any of them. */
export const trackerTags = [
  'TrackerConnection',
  'TrackerRepository',
  'TrackerIssue',
  'TrackerRelease',
  'TrackerStatus',
] as const;

/**
 * The tracker mirror as the projection service folds it (the console never calls the tracker), the
 * connection commands and the connection test. Without the tenant's jira feature the queries answer
 * empty lists; callers skip them then.
 */
export const trackerApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getTrackerConnections: builder.query<TrackerConnectionView[], void>({
      query: () => '/tracker/connections',
      providesTags: ['TrackerConnection'],
    }),
    getTrackerRepositories: builder.query<TrackerRepositoryView[], void>({
      query: () => '/tracker/repositories',
      providesTags: ['TrackerRepository'],
    }),
    /** Every mirrored issue of the tenant (those projects and items link): one cached answer for all screens. */
    getTrackerIssues: builder.query<TrackerIssueView[], void>({
      query: () => '/tracker/issues',
      providesTags: ['TrackerIssue'],
    }),
    /** Versions of linked repositories in [from, to) (YYYY-MM-DD). */
    getTrackerReleases: builder.query<TrackerReleaseView[], { from: string; to: string }>({
      query: ({ from, to }) => ({ url: '/tracker/releases', params: { from, to } }),
      providesTags: ['TrackerRelease'],
    }),
    getTrackerStatus: builder.query<TrackerMirrorStatusView, void>({
      query: () => '/tracker/status',
      providesTags: ['TrackerStatus'],
    }),
    saveTrackerConnection: builder.mutation(commandEndpoint('SaveTrackerConnection', () => [...trackerTags])),
    deleteTrackerConnection: builder.mutation(
      commandEndpoint('DeleteTrackerConnection', () => [...trackerTags]),
    ),
    /** Asks tracker-sync for a run; the mirror moves later (useSyncNow follows the status). */
    syncTrackerConnection: builder.mutation(
      commandEndpoint('SyncTrackerConnection', () => ['TrackerStatus', 'TrackerConnection']),
    ),
    /** POST /api/tracker/test: up to ~20 s against a slow tracker; the caller may abort it. */
    testTrackerConnection: builder.mutation<TrackerTestResult, TestTrackerConnectionInput>({
      query: (body) => ({ url: '/tracker/test', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetTrackerConnectionsQuery,
  useGetTrackerRepositoriesQuery,
  useGetTrackerIssuesQuery,
  useGetTrackerReleasesQuery,
  useGetTrackerStatusQuery,
  useSaveTrackerConnectionMutation,
  useDeleteTrackerConnectionMutation,
  useSyncTrackerConnectionMutation,
  useTestTrackerConnectionMutation,
} = trackerApi;
