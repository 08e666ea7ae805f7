import type { TrackerDeployment } from '@fahrplan/contracts';
import type { Send, TrackerClient } from './client-types';
import { defaultPageSize, offsetPaged, tokenPaged } from './paging';
import { offsetSearchSchema, tokenSearchSchema } from './schemas';

/** Past this the issue search moves its JQL into a POST body, clear of URL length limits. */
const longJql = 1_500;

/** The issue search: page tokens on /rest/api/3/search/jql in the cloud, startAt on /rest/api/2/search in a data center. */
export const issueSearch = (
  request: Send,
  deployment: TrackerDeployment,
): Pick<TrackerClient, 'searchIssues'> => ({
  searchIssues: ({ jql, fields, pageSize = defaultPageSize }) => {
    const asBody = jql.length > longJql;
    if (deployment === 'cloud')
      return tokenPaged(async (nextPageToken) => {
        const page = await request(
          asBody
            ? // A search is a read: repeating it is harmless.
              {
                method: 'POST',
                path: '/rest/api/3/search/jql',
                body: { jql, fields, maxResults: pageSize, nextPageToken },
                idempotent: true,
              }
            : {
                method: 'GET',
                path: '/rest/api/3/search/jql',
                query: { jql, fields, maxResults: pageSize, nextPageToken },
              },
          tokenSearchSchema,
        );
        return { values: page.issues, nextPageToken: page.nextPageToken, isLast: page.isLast };
      });
    return offsetPaged(async (startAt) => {
      const page = await request(
        asBody
          ? {
              method: 'POST',
              path: '/rest/api/2/search',
              body: { jql, fields, startAt, maxResults: pageSize },
              idempotent: true,
            }
          : {
              method: 'GET',
              path: '/rest/api/2/search',
              query: { jql, fields, startAt, maxResults: pageSize },
            },
        offsetSearchSchema,
      );
      return { values: page.issues, startAt: page.startAt, total: page.total };
    });
  },
});
