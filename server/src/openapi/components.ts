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
    CommandResult: {
      type: 'object',
      properties: { id: { type: 'integer' }, version: { type: 'integer' }, position: { type: 'integer' } },
    },
  },
});
