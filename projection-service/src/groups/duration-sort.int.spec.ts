import { bernDefinition, calendarStream, streamName } from '@fahrplan/contracts';
import type { CalendarDefinition, GroupView, Page } from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import { answered } from '../http/json-text';
import {
  allowingDirectory,
  appendLogged,
  describeOnEveryReadStore,
  groupCreatedData,
  logOf,
  loggedBy,
  asked,
} from '../http/testing/query-fixtures';
import type { LoggedEvent } from '../http/testing/query-fixtures';
import { allProjections } from '../projections/all-projections';
import { ProjectionRunner } from '../projections/projection-runner';
import type { ReadStore } from '../read-store/read-store';
import { GroupsController } from './groups.controller';

/*
 * Issue 24: the portfolio's stored sort key `duration` counts on each project's calendar, and follows a
 * project's change of calendar and a change of the calendar itself, on every read store. Calendar 12
 * closes Monday 1 to Thursday 4 March 2032, four working days in Bern.
 */
const acmeDid = loggedBy('acme', '2026-02-27T08:00:00.000Z');
const group = (id: number) => streamName('group', id);
const closing: CalendarDefinition = {
  ...bernDefinition,
  companyDays: ['01', '02', '03', '04'].map((day) => ({
    date: `2032-03-${day}`,
    kind: 'closed' as const,
    yearly: false,
    name: 'Umzug',
  })),
};
const project = (id: number, title: string, end: string, calendar?: number) =>
  acmeDid(
    group(id),
    'GroupCreated',
    groupCreatedData(id, title, {
      start: '2032-03-01',
      end,
      ...(calendar === undefined ? {} : { calendar }),
    }),
  );
const toCalendar12 = (id: number) => acmeDid(group(id), 'GroupUpdated', { id, changes: { calendar: 12 } });

const history = [
  acmeDid(calendarStream('acme', 12), 'CalendarCreated', { id: 12, name: 'Umzug', definition: closing }),
  // Bern: 10 working days; on its calendar 6
  project(100, 'Alpha', '2032-03-15', 12),
  // Bern: 7, on the default
  project(101, 'Beta', '2032-03-10'),
  // as Alpha, moved to calendar 12 in the same batch
  project(102, 'Gamma', '2032-03-15'),
  toCalendar12(102),
];

const acme = { userId: 1, tenant: 'acme', username: 'alice' };

/** The portfolio sorted by duration: each project's id and duration, in order. */
const byDuration = async (store: ReadStore) => {
  const page: Page<GroupView> = await answered(
    new GroupsController(store, allowingDirectory).groups(asked(acme, { sort: 'duration' })),
  );
  return page.items.map(({ id, duration }) => ({ id, duration }));
};

/** `event` appended to `log` and projected by a later catch-up, as a live append is. */
const later = async (log: EventStore, store: ReadStore, event: LoggedEvent) => {
  await appendLogged(log, event);
  await new ProjectionRunner(log, store, allProjections).catchUp();
};

const answers = async (store: ReadStore, log: EventStore) => {
  const projected = await byDuration(store);
  // in a later batch: the calendar's document is read from the store
  await later(log, store, toCalendar12(101));
  const moved = await byDuration(store);
  // the calendar itself changes: every project on it is found by its index and derived again
  await later(
    log,
    store,
    acmeDid(calendarStream('acme', 12), 'CalendarChanged', {
      id: 12,
      effectiveFrom: '2032-01-01',
      definition: bernDefinition,
    }),
  );
  return { projected, moved, changed: await byDuration(store) };
};

describeOnEveryReadStore(
  'the portfolio sorted by duration on each project’s calendar',
  () => logOf(history),
  answers,
  ({ projected, moved, changed }) => {
    // on Bern's calendar Beta (7) would come before Alpha and Gamma (10)
    expect(projected).toEqual([
      { id: 100, duration: 6 },
      { id: 102, duration: 6 },
      { id: 101, duration: 7 },
    ]);
    expect(moved).toEqual([
      { id: 101, duration: 3 },
      { id: 100, duration: 6 },
      { id: 102, duration: 6 },
    ]);
    expect(changed).toEqual([
      { id: 101, duration: 7 },
      { id: 100, duration: 10 },
      { id: 102, duration: 10 },
    ]);
  },
);
