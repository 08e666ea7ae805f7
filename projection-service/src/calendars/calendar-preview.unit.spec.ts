import {
  affectedItems,
  bernDefinition,
  calendarRules,
  defaultCalendarVersions,
  toDayNumber,
  withCalendarVersion,
} from '@fahrplan/contracts';
import type { CalendarDefinition, CalendarPreviewAnswer, PreviewCandidate } from '@fahrplan/contracts';
import { swissHolidays } from '@fahrplan/platform';
import { groupCreatedData, projectHistory } from '../http/testing/query-fixtures';
import { encodeCursor } from '../http/paging';
import { storedEvent as event } from '../projections/testing/stored-event';
import { MemoryReadStore } from '../read-store/memory-read-store';
import type { Filter, ReadView } from '../read-store/read-store';
import { itemDaysOf } from './preview-candidates';
import { calendarPreviewPage } from './preview-query';

/*
 * Issue 24's preview bounds its reads by the days the tenant's items span: a yearly company day (a date
 * a year until 2200) reads the items of its dates within that span, and answers what reading every
 * item would.
 */

const task = (id: number, group: number, start: string, end: string | null) => ({
  id,
  title: `Item ${id}`,
  group,
  subgroup: end === null ? 'milestones' : 'tasks',
  start: `${start}T00:00`,
  end: end === null ? null : `${end}T00:00`,
  rank: null,
  className: null,
  status: 0,
  type: null,
});

// 22 December 2027 is a Wednesday, 2028 a Friday: working days in Bern
const yearly = (kind: 'closed' | 'half' = 'closed'): CalendarDefinition => ({
  ...bernDefinition,
  companyDays: [{ date: '2020-12-22', kind, yearly: true, name: 'Betriebsferien' }],
});
const yearlyChange = { effectiveFrom: '2020-01-01', definition: yearly() };

/** A view that counts its reads of items (and the rows they answered) beside the one-row seeks. */
const counting = (store: MemoryReadStore) => {
  const reads = { reads: 0, rows: 0, seeks: 0 };
  const view: ReadView = {
    get: (c, id) => store.get(c, id),
    getMany: (c, ids) => store.getMany(c, ids),
    find: (c, f, o) => store.find(c, f, o),
    count: (c, f) => store.count(c, f),
    dump: () => store.dump(),
    findFields: async (c, filters: Filter | readonly Filter[], fields, options) => {
      const found = await store.findFields(c, filters, fields, options);
      if (c === 'items') {
        if (options?.limit === 1) reads.seeks++;
        else {
          reads.reads++;
          reads.rows += found.length;
        }
      }
      return found;
    },
  };
  return { view, reads };
};

const preview = (view: ReadView, body: unknown, limit = 100, after: readonly unknown[] | null = null) =>
  calendarPreviewPage(view, {
    tenant: 'acme',
    id: 0,
    request: body as never,
    page: { limit, after },
  });

describe('a yearly company day on a tenant whose items lie in 2027–2028', () => {
  const store = new MemoryReadStore();
  const items = [
    task(1000, 100, '2027-12-20', '2027-12-24'), // spans 22 December 2027
    task(1001, 101, '2028-12-18', '2028-12-29'), // spans 22 December 2028
    task(1002, 100, '2027-01-04', '2028-12-30'), // spans both
    task(1003, 101, '2027-12-22', null), // a milestone: no duration
    task(1004, 102, '2028-06-01', '2028-06-10'),
    // fillers between the dates: read by no window
    ...Array.from({ length: 60 }, (_, i) => task(2000 + i, 100 + (i % 3), '2028-03-01', '2028-03-20')),
  ];
  beforeAll(() =>
    projectHistory(store, [
      ...[100, 101, 102].map((id) => event('acme', 'GroupCreated', groupCreatedData(id, `Project ${id}`))),
      ...items.map((item) => event('acme', 'ItemCreated', item)),
      // another tenant's items in 2100 do not widen acme's span
      event('other', 'GroupCreated', groupCreatedData(900, 'Elsewhere')),
      event('other', 'ItemCreated', task(9000, 900, '2100-12-20', '2100-12-24')),
    ]),
  );

  it('answers what reading every item answers', async () => {
    const answer = await preview(store, yearlyChange);
    const rules = {
      before: calendarRules(defaultCalendarVersions, swissHolidays),
      after: calendarRules(
        withCalendarVersion(defaultCalendarVersions, { effectiveFrom: '2020-01-01', definition: yearly() }),
        swissHolidays,
      ),
    };
    const everyItem = affectedItems(items as PreviewCandidate[], () => rules);
    expect(answer.items).toEqual(everyItem);
    expect(answer.items.map((i) => [i.id, i.before - i.after])).toEqual([
      [1000, 1],
      [1002, 2],
      [1001, 1],
    ]);
    expect(answer.totals).toEqual({ projects: 2, items: 3, delta: -4 });
    // the changed days still reach until 2200: every 22 December Bern works
    const worked = Array.from({ length: 2201 - 2020 }, (_, i) => `${2020 + i}-12-22`).filter((date) =>
      rules.before.isWorkingDay(date),
    );
    expect(answer.changedDayCount).toBe(worked.length);
    expect(answer.changedDays.map((d) => d.date)).toEqual(worked);
  });

  it('reads only the items of its dates within the span, not the tenant', async () => {
    const { view, reads } = counting(store);
    await preview(view, yearlyChange);
    // one read per date within the span (2027 and 2028), not one per window of the dates until 2200;
    // the items overlapping 22 December 2027 or 2028, each read once per date it spans
    expect(reads).toEqual({ reads: 2, rows: 5, seeks: expect.any(Number) });
    expect(await itemDaysOf(store, 'acme')).toEqual({
      from: toDayNumber('2027-01-04'),
      // within a level's length after the last start
      to: expect.any(Number),
    });
    const span = (await itemDaysOf(store, 'acme'))!;
    expect(span.to).toBeGreaterThanOrEqual(toDayNumber('2028-12-30'));
    expect(span.to).toBeLessThan(toDayNumber('2031-01-01'));
  });

  it('pages the affected items by project and id, with exact totals on every page', async () => {
    const pages: CalendarPreviewAnswer[] = [await preview(store, yearlyChange, 1)];
    while (pages.at(-1)!.nextCursor) {
      const last = pages.at(-1)!.items.at(-1)!;
      pages.push(await preview(store, yearlyChange, 1, [last.project, String(last.id)]));
    }
    expect(pages.map((p) => p.items.map((i) => i.id))).toEqual([[1000], [1002], [1001]]);
    expect(pages.map((p) => p.totals.items)).toEqual([3, 3, 3]);
    expect(pages[0]!.nextCursor).toBe(encodeCursor([100, '1000']));
    expect(pages[0]!.items[0]!.title).toBe('Item 1000');
    expect(pages[0]!.projects).toEqual([{ project: 100, title: 'Project 100', items: 2, delta: -3 }]);
  });

  it('answers no items for a tenant without items, its changed days all the same', async () => {
    const empty = new MemoryReadStore();
    const answer = await calendarPreviewPage(empty, {
      tenant: 'nobody',
      id: 0,
      request: yearlyChange,
      page: { limit: 100, after: null },
    });
    expect(answer.totals).toEqual({ projects: 0, items: 0, delta: 0 });
    expect(answer.changedDayCount).toBeGreaterThan(100);
  });
});
