import type {
  ImportApplyProgress,
  ImportPreview,
  ImportRowAction,
  ImportableSheetKind,
} from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { positionSeen } from '../api/positionSlice';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The content type the server reads the file as: .xlsx by its name, else CSV. */
export const contentTypeOf = (file: File): string => (/\.xlsx$/i.test(file.name) ? xlsxType : 'text/csv');

export interface ImportPageRequest {
  readonly id: string;
  readonly action: ImportRowAction | null;
  readonly cursor: string | null;
}

/** The tags the records an import saves are cached under. */
const tagsOf = { applications: 'Application', projects: 'Group', items: 'Item' } as const;

/** Issue 23: upload a sheet for a preview, page its rows, apply it and follow the apply's progress. */
export const importsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    uploadImport: builder.mutation<ImportPreview, { kind: ImportableSheetKind; file: File }>({
      query: ({ kind, file }) => ({
        url: `/imports?kind=${kind}`,
        method: 'POST',
        body: file,
        headers: { 'content-type': contentTypeOf(file), 'x-file-name': encodeURIComponent(file.name) },
      }),
    }),
    getImportPage: builder.query<ImportPreview, ImportPageRequest>({
      query: ({ id, action, cursor }) => ({
        url: `/imports/${id}`,
        params: { limit: 50, ...(action ? { action } : {}), ...(cursor ? { cursor } : {}) },
      }),
    }),
    applyImport: builder.mutation<ImportApplyProgress, { id: string; validOnly: boolean }>({
      query: ({ id, validOnly }) => ({
        url: `/imports/${id}/apply${validOnly ? '?valid=true' : ''}`,
        method: 'POST',
      }),
    }),
    getImportProgress: builder.query<ImportApplyProgress, { id: string; kind: ImportableSheetKind }>({
      query: ({ id }) => `/imports/${id}/apply`,
      // once over, the lists show the records the apply saved
      async onQueryStarted({ kind }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data || data.status === 'running') return;
        if (data.position) dispatch(positionSeen(data.position));
        dispatch(
          apiSlice.util.invalidateTags([
            { type: tagsOf[kind], id: 'LIST' },
            { type: 'Timeline', id: 'WINDOW' },
          ]),
        );
      },
    }),
  }),
});

export const {
  useUploadImportMutation,
  useGetImportPageQuery,
  useApplyImportMutation,
  useGetImportProgressQuery,
} = importsApi;
