import {
  maxTimelineDays,
  testTrackerConnectionSchema,
  timelineItemsMaxDays,
  timelineSummaryMilestones,
} from '@fahrplan/contracts';
import {
  bearer,
  inPath,
  inQuery,
  inputSchema,
  jsonBody,
  problems,
  query,
  requiredInQuery,
} from './operations';

/** The signed-in user and the administration of the tenant. */
export const directoryPaths = () => ({
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
});

/** Applications, projects, goals, resources and shares. */
export const portfolioPaths = () => ({
  '/api/applications': query('Applications of the tenant', inQuery('q', 'status')),
  '/api/applications/{idOrName}': query('One application: numeric id first, then name', inPath('idOrName')),
  '/api/applications/{id}/projects': query(
    "The tenant's projects that use an application (§2)",
    inPath('id'),
  ),
  '/api/groups': query(
    'The portfolio: projects of the tenant, then those shared with it and accepted (shared: true), with computed priority, duration and budget',
    inQuery('q', 'status', 'phase', 'health', 'resource', 'application'),
  ),
  '/api/groups/{idOrName}': query(
    'One project with its subprojects: numeric id first, then title; own projects first, then accepted shared ones',
    inPath('idOrName'),
  ),
  '/api/groups/{idOrName}/goals': query("A project's goal values with their goals", inPath('idOrName')),
  '/api/goals': query('The live (not deleted) strategic goals of the tenant, by rank, with their version'),
  '/api/resources': query(
    "The tenant's live resources {id, name, version}, by name; VIEW on items or group-details suffices",
  ),
  '/api/resources/{id}': query(
    "One of the tenant's live resources; 404 'resource not found' otherwise",
    inPath('id'),
  ),
  '/api/shares': query(
    "Project shares of the caller's tenant: incoming (shared with it) and outgoing (shared by it), each with the project id, its title (for incoming shares only while PENDING or ACCEPTED), owner, receiving tenant, status (PENDING, ACCEPTED, DECLINED, REVOKED) and the history of requests and decisions (when, user, tenant)",
  ),
});

/** Items, the timeline, comments, accounts and the working-day calendar. */
export const planPaths = () => ({
  '/api/items': query(
    'The live items of one project the caller sees (its own, or one shared with it and accepted), by rank',
    requiredInQuery('group'),
  ),
  '/api/items/{idOrName}': query(
    "One of the tenant's items: numeric id first, then title; with its working-day duration (null for a milestone), workload and project title",
    inPath('idOrName'),
  ),
  '/api/timeline': query(
    `The home timeline of [from, to) (YYYY-MM-DD, at most ${maxTimelineDays} days), a page of rows at a time: the projects (own and accepted shared ones, never the sprint group) that have items overlapping the window (a milestone: its start in it) or run in it, with their lanes, ordered by title. Filters are comma lists of ids: group (projects), status, resource, application (of the project). limit: rows per page (default 100, at most 1,000); cursor: the nextCursor of the page before (null after the last; a page may hold fewer rows than the limit when few projects meet the window, and still name a next one). detail: items (every item of the rows in the window, by project and rank; items of a shared project come with shared: true, read-only), summary (per row with items, a summary instead: the span of its items, taskCount, milestoneCount and the first ${timelineSummaryMilestones} milestones; backgrounds are left out) or auto (the default: items for windows up to ${timelineItemsMaxDays} days, summaries beyond). The answer names its detail and its itemCount (the rows' items in the window, listed or summarised).`,
    [
      ...requiredInQuery('from', 'to'),
      ...inQuery('group', 'status', 'resource', 'application', 'limit', 'cursor', 'detail'),
    ],
  ),
  '/api/comments': query('Comments of a record, oldest first', requiredInQuery('refType', 'refId')),
  '/api/accounts/{id}': query('A finance account with its entries', inPath('id')),
  '/api/calendar/working-days': query(
    'Working days between from (inclusive) and to (exclusive)',
    requiredInQuery('from', 'to'),
  ),
});

/** The tracker mirror's queries and the connection test. */
export const trackerPaths = () => ({
  '/api/tracker/connections': query(
    "The tenant's tracker connections with their mirror status (admin VIEW); never a secret",
  ),
  '/api/tracker/repositories': query(
    'Tracker projects of live connections (the repository chooser), each with its boards and links',
  ),
  '/api/tracker/issues': query('Mirrored issues that projects and items link', inQuery('keys')),
  '/api/tracker/releases': query(
    'Versions of the repositories the tenant links, with release links and the linking projects',
    inQuery('from', 'to'),
  ),
  '/api/tracker/status': query("How fresh each connection's mirror is, and why its last run failed"),
  '/api/tracker/test': {
    post: {
      summary:
        'Try tracker connection settings (admin EDIT; with `id` and no `secret`, the stored secret): what the tracker answered, or the step that failed (url, reach, authenticate, read) and why. Served by tracker-sync.',
      security: bearer,
      requestBody: jsonBody(inputSchema(testTrackerConnectionSchema)),
      responses: {
        200: { description: 'The test result' },
        ...problems(400, 401, 403, 404),
      },
    },
  },
});

/** What changed: record histories, their exports and the change feed. */
export const changePaths = () => ({
  '/api/history/{category}/{id}': query(
    "Every change of a record, newest first, paged: when, who, which command and event, the source (flow step, sharing, tracker mirroring) and the field-level before → after differences; `fields` and `users` list the filters' choices (history VIEW and VIEW on the record). Categories: application, group, item, goal, resource, comment, account, trackerConnection, tenant, user",
    [...inPath('category', 'id'), ...inQuery('page', 'pageSize', 'field', 'user')],
  ),
  '/api/history/group/{id}/export.csv': query(
    "A project's history as CSV: one line per changed field (at, user, command, event, source, revision, position, field, before, after)",
    inPath('id'),
  ),
  '/api/history/group/{id}/events.json': query(
    "A project's events in today's shape with their metadata, in order: a log a downstream system can replay",
    inPath('id'),
  ),
  '/api/changes': {
    get: {
      summary: 'Change feed (server-sent events): which read models of the tenant moved past which position',
      security: bearer,
      responses: {
        200: { description: 'Events of {position, collections}', content: { 'text/event-stream': {} } },
        ...problems(401),
      },
    },
  },
});
