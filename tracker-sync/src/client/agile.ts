import type { Send, TrackerClient } from './client-types';
import { defaultPageSize, offsetPaged } from './paging';
import { boardSchema, offsetPageSchema } from './schemas';

/** The agile family (1.0): boards. */
export const agileCalls = (request: Send): Pick<TrackerClient, 'boards'> => ({
  boards: (query = {}) =>
    offsetPaged((startAt) =>
      request(
        {
          method: 'GET',
          path: '/rest/agile/1.0/board',
          query: {
            startAt,
            maxResults: defaultPageSize,
            projectKeyOrId: query.projectKeyOrId,
            type: query.type,
          },
        },
        offsetPageSchema(boardSchema),
      ),
    ),
});
