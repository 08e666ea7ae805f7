import Papa from 'papaparse';
import { streamName } from '@fahrplan/contracts';
import type { BaselineComparison } from '@fahrplan/contracts';
import { AsOfLimit } from '../as-of/as-of-limit';
import { AsOfStores } from '../as-of/as-of-stores';
import { allProjections } from '../projections/all-projections';
import type { ReadStore } from '../read-store/read-store';
import type { EventStore } from '@fahrplan/platform';
import {
  allowingDirectory,
  describeOnEveryReadStore,
  groupCreatedData,
  itemCreatedData,
  logOf,
  loggedBy,
  asked,
} from '../http/testing/query-fixtures';
import { BaselinesController } from './baselines.controller';

/*
 * Issue 21: a baseline's comparison (the timeline's overlay of named projects, the Baselines page's
 * table page by page with its totals, and its CSV) the same on every read store. The plan then comes
 * from the versions SQLite keeps, from a fold of the log in memory and on MongoDB.
 */
const planned = '2026-02-27T08:00:00.000Z';
const baselineAt = '2026-02-27T12:00:00.000Z';
const changed = '2026-03-01T09:00:00.000Z';

const acmePlans = loggedBy('acme', planned);
const acmeChanges = loggedBy('acme', changed);
const otherPlans = loggedBy('other', planned);
const group = (id: number) => streamName('group', id);
const item = (id: number) => streamName('item', id);
const task = (id: number, project: number, start: string, end: string | null, did = acmePlans) =>
  did(item(id), 'ItemCreated', itemCreatedData(id, project, start, end));

const history = [
  acmePlans(group(10), 'GroupCreated', groupCreatedData(10, 'Alpha')),
  acmePlans(group(11), 'GroupCreated', groupCreatedData(11, 'Gone')),
  task(100, 10, '2026-03-02T00:00', '2026-03-04T00:00'),
  task(101, 10, '2026-03-09T00:00', '2026-03-11T00:00'),
  task(102, 10, '2026-03-16T00:00', '2026-03-18T00:00'),
  task(104, 10, '2026-03-20T00:00', null),
  task(110, 11, '2026-03-03T00:00', '2026-03-05T00:00'),
  // other's project, shared with acme and accepted
  otherPlans(group(30), 'GroupCreated', groupCreatedData(30, 'Partner')),
  otherPlans(group(30), 'ProjectShared', { id: 30, tenant: 'acme', status: 'PENDING' }),
  otherPlans(group(30), 'ProjectShareAccepted', { id: 30, tenant: 'acme' }),
  task(300, 30, '2026-03-04T00:00', '2026-03-06T00:00', otherPlans),
  // after the baseline's instant
  acmeChanges(item(100), 'ItemUpdated', {
    id: 100,
    changes: { start: '2026-03-04T00:00', end: '2026-03-10T00:00' },
  }),
  acmeChanges(item(102), 'ItemDeleted', { id: 102 }),
  task(103, 10, '2026-03-23T00:00', '2026-03-25T00:00', acmeChanges),
  acmeChanges(item(104), 'ItemUpdated', { id: 104, changes: { start: '2026-03-23T00:00' } }),
  acmeChanges(group(11), 'GroupDeleted', { id: 11 }),
  loggedBy('other', changed)(item(300), 'ItemUpdated', {
    id: 300,
    changes: { start: '2026-03-11T00:00', end: '2026-03-13T00:00' },
  }),
  acmeChanges(streamName('baseline', 900), 'BaselineCreated', {
    id: 900,
    name: 'Before the move',
    at: baselineAt,
  }),
];

const acme = { userId: 1, tenant: 'acme', username: 'alice' };
const [from, to] = ['2026-03-01', '2026-04-01'];

const answers = async (store: ReadStore, log: EventStore) => {
  const controller = new BaselinesController(store, allowingDirectory);
  // the live store answers as of a position itself when it keeps versions (SQLite), else the log is folded
  Object.assign(controller, {
    asOf: new AsOfStores(log, allProjections, { live: store }),
    asOfLimit: new AsOfLimit(),
  });
  // the timeline's overlay: one page of its rows, named
  const overlay = await controller.comparison(
    asked(acme, { from, to, group: '10,30', limit: '2' }, { id: '900' }),
  );
  // the Baselines page's table, one project per page
  const table: BaselineComparison[] = [];
  let cursor: string | undefined;
  do {
    const page = await controller.comparison(asked(acme, { from, to, limit: '1', cursor }, { id: '900' }));
    table.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  // named projects, one per page: read by id, ordered and paged by title all the same
  const named: number[][] = [];
  cursor = undefined;
  do {
    const page = await controller.comparison(
      asked(acme, { from, to, group: '11,30,10', limit: '1', cursor }, { id: '900' }),
    );
    named.push(page.groups.map((g) => g.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  const csv = await controller.comparisonCsv(asked(acme, { from, to }, { id: '900' }));
  return { overlay, table, named, csv };
};

type Answers = Awaited<ReturnType<typeof answers>>;

/** Each item's change and slips, by id (the order within a project is the index's). */
const changes = (page: BaselineComparison) =>
  page.items.map((i) => [i.id, i.change, i.startSlip, i.endSlip] as const).sort((a, b) => a[0] - b[0]);

const expectAnswers = ({ overlay, table, named, csv }: Answers) => {
  expect(overlay.baseline).toMatchObject({ id: 900, name: 'Before the move', at: baselineAt });
  expect(overlay.groups).toEqual([
    { id: 10, title: 'Alpha', shared: false, slipped: 2, added: 1, removed: 1, unchanged: 1, slip: 4 + 1 },
    { id: 30, title: 'Partner', shared: true, slipped: 1, added: 0, removed: 0, unchanged: 0, slip: 5 },
  ]);
  expect(changes(overlay)).toEqual([
    // Monday–Wednesday moved to Wednesday–Tuesday: two working days later, four at the end
    [100, 'slipped', 2, 4],
    [101, 'unchanged', 0, 0],
    [102, 'removed', null, null],
    [103, 'added', null, null],
    // a milestone by its date: Friday to Monday
    [104, 'slipped', 1, 1],
    [300, 'slipped', 5, 5],
  ]);
  expect(overlay.items.find((i) => i.id === 100)).toMatchObject({
    then: { start: '2026-03-02T00:00', end: '2026-03-04T00:00' },
    now: { start: '2026-03-04T00:00', end: '2026-03-10T00:00' },
  });
  expect(overlay.nextCursor).toBeNull();

  // the table: the live projects in title order, then the one deleted since, its items removed
  expect(table.map((page) => page.groups.map((g) => g.id))).toEqual([[10], [30], [11]]);
  expect(table.slice(0, 2).flatMap((page) => page.items)).toEqual(overlay.items);
  expect(changes(table[2]!)).toEqual([[110, 'removed', null, null]]);
  expect(named).toEqual([[10], [30], [11]]);
  expect(table[2]!.groups).toEqual([expect.objectContaining({ id: 11, title: 'Gone', removed: 1, slip: 0 })]);

  const lines = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, '').trim(), { header: true }).data;
  const project10 = overlay.items.filter((i) => i.group === 10 && i.change !== 'unchanged');
  expect(lines.map((l) => [l.projectId, l.itemId, l.change, l.endSlip])).toEqual([
    ...project10.map((i) => ['10', String(i.id), i.change, String(i.endSlip ?? '')]),
    ['10', '', 'total', '5'],
    ['30', '300', 'slipped', '5'],
    ['30', '', 'total', '5'],
    ['11', '110', 'removed', ''],
    ['11', '', 'total', '0'],
  ]);
};

describeOnEveryReadStore('baseline comparison', () => logOf(history), answers, expectAnswers);
