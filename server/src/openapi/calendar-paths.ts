import {
  calendarPreviewAnswerSchema,
  calendarPreviewSchema,
  calendarViewSchema,
  maxListedChangedDays,
  projectCalendarViewSchema,
} from '@fahrplan/contracts';
import {
  bearer,
  idInPath,
  inputSchema,
  json,
  jsonAnswer,
  jsonBody,
  listQuery,
  pageParameters,
  problems,
  query,
} from './operations';

/** Issue 24: the tenant's working-day calendars (docs/design/calendars.md). */
export const calendarPaths = () => ({
  '/api/calendars': listQuery(
    "The tenant's live working-day calendars by id, the default calendar (id 0, Bern until changed; version -1 while it has no change) first: each with its name, version, its versions by effective date (the first since always) and how many live projects and resources use it (`usedBy`); VIEW on calendars, group-details or items suffices",
    'calendars',
    calendarViewSchema,
  ),
  '/api/calendars/{id}': query(
    "One of the tenant's live calendars (0: the default one), as the list shows it; 404 'calendar not found' otherwise",
    [idInPath()],
    json(calendarViewSchema),
  ),
  '/api/groups/{id}/calendar': query(
    "The calendar project id plans on (its name and versions): the tenant's own project's, or the owner's for a project shared with the tenant and accepted, read-only; the default calendar where it names none. 404 'group not found' for any other project; VIEW on calendars, group-details or items",
    [idInPath()],
    json(projectCalendarViewSchema),
  ),
});

/** Issue 24: the impact preview of a calendar change or of a project's switch of calendar, nothing stored. */
export const calendarPreviewPaths = () => ({
  '/api/calendars/{id}/preview': {
    post: {
      summary: `What a change of calendar id ({effectiveFrom, definition}: the definition from that date on) or a project's switch to it ({project}) does to the plan, computed with the calendars' rules before and after: the days whose working-day value changes (the first ${maxListedChangedDays}, and their count), the totals (projects, items, the sum of the working-day deltas), the totals of the page's projects, a page of the tasks whose working days change (by project and id; nextCursor for the next page, asked with the same body), and the milestones automatic scheduling would move (old → new start). Nothing is stored (VIEW on calendars, group-details or items, as the calendars' list; 404 for an unknown, deleted or another tenant's calendar or project).`,
      security: bearer,
      parameters: [{ ...idInPath(), required: true }, ...pageParameters],
      requestBody: jsonBody(inputSchema(calendarPreviewSchema)),
      responses: {
        200: jsonAnswer('The impact of the change', calendarPreviewAnswerSchema),
        ...problems(400, 401, 403, 404),
      },
    },
  },
});
