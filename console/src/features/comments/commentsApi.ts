import type { z } from 'zod';
import type { CommandResult, CommentView, createCommentSchema } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandArgs } from '../api/commands';
import type { CommandRequest } from '../api/commands';

export type CreateCommentInput = z.input<typeof createCommentSchema>;

const commentsTag = (refId: number) => ({ type: 'Comment' as const, id: `application-${refId}` });

export const commentsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /** Comments of an application, oldest first. */
    getApplicationComments: builder.query<CommentView[], number>({
      query: (refId) => ({ url: '/comments', params: { refType: 'application', refId } }),
      providesTags: (_result, _error, refId) => [commentsTag(refId)],
    }),
    createComment: builder.mutation<CommandResult, CommandRequest<CreateCommentInput>>({
      query: (command) => commandArgs('CreateComment', command),
      invalidatesTags: (result, _error, { data }) => (result ? [commentsTag(data.refId)] : []),
    }),
  }),
});

export const { useGetApplicationCommentsQuery, useCreateCommentMutation } = commentsApi;
