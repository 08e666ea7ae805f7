import { apiSlice } from '../../api/apiSlice';
import { commandEndpoint } from '../../api/commands';
import {
  goalsPageSize,
  useCreateGoalMutation,
  useGetGoalsQuery,
} from '../../projects/details/projectDetailsApi';

// The goal list (GET /api/goals, in projectDetailsApi) rides on this Group tag id: the project
// dialog's goal chooser and sunburst refetch it too.
const goalsTag = { type: 'Group', id: 'GOALS' } as const;

/** Goals administration (§3 Goal): change and delete; listing and creating are the project dialog's. */
export const goalsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    updateGoal: builder.mutation(commandEndpoint('UpdateGoal', () => [goalsTag])),
    deleteGoal: builder.mutation(commandEndpoint('DeleteGoal', () => [goalsTag])),
  }),
});

export const { useUpdateGoalMutation, useDeleteGoalMutation } = goalsApi;
export { goalsPageSize, useCreateGoalMutation, useGetGoalsQuery };
