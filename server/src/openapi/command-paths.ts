import {
  commandCatalogue,
  flowSourcePattern,
  reschedulePreviewSchema,
  rescheduleMovesSchema,
  scenarioCommandTypes,
  scenarioHeaderPattern,
} from '@fahrplan/contracts';
import { IDEMPOTENCY_KEY } from '@fahrplan/command-service';
import { bearer, inputSchema, jsonAnswer, jsonBody, problems } from './operations';

/** `POST /api/commands/<CommandType>` for every command of the catalogue in contracts/. */
export const commandPaths = () =>
  Object.fromEntries(
    Object.entries(commandCatalogue).map(([type, definition]) => [
      `/api/commands/${type}`,
      {
        post: {
          summary: definition.summary,
          security: bearer,
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: 'a retry with the same key and body answers the first answer; another body 422',
              schema: { type: 'string', pattern: IDEMPOTENCY_KEY.source },
            },
            {
              name: 'X-Fahrplan-Source',
              in: 'header',
              required: false,
              description: 'the console flow step that sends the command, e.g. flow:save-project/step-2',
              schema: { type: 'string', pattern: flowSourcePattern.source },
            },
            ...(scenarioCommandTypes.includes(type)
              ? [
                  {
                    name: 'X-Fahrplan-Scenario',
                    in: 'header',
                    required: false,
                    description:
                      "the id of an open scenario of the tenant: the command is decided on the scenario's view and stored in its own streams, the live plan untouched (scenarios EDIT; 404 for an unknown or discarded scenario)",
                    schema: { type: 'string', pattern: scenarioHeaderPattern.source },
                  },
                ]
              : []),
          ],
          requestBody: jsonBody(inputSchema(definition.schema)),
          responses: {
            200: jsonAnswer('The record id, its new version and the global position', {
              $ref: '#/components/schemas/CommandResult',
            }),
            ...problems(400, 401, 403, 404, 409, 422),
          },
        },
      },
    ]),
  );

/** Issue 21: what a Reschedule would move, decided as the command decides it, and nothing stored. */
export const schedulePreviewPaths = () => ({
  '/api/commands/Reschedule/preview': {
    post: {
      summary:
        'The moves a Reschedule with this body (without `id`) would make: each item with its new dates, its version now and its dates now. Nothing is stored; refused as the command would be (400, 404, 409 `schedule-conflict`).',
      security: bearer,
      parameters: [
        {
          name: 'scenario',
          in: 'query',
          required: false,
          description:
            "the id of an open scenario of the tenant: decided on the scenario's view, as the Reschedule sent into it is (needs scenarios VIEW; 404 for an unknown, closed or another tenant's scenario)",
          schema: { type: 'integer', minimum: 1, maximum: 999_999_999_999_999 },
        },
      ],
      requestBody: jsonBody(inputSchema(reschedulePreviewSchema)),
      responses: {
        200: jsonAnswer('The moves', rescheduleMovesSchema),
        ...problems(400, 401, 403, 404, 409),
      },
    },
  },
});
