import { consoleLanguages, maxTimelineDays, sheetFormats, sheetKinds } from '@fahrplan/contracts';
import { applicationSorts, exportRowsMax, groupSorts } from '@fahrplan/projection-service';
import { dateInQuery, described, problems, query } from './operations';

const idList = (name: string, what: string) =>
  described(name, `only ${what} of these ids: a comma list`, {
    type: 'string',
    pattern: '^(\\d{1,9}(,\\d{1,9})*)?$',
  });

/** Issue 23: every list as a spreadsheet. */
export const exportPaths = () => {
  const operation = query(
    `A list as a spreadsheet (the format of contracts/src/interop/sheets.ts): {kind}.{format} with kind ${sheetKinds.join(', ')} and format ${sheetFormats.join(' or ')}, filtered, searched and sorted by the same parameters as the list the console shows (applications as GET /api/applications, projects as GET /api/groups, items as GET /api/timeline's window and filters, goals as GET /api/goals, accounts: one account's entries, account=<id>), every page of it, streamed. The header row in the language lang (else the user's preference, else de-CH), options as their labels, references by name (#id where the caller sees none), dates as date cells (.xlsx) or dd.mm.yyyy (CSV), the id column hidden in .xlsx. CSV: UTF-8 with a byte order mark, ; between cells, CRLF. At most ${exportRowsMax} rows (X-Fahrplan-Export-Rows-Max); one export at a time per user (429). Needs the list's own VIEW permission.`,
    [
      {
        name: 'file',
        in: 'path',
        description: '{kind}.{format}, e.g. projects.xlsx',
        schema: { type: 'string', pattern: `^(${sheetKinds.join('|')})\\.(${sheetFormats.join('|')})$` },
      },
      described('lang', 'the language of the headers and labels', {
        type: 'string',
        enum: [...consoleLanguages],
      }),
      described('q', 'applications, projects: a text the records contain'),
      described(
        'status',
        'applications: this status; projects: this status code; items: a comma list of project status codes',
      ),
      described('phase', 'projects: this phase code', { type: 'integer' }),
      described('health', 'projects: this health code', { type: 'integer' }),
      described('resource', 'projects: this resource id; items: a comma list of resource ids'),
      described('application', 'projects: this application id; items: a comma list of application ids'),
      described('parent', 'projects: the subprojects of these project ids, a comma list'),
      idList('id', 'applications or projects'),
      described('shared', 'projects: true only those shared with the tenant, false only its own', {
        type: 'boolean',
      }),
      described(
        'sort',
        `applications: ${Object.keys(applicationSorts).join(', ')}; projects: ${Object.keys(groupSorts).join(', ')}; - before one for descending`,
      ),
      { ...dateInQuery('from', false), description: `items: the window's first day (required for items)` },
      {
        ...dateInQuery('to', false),
        description: `items: the day after the window (required for items, at most ${maxTimelineDays} days after from)`,
      },
      idList('group', 'items: the projects'),
      described('account', 'accounts: the account whose entries to export (required for accounts)', {
        type: 'integer',
      }),
    ],
    {
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        schema: { type: 'string', format: 'binary' },
      },
      'text/csv': { schema: { type: 'string' } },
    },
  );
  return {
    '/api/exports/{file}': {
      get: {
        ...operation.get,
        responses: {
          ...operation.get.responses,
          ...problems(429),
        },
      },
    },
  };
};
