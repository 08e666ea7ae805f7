import type { CommentRefType, CommentView, Page } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandEndpoint } from '../api/commands';
import { pagedList } from '../api/pages';

/** The record whose comments a list shows. */
export interface CommentsOf {
  refType: CommentRefType;
  refId: number;
}

/** The tag of a record's comments, which creating a comment on it invalidates. */
export const commentsTag = ({ refType, refId }: CommentsOf) => ({
  type: 'Comment' as const,
  id: `${refType}-${refId}`,
});

export const commentsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /** Comments of a record, oldest first, page after page. */
    getComments: builder.infiniteQuery<Page<CommentView>, CommentsOf, string | null>({
      ...pagedList<CommentsOf>('/comments', ({ refType, refId }) => ({ refType, refId })),
      providesTags: (_result, _error, of) => [commentsTag(of)],
    }),
    createComment: builder.mutation(commandEndpoint('CreateComment', (_result, data) => [commentsTag(data)])),
  }),
});

export const { useGetCommentsInfiniteQuery, useCreateCommentMutation } = commentsApi;
