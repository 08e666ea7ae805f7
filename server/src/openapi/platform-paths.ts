import { publicGet } from './operations';

/** Liveness, readiness and the AsyncAPI document: every service answers them. */
export const platformPaths = () => ({
  '/api/health': publicGet('Liveness, the service and the projection position'),
  '/api/ready': {
    get: {
      summary:
        'Readiness: every store the service depends on answers and the read models have caught up with the log',
      responses: {
        200: { description: '`{status: "ready", position, head, service, checks}`' },
        503: {
          description:
            'not ready: `{status: "catching-up", position, head, eventsPerSecond, percent, secondsLeft}` ' +
            'while the read models catch up (queries answer 503 meanwhile), ' +
            '`{status: "not ready", checks}` when a store does not answer',
        },
      },
    },
  },
  '/api/asyncapi.json': publicGet('AsyncAPI 3 document of the Kafka topics and planning-event payloads'),
});
