import { bernDefinition, calendarStream } from '@fahrplan/contracts';
import type { ItemView } from '@fahrplan/contracts';
import { answered } from '../http/json-text';
import { storedEvent as event } from '../projections/testing/stored-event';
import { MemoryReadStore } from '../read-store/memory-read-store';
import type { ReadStore } from '../read-store/read-store';
import { ItemsController } from './items.controller';
import {
  allowingDirectory,
  describeAnswersOnMongo,
  groupCreatedData,
  itemCreatedData,
  projectHistory,
  asked,
} from '../http/testing/query-fixtures';

/*
 * Issue 24: an item's workload is its effort over what its resource can give it in its span: the
 * resource's own calendar's working days (its project's without one) times its share; the item's
 * duration stays on its project's calendar (docs/design/calendars.md, "Workload").
 */
const fourDays = { ...bernDefinition, workingWeekdays: [1, 2, 3, 4] };
// two weeks without Bern holidays: 10 working days on the project's calendar, 8 on a four-day week
const span = ['2026-03-02T00:00', '2026-03-16T00:00'] as const;
const task = (id: number, resource: number | null) =>
  event('acme', 'ItemCreated', itemCreatedData(id, 10, ...span, { effort: 8, resource }));

const history = [
  // the calendars' documents are named by their stream
  {
    ...event('acme', 'CalendarCreated', { id: 50, name: 'Vier Tage', definition: fourDays }),
    streamId: calendarStream('acme', 50),
  },
  event('acme', 'ResourceCreated', { id: 60, name: 'Four days', calendar: 50, share: 100 }),
  event('acme', 'ResourceCreated', { id: 61, name: 'Half time', calendar: null, share: 50 }),
  event('acme', 'ResourceCreated', { id: 62, name: 'Half, four days', calendar: 50, share: 50 }),
  // a resource saved before issue 24: no calendar, full time
  event('acme', 'ResourceCreated', { id: 63, name: 'Before' }),
  event('other', 'ResourceCreated', { id: 64, name: 'Not acme’s', calendar: 50, share: 10 }),
  event('acme', 'GroupCreated', groupCreatedData(10, 'Roll-out', { start: '2026-03-02', end: '2026-03-16' })),
  task(100, 60),
  task(101, 61),
  task(102, 62),
  task(103, 63),
  task(104, null),
  task(105, 64),
  event('acme', 'ItemCreated', itemCreatedData(106, 10, span[0], null, { resource: 60 })),
];

const acme = { userId: 1, tenant: 'acme', username: 'alice' };

const answers = async (store: ReadStore) => {
  const c = new ItemsController(store, allowingDirectory);
  const one = async (id: number) => {
    const { duration, workload } = await answered(c.item(asked(acme, {}, { idOrName: String(id) })));
    return { duration, workload };
  };
  return {
    items: Object.fromEntries(
      await Promise.all([100, 101, 102, 103, 104, 105, 106].map(async (id) => [id, await one(id)])),
    ) as Record<number, Pick<ItemView, 'duration' | 'workload'>>,
    list: (await c.items(asked(acme, { group: '10' }))).items.map(({ id, duration, workload }) => ({
      id,
      duration,
      workload,
    })),
  };
};

const expectAnswers = (a: Awaited<ReturnType<typeof answers>>) => {
  expect(a.items).toEqual({
    // 8 person-days over 8 days of a full-time four-day week: fully booked
    100: { duration: 10, workload: '1' },
    // half time on the project's calendar: 5 person-days
    101: { duration: 10, workload: '1.6' },
    // half time on a four-day week: 4 person-days
    102: { duration: 10, workload: '2' },
    // no calendar of its own, full time, and no resource at all: §9's effort over duration
    103: { duration: 10, workload: '0.8' },
    104: { duration: 10, workload: '0.8' },
    // another tenant's resource gives nothing: as without one
    105: { duration: 10, workload: '0.8' },
    106: { duration: null, workload: null },
  });
  expect(a.list).toEqual([100, 101, 102, 103, 104, 105, 106].map((id) => ({ id, ...a.items[id] })));
};

describe('item workload with resources’ calendars and shares, on the in-memory store', () => {
  it('counts each task’s effort over its resource’s capacity, the duration on the project’s calendar', async () => {
    const store = new MemoryReadStore();
    await projectHistory(store, history);
    expectAnswers(await answers(store));
  });
});

describeAnswersOnMongo('item workload on MongoDB', history, answers, expectAnswers);
