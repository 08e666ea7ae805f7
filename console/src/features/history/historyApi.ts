import type { HistoryCategory, HistoryPage } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';

/** The records whose dialogs have a History tab, and the tag their saves invalidate. */
const recordTag = {
  application: 'Application',
  group: 'Group',
  item: 'Item',
} as const satisfies Partial<Record<HistoryCategory, string>>;
export type HistoryRecordCategory = keyof typeof recordTag;

export interface HistoryArgs {
  category: HistoryRecordCategory;
  id: number;
  page: number;
  pageSize: number;
  field?: string | null;
  user?: string | null;
}

/** GET /api/history/<category>/<id>'s query string; an empty filter is left out. */
export const historyParams = ({
  page,
  pageSize,
  field,
  user,
}: HistoryArgs): Record<string, string | number> => ({
  page,
  pageSize,
  ...(field ? { field } : {}),
  ...(user ? { user } : {}),
});

/** A record's changes (issue 8), newest first; a save of the record refreshes them through its tag. */
export const historyApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getHistory: builder.query<HistoryPage, HistoryArgs>({
      query: (args) => ({ url: `/history/${args.category}/${args.id}`, params: historyParams(args) }),
      providesTags: (_result, _error, { category, id }) => [{ type: recordTag[category], id }],
    }),
  }),
});

export const { useGetHistoryQuery } = historyApi;
