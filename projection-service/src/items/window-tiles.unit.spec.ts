import { fromDayNumber, toDayNumber } from '@fahrplan/contracts';
import { random } from '@fahrplan/platform/testing';
import type { TimelineDetail } from '@fahrplan/contracts';
import { groupCreatedData, projectHistory } from '../http/testing/query-fixtures';
import { pageRequest } from '../http/paging';
import { allProjections } from '../projections/all-projections';
import { storedEvent as event } from '../projections/testing/stored-event';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { timelineJson } from './timeline';
import type { TimelineQuery } from './timeline';
import { WindowTiles, tileDays } from './window-tiles';

const day = (n: number) => fromDayNumber(toDayNumber('2026-01-01') + n);

const query = (
  from: string,
  to: string,
  cursor?: string,
  detail: TimelineDetail = 'items',
): TimelineQuery => ({
  tenant: 'acme',
  from,
  to,
  filters: { groups: undefined, status: undefined, resource: undefined, application: undefined },
  detail,
  page: pageRequest('7', cursor),
});

/** Every page of a window as JSON, following the cursors: with `tiles`, or read from the store alone. */
const pages = async (store: SqliteReadStore, from: string, to: string, tiles?: WindowTiles) => {
  const answers: string[] = [];
  let cursor: string | undefined;
  do {
    const { json } = await timelineJson(store, query(from, to, cursor), { tiles });
    answers.push(json);
    cursor = (JSON.parse(json) as { nextCursor: string | null }).nextCursor ?? undefined;
  } while (cursor);
  return answers;
};

describe('the timeline from a query thread’s tiles (WindowTiles)', () => {
  // 24 projects of acme and one of other's shared with acme: tasks of a day to ten years, milestones,
  // many across a tile's edge, over three years
  const store = new SqliteReadStore(':memory:', allProjections);
  const next = random(17);
  const int = (least: number, most: number) => least + Math.floor(next() * (most - least + 1));
  let nextItem = 1000;
  const item = (group: number, startDay: number, days: number | null, tenant = 'acme') =>
    event(tenant, 'ItemCreated', {
      id: nextItem++,
      title: `Item ${nextItem}`,
      group,
      subgroup: days === null ? 'milestones' : 'tasks',
      start: `${day(startDay)}T00:00`,
      end: days === null ? null : `${day(startDay + days)}T${int(0, 1) ? '12:00' : '00:00'}`,
      rank: null,
      className: null,
      status: 0,
      type: null,
    });
  const randomItems = (group: number, tenant = 'acme') =>
    Array.from({ length: 12 }, () =>
      item(group, int(0, 1100), [null, 1, int(1, 40), int(30, 200), int(300, 3650)][int(0, 4)]!, tenant),
    );
  beforeAll(() =>
    projectHistory(store, [
      ...Array.from({ length: 24 }, (_, i) => [
        event('acme', 'GroupCreated', groupCreatedData(100 + i, `Project ${String(i).padStart(2, '0')}`)),
        ...randomItems(100 + i),
      ]).flat(),
      event('other', 'GroupCreated', groupCreatedData(200, 'Project 07b (shared)')),
      event('other', 'ProjectShared', { id: 200, tenant: 'acme', status: 'PENDING' }, 1),
      event('other', 'ProjectShareAccepted', { id: 200, tenant: 'acme' }, 2),
      ...randomItems(200, 'other'),
    ]),
  );

  it('answers every page of any window byte for byte as the store does, the tiles cold or warm', async () => {
    const tiles = new WindowTiles().at(1);
    const windows = Array.from({ length: 40 }, () => {
      const from = int(-100, 1200);
      return [day(from), day(from + [1, 30, 31, 90, 365, 400][int(0, 5)]!)] as const;
    });
    let pagesCompared = 0;
    for (const round of ['cold', 'warm'])
      for (const [from, to] of windows) {
        const expected = await pages(store, from, to);
        expect({ round, from, to, pages: await pages(store, from, to, tiles) }).toEqual({
          round,
          from,
          to,
          pages: expected,
        });
        pagesCompared += expected.length;
      }
    expect(pagesCompared).toBeGreaterThan(80);
    expect(tiles.size).toBeGreaterThan(0);
  });

  it('holds for one position of the read models: a write seen at the next one is in the answer', async () => {
    const tiles = new WindowTiles().at(1);
    const [from, to] = [day(400), day(430)];
    await pages(store, from, to, tiles);
    await projectHistory(store, [item(105, 410, 3)]);
    const now = await pages(store, from, to);
    // (at the same position the tiles still answer what they read: what `at` is for)
    expect(await pages(store, from, to, tiles)).not.toEqual(now);
    expect(await pages(store, from, to, tiles.at(2))).toEqual(now);
  });

  it('keeps its items’ JSON within its room, dropping the oldest tiles', async () => {
    const tiles = new WindowTiles(4_000).at(3);
    for (let from = 0; from < 1100; from += tileDays) {
      expect(await pages(store, day(from), day(from + 60), tiles)).toEqual(
        await pages(store, day(from), day(from + 60)),
      );
      expect(tiles.chars).toBeLessThanOrEqual(4_000);
    }
    expect(tiles.size).toBeGreaterThan(0);
  });
});
