import type {
  CommandInput,
  AddSubgroupData,
  CommandResult,
  ItemView,
  Page,
  RemoveSubgroupData,
  RenameSubgroupData,
  TimelineDetail,
  TimelineView,
} from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandArgs, type CommandRequest } from '../api/commands';

export type SaveItemInput = CommandInput<'SaveItem'>;
export type DeleteItemInput = CommandInput<'DeleteItem'>;

/** The timeline window and its filters (GET /api/timeline). */
export interface TimelineArgs {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, exclusive. */
  to: string;
  group?: number[];
  status?: number[];
  resource?: number[];
  application?: number[];
  /** Items or summaries; the server's `auto` when absent. */
  detail?: TimelineDetail;
}

/**
 * Rows per page of the timeline: a screen shows about twenty, and a page of rows with every item of a
 * widened window is the largest answer the console asks for (about 15 kB a row at 100 items each).
 */
export const timelineRowsPerPage = 40;

/** GET /api/timeline's parameters: the window, the filters as comma lists, the detail and the cursor. */
const timelineParams = ({ from, to, detail, ...filters }: TimelineArgs, cursor = '') => ({
  from,
  to,
  limit: timelineRowsPerPage,
  ...(detail ? { detail } : {}),
  ...(cursor ? { cursor } : {}),
  ...Object.fromEntries(
    Object.entries(filters)
      .filter(([, values]) => values !== undefined && values.length > 0)
      .map(([key, values]) => [key, values.join(',')]),
  ),
});

const itemTags = (result: CommandResult | undefined, id: number | undefined) =>
  result
    ? [
        { type: 'Timeline' as const, id: 'WINDOW' },
        { type: 'Item' as const, id: id ?? result.id },
      ]
    : [];

const laneTags = (result: CommandResult | undefined, group: number) =>
  result
    ? [
        { type: 'Timeline' as const, id: 'WINDOW' },
        { type: 'Group' as const, id: group },
      ]
    : [];

const itemCommentsTag = (refId: number) => ({ type: 'Comment' as const, id: `task-${refId}` });

export interface ItemCommentInput {
  refType: 'task';
  refId: number;
  description: string;
}

/** Items (§3) and the timeline window: the reads and commands of the timeline and the item dialog. */
export const itemsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /** By numeric id first, then by title (§2 routes); 404 when unknown or deleted. */
    getItem: builder.query<ItemView, number | string>({
      query: (idOrName) => `/items/${encodeURIComponent(String(idOrName))}`,
      providesTags: (result, _error, idOrName) => [{ type: 'Item', id: result?.id ?? String(idOrName) }],
    }),
    /** The first page of rows of a window. */
    getTimeline: builder.query<TimelineView, TimelineArgs>({
      query: (args) => ({ url: '/timeline', params: timelineParams(args) }),
      providesTags: [{ type: 'Timeline', id: 'WINDOW' }],
    }),
    /** A window's rows page by page (the page param is the cursor; '' for the first page). */
    getTimelinePages: builder.infiniteQuery<TimelineView, TimelineArgs, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({ url: '/timeline', params: timelineParams(queryArg, pageParam) }),
      providesTags: [{ type: 'Timeline', id: 'WINDOW' }],
    }),
    saveItem: builder.mutation<CommandResult, CommandRequest<SaveItemInput>>({
      query: (command) => commandArgs('SaveItem', command),
      invalidatesTags: (result, _error, { data }) => itemTags(result, data.id),
    }),
    deleteItem: builder.mutation<CommandResult, CommandRequest<DeleteItemInput>>({
      query: (command) => commandArgs('DeleteItem', command),
      // not the item's own tag: its closing dialog would ask for it again and log a 404 the user did
      // not cause; a dialog that opens it later asks anew
      invalidatesTags: (result) => (result ? [{ type: 'Timeline' as const, id: 'WINDOW' }] : []),
    }),
    /** Undo of a delete: the version is the one the delete answered. */
    restoreItem: builder.mutation<CommandResult, CommandRequest<DeleteItemInput>>({
      query: (command) => commandArgs('RestoreItem', command),
      invalidatesTags: (result, _error, { data }) => itemTags(result, data.id),
    }),
    /** A project's lanes change: the timeline and the project's details show them. */
    addSubgroup: builder.mutation<CommandResult, CommandRequest<AddSubgroupData>>({
      query: (command) => commandArgs('AddSubgroup', command),
      invalidatesTags: (result, _error, { data }) => laneTags(result, data.id),
    }),
    renameSubgroup: builder.mutation<CommandResult, CommandRequest<RenameSubgroupData>>({
      query: (command) => commandArgs('RenameSubgroup', command),
      invalidatesTags: (result, _error, { data }) => laneTags(result, data.id),
    }),
    removeSubgroup: builder.mutation<CommandResult, CommandRequest<RemoveSubgroupData>>({
      query: (command) => commandArgs('RemoveSubgroup', command),
      invalidatesTags: (result, _error, { data }) => laneTags(result, data.id),
    }),
    restoreSubgroup: builder.mutation<CommandResult, CommandRequest<RemoveSubgroupData>>({
      query: (command) => commandArgs('RestoreSubgroup', command),
      invalidatesTags: (result, _error, { data }) => laneTags(result, data.id),
    }),

    /** A project's item of the highest rank (GET /api/items?group=&sort=-rank): a new item goes after it (§9). */
    getLastRankedItem: builder.query<Page<Pick<ItemView, 'id' | 'rank'>>, number>({
      query: (group) => ({ url: '/items', params: { group, sort: '-rank', limit: 1 } }),
      providesTags: [{ type: 'Timeline', id: 'WINDOW' }],
    }),
    /** The caller's items whose title contains `q`, by title: the command palette's search. */
    searchItems: builder.query<Page<ItemView>, { q: string; limit: number }>({
      query: ({ q, limit }) => ({ url: '/items', params: { q, sort: 'title', limit } }),
      providesTags: [{ type: 'Timeline', id: 'WINDOW' }],
    }),
    createItemComment: builder.mutation<CommandResult, CommandRequest<ItemCommentInput>>({
      query: (command) => commandArgs('CreateComment', command),
      invalidatesTags: (result, _error, { data }) => (result ? [itemCommentsTag(data.refId)] : []),
    }),
  }),
});

export const {
  useGetItemQuery,
  useLazyGetItemQuery,
  useGetTimelineQuery,
  useGetTimelinePagesInfiniteQuery,
  useSaveItemMutation,
  useDeleteItemMutation,
  useRestoreItemMutation,
  useAddSubgroupMutation,
  useRenameSubgroupMutation,
  useRemoveSubgroupMutation,
  useRestoreSubgroupMutation,
  useLazyGetLastRankedItemQuery,
  useSearchItemsQuery,
  useCreateItemCommentMutation,
} = itemsApi;
