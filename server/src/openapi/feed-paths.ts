import { calendarFeedViewSchema, calendarFeedWindow } from '@fahrplan/contracts';
import { listQuery, problems } from './operations';

const { pastDays, futureDays, maxEvents } = calendarFeedWindow;

/** Issue 23: the caller's calendar feeds, and a feed's public address. */
export const feedPaths = () => ({
  '/api/calendar-feeds': listQuery(
    "The caller's own live calendar feeds, the latest created first; never a feed's secret",
    'calendar feeds',
    calendarFeedViewSchema,
  ),
  '/feeds/{file}': {
    get: {
      summary: `A calendar feed as RFC 5545 iCalendar, without a login: \`file\` is the secret the feed's creation answered, followed by .ics. Its milestones (and tasks, when the feed includes them) from ${pastDays} days before today to ${futureDays} days after, at most ${maxEvents}, each a VEVENT with a stable UID and the item's version as SEQUENCE. 404 for an unknown, revoked or replaced secret; 60 requests per client address and minute.`,
      security: [],
      parameters: [
        {
          name: 'file',
          in: 'path',
          required: true,
          description: 'the secret (43 characters of base64url) and .ics',
          schema: { type: 'string' },
        },
        {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'the ETag of an earlier answer: 304 while the feed shows the same',
          schema: { type: 'string' },
        },
      ],
      responses: {
        200: {
          description: 'The calendar',
          headers: { ETag: { schema: { type: 'string' } } },
          content: { 'text/calendar': { schema: { type: 'string' } } },
        },
        304: { description: 'Unchanged since the ETag sent in If-None-Match' },
        ...problems(404, 429, 503),
      },
    },
  },
});
