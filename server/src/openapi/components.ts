/** The security scheme and the schemas the operations refer to. */
export const components = () => ({
  securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  schemas: {
    Problem: {
      type: 'object',
      properties: {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer' },
        detail: { type: 'string' },
        errors: {
          type: 'array',
          items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
        },
        currentVersion: { type: 'integer' },
      },
    },
    Page: {
      type: 'object',
      description:
        'One page of a list (issue 17): its records in the order the list documents, and the cursor of the next page',
      required: ['items', 'nextCursor'],
      properties: {
        items: { type: 'array', items: { type: 'object' } },
        nextCursor: {
          type: ['string', 'null'],
          description: "pass it as the list's cursor for the next page; null after the last page",
        },
      },
    },
    CommandResult: {
      type: 'object',
      properties: { id: { type: 'integer' }, version: { type: 'integer' }, position: { type: 'integer' } },
    },
  },
});
