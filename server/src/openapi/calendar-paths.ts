import { calendarViewSchema } from '@fahrplan/contracts';
import { idInPath, json, listQuery, query } from './operations';

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
});
