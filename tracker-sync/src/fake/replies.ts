import type { Reply } from './route';

export const SEARCH_REMOVED =
  'The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046';
export const NOT_AUTHENTICATED = 'Client must be authenticated to access this resource.';
export const ISSUE_MISSING = 'Issue does not exist or you do not have permission to see it.';
export const ADF_REQUIRED =
  'Operation value must be an Atlassian Document (see the Atlassian Document Format)';

export const FAULT_MESSAGES: Record<number, string> = {
  400: 'Bad request.',
  401: NOT_AUTHENTICATED,
  403: 'You do not have permission to perform this operation.',
  404: 'The requested resource could not be found.',
  410: SEARCH_REMOVED,
  429: 'Rate limit exceeded.',
  500: 'Internal server error.',
  502: 'Bad gateway.',
  503: 'Service unavailable. Please try again later.',
};

export const jiraError = (
  status: number,
  messages: string[],
  errors: Record<string, string> = {},
): Reply => ({
  status,
  body: { errorMessages: messages, errors },
});

export const deskError = (status: number, message: string, i18nKey: string): Reply => ({
  status,
  body: { errorMessage: message, i18nErrorMessage: { i18nKey, parameters: [] } },
});

/** An error in the body shape of the API family the path belongs to. */
export function familyError(path: string, status: number, message: string): Reply {
  return path.startsWith('/rest/servicedeskapi/')
    ? deskError(status, message, `sd.error.http.${status}`)
    : jiraError(status, [message]);
}

/** Jira's answer for an address it has no resource at. */
export const noResource = (base: string, path: string): Reply =>
  jiraError(404, [`null for uri: ${base}${path}`]);

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

export function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><p><em>Fahrplan fake Jira</em></p><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
