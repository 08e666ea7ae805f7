import { fieldMessageCodes, problemCodes } from '@fahrplan/contracts';

const values = {
  type: 'object',
  additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
  description: 'The values the message for the code names.',
};

/** The security scheme and the schemas the operations refer to. */
export const components = () => ({
  securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  schemas: {
    Problem: {
      type: 'object',
      required: ['type', 'title', 'status', 'detail', 'code'],
      properties: {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer' },
        detail: { type: 'string', description: 'What went wrong, in English, with the particulars.' },
        code: {
          type: 'string',
          enum: Object.keys(problemCodes),
          description: `The problem's stable code, for a message in the user's language (issue 20):\n${Object.entries(
            problemCodes,
          )
            .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
            .join('\n')}`,
        },
        params: values,
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'message', 'code'],
            properties: {
              field: { type: 'string' },
              message: { type: 'string', description: 'The English message.' },
              code: {
                type: 'string',
                enum: [...fieldMessageCodes, 'other'],
                description:
                  "The message's stable code; `other`: a message without a code yet, `params.text` holds it.",
              },
              params: values,
            },
          },
        },
        currentVersion: { type: 'integer' },
      },
    },
    CommandResult: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        version: { type: 'integer' },
        position: { type: 'integer' },
        secret: {
          type: 'string',
          description:
            "answered this once (not on an idempotent retry): SaveWebhook's generated secret of a new webhook; CreateCalendarFeed and RegenerateCalendarFeed: the feed's secret",
        },
        path: {
          type: 'string',
          description: "with a feed's `secret`: the feed's address, /feeds/<secret>.ics",
        },
      },
    },
  },
});
