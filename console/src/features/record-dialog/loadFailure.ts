import { describeError, httpStatusOf } from '../common/problem';

/** §8: what a record dialog's failed load tells the user: not found, not permitted, else the server's problem. */
export const loadFailureText = (
  error: unknown,
  texts: { notFound: string; notPermitted: string },
): string => {
  const status = httpStatusOf(error);
  if (status === 404) return texts.notFound;
  if (status === 403) return texts.notPermitted;
  return describeError(error);
};
