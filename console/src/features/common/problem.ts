import type { ProblemDetails } from '@fahrplan/contracts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The RFC 9457 problem details inside an RTK Query error, if the server sent one. */
export const problemOf = (error: unknown): ProblemDetails | null => {
  if (!isRecord(error) || !isRecord(error.data)) return null;
  const data = error.data;
  return typeof data.title === 'string' || typeof data.detail === 'string'
    ? (data as unknown as ProblemDetails)
    : null;
};

export const httpStatusOf = (error: unknown): number | null =>
  isRecord(error) && typeof error.status === 'number' ? error.status : null;

/** The server's message for the dialog's alert, else the transport's error message. */
export const describeError = (error: unknown): string => {
  const problem = problemOf(error);
  if (problem) return problem.detail || problem.title;
  if (isRecord(error)) {
    if (typeof error.error === 'string') return error.error;
    if (typeof error.message === 'string') return error.message;
    if (typeof error.status === 'number') return `request failed with status ${error.status}`;
  }
  return String(error);
};
