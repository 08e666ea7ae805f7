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
    getScenarioDiff: builder.query<ScenarioDiff, DiffQuery>({
      query: ({ id, against, milestones = [] }) => ({
        url: `/scenarios/${id}/diff`,
        params: {
          ...(against ? { against } : {}),
          ...(milestones.length > 0 ? { milestones: milestones.join(',') } : {}),
        },
      }),
      // a change in the scenario or on the live plan changes the diff
      providesTags: (_result, _error, { id }) => [
        { type: 'Scenario', id },
        { type: 'Timeline', id: 'WINDOW' },
        'Live',
      ],
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
  useCreateScenarioMutation,
  useRenameScenarioMutation,
  useDiscardScenarioMutation,
  usePublishScenarioMutation,
  useSearchMilestonesQuery,
} = scenariosApi;
