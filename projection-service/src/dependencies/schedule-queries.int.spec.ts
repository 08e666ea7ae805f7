import { dependencyStream, scheduleStream, streamName } from '@fahrplan/contracts';
import { answered } from '../http/json-text';
import {
  allowingDirectory,
  describeOnEveryReadStore,
  groupCreatedData,
  itemCreatedData,
  logOf,
  loggedBy,
  asked,
} from '../http/testing/query-fixtures';
import { ItemsController } from '../items/items.controller';
import { TimelineController } from '../items/timeline.controller';
import type { ReadStore } from '../read-store/read-store';
import { CriticalPathController } from './critical-path.controller';

/*
 * Issue 21: the items after a reschedule (its one ItemsRescheduled, then the items' own steps) and the
 * critical path to a milestone, the same on every read store: in memory, the embedded SQLite one and
 * MongoDB (where MONGODB_URL is set).
 */
const acmeDid = loggedBy('acme', '2026-02-27T08:00:00.000Z');
const otherDid = loggedBy('other', '2026-02-27T08:00:00.000Z');
const group = (id: number) => streamName('group', id);
const item = (id: number) => streamName('item', id);
const task = (id: number, project: number, start: string, end: string | null, did = acmeDid) =>
  did(item(id), 'ItemCreated', itemCreatedData(id, project, start, end));
const depends = (id: number, predecessor: number, successor: number, lag = 0) =>
  acmeDid(dependencyStream('acme'), 'DependencyAdded', {
    id,
    predecessor,
    successor,
    type: 'finish-to-start',
    lag,
  });
const rescheduled = '7f4c1f4e-3c59-4b43-9d5e-4f0d8f1b2a10';

const history = [
  acmeDid(group(10), 'GroupCreated', groupCreatedData(10, 'Alpha', { scheduling: 'automatic' })),
  otherDid(group(30), 'GroupCreated', groupCreatedData(30, 'Partner')),
  otherDid(group(30), 'ProjectShared', { id: 30, tenant: 'acme', status: 'PENDING' }),
  otherDid(group(30), 'ProjectShareAccepted', { id: 30, tenant: 'acme' }),
  // other's item, in the project shared with acme: before acme's first
  task(300, 30, '2026-02-25T00:00', '2026-02-27T00:00', otherDid),
  task(100, 10, '2026-03-02T00:00', '2026-03-04T00:00'),
  task(101, 10, '2026-03-04T00:00', '2026-03-06T00:00'),
  task(102, 10, '2026-03-02T00:00', '2026-03-03T00:00'),
  task(104, 10, '2026-03-09T00:00', null),
  task(105, 10, '2026-03-02T00:00', '2026-03-03T00:00'),
  depends(900, 100, 101),
  depends(901, 101, 104, 1),
  depends(902, 102, 104),
  depends(903, 300, 100),
  // deleted, and removed: neither leads to the milestone
  depends(904, 105, 104),
  acmeDid(item(105), 'ItemDeleted', { id: 105 }),
  depends(905, 102, 101),
  acmeDid(dependencyStream('acme'), 'DependencyRemoved', { id: 905, predecessor: 102, successor: 101 }),
  // 100 moved two days later: its successor and the milestone follow; the reschedule's commit, then
  // the step of 101 only (a retry completes the milestone's; readers see every move at the commit)
  acmeDid(scheduleStream(rescheduled), 'ItemsRescheduled', {
    id: rescheduled,
    moves: [
      {
        item: 100,
        version: 0,
        start: '2026-03-04T00:00',
        end: '2026-03-06T00:00',
        before: { start: '2026-03-02T00:00', end: '2026-03-04T00:00' },
      },
      {
        item: 101,
        version: 0,
        start: '2026-03-06T00:00',
        end: '2026-03-10T00:00',
        before: { start: '2026-03-04T00:00', end: '2026-03-06T00:00' },
      },
      {
        item: 104,
        version: 0,
        start: '2026-03-11T00:00',
        end: null,
        before: { start: '2026-03-09T00:00', end: null },
      },
      // never decided so (a shared project's items never move), and never applied to another's item
      {
        item: 300,
        version: 0,
        start: '2026-03-02T00:00',
        end: '2026-03-04T00:00',
        before: { start: '2026-02-25T00:00', end: '2026-02-27T00:00' },
      },
    ],
  }),
  acmeDid(item(100), 'ItemUpdated', {
    id: 100,
    changes: { start: '2026-03-04T00:00', end: '2026-03-06T00:00' },
  }),
  acmeDid(item(101), 'ItemUpdated', {
    id: 101,
    changes: { start: '2026-03-06T00:00', end: '2026-03-10T00:00' },
  }),
];

const acme = { userId: 1, tenant: 'acme', username: 'alice' };

const answers = async (store: ReadStore) => {
  const items = new ItemsController(store, allowingDirectory);
  const timeline = await answered(
    new TimelineController(store, allowingDirectory).timeline(
      asked(acme, { from: '2026-02-23', to: '2026-03-16' }),
    ),
  );
  const dates = async (id: number) => {
    const { start, end, version } = await answered(items.item(asked(acme, {}, { idOrName: String(id) })));
    return { start, end, version };
  };
  return {
    items: {
      100: await dates(100),
      101: await dates(101),
      104: await dates(104),
      300: await dates(300),
    },
    timeline: timeline.items
      .map(({ id, start, end, version }) => ({ id, start, end, version }))
      .sort((a, b) => a.id - b.id),
    critical: await new CriticalPathController(store, allowingDirectory).criticalPath(
      asked(acme, { to: '104' }),
    ),
  };
};

const expectAnswers = ({ items, timeline, critical }: Awaited<ReturnType<typeof answers>>) => {
  expect(items).toEqual({
    // the commit sets the dates and the version each step gives (the steps then write nothing), so the
    // milestone shows its step's version before the retry stores that step
    100: { start: '2026-03-04T00:00', end: '2026-03-06T00:00', version: 1 },
    101: { start: '2026-03-06T00:00', end: '2026-03-10T00:00', version: 1 },
    104: { start: '2026-03-11T00:00', end: null, version: 1 },
    300: { start: '2026-02-25T00:00', end: '2026-02-27T00:00', version: 0 },
  });
  expect(timeline).toEqual(
    [100, 101, 102, 104, 300].map((id) =>
      id === 102
        ? { id, start: '2026-03-02T00:00', end: '2026-03-03T00:00', version: 0 }
        : { id, ...items[id as 100 | 101 | 104 | 300] },
    ),
  );
  // 101 ends on Monday 9 March (exclusive end Tuesday), a lag of one working day allows Wednesday 11:
  // the milestone has no float, nor has the chain to it; 102 could slip six working days, and the
  // shared 300 (ending Friday 27 February, 100 starting Wednesday 4 March) three, yet it starts the path
  expect(critical.path).toEqual([
    { item: 300, float: 3 },
    { item: 100, float: 0 },
    { item: 101, float: 0 },
    { item: 104, float: 0 },
  ]);
  expect([...critical.items].sort((a, b) => a.item - b.item)).toEqual([
    { item: 100, float: 0 },
    { item: 101, float: 0 },
    { item: 102, float: 6 },
    { item: 104, float: 0 },
    { item: 300, float: 3 },
  ]);
};

describeOnEveryReadStore(
  'items after a reschedule and the critical path',
  () => logOf(history),
  answers,
  expectAnswers,
);
