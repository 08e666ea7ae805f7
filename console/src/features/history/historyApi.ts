import type { HistoryCategory, HistoryPage } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { textOrProblem } from '../api/textResponse';
import { listParams, pageParams } from '../api/pages';
import { exportPath } from './historyFormat';

/** The records whose dialogs have a History tab, and the tag their saves invalidate. */
const recordTag = {
  application: 'Application',
  group: 'Group',
  item: 'Item',
  calendar: 'Calendar',
} as const satisfies Partial<Record<HistoryCategory, string>>;
export type HistoryRecordCategory = keyof typeof recordTag;

export interface HistoryArgs {
  category: HistoryRecordCategory;
  id: number;
  /** Changes a page. */
  limit: number;
  field?: string | null;
  user?: string | null;
}

/** GET /api/history/<category>/<id>'s query string of the page after `cursor`; an empty filter is left out. */
export const historyParams = ({ limit, field, user }: HistoryArgs, cursor: string | null) =>
  listParams({ limit, field, user }, cursor);

/** A record's changes (issue 8), newest first; a save of the record refreshes them through its tag. */
export const historyApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getHistory: builder.infiniteQuery<HistoryPage, HistoryArgs, string | null>({
      infiniteQueryOptions: pageParams,
      query: ({ queryArg, pageParam }) => ({
        url: `/history/${queryArg.category}/${queryArg.id}`,
        params: historyParams(queryArg, pageParam),
      }),
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
        responseHandler: textOrProblem,
      }),
    }),
  }),
});

export const { useGetHistoryInfiniteQuery, useExportHistoryMutation } = historyApi;
