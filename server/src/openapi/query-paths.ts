import { z } from 'zod';
import {
  calendarHolidaysSchema,
  cantons,
  consoleLanguages,
  accountViewSchema,
  baselineComparisonSchema,
  baselineViewSchema,
  scenarioDiffSchema,
  scenarioViewSchema,
  maxComparisonDays,
  applicationViewSchema,
  commentRefTypes,
  commentViewSchema,
  exportedEventsSchema,
  goalViewSchema,
  groupDetailsViewSchema,
  groupGoalViewSchema,
  groupViewSchema,
  historyCategories,
  historyPageSchema,
  invitationViewSchema,
  itemViewSchema,
  meViewSchema,
  projectOfApplicationSchema,
  resourceViewSchema,
  roleViewSchema,
  shareRecordStatuses,
  shareViewSchema,
  tenantAdminViewSchema,
  timelineViewSchema,
  trackerTestResultSchema,
  webhookDeliveryViewSchema,
  webhookTestResultSchema,
  webhookViewSchema,
  trackerConnectionViewSchema,
  trackerIssueViewSchema,
  trackerMirrorStatusViewSchema,
  trackerReleaseViewSchema,
  trackerRepositoryViewSchema,
  userAdminViewSchema,
  workingDaysSchema,
  criticalPathSchema,
  maxTimelineDays,
  testTrackerConnectionSchema,
  timelineItemsMaxDays,
  timelineSummaryMilestones,
} from '@fahrplan/contracts';
import {
  applicationSorts,
  defaultHistoryMaxEvents,
  groupSorts,
  itemSorts,
} from '@fahrplan/projection-service';
import {
  bearer,
  dateInQuery,
  described,
  idInPath,
  inPath,
  inQuery,
  json,
  jsonAnswer,
  jsonPost,
  listQuery,
  pageParameters,
  problems,
  query,
  sortParameter,
} from './operations';

const search = (what: string) =>
  described('q', `a text the ${what} contain, without regard to case or accents (at most 200 characters)`);
const ids = (what: string) => described('id', `only the ${what} of these ids: a comma list, at most 1000`);
const idList = (name: string, what: string) =>
  described(name, `only ${what} of these ids: a comma list`, {
    type: 'string',
    pattern: '^(\\d{1,9}(,\\d{1,9})*)?$',
  });
/** The timeline's own query parameters, without paging: a printout shows every row. */
const timelineParameters = [
  dateInQuery('from'),
  dateInQuery('to'),
  idList('group', 'the projects'),
  idList('status', 'projects of these status codes'),
  idList('resource', 'projects of these resources'),
  idList('application', 'projects that use these applications'),
  described('detail', 'items, summary or auto', {
    type: 'string',
    enum: ['auto', 'items', 'summary'],
    default: 'auto',
  }),
];
const baselineParameter = described(
  'baseline',
  "a baseline's id: its ghosts under the bars, as the timeline overlays it (items detail only; history VIEW; not with asOf or scenario)",
  { type: 'integer', minimum: 1 },
);
const languageParameter = described(
  'lang',
  "the printout's language (default: the first of Accept-Language the console speaks, else de-CH)",
  { type: 'string', enum: [...consoleLanguages] },
);
/** A printout: a file of `type`, or 429 while the caller's last printout still renders. */
const printout = (summary: string, parameters: Parameters<typeof query>[1], type: string) => {
  const operation = query(summary, parameters, { [type]: { schema: { type: 'string', format: 'binary' } } });
  return { get: { ...operation.get, responses: { ...operation.get.responses, ...problems(429) } } };
};
const code = (name: string, field: string) =>
  described(name, `only projects whose ${field} is this code`, { type: 'integer' });

/** The signed-in user and the administration of the tenant. */
export const directoryPaths = () => ({
  '/api/me': query(
    'The signed-in user, permissions and tenant features, the tenants the user can switch to and pending invitations',
    [],
    json(meViewSchema),
  ),
  '/api/admin/tenant': query(
    "The caller's tenant for its administrators (admin VIEW): feature flags, attribute schemas and version",
    [],
    json(tenantAdminViewSchema),
  ),
  '/api/admin/roles': query(
    "The tenant's roles with their permissions and how many members hold each (admin VIEW)",
    [],
    json(z.array(roleViewSchema)),
  ),
  '/api/admin/users': listQuery(
    'The users who can act in the tenant (home users and members who joined), by username, with roles, effective permissions and whether disabled; never a password (admin VIEW)',
    'users',
    userAdminViewSchema,
    [described('q', 'a text the username or the display name contains, without regard to case or accents')],
  ),
  '/api/admin/invitations': query(
    'Invitations of the tenant waiting for an answer (admin VIEW)',
    [],
    json(z.array(invitationViewSchema)),
  ),
});

/** Applications, projects, goals, resources and shares. */
export const portfolioPaths = () => ({
  '/api/applications': listQuery(
    'Applications of the tenant, with the name of their parent',
    'applications',
    applicationViewSchema,
    [
      search('name, short name, release, asset number, description, contact, vendor or provider'),
      described('status', 'only applications of this status (e.g. PRODUKTIV)'),
      ids('applications'),
      sortParameter(Object.keys(applicationSorts), 'name'),
    ],
  ),
  '/api/applications/{idOrName}': query(
    'One application: numeric id first, then name',
    inPath('idOrName'),
    json(applicationViewSchema),
  ),
  '/api/applications/{id}/projects': listQuery(
    'The projects the tenant sees (its own and accepted shared ones) that use an application (§2), by title',
    'projects {id, title, status, phase, end, shared, tenant, group}',
    projectOfApplicationSchema,
    [idInPath()],
  ),
  '/api/groups': listQuery(
    "The portfolio: projects of the tenant and those shared with it and accepted (shared: true), with computed priority, duration, budget and the parent's title",
    'projects',
    groupViewSchema,
    [
      search('title, short name, description, contact or project number'),
      code('status', 'status'),
      code('phase', 'phase'),
      code('health', 'health status'),
      described('resource', 'only projects of this resource id', { type: 'integer' }),
      described('application', 'only projects that use this application id', { type: 'integer' }),
      described('parent', 'only the subprojects of these project ids: a comma list'),
      ids('projects'),
      described('shared', 'true: only projects shared with the tenant; false: only its own', {
        type: 'boolean',
      }),
      sortParameter(Object.keys(groupSorts), 'title'),
    ],
  ),
  '/api/groups/{idOrName}': query(
    'One project with its subprojects: numeric id first, then title; own projects first, then accepted shared ones',
    inPath('idOrName'),
    json(groupDetailsViewSchema),
  ),
  '/api/groups/{idOrName}/goals': query(
    "A project's goal values with their goals",
    inPath('idOrName'),
    json(z.array(groupGoalViewSchema)),
  ),
  '/api/goals': listQuery(
    'The live (not deleted) strategic goals of the tenant, by rank (none first), ties by id, with their version',
    'goals',
    goalViewSchema,
  ),
  '/api/resources': listQuery(
    "The tenant's live resources {id, name, version, calendar, share}, by name; VIEW on items or group-details suffices",
    'resources',
    resourceViewSchema,
    [search('name'), ids('resources')],
  ),
  '/api/resources/{id}': query(
    "One of the tenant's live resources; 404 'resource not found' otherwise",
    [idInPath()],
    json(resourceViewSchema),
  ),
  '/api/shares': listQuery(
    "Project shares of the caller's tenant of one direction, the latest change first: each with the project id, its title (of an incoming share only while PENDING or ACCEPTED), owner, receiving tenant, status (PENDING, ACCEPTED, DECLINED, REVOKED) and the history of requests and decisions (when, user, tenant); shares of deleted projects are left out",
    'shares',
    shareViewSchema,
    [
      {
        ...described('direction', 'incoming (shared with the tenant) or outgoing (shared by it)', {
          type: 'string',
          enum: ['incoming', 'outgoing'],
        }),
        required: true,
      },
      described('status', 'only shares of this status; empty or absent: every status', {
        type: 'string',
        enum: ['', ...shareRecordStatuses],
      }),
    ],
  ),
});

/** Items, the timeline, comments, accounts and the working-day calendar. */
/** A record id as a query parameter. */
const recordId = { type: 'integer', minimum: 0, maximum: 999_999_999 };
/** A year as the holidays query takes it. */
const year = { type: 'integer', minimum: 1900, maximum: 2200 };

export const planPaths = () => ({
  '/api/items': listQuery(
    "Live items: of one project the caller sees (group: its own, or one shared with it and accepted), or the caller's own items whose title contains q; with their project's title",
    'items',
    itemViewSchema,
    [
      described('group', 'a project id: its items (required without q)'),
      search('titles'),
      sortParameter(Object.keys(itemSorts), 'rank'),
    ],
  ),
  '/api/items/{idOrName}': query(
    "One of the tenant's items: numeric id first, then title; with its working-day duration (null for a milestone), workload and project title",
    inPath('idOrName'),
    json(itemViewSchema),
  ),
  '/api/timeline': query(
    `The home timeline of [from, to) (YYYY-MM-DD, at most ${maxTimelineDays} days), a page of rows at a time: the projects (own and accepted shared ones, never the sprint group) that have items overlapping the window (a milestone: its start in it) or run in it, with their lanes, ordered by title. Filters are comma lists of ids: group (projects), status, resource, application (of the project). limit: rows per page (default 100, at most 1,000); cursor: the nextCursor of the page before (null after the last; a page may hold fewer rows than the limit when few projects meet the window, and still name a next one). detail: items (every item of the rows in the window, by project and rank; items of a shared project come with shared: true, read-only), summary (per row with items, a summary instead: the span of its items, taskCount, milestoneCount and the first ${timelineSummaryMilestones} milestones; backgrounds are left out) or auto (the default: items for windows up to ${timelineItemsMaxDays} days, summaries beyond). The answer names its detail and its itemCount (the rows' items in the window, listed or summarised).`,
    [...timelineParameters, ...pageParameters],
    json(timelineViewSchema),
  ),
  '/api/exports/timeline.pdf': printout(
    'The timeline as the console shows it (the same window, detail and filters as GET /api/timeline, every row; `scenario` or `asOf` as there) as a PDF on A4 or A3 landscape: paged by projects (a project is not split over two pages where it fits one), the axis at the top of every page, a title with the window, the filters and the date of export, page numbers; its text is text (items VIEW; at most 2,000 projects and 200 pages, else 400 naming the limit; one printout at a time per user, else 429)',
    [
      ...timelineParameters,
      described('paper', 'a4 or a3 (landscape)', { type: 'string', enum: ['a4', 'a3'], default: 'a4' }),
      baselineParameter,
      languageParameter,
    ],
    'application/pdf',
  ),
  '/api/exports/timeline.png': printout(
    'The timeline as GET /api/exports/timeline.pdf draws it, as one PNG image as wide as A3 landscape at twice its points in pixels and as tall as its rows (at most 16,000 pixels, else 400)',
    [...timelineParameters, baselineParameter, languageParameter],
    'image/png',
  ),
  '/api/exports/projects/{id}/summary.pdf': printout(
    "A project's summary on one A4 page: its title, key figures, priority, goals as a sunburst, budget and milestones as a list and a small timeline; its text is text (group-details VIEW; a project the tenant does not see is 404)",
    [idInPath(), languageParameter],
    'application/pdf',
  ),
  '/api/baselines': listQuery(
    "The tenant's live baselines (a name and the instant of the plan it stands for), the latest instant first (history VIEW)",
    'baselines',
    baselineViewSchema,
  ),
  '/api/baselines/{id}': query(
    'One live baseline of the tenant (history VIEW)',
    [idInPath()],
    json(baselineViewSchema),
  ),
  '/api/baselines/{id}/comparison': query(
    `The items of [from, to) (YYYY-MM-DD, at most ${maxComparisonDays} days) where each stood at the baseline's instant and where it stands now, a page of projects at a time in title order (those live now, then those gone since), as the timeline chooses its rows; group: only these projects. Each item: change (unchanged, slipped, added since, removed since), its dates then and now, startSlip and endSlip in working days of each project's calendar now (the tenant's default, Bern, when it names none; + later, − earlier). Each project: counts per change and slip, the end slips of its slipped items added up. Read from the read models now and as of the baseline's position (history VIEW and items VIEW).`,
    [idInPath(), dateInQuery('from'), dateInQuery('to'), idList('group', 'the projects'), ...pageParameters],
    json(baselineComparisonSchema),
  ),
  '/api/baselines/{id}/comparison.csv': query(
    "The comparison's table as CSV, every page of it: per project its slipped, added and removed items (project, projectId, item, itemId, change, startThen, endThen, startNow, endNow, startSlip, endSlip), then a line of change total with endSlip and the counts slipped, added, removed",
    [idInPath(), dateInQuery('from'), dateInQuery('to'), idList('group', 'the projects')],
    { 'text/csv': { schema: { type: 'string' } } },
  ),
  '/api/scenarios': listQuery(
    "The tenant's open what-if scenarios (a name, a description and the instant of the plan each branched from), the latest created first (scenarios VIEW)",
    'scenarios',
    scenarioViewSchema,
  ),
  '/api/scenarios/{id}': query(
    'One open scenario of the tenant (scenarios VIEW)',
    [idInPath()],
    json(scenarioViewSchema),
  ),
  '/api/scenarios/{id}/diff': query(
    "What the scenario changes, record by record: the fields whose scenario value differs from the live plan's (or from the `against` scenario's), the scenario's conflicts with live changes since (a field both changed), and both sides' portfolio totals: budget, effort in working days (of the tenant's default calendar, Bern, for every task), projects per status and per priority, and the dates of the chosen milestones (scenarios VIEW; records only of the kinds the caller may read). The records come a page at a time, those with conflicts first, then by kind and id (nextCursor null after the last page); the totals are whole on every page",
    [
      idInPath(),
      described('against', 'another open scenario of the tenant to compare with instead of the live plan', {
        type: 'integer',
        minimum: 1,
      }),
      idList('milestones', 'the milestones whose dates the totals show'),
      ...pageParameters,
    ],
    json(scenarioDiffSchema),
  ),
  '/api/comments': listQuery('Comments of a record, oldest first', 'comments', commentViewSchema, [
    {
      ...described('refType', 'the kind of record', { type: 'string', enum: [...commentRefTypes] }),
      required: true,
    },
    {
      ...described('refId', 'the id of the record', { type: 'integer', minimum: 0, maximum: 999_999_999 }),
      required: true,
    },
  ]),
  '/api/accounts/{id}': query('A finance account with its entries', [idInPath()], json(accountViewSchema)),
  '/api/schedule/critical-path': query(
    "Issue 21: the chain of items that determines the date of item `to` (a milestone), first item first, and every item leading to it with its total float in working days of each successor's project's calendar, lags counted in them too (how far it can slip without moving `to`); 400 when more than 5,000 items lead to it",
    [{ ...described('to', 'the item the path leads to', { type: 'integer', minimum: 1 }), required: true }],
    json(criticalPathSchema),
  ),
  '/api/calendar/working-days': query(
    'Working days between from (inclusive) and to (exclusive) on the default calendar, on `calendar` or on the calendar of `project` (one of them; issue 24); `lang` (de-CH, fr-CH, it-CH, en) names the holidays, German without',
    [
      dateInQuery('from'),
      dateInQuery('to'),
      described('calendar', 'a calendar of the tenant (GET /api/calendars)', recordId),
      described('project', 'a project the caller sees: its calendar', recordId),
      { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: [...consoleLanguages] } },
    ],
    json(workingDaysSchema),
  ),
  '/api/calendar/holidays': query(
    "A canton's public holidays (the server's holiday library, type public) in the years from … to, both included, at most 50; `lang` names them, German without",
    [
      { name: 'region', in: 'query', required: true, schema: { type: 'string', enum: [...cantons] } },
      { ...described('from', 'the first year', year), required: true },
      { ...described('to', 'the last year (at most 49 after from)', year), required: true },
      { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: [...consoleLanguages] } },
    ],
    json(calendarHolidaysSchema),
    { readYourWrites: false },
  ),
});

/** The tracker mirror's queries and the connection test. */
export const trackerPaths = () => ({
  '/api/tracker/connections': query(
    "The tenant's tracker connections with their mirror status (admin VIEW); never a secret",
    [],
    json(z.array(trackerConnectionViewSchema)),
  ),
  '/api/tracker/repositories': query(
    'Tracker projects of live connections (the repository chooser), each with its boards and links',
    [],
    json(z.array(trackerRepositoryViewSchema)),
  ),
  '/api/tracker/issues': query(
    'Mirrored issues that projects and items link',
    inQuery('keys'),
    json(z.array(trackerIssueViewSchema)),
  ),
  '/api/tracker/releases': query(
    'Versions of the repositories the tenant links, with release links and the linking projects',
    [dateInQuery('from', false), dateInQuery('to', false)],
    json(z.array(trackerReleaseViewSchema)),
  ),
  '/api/tracker/status': query(
    "How fresh each connection's mirror is, and why its last run failed",
    [],
    json(trackerMirrorStatusViewSchema),
  ),
  '/api/tracker/test': jsonPost(
    'Try tracker connection settings (admin EDIT; with `id` and no `secret`, the stored secret): what the tracker answered, or the step that failed (url, reach, authenticate, read) and why. Served by tracker-sync.',
    testTrackerConnectionSchema,
    { description: 'The test result', output: trackerTestResultSchema },
    [400, 401, 403, 404],
  ),
});

/** Issue 23: the tenant's webhooks, their delivery logs and the test ping. */
export const webhookPaths = () => ({
  '/api/webhooks': listQuery(
    "The tenant's webhooks by id (webhooks VIEW): address, events, status (active, paused with the reason, inactive) and the latest deliveries; never a secret",
    'webhooks',
    webhookViewSchema,
  ),
  '/api/webhooks/{id}/deliveries': listQuery(
    "One webhook's delivery log, newest first (webhooks VIEW): per event its status, attempts, last status code and error, latency and next attempt; 404 for a webhook the tenant does not have",
    'deliveries',
    webhookDeliveryViewSchema,
    [idInPath()],
  ),
  '/api/webhooks/{id}/test': {
    post: {
      summary:
        'Send a signed `webhook.test` ping to the webhook now (webhooks EDIT), recorded in its log: whether it answered 2xx, its status code or error, and the latency.',
      security: bearer,
      parameters: [{ ...idInPath(), required: true }],
      responses: {
        200: jsonAnswer("The ping's result", webhookTestResultSchema),
        ...problems(401, 403, 404),
      },
    },
  },
});

/** What a history or export reads at most; a longer record is refused, never cut short. */
const historyBound = `. A request reads at most ${defaultHistoryMaxEvents.toLocaleString('en')} events (the record's, an item's project's and the linked tracker issues'): a longer history answers 400 naming the limit`;

/** What changed: record histories, their exports and the change feed. */
export const changePaths = () => ({
  '/api/history/{category}/{id}': listQuery(
    "Every change of a record, newest first: when, who, which command and event, the source (flow step, sharing, tracker mirroring) and the field-level before → after differences; besides the page, `total` counts the changes matching the filters and `fields` and `users` list the filters' choices (history VIEW and VIEW on the record). Categories: application, group, item, goal, resource, calendar, comment, account, trackerConnection, tenant, user" +
      historyBound,
    'changes',
    historyPageSchema.shape.items.element,
    [
      {
        name: 'category',
        in: 'path',
        schema: { type: 'string', enum: [...historyCategories] },
      },
      { ...idInPath(), schema: { type: 'integer', minimum: 0, maximum: 999_999_999_999_999 } },
      described('field', 'only changes of this field'),
      described('user', 'only changes by this user'),
    ],
    { readYourWrites: false, answer: historyPageSchema },
  ),
  '/api/history/group/{id}/export.csv': query(
    "A project's history as CSV: one line per changed field (at, user, command, event, source, revision, position, field, before, after)" +
      historyBound,
    [idInPath()],
    { 'text/csv': { schema: { type: 'string' } } },
    { readYourWrites: false },
  ),
  '/api/history/group/{id}/events.json': query(
    "A project's events in today's shape with their metadata, in order: a log a downstream system can replay" +
      historyBound,
    [idInPath()],
    json(exportedEventsSchema),
    { readYourWrites: false },
  ),
  '/api/changes': {
    get: {
      summary: 'Change feed (server-sent events): which read models of the tenant moved past which position',
      security: bearer,
      responses: {
        200: {
          description: 'Events of {position, collections}',
          // each event: its name (ready, change), its id, and its data as JSON text
          content: {
            'text/event-stream': {
              schema: {
                type: 'object',
                properties: { event: { type: 'string' }, id: { type: 'string' }, data: { type: 'string' } },
                required: ['data'],
              },
            },
          },
        },
        ...problems(401),
      },
    },
  },
});
