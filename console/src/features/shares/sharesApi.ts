import type { CommandResult, SharesView } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandArgs } from '../api/commands';

// The shares also provide the project list's tag: they are refetched whenever the project list is
// (a share from the project dialog, the change feed's 'groups').
const sharesTag = { type: 'Share', id: 'LIST' } as const;
const listTag = { type: 'Group', id: 'LIST' } as const;
const timelineTag = { type: 'Timeline', id: 'WINDOW' } as const;

/** How often the badge of pending incoming shares asks: the change feed reports only the owner's events. */
export const sharesPollingMs = 30_000;

/** A share decision has no retry flow of its own: one key per click. */
const once = () => ({ idempotencyKey: crypto.randomUUID() });

/** Project shares of the tenant, both sides (§3, §5), and the decisions on them. */
export const sharesApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getShares: builder.query<SharesView, void>({
      query: () => '/shares',
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

export const { useGetSharesQuery, useAcceptShareMutation, useDeclineShareMutation, useRevokeShareMutation } =
  sharesApi;
