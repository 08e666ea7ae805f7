import type { CommandResult, RecordedMove, RescheduleData } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandArgs } from '../api/commands';

/** What Reschedule and its preview answer: each move with the item's version and its former dates. */
export interface RescheduleAnswer extends Partial<CommandResult> {
  readonly moves: readonly RecordedMove[];
}

/** The command as the console sends it: `cascade` and `backward` as the schema reads them. */
export type RescheduleInput = Pick<RescheduleData, 'id' | 'moves'> & { cascade: boolean };

/**
 * Issue 21: one user action that moves items in automatic projects, and its preview (stores nothing).
 * The action's id is also its Idempotency-Key, so a retry of the same action is the same request.
 */
export const rescheduleApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    reschedule: builder.mutation<RescheduleAnswer, RescheduleInput>({
      query: (data) => commandArgs('Reschedule', { data, idempotencyKey: data.id }),
      invalidatesTags: (answer) =>
        answer
          ? [
              { type: 'Timeline', id: 'WINDOW' },
              ...answer.moves.map((move) => ({ type: 'Item' as const, id: move.item })),
            ]
          : [],
    }),
    previewReschedule: builder.mutation<RescheduleAnswer, Pick<RescheduleData, 'moves'>>({
      query: (data) => ({ url: '/commands/Reschedule/preview', method: 'POST', body: data }),
    }),
  }),
});

export const { useRescheduleMutation, usePreviewRescheduleMutation } = rescheduleApi;
