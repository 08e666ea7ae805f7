import type { z } from 'zod';
import type { CommandResult, deleteGoalSchema, updateGoalSchema } from '@fahrplan/contracts';
import { apiSlice } from '../../api/apiSlice';
import { commandArgs } from '../../api/commands';
import type { CommandRequest } from '../../api/commands';
import {
  goalsPageSize,
  useCreateGoalMutation,
  useGetGoalsQuery,
} from '../../projects/details/projectDetailsApi';

export type UpdateGoalInput = z.input<typeof updateGoalSchema>;
export type DeleteGoalInput = z.input<typeof deleteGoalSchema>;

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
