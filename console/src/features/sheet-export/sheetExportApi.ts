import type { SheetFormat, SheetKind } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { exportArgs, fileNameOf } from './sheetExport';
import type { DownloadedFile, ExportRequest } from './sheetExport';

/**
 * The file as an object URL and the name the server gave it, or a failure's problem details parsed,
 * so that the console says the server's problem as for any query. The blob stays in the browser: the
 * store keeps only its URL.
 */
const fileOrProblem =
  (kind: SheetKind, format: SheetFormat) =>
  async (response: Response): Promise<unknown> => {
    if (!response.ok) {
      const text = await response.text();
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    }
    const file: DownloadedFile = {
      url: URL.createObjectURL(await response.blob()),
      name: fileNameOf(response.headers.get('content-disposition'), kind, format),
    };
    return file;
  };

export const sheetExportApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /**
     * Issue 23: a list as .xlsx or CSV, through the base query (token, refresh on 401, and `asOf` or
     * `scenario` while the console shows one); a mutation, so every click fetches anew.
     */
    exportSheet: builder.mutation<DownloadedFile, ExportRequest>({
      query: (request) => ({
        ...exportArgs(request),
        method: 'GET',
        responseHandler: fileOrProblem(request.kind, request.format),
      }),
    }),
  }),
});

export const { useExportSheetMutation } = sheetExportApi;
