import { calendarStream, streamName } from '@fahrplan/contracts';
import { GroupsController } from '../groups/groups.controller';
import { answered } from '../http/json-text';
import type { EventStore } from '@fahrplan/platform';
import {
  allowingDirectory,
  asked,
  describeOnStores,
  groupCreatedData,
  itemCreatedData,
} from '../http/testing/query-fixtures';
import { allProjections, planProjections } from '../projections/all-projections';
import { CHECKPOINT, ProjectionRunner } from '../projections/projection-runner';
import { zurichCalendar } from '../calendars/testing/zurich';
import { storedEvent } from '../projections/testing/stored-event';
import type { ReadStore } from '../read-store/read-store';
import { ScenarioDiffs } from './scenario-diff';
import { ScenarioViews } from './scenario-views';
import { SCENARIO, liveEvent, scenarioEvent, streamsOf } from './testing/scenario-history';

/*
 * Issue 24 in a scenario, on every read store: the diff's effort counts each task on its project's
 * calendar (live and as the scenario has it), and the scenario's portfolio sorts by each project's
 * duration on its calendar there.
 */
const acme = { userId: 1, tenant: 'acme', username: 'alice' };

/** Zürich: 1 May a public holiday (a working day in Bern), a half day on 8 March, closed on 9 March 2034. */
const zurich = zurichCalendar('2034-03-08', '2034-03-09');
const inMarch = { start: '2034-03-06', end: '2034-03-13' };
const groupStream = (id: number) => ({ base: 0, live: streamName('group', id) });

const history = [
  {
    ...storedEvent('acme', 'CalendarCreated', { id: 12, name: 'Zürich', definition: zurich }),
    streamId: calendarStream('acme', 12),
  },
  // durations: 10 and 14 on Zürich 3.5 (Bern 5), 11 on Bern 4
  liveEvent('GroupCreated', groupCreatedData(10, 'Zürich office', { ...inMarch, calendar: 12 }), 0, 'group'),
  liveEvent(
    'GroupCreated',
    groupCreatedData(11, 'Bern office', { ...inMarch, end: '2034-03-10' }),
    0,
    'group',
  ),
  liveEvent('GroupCreated', groupCreatedData(14, 'Renamed office', { ...inMarch, calendar: 12 }), 0, 'group'),
  // on Zürich 8 (1 May) and 3.5; on Bern 9 and 5
  liveEvent('ItemCreated', itemCreatedData(301, 10, '2034-04-24T00:00', '2034-05-05T00:00'), 0),
  liveEvent('ItemCreated', itemCreatedData(302, 10, '2034-03-06T00:00', '2034-03-13T00:00'), 0),
  // the scenario puts project 10 on Bern's calendar, lengthens 301 by a week (14 on Bern), renames 14
  scenarioEvent('GroupUpdated', { id: 10, changes: { calendar: 0 } }, 0, groupStream(10)),
  scenarioEvent('ItemUpdated', { id: 301, changes: { end: '2034-05-12T00:00' } }, 0, { base: 0 }),
  scenarioEvent('GroupUpdated', { id: 14, changes: { title: 'Renamed' } }, 0, groupStream(14)),
];

const answers = async (store: ReadStore) => {
  // the projection runner, which derives the joined keys (the portfolio's duration, an item's calendar)
  await new ProjectionRunner({} as EventStore, store, allProjections).applyBatch(history);
  await store.saveCheckpoint(CHECKPOINT, history.at(-1)!.position);
  const views = new ScenarioViews(store, streamsOf(history), planProjections);
  const diff = await new ScenarioDiffs(store, views).diff({
    tenant: 'acme',
    scenario: SCENARIO,
    against: null,
    milestones: [],
    kinds: new Set(['item', 'group'] as const),
    page: { limit: 100, after: null },
  });
  const portfolio = async (view: ReadStore) =>
    (
      await answered(new GroupsController(view, allowingDirectory).groups(asked(acme, { sort: 'duration' })))
    ).items.map(({ id, duration }) => [id, duration]);
  return {
    live: diff.totals.against.effortWorkingDays,
    scenario: diff.totals.scenario.effortWorkingDays,
    livePortfolio: await portfolio(store),
    portfolio: await portfolio((await views.view('acme', SCENARIO)) as unknown as ReadStore),
  };
};

describeOnStores(
  'a scenario on its projects’ calendars',
  answers,
  ({ live, scenario, livePortfolio, portfolio }) => {
    expect(live).toBe(8 + 3.5);
    expect(scenario).toBe(14 + 5);
    expect(livePortfolio).toEqual([
      [10, 3.5],
      [14, 3.5],
      [11, 4],
    ]);
    // 14 renamed there still sorts by its Zürich duration; 10 by its Bern one
    expect(portfolio).toEqual([
      [14, 3.5],
      [11, 4],
      [10, 5],
    ]);
  },
);
