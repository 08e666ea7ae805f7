import { publicGet } from './operations';

/** Liveness, readiness and the AsyncAPI document: every service answers them. */
export const platformPaths = () => ({
  '/api/health': publicGet('Liveness, the service and the projection position'),
  '/api/ready': {
    get: {
      summary: 'Readiness: every store the service depends on answers',
      responses: {
        200: { description: 'ready' },
        503: { description: 'a store does not answer; `checks` says which' },
      },
    },
  },
  '/api/asyncapi.json': publicGet('AsyncAPI 3 document of the Kafka topics and planning-event payloads'),
});
