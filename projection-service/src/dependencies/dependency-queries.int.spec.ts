import { storedEvent as event } from '../projections/testing/stored-event';
import type { ReadStore } from '../read-store/read-store';
import { ItemsController } from '../items/items.controller';
import { TimelineController } from '../items/timeline.controller';
import {
  allowingDirectory,
  groupCreatedData,
  itemCreatedData,
  describeAnswersOnEveryStore,
  asked,
} from '../http/testing/query-fixtures';
import { answered } from '../http/json-text';
import { PositionFacts } from '../http/position-facts';
import type { Facts } from '../http/position-facts';
import { dependenciesOf } from './dependency-links';

/*
 * Issue 21: the answers that carry dependencies (an item, a project's items, the timeline), the same
 * on every read store: in memory, the embedded SQLite one and MongoDB (where MONGODB_URL is set).
 */
const task = (id: number, group: number, start: string, end: string) =>
  itemCreatedData(id, group, start, end);
const added = (tenant: string, id: number, predecessor: number, successor: number, lag = 0) =>
  event(tenant, 'DependencyAdded', { id, predecessor, successor, type: 'finish-to-start', lag });

// the window of the timeline queries: [2026-03-02, 2026-03-09)
const history = [
  event('acme', 'GroupCreated', groupCreatedData(10, 'Roll-out')),
  event('acme', 'GroupCreated', groupCreatedData(11, 'Later')),
  event('acme', 'GroupCreated', groupCreatedData(12, 'Dropped')),
  event('acme', 'ItemCreated', task(100, 10, '2026-03-02T00:00', '2026-03-04T00:00')),
  event('acme', 'ItemCreated', task(101, 10, '2026-03-04T00:00', '2026-03-06T00:00')),
  // outside the window, in another project
  event('acme', 'ItemCreated', task(110, 11, '2026-04-01T00:00', '2026-04-03T00:00')),
  event('acme', 'ItemCreated', task(111, 11, '2026-04-06T00:00', '2026-04-08T00:00')),
  // deleted, and of a deleted project
  event('acme', 'ItemDeleted', { id: 111 }, 1),
  event('acme', 'ItemCreated', task(120, 12, '2026-03-03T00:00', '2026-03-04T00:00')),
  event('acme', 'GroupDeleted', { id: 12 }, 1),
  // other's project shared with acme and accepted, and one not shared
  event('other', 'GroupCreated', groupCreatedData(30, 'Partner')),
  event('other', 'ProjectShared', { id: 30, tenant: 'acme', status: 'PENDING' }, 1),
  event('other', 'ProjectShareAccepted', { id: 30, tenant: 'acme' }, 2),
  event('other', 'ItemCreated', task(300, 30, '2026-03-03T00:00', '2026-03-05T00:00')),
  added('acme', 900, 100, 101, 1),
  added('acme', 901, 101, 110, -2),
  added('acme', 902, 100, 111),
  added('acme', 903, 101, 120),
  added('acme', 904, 300, 100),
  added('acme', 905, 110, 100),
  event('acme', 'DependencyRemoved', { id: 905, predecessor: 110, successor: 100 }),
  // other's own dependency on its item: never acme's
  event('other', 'ItemCreated', task(301, 30, '2026-03-05T00:00', '2026-03-06T00:00')),
  added('other', 906, 300, 301),
];

const acme = { userId: 1, tenant: 'acme', username: 'alice' };
const other = { userId: 2, tenant: 'other', username: 'bob' };

const answers = async (store: ReadStore) => {
  const items = new ItemsController(store, allowingDirectory);
  const timeline = new TimelineController(store, allowingDirectory);
  const window = await answered(timeline.timeline(asked(acme, { from: '2026-03-02', to: '2026-03-09' })));
  const links = (id: number) => {
    const item = window.items.find((i) => i.id === id);
    return item && { predecessors: item.predecessors, successors: item.successors };
  };
  const { predecessors, successors } = await answered(items.item(asked(acme, {}, { idOrName: '101' })));
  // facts kept for one position, as a query thread keeps them, with the names of those read
  const facts = new PositionFacts(16);
  const read: string[] = [];
  const kept: Facts = (key, make) =>
    facts.get(1, key, () => {
      read.push(key);
      return make();
    });
  return {
    item101: { predecessors, successors },
    item100: links(100),
    timeline101: links(101),
    shared300: links(300),
    list: (await items.items(asked(acme, { group: '11' }))).items.map((i) => [
      i.id,
      i.predecessors,
      i.successors,
    ]),
    othersItem300: (await answered(items.item(asked(other, {}, { idOrName: '300' })))).successors,
    // asked with more items than acme has dependencies: read all of them at once, the same answers
    fewerThanAsked: await dependenciesOf(
      store,
      'acme',
      [100, 101, ...Array.from({ length: 10 }, (_, i) => 5000 + i)],
      100,
    ),
    // with the tenant's first links kept (an item asked again at the same position): acme has more
    // than its first links of an item (4), read by item; other has one, picked from them
    known100: await dependenciesOf(store, 'acme', [100], 100, kept),
    known301: await dependenciesOf(store, 'other', [301], 100, kept),
    known100again: await dependenciesOf(store, 'acme', [100], 100, kept),
    // a tenant without dependencies: its first links say so, nothing more is read
    none: await dependenciesOf(store, 'nobody', [100, 101], 100, kept),
    firstLinksRead: read,
  };
};

const link = (id: number, item: number, lag = 0) => ({ id, item, type: 'finish-to-start', lag, version: 0 });

const expectAnswers = (a: Awaited<ReturnType<typeof answers>>) => {
  // 903 leads to an item of a deleted project: left out
  expect(a.item101).toEqual({ predecessors: [link(900, 100, 1)], successors: [link(901, 110, -2)] });
  expect(a.timeline101).toEqual(a.item101);
  // 902 leads to a deleted item, 905 was removed; 904 comes from the shared project
  expect(a.item100).toEqual({ predecessors: [link(904, 300)], successors: [link(900, 101, 1)] });
  expect(a.shared300).toEqual({ predecessors: [], successors: [link(904, 100)] });
  expect(a.list).toEqual([[110, [link(901, 101, -2)], []]]);
  expect(a.othersItem300).toEqual([link(906, 301)]);
  expect(a.known100).toEqual(new Map([[100, a.item100]]));
  expect(a.known301).toEqual(new Map([[301, { predecessors: [link(906, 300)], successors: [] }]]));
  expect(a.known100again).toEqual(a.known100);
  expect(a.none).toEqual(new Map());
  // each tenant's first links read once for the position, up to the power of two above one item
  expect(a.firstLinksRead).toEqual([
    'first links ["acme",4]',
    'first links ["other",4]',
    'first links ["nobody",4]',
  ]);
  expect(a.fewerThanAsked).toEqual(
    new Map([
      [100, a.item100],
      [101, a.item101],
    ]),
  );
};

describeAnswersOnEveryStore('dependency answers', history, answers, expectAnswers);
