import type {
  CommandInput,
  CommandResult,
  ItemView,
  Page,
  TimelineDetail,
  TimelineView,
} from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandEndpoint } from '../api/commands';

export type SaveItemInput = CommandInput<'SaveItem'>;

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

const windowTag = { type: 'Timeline', id: 'WINDOW' } as const;
const itemTags = (result: CommandResult, id: number | undefined) => [
  windowTag,
  { type: 'Item' as const, id: id ?? result.id },
];
const laneTags = (group: number) => [windowTag, { type: 'Group' as const, id: group }];
const itemCommentsTag = (refId: number) => ({ type: 'Comment' as const, id: `task-${refId}` });

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
    saveItem: builder.mutation(commandEndpoint('SaveItem', (result, data) => itemTags(result, data.id))),
    // not the item's own tag: its closing dialog would ask for it again and log a 404 the user did
    // not cause; a dialog that opens it later asks anew
    deleteItem: builder.mutation(commandEndpoint('DeleteItem', () => [windowTag])),
    /** Undo of a delete: the version is the one the delete answered. */
    restoreItem: builder.mutation(
      commandEndpoint('RestoreItem', (result, data) => itemTags(result, data.id)),
    ),
    /** A project's lanes change: the timeline and the project's details show them. */
    addSubgroup: builder.mutation(commandEndpoint('AddSubgroup', (_result, data) => laneTags(data.id))),
    renameSubgroup: builder.mutation(commandEndpoint('RenameSubgroup', (_result, data) => laneTags(data.id))),
    removeSubgroup: builder.mutation(commandEndpoint('RemoveSubgroup', (_result, data) => laneTags(data.id))),
    restoreSubgroup: builder.mutation(
      commandEndpoint('RestoreSubgroup', (_result, data) => laneTags(data.id)),
    ),

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
    /** A dependency links two items (issue 21): both answer it anew, and the window. */
    addDependency: builder.mutation(
      commandEndpoint('AddDependency', (_result, data) => [
        windowTag,
        { type: 'Item' as const, id: data.predecessor },
        { type: 'Item' as const, id: data.successor },
      ]),
    ),
    /** The command names only the dependency: every item read answers anew. */
    removeDependency: builder.mutation(
      commandEndpoint('RemoveDependency', () => [windowTag, { type: 'Item' as const }]),
    ),
    createItemComment: builder.mutation(
      commandEndpoint('CreateComment', (_result, data) => [itemCommentsTag(data.refId)]),
    ),
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
  useAddDependencyMutation,
  useRemoveDependencyMutation,
} = itemsApi;
