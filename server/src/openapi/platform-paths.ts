import { healthAnswerSchema, notReadyAnswerSchema, readyAnswerSchema } from '@fahrplan/contracts';
import { jsonAnswer } from './operations';

/** Liveness, readiness and the AsyncAPI document: every service answers them. */
export const platformPaths = () => ({
  '/api/health': {
    get: {
      summary: 'Liveness, the service and the projection position',
      responses: { 200: jsonAnswer('The process answers', healthAnswerSchema) },
    },
  },
  '/api/ready': {
    get: {
      summary:
        'Readiness: every store the service depends on answers and the read models have caught up with the log',
      responses: {
        200: jsonAnswer('Ready', readyAnswerSchema),
        503: jsonAnswer(
          'not ready: catching up (queries answer 503 meanwhile) with its progress, or a store that does not answer',
          notReadyAnswerSchema,
        ),
      },
    },
  },
  '/api/asyncapi.json': {
    get: {
      summary: 'AsyncAPI 3 document of the Kafka topics and planning-event payloads',
      responses: {
        200: jsonAnswer('The AsyncAPI document', { type: 'object' }),
      },
    },
  },
});
