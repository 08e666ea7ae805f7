import { createHash } from 'node:crypto';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { ICalEventData } from 'ical-generator';
import type { FeedEvent } from './feed-events';

/** What a feed's calendar shows besides its events: its name and the console's origin for links. */
export interface FeedCalendarOptions {
  readonly name: string;
  /** e.g. https://fahrplan.example.ch: each event links to its item's page there. */
  readonly origin: string;
  /** DTSTAMP: when the calendar was written. */
  readonly now: Date;
}

/** §9 stores `YYYY-MM-DDTHH:mm`, read as UTC (docs/design/item-dates.md). */
const instant = (dateTime: string) => new Date(`${dateTime}:00.000Z`);
const atMidnight = (dateTime: string) => dateTime.endsWith('T00:00');

/** A globally unique, stable UID: the item's id and the tenant it is stored under. */
export const feedEventUid = (event: Pick<FeedEvent, 'id' | 'tenant'>): string =>
  `item-${event.id}@${event.tenant}.fahrplan`;

/**
 * One VEVENT: a milestone on its day (all day at midnight, else at its time), a task from its start to
 * its exclusive end (all days when both are at midnight); times float, as the plan writes them.
 */
const eventData = (event: FeedEvent, { origin, now }: FeedCalendarOptions): ICalEventData => {
  const allDay = atMidnight(event.start) && (event.end === null || atMidnight(event.end));
  const start = instant(event.start);
  // a timed milestone is an instant: DTSTART alone (RFC 5545 3.6.1)
  const end =
    event.end === null ? (allDay ? new Date(start.getTime() + 86_400_000) : null) : instant(event.end);
  return {
    id: feedEventUid(event),
    sequence: event.version,
    stamp: now,
    start,
    end,
    allDay,
    floating: !allDay,
    summary: event.project ? `${event.title} (${event.project})` : event.title,
    description: `${event.end === null ? 'Milestone' : 'Task'} of ${event.project}`,
    url: new URL(`/task-details/${event.id}`, origin).href,
  };
};

/**
 * The feed as RFC 5545 text, written by ical-generator (escaping, line folding): VERSION 2.0,
 * PRODID, CALSCALE GREGORIAN, METHOD PUBLISH and X-WR-CALNAME.
 */
export const feedCalendar = (events: readonly FeedEvent[], options: FeedCalendarOptions): string =>
  ical({
    prodId: { company: 'Fahrplan', product: 'Calendar feeds', language: 'EN' },
    name: options.name,
    scale: 'gregorian',
    method: ICalCalendarMethod.PUBLISH,
    events: events.map((event) => eventData(event, options)),
  }).toString();

/**
 * A strong ETag of what a feed shows (its name, the origin its links name, each event), not of its text, whose DTSTAMP
 * changes at every poll: an unchanged feed answers 304.
 */
export const feedEtag = (calendar: readonly string[], events: readonly FeedEvent[]): string =>
  `"${createHash('sha256')
    .update(JSON.stringify([calendar, events]))
    .digest('base64url')}"`;
