import type { CommandInput, CommandResult, GoalView, Page, GroupDetailsView } from '@fahrplan/contracts';
import { apiSlice } from '../../api/apiSlice';
import { commandEndpoint } from '../../api/commands';

export type SaveGroupInput = CommandInput<'SaveGroup'>;
export type DeleteGroupInput = CommandInput<'DeleteGroup'>;
export type CreateGoalInput = CommandInput<'CreateGoal'>;

/** How many goals the console reads: the largest page the API answers. */
export const goalsPageSize = 1000;

const listTag = { type: 'Group', id: 'LIST' } as const;
const windowTag = { type: 'Timeline', id: 'WINDOW' } as const;
// The api has no Goal tag type; the goal list rides on a Group tag id of its own.
const goalsTag = { type: 'Group', id: 'GOALS' } as const;
const projectCommentsTag = (refId: number) => ({ type: 'Comment' as const, id: `PROJECT-${refId}` });
const groupTags = (result: CommandResult, id: number | undefined) => [
  listTag,
  { type: 'Group' as const, id: id ?? result.id },
];

/** The project dialog's reads and commands (§7); the portfolio list lives in ../projectsApi. */
export const projectDetailsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /** By numeric id first, then by title (§2 routes); 404 when unknown or deleted. */
    getProject: builder.query<GroupDetailsView, number | string>({
      query: (idOrName) => `/groups/${encodeURIComponent(String(idOrName))}`,
      providesTags: (result, _error, idOrName) => [{ type: 'Group', id: result?.id ?? String(idOrName) }],
    }),
    /**
     * The tenant's goals by rank: the first page of `goalsPageSize`. A goal tree is a strategy its
     * administrators write by hand, so one page holds it; `nextCursor` says when it does not.
     */
    getGoals: builder.query<Page<GoalView>, void>({
      query: () => ({ url: '/goals', params: { limit: goalsPageSize } }),
      providesTags: [goalsTag],
    }),
    saveGroup: builder.mutation(commandEndpoint('SaveGroup', (result, data) => groupTags(result, data.id))),
    /** A project's delete takes its items and lanes off the timeline too. */
    // the lists, not the project's own tag (its closing dialog would ask for it again: a 404)
    deleteGroup: builder.mutation(commandEndpoint('DeleteGroup', () => [listTag, windowTag])),
    restoreGroup: builder.mutation(
      commandEndpoint('RestoreGroup', (result, data) => [...groupTags(result, data.id), windowTag]),
    ),
    /**
     * How many live items a project holds, up to the largest page (GET /api/items?group=): what its
     * delete confirmation names; `more` when there are more than `count`.
     */
    getProjectItemCount: builder.query<{ count: number; more: boolean }, number>({
      query: (group) => ({ url: '/items', params: { group, limit: 1000 } }),
      transformResponse: (page: Page<unknown>) => ({
        count: page.items.length,
        more: page.nextCursor !== null,
      }),
      providesTags: [windowTag],
    }),
    setGroupGoals: builder.mutation(
      commandEndpoint('SetGroupGoals', (result, data) => groupTags(result, data.id)),
    ),
    shareProject: builder.mutation(
      commandEndpoint('ShareProject', (result, data) => groupTags(result, data.id)),
    ),
    unshareProject: builder.mutation(
      commandEndpoint('UnshareProject', (result, data) => groupTags(result, data.id)),
    ),
    createGoal: builder.mutation(commandEndpoint('CreateGoal', () => [goalsTag])),
    createProjectComment: builder.mutation(
      commandEndpoint('CreateComment', (_result, data) => [projectCommentsTag(data.refId)]),
    ),
  }),
});

export const {
  useGetProjectQuery,
  useLazyGetProjectQuery,
  useGetGoalsQuery,
  useSaveGroupMutation,
  useDeleteGroupMutation,
  useRestoreGroupMutation,
  useGetProjectItemCountQuery,
  useSetGroupGoalsMutation,
  useShareProjectMutation,
  useUnshareProjectMutation,
  useCreateGoalMutation,
  useCreateProjectCommentMutation,
} = projectDetailsApi;
