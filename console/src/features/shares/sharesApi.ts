import type { CommandResult, Page, ShareRecordStatus, ShareView } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandArgs } from '../api/commands';
import { listPage, pagedList } from '../api/pages';

// The shares also provide the project list's tag: they are refetched whenever the project list is
// (a share from the project dialog, the change feed's 'groups').
const sharesTag = { type: 'Share', id: 'LIST' } as const;
const listTag = { type: 'Group', id: 'LIST' } as const;
const timelineTag = { type: 'Timeline', id: 'WINDOW' } as const;

/** How often the badge of pending incoming shares asks: the change feed reports only the owner's events. */
export const sharesPollingMs = 30_000;

/** How many pending shares the badge counts at most ("100+" beyond). */
export const pendingPageSize = 100;

/** A share decision has no retry flow of its own: one key per click. */
const once = () => ({ idempotencyKey: crypto.randomUUID() });

/** One side of the tenant's shares: received (incoming) or given (outgoing), all or of one status. */
export interface SharesQuery {
  direction: 'incoming' | 'outgoing';
  status?: ShareRecordStatus;
  limit?: number;
}

/** Project shares of the tenant, both sides (§3, §5), and the decisions on them. */
export const sharesApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /** One page of one side's shares: the badge's pending ones. */
    getShares: builder.query<Page<ShareView>, SharesQuery>({
      query: listPage('/shares'),
      providesTags: [sharesTag, listTag],
    }),
    /** One side's shares, the latest change first, page after page (the Sharing page). */
    getSharePages: builder.infiniteQuery<Page<ShareView>, SharesQuery, string | null>({
      ...pagedList<SharesQuery>('/shares'),
      providesTags: [sharesTag, listTag],
    }),
    acceptShare: builder.mutation<CommandResult, { project: number }>({
      query: ({ project }) => commandArgs('AcceptProjectShare', { data: { id: project }, ...once() }),
      invalidatesTags: (result) => (result ? [sharesTag, listTag, timelineTag] : []),
    }),
    declineShare: builder.mutation<CommandResult, { project: number }>({
      query: ({ project }) => commandArgs('DeclineProjectShare', { data: { id: project }, ...once() }),
      invalidatesTags: (result) => (result ? [sharesTag] : []),
    }),
    revokeShare: builder.mutation<CommandResult, { project: number; tenant: string }>({
      query: ({ project, tenant }) =>
        commandArgs('UnshareProject', { data: { id: project, tenant }, ...once() }),
      invalidatesTags: (result, _error, { project }) =>
        result ? [sharesTag, listTag, { type: 'Group', id: project }] : [],
    }),
  }),
});

export const {
  useGetSharesQuery,
  useGetSharePagesInfiniteQuery,
  useAcceptShareMutation,
  useDeclineShareMutation,
  useRevokeShareMutation,
} = sharesApi;
