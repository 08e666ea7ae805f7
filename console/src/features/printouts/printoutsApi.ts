import { apiSlice } from '../api/apiSlice';

/** A printout's request: its path under /api and its query parameters. */
export interface PrintoutRequest {
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
}

/** The response handler of a file: the body as a blob, or a failure's problem details when they are JSON. */
const blobOrProblem = async (response: Response): Promise<unknown> => {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * Issue 23: the timeline's PDF and PNG and a project's summary PDF, fetched through the base query (a
 * plain link would carry no token; the base query adds the scenario or instant shown); a mutation, so
 * every click renders anew and no file stays cached.
 */
export const printoutsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    downloadPrintout: builder.mutation<Blob, PrintoutRequest>({
      query: ({ path, params }) => ({ url: path, params, method: 'GET', responseHandler: blobOrProblem }),
    }),
  }),
});

export const { useDownloadPrintoutMutation } = printoutsApi;
