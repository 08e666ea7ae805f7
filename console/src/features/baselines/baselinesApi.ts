import type { BaselineComparison, BaselineView, Page } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandEndpoint } from '../api/commands';
import { textOrProblem } from '../api/textResponse';
import { listParams, pagedList } from '../api/pages';

const listTag = { type: 'Baseline', id: 'LIST' } as const;

/** A comparison's window [from, to) (YYYY-MM-DD) of one baseline. */
export interface ComparisonQuery {
  baseline: number;
  from: string;
  to: string;
}

/** The comparison of a window for some projects only, all of them on one page (the timeline's overlay). */
export interface ProjectsComparisonQuery extends ComparisonQuery {
  groups: readonly number[];
}

const comparisonPath = (baseline: number, csv = false) =>
  `/baselines/${baseline}/comparison${csv ? '.csv' : ''}`;

/** Baselines (issue 21): the tenant's named instants, their creation and deletion, and comparisons. */
export const baselinesApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getBaselinePages: builder.infiniteQuery<Page<BaselineView>, void, string | null>({
      ...pagedList<void>('/baselines', () => ({})),
      providesTags: [listTag],
    }),
    createBaseline: builder.mutation(commandEndpoint('CreateBaseline', () => [listTag])),
    deleteBaseline: builder.mutation(commandEndpoint('DeleteBaseline', () => [listTag])),
    /** The comparison a page of projects at a time; the plan now changes it, so it is asked afresh. */
    getComparisonPages: builder.infiniteQuery<BaselineComparison, ComparisonQuery, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor,
      },
      query: ({ queryArg: { baseline, from, to }, pageParam }) => ({
        url: comparisonPath(baseline),
        params: listParams({ from, to }, pageParam),
      }),
      providesTags: [listTag, { type: 'Timeline', id: 'WINDOW' }],
    }),
    /** The comparison of the projects of a page of the timeline's rows, for its overlay. */
    getProjectsComparison: builder.query<BaselineComparison, ProjectsComparisonQuery>({
      query: ({ baseline, from, to, groups }) => ({
        url: comparisonPath(baseline),
        params: { from, to, group: groups.join(','), limit: Math.max(1, groups.length) },
      }),
      providesTags: [listTag, { type: 'Timeline', id: 'WINDOW' }],
    }),
    /** The comparison's table as CSV text (through the base query: a plain link would carry no token). */
    exportComparison: builder.mutation<string, ComparisonQuery>({
      query: ({ baseline, from, to }) => ({
        url: comparisonPath(baseline, true),
        params: { from, to },
        method: 'GET',
        responseHandler: textOrProblem,
      }),
    }),
  }),
});

export const {
  useGetBaselinePagesInfiniteQuery,
  useCreateBaselineMutation,
  useDeleteBaselineMutation,
  useGetComparisonPagesInfiniteQuery,
  useExportComparisonMutation,
} = baselinesApi;
