import type { ItemView, Page, TimelineView, ScenarioDiff, ScenarioView } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandEndpoint } from '../api/commands';
import { pagedList } from '../api/pages';

const listTag = { type: 'Scenario', id: 'LIST' } as const;
const scenarioTags = (id: number) => [listTag, { type: 'Scenario' as const, id }];

/** The diff of one scenario against the live plan (or another scenario), with the chosen milestones' dates. */
export interface DiffQuery {
  id: number;
  against?: number | null;
  milestones?: readonly number[];
  /** Records per page (the server's default 100 when omitted, at most 1,000). */
  limit?: number;
}

/** A window of the live plan for some projects. */
export interface LiveWindowQuery {
  from: string;
  to: string;
  groups: readonly number[];
}

/**
 * Scenarios (issue 22): the tenant's open what-if plans, their lifecycle, the diff with the live plan
 * and the publish. Their answers are the same in every scenario (the base query sends `/scenarios…`
 * without `?scenario=`).
 */
const diffParams = ({ against, milestones = [], limit }: DiffQuery) => ({
  ...(against ? { against } : {}),
  ...(limit ? { limit } : {}),
  ...(milestones.length > 0 ? { milestones: milestones.join(',') } : {}),
});

// a change in the scenario or on the live plan changes the diff
const diffTags = (id: number) => [
  { type: 'Scenario' as const, id },
  { type: 'Timeline' as const, id: 'WINDOW' },
  'Live' as const,
];

export const scenariosApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getScenarioPages: builder.infiniteQuery<Page<ScenarioView>, void, string | null>({
      ...pagedList<void>('/scenarios', () => ({})),
      providesTags: [listTag],
    }),
    getScenario: builder.query<ScenarioView, number>({
      query: (id) => `/scenarios/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Scenario', id }],
    }),
    /** The diff's first page of records (conflicts first) and its totals: what a publish will change. */
    getScenarioDiff: builder.query<ScenarioDiff, DiffQuery>({
      query: (arg) => ({ url: `/scenarios/${arg.id}/diff`, params: diffParams(arg) }),
      providesTags: (_result, _error, { id }) => diffTags(id),
    }),
    /** The diff's records a page at a time (the Compare page's "load more"); the totals are on every page. */
    getScenarioDiffPages: builder.infiniteQuery<ScenarioDiff, DiffQuery, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/scenarios/${queryArg.id}/diff`,
        params: { ...diffParams(queryArg), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      providesTags: (_result, _error, { id }) => diffTags(id),
    }),
    /** Milestones of the live plan whose title holds `q`, for the Compare page's milestone picker. */
    searchMilestones: builder.query<ItemView[], string>({
      query: (q) => ({ url: '/items', params: { q, sort: 'title', limit: 50 }, live: true }),
      transformResponse: (page: Page<ItemView>) => page.items.filter((item) => item.end === null),
      providesTags: ['Live'],
    }),
    /**
     * The live plan's window for some projects (a page of the timeline's rows), beside the scenario's:
     * `live` keeps `?scenario=` off, and its own endpoint keeps it apart in the cache.
     */
    getLiveWindow: builder.query<TimelineView, LiveWindowQuery>({
      query: ({ from, to, groups }) => ({
        url: '/timeline',
        params: { from, to, detail: 'items', group: groups.join(','), limit: Math.max(1, groups.length) },
        live: true,
      }),
      providesTags: ['Live', { type: 'Timeline', id: 'WINDOW' }],
    }),
    createScenario: builder.mutation(commandEndpoint('CreateScenario', () => [listTag])),
    renameScenario: builder.mutation(
      commandEndpoint('RenameScenario', (_result, data) => scenarioTags(data.id)),
    ),
    discardScenario: builder.mutation(
      commandEndpoint('DiscardScenario', (_result, data) => scenarioTags(data.id)),
    ),
    // the scenario's record and its diff changed; the live plan did not
    resolveScenarioConflict: builder.mutation(
      commandEndpoint('ResolveScenarioConflict', (_result, data) => [
        ...scenarioTags(data.scenario),
        { type: 'Timeline', id: 'WINDOW' },
        data.kind === 'group' ? 'Group' : 'Item',
      ]),
    ),
    // the live plan changed: every answer is asked anew
    publishScenario: builder.mutation(
      commandEndpoint('PublishScenario', () => [
        listTag,
        { type: 'Timeline', id: 'WINDOW' },
        'Group',
        'Item',
        'Live',
        'Account',
      ]),
    ),
  }),
});

export const {
  useGetScenarioPagesInfiniteQuery,
  useGetScenarioQuery,
  useGetScenarioDiffQuery,
  useGetScenarioDiffPagesInfiniteQuery,
  useCreateScenarioMutation,
  useRenameScenarioMutation,
  useDiscardScenarioMutation,
  usePublishScenarioMutation,
  useResolveScenarioConflictMutation,
  useSearchMilestonesQuery,
} = scenariosApi;
