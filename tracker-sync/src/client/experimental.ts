import type { HttpMethod } from './client-types';

/** Service-desk operations the OpenAPI document marks `x-experimental` (they need the opt-in header). */
const experimentalOperations: readonly [HttpMethod | '*', RegExp][] = [
  ['GET', /^\/rest\/servicedeskapi\/knowledgebase\/article$/],
  ['GET', /^\/rest\/servicedeskapi\/request\/[^/]+\/comment\/[^/]+\/attachment$/],
  ['*', /^\/rest\/servicedeskapi\/request\/[^/]+\/feedback$/],
  ['GET', /^\/rest\/servicedeskapi\/requesttype$/],
  ['*', /^\/rest\/servicedeskapi\/servicedesk\/[^/]+\/customer$/],
  ['GET', /^\/rest\/servicedeskapi\/servicedesk\/[^/]+\/knowledgebase\/article$/],
  ['POST', /^\/rest\/servicedeskapi\/servicedesk\/[^/]+\/requesttype$/],
  ['*', /^\/rest\/servicedeskapi\/servicedesk\/[^/]+\/requesttype\/[^/]+\/property(\/[^/]+)?$/],
  ['POST', /^\/rest\/servicedeskapi\/servicedesk\/[^/]+\/attachTemporaryFile$/],
];

export const isExperimentalOperation = (method: HttpMethod, path: string): boolean =>
  experimentalOperations.some(([m, pattern]) => (m === '*' || m === method) && pattern.test(path));
