import { z } from 'zod';
import type { Query } from './query';
import type { Send, TrackerClient } from './client-types';
import { defaultPageSize, startLimitPaged } from './paging';
import { serviceDeskSchema, startLimitPageSchema } from './schemas';

const anyItem = z.unknown();

/** The service desk family: desks, customer requests and request types, paged by start/limit. */
export function serviceDeskCalls(
  request: Send,
): Pick<TrackerClient, 'serviceDesks' | 'customerRequests' | 'requestTypes'> {
  const pages = <T>(path: string, item: z.ZodType<T>, query: Query = {}) =>
    startLimitPaged((start) =>
      request(
        { method: 'GET', path, query: { ...query, start, limit: defaultPageSize } },
        startLimitPageSchema(item),
      ),
    );
  return {
    serviceDesks: () => pages('/rest/servicedeskapi/servicedesk', serviceDeskSchema),
    customerRequests: (query = {}) =>
      pages('/rest/servicedeskapi/request', anyItem, { serviceDeskId: query.serviceDeskId }),
    requestTypes: (query = {}) =>
      pages('/rest/servicedeskapi/requesttype', anyItem, {
        serviceDeskId: query.serviceDeskId,
        searchQuery: query.searchQuery,
      }),
  };
}
