import { z } from 'zod';
import { commandCatalogue, flowSourcePattern, testTrackerConnectionSchema } from '@fahrplan/contracts';
import { asOfRoutes } from '@fahrplan/projection-service';

const problem = {
  description: 'RFC 9457 problem details',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};
const bearer = [{ bearer: [] }];

const query = (
  summary: string,
  parameters: { name: string; in: 'query' | 'path'; required?: boolean }[] = [],
) => ({
  get: {
    summary,
    security: bearer,
    parameters: [
      ...parameters.map((p) => ({
        ...p,
        required: p.required ?? p.in === 'path',
        schema: { type: 'string' },
      })),
      {
        name: 'X-Fahrplan-After',
        in: 'header',
        required: false,
        description: 'answer once the read models passed this position',
        schema: { type: 'integer' },
      },
    ],
    responses: {
      200: { description: 'OK', content: { 'application/json': {} } },
      400: problem,
      401: problem,
      403: problem,
      404: problem,
    },
  },
});

/** `asOf` on the read-model queries (`asOfRoutes`); the directory and the tracker mirror answer now. */
const asOfParameter = {
  name: 'asOf',
  in: 'query',
  required: false,
  description:
    'ISO date-time with a time zone: answer from the events up to the last one decided at or before it (needs history VIEW); the answer names the position in X-Fahrplan-As-Of-Position',
  schema: { type: 'string', format: 'date-time' },
};
const withAsOf = (paths: Record<string, object>) =>
  Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const get = (item as { get?: { parameters: object[] } }).get;
      return asOfRoutes.test(path) && get
        ? [path, { ...item, get: { ...get, parameters: [...get.parameters, asOfParameter] } }]
        : [path, item];
    }),
  );

const historyPath = '/api/history/{category}/{id}';

/** The whole public API, generated from the command catalogue of contracts/ and the query routes. */
export const openApiDocument = () => ({
  openapi: '3.1.0',
  info: {
    title: 'Fahrplan API',
    version: '1.0.0',
    description: 'Commands append events; queries read projections.',
  },
  components: {
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
  },
  paths: withAsOf({
    '/api/health': {
      get: {
        summary: 'Liveness, the service and the projection position',
        responses: { 200: { description: 'OK' } },
      },
    },
    '/api/ready': {
      get: {
        summary: 'Readiness: every store the service depends on answers',
        responses: {
          200: { description: 'ready' },
          503: { description: 'a store does not answer; `checks` says which' },
        },
      },
    },
    '/api/asyncapi.json': {
      get: {
        summary: 'AsyncAPI 3 document of the Kafka topics and planning-event payloads',
        responses: { 200: { description: 'OK' } },
      },
    },
    '/api/auth/login': {
      post: {
        summary: 'Log in: {tenant, username, password} → {accessToken, expiresIn, me} and a refresh cookie',
        responses: { 200: { description: 'OK' }, 401: problem, 400: problem },
      },
    },
    '/api/auth/refresh': {
      post: {
        summary: 'Rotate the refresh cookie and get a new access token',
        responses: { 200: { description: 'OK' }, 401: problem },
      },
    },
    '/api/auth/logout': {
      post: { summary: 'End the session', responses: { 204: { description: 'No Content' } } },
    },
    '/api/auth/switch': {
      post: {
        summary:
          "Move the session to another of the user's tenants: {tenant} → {accessToken, expiresIn, me} and a new refresh cookie; the old session ends. 403 when the user cannot act there.",
        security: bearer,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { tenant: { type: 'string' } }, required: ['tenant'] },
            },
          },
        },
        responses: { 200: { description: 'The new session' }, 401: problem, 403: problem },
      },
    },
    '/api/auth/oidc/config': {
      get: {
        summary: 'Whether OIDC login is offered: {enabled, label}',
        responses: { 200: { description: 'OK' } },
      },
    },
    '/api/auth/oidc/start': {
      get: {
        summary: 'Redirect to the OpenID provider (PKCE); `tenant`: where to sign in once back',
        parameters: [{ name: 'tenant', in: 'query', required: false, schema: { type: 'string' } }],
        responses: { 302: { description: 'To the provider' }, 404: problem, 502: problem },
      },
    },
    '/api/auth/oidc/callback': {
      get: {
        summary:
          "The provider's redirect back: a session (refresh cookie) and a redirect to the console, or to /login?error=…",
        responses: {
          302: { description: 'To the console or the login page' },
          400: problem,
          401: problem,
          404: problem,
        },
      },
    },
    ...Object.fromEntries(
      Object.entries(commandCatalogue).map(([type, definition]) => [
        `/api/commands/${type}`,
        {
          post: {
            summary: definition.summary,
            security: bearer,
            parameters: [
              { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } },
              {
                name: 'X-Fahrplan-Source',
                in: 'header',
                required: false,
                description: 'the console flow step that sends the command, e.g. flow:save-project/step-2',
                schema: { type: 'string', pattern: flowSourcePattern.source },
              },
            ],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: z.toJSONSchema(definition.schema, { io: 'input', unrepresentable: 'any' }),
                },
              },
            },
            responses: {
              200: {
                description: 'The record id, its new version and the global position',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/CommandResult' } } },
              },
              400: problem,
              401: problem,
              403: problem,
              404: problem,
              409: problem,
            },
          },
        },
      ]),
    ),
    '/api/me': query(
      'The signed-in user, permissions and tenant features, the tenants the user can switch to and pending invitations',
    ),
    '/api/admin/tenant': query(
      "The caller's tenant for its administrators (admin VIEW): feature flags, attribute schemas and version",
    ),
    '/api/admin/roles': query(
      "The tenant's roles with their permissions and how many members hold each (admin VIEW)",
    ),
    '/api/admin/users': query(
      'Every user who can act in the tenant (home users and members who joined), with roles, effective permissions and whether disabled; never a password (admin VIEW)',
    ),
    '/api/admin/invitations': query('Invitations of the tenant waiting for an answer (admin VIEW)'),
    '/api/applications': query('Applications of the tenant', [
      { name: 'q', in: 'query' },
      { name: 'status', in: 'query' },
    ]),
    '/api/applications/{idOrName}': query('One application: numeric id first, then name', [
      { name: 'idOrName', in: 'path' },
    ]),
    '/api/applications/{id}/projects': query("The tenant's projects that use an application (§2)", [
      { name: 'id', in: 'path' },
    ]),
    '/api/groups': query(
      'The portfolio: projects of the tenant, then those shared with it and accepted (shared: true), with computed priority, duration and budget',
      [
        { name: 'q', in: 'query' },
        { name: 'status', in: 'query' },
        { name: 'phase', in: 'query' },
        { name: 'health', in: 'query' },
        { name: 'resource', in: 'query' },
        { name: 'application', in: 'query' },
      ],
    ),
    '/api/groups/{idOrName}': query(
      'One project with its subprojects: numeric id first, then title; own projects first, then accepted shared ones',
      [{ name: 'idOrName', in: 'path' }],
    ),
    '/api/groups/{idOrName}/goals': query("A project's goal values with their goals", [
      { name: 'idOrName', in: 'path' },
    ]),
    '/api/goals': query('The live (not deleted) strategic goals of the tenant, by rank, with their version'),
    '/api/resources': query(
      "The tenant's live resources {id, name, version}, by name; VIEW on items or group-details suffices",
    ),
    '/api/resources/{id}': query("One of the tenant's live resources; 404 'resource not found' otherwise", [
      { name: 'id', in: 'path' },
    ]),
    '/api/shares': query(
      "Project shares of the caller's tenant: incoming (shared with it) and outgoing (shared by it), each with the project id, its title (for incoming shares only while PENDING or ACCEPTED), owner, receiving tenant, status (PENDING, ACCEPTED, DECLINED, REVOKED) and the history of requests and decisions (when, user, tenant)",
    ),
    '/api/items': query(
      'The live items of one project the caller sees (its own, or one shared with it and accepted), by rank',
      [{ name: 'group', in: 'query', required: true }],
    ),
    '/api/items/{idOrName}': query(
      "One of the tenant's items: numeric id first, then title; with its working-day duration (null for a milestone), workload and project title",
      [{ name: 'idOrName', in: 'path' }],
    ),
    '/api/timeline': query(
      'The home timeline of [from, to) (YYYY-MM-DD, at most about five years): the items overlapping the window (a milestone: its start in it) and the projects (own and accepted shared ones, never the sprint group) that have items there or run in it, with their lanes. Filters are comma lists of ids: group (projects), status, resource, application (of the project). Items of a shared project come with shared: true (read-only).',
      [
        { name: 'from', in: 'query', required: true },
        { name: 'to', in: 'query', required: true },
        { name: 'group', in: 'query' },
        { name: 'status', in: 'query' },
        { name: 'resource', in: 'query' },
        { name: 'application', in: 'query' },
      ],
    ),
    '/api/comments': query('Comments of a record, oldest first', [
      { name: 'refType', in: 'query', required: true },
      { name: 'refId', in: 'query', required: true },
    ]),
    '/api/accounts/{id}': query('A finance account with its entries', [{ name: 'id', in: 'path' }]),
    '/api/calendar/working-days': query('Working days between from (inclusive) and to (exclusive)', [
      { name: 'from', in: 'query', required: true },
      { name: 'to', in: 'query', required: true },
    ]),
    '/api/tracker/connections': query(
      "The tenant's tracker connections with their mirror status (admin VIEW); never a secret",
    ),
    '/api/tracker/repositories': query(
      'Tracker projects of live connections (the repository chooser), each with its boards and links',
    ),
    '/api/tracker/issues': query('Mirrored issues that projects and items link', [
      { name: 'keys', in: 'query', required: false },
    ]),
    '/api/tracker/releases': query(
      'Versions of the repositories the tenant links, with release links and the linking projects',
      [
        { name: 'from', in: 'query', required: false },
        { name: 'to', in: 'query', required: false },
      ],
    ),
    '/api/tracker/status': query("How fresh each connection's mirror is, and why its last run failed"),
    '/api/tracker/test': {
      post: {
        summary:
          'Try tracker connection settings (admin EDIT; with `id` and no `secret`, the stored secret): what the tracker answered, or the step that failed (url, reach, authenticate, read) and why. Served by tracker-sync.',
        security: bearer,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: z.toJSONSchema(testTrackerConnectionSchema, { io: 'input', unrepresentable: 'any' }),
            },
          },
        },
        responses: {
          200: { description: 'The test result' },
          400: problem,
          401: problem,
          403: problem,
          404: problem,
        },
      },
    },
    [historyPath]: query(
      "Every change of a record, newest first, paged: when, who, which command and event, the source (flow step, sharing, tracker mirroring) and the field-level before → after differences; `fields` and `users` list the filters' choices (history VIEW and VIEW on the record). Categories: application, group, item, goal, resource, comment, account, trackerConnection, tenant, user",
      [
        { name: 'category', in: 'path' },
        { name: 'id', in: 'path' },
        { name: 'page', in: 'query' },
        { name: 'pageSize', in: 'query' },
        { name: 'field', in: 'query' },
        { name: 'user', in: 'query' },
      ],
    ),
    '/api/history/group/{id}/export.csv': query(
      "A project's history as CSV: one line per changed field (at, user, command, event, source, revision, position, field, before, after)",
      [{ name: 'id', in: 'path' }],
    ),
    '/api/history/group/{id}/events.json': query(
      "A project's events in today's shape with their metadata, in order: a log a downstream system can replay",
      [{ name: 'id', in: 'path' }],
    ),
    '/api/changes': {
      get: {
        summary:
          'Change feed (server-sent events): which read models of the tenant moved past which position',
        security: bearer,
        responses: {
          200: { description: 'Events of {position, collections}', content: { 'text/event-stream': {} } },
          401: problem,
        },
      },
    },
  }),
});
