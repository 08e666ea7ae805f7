import type { HistoryCategory, HistoryPage } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { exportPath } from './historyFormat';

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
      // the record's tag (its saves) and History (the change feed, also while viewing the past)
      providesTags: (_result, _error, { category, id }) => [{ type: recordTag[category], id }, 'History'],
    }),
    /**
     * A project's history download (CSV or the JSON event log) as text, through the base query (token,
     * refresh on 401); a mutation, so every click fetches anew and nothing stays cached.
     */
    exportHistory: builder.mutation<string, { projectId: number; kind: 'csv' | 'events' }>({
      query: ({ projectId, kind }) => ({
        url: exportPath(projectId, kind),
        method: 'GET',
        // the body as it came; a failure's problem details parsed when they are JSON
        responseHandler: async (response) => {
          const text = await response.text();
          if (response.ok) return text;
          try {
            return JSON.parse(text) as unknown;
          } catch {
            return text;
          }
        },
      }),
    }),
  }),
});

export const { useGetHistoryQuery, useExportHistoryMutation } = historyApi;
