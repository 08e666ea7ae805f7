import type { CommandInput, CommandResult } from '@fahrplan/contracts';
import { apiSlice } from '../../api/apiSlice';
import { commandArgs, type CommandRequest } from '../../api/commands';
import {
  goalsPageSize,
  useCreateGoalMutation,
  useGetGoalsQuery,
} from '../../projects/details/projectDetailsApi';

export type UpdateGoalInput = CommandInput<'UpdateGoal'>;
export type DeleteGoalInput = CommandInput<'DeleteGoal'>;

// The goal list (GET /api/goals, in projectDetailsApi) rides on this Group tag id: the project
// dialog's goal chooser and sunburst refetch it too.
const goalsTag = { type: 'Group', id: 'GOALS' } as const;

/** Goals administration (§3 Goal): change and delete; listing and creating are the project dialog's. */
export const goalsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    updateGoal: builder.mutation<CommandResult, CommandRequest<UpdateGoalInput>>({
      query: (command) => commandArgs('UpdateGoal', command),
      invalidatesTags: (result) => (result ? [goalsTag] : []),
    }),
    deleteGoal: builder.mutation<CommandResult, CommandRequest<DeleteGoalInput>>({
      query: (command) => commandArgs('DeleteGoal', command),
      invalidatesTags: (result) => (result ? [goalsTag] : []),
    }),
  }),
});

export const { useUpdateGoalMutation, useDeleteGoalMutation } = goalsApi;
export { goalsPageSize, useCreateGoalMutation, useGetGoalsQuery };
