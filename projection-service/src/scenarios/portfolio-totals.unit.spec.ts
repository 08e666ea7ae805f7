import { calendarStream } from '@fahrplan/contracts';
import type { CalendarDefinition, StoredEvent } from '@fahrplan/contracts';
import { rulesOfProjectIds } from '../calendars/calendar-book';
import type { EventStore } from '@fahrplan/platform';
import { groupCreatedData, itemCreatedData } from '../http/testing/query-fixtures';
import { allProjections } from '../projections/all-projections';
import { ProjectionRunner, rebuild } from '../projections/projection-runner';
import { zurichCalendar } from '../calendars/testing/zurich';
import { storedEvent } from '../projections/testing/stored-event';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import type { DocumentWrite, ReadStore } from '../read-store/read-store';
import { effortOn } from './effort-days';
import {
  emptyTotals,
  portfolioTotalsProjection,
  projectShare,
  withShare,
} from './portfolio-totals.projection';
import type { Totals } from './portfolio-totals.projection';
import { liveTotals } from './portfolio-totals';

const at = (tenant: string, type: string, data: Record<string, unknown>) => storedEvent(tenant, type, data);
const entry = (amount: number, periode = '2027') => ({ sicht: 'Budget', periode, amount });
const calendarEvent = (tenant: string, type: string, data: Record<string, unknown>, revision = 0) => ({
  ...storedEvent(tenant, type, data, revision),
  streamId: calendarStream(tenant, data.id as number),
});
/** Zürich: 1 May is a public holiday there (not in Bern); a half day and a company closing day. */
const zurich = zurichCalendar('2026-03-05', '2026-03-10');
const closedOnApril2: CalendarDefinition = {
  ...zurich,
  companyDays: [...zurich.companyDays, { date: '2026-04-02', kind: 'closed', yearly: true, name: 'Day off' }],
};

/** Two tenants' projects, accounts, budgets and tasks, changed, moved, deleted and restored. */
const history = (): StoredEvent[] => [
  at('acme', 'AccountCreated', { id: 1, refType: 'group', refId: 10, name: 'CRM' }),
  at('acme', 'AccountEntriesAdded', { id: 1, entries: [entry(1000), entry(250, '2028')] }),
  at('acme', 'GroupCreated', groupCreatedData(10, 'CRM', { account: 1, status: 2 })),
  at('acme', 'GroupCreated', groupCreatedData(11, 'ERP', { status: 3 })),
  at('acme', 'AccountCreated', { id: 2, refType: 'group', refId: 11, name: 'ERP' }),
  at('acme', 'AccountEntriesAdded', { id: 2, entries: [entry(400)] }),
  // ERP's account counts only once it is linked
  at('acme', 'GroupUpdated', { id: 11, changes: { account: 2 } }),
  at('acme', 'ItemCreated', itemCreatedData(201, 10, '2026-03-02T00:00', '2026-03-20T00:00')),
  at('acme', 'ItemCreated', itemCreatedData(202, 10, '2026-04-01T00:00', '2026-04-10T00:00')),
  // a milestone and a background bar add no effort
  at('acme', 'ItemCreated', itemCreatedData(203, 10, '2026-04-01T00:00', null)),
  at(
    'acme',
    'ItemCreated',
    itemCreatedData(204, 11, '2026-04-01T00:00', '2026-05-01T00:00', { type: 'background' }),
  ),
  at('acme', 'ItemUpdated', { id: 201, changes: { end: '2026-03-31T00:00' } }),
  at('acme', 'AccountEntriesAdded', { id: 1, entries: [entry(800)] }),
  at('acme', 'AccountEntryRemoved', { id: 1, sicht: 'Budget', periode: '2028' }),
  at('acme', 'GroupUpdated', { id: 10, changes: { status: 4 } }),
  at('acme', 'ItemDeleted', { id: 202 }),
  at('acme', 'GroupDeleted', { id: 11 }),
  // a deleted project's budget changes count nothing
  at('acme', 'AccountEntriesAdded', { id: 2, entries: [entry(9999)] }),
  at('acme', 'ItemRestored', { id: 202 }),
  at('globex', 'GroupCreated', groupCreatedData(20, 'Cloud', { status: 1 })),
  at('globex', 'ItemCreated', itemCreatedData(301, 20, '2026-03-02T00:00', '2026-03-06T00:00')),
  at('acme', 'GroupRestored', { id: 11 }),
  at('acme', 'GroupUpdated', { id: 10, changes: { account: null } }),
  // issue 24: a project moves to Zürich's calendar with its tasks, one task moves to a Bern project and
  // back, the calendar changes, and the default calendar gets a closing day
  calendarEvent('acme', 'CalendarCreated', { id: 12, name: 'Zürich', definition: zurich }),
  at('acme', 'ItemCreated', itemCreatedData(205, 10, '2026-04-27T00:00', '2026-05-08T00:00')),
  at('acme', 'GroupUpdated', { id: 10, changes: { calendar: 12 } }),
  at('acme', 'ItemUpdated', { id: 205, changes: { group: 11 } }),
  at('acme', 'ItemCreated', itemCreatedData(206, 10, '2026-03-02T00:00', '2026-03-16T00:00')),
  calendarEvent(
    'acme',
    'CalendarChanged',
    { id: 12, effectiveFrom: '2026-01-01', definition: closedOnApril2 },
    1,
  ),
  at('acme', 'ItemUpdated', { id: 205, changes: { group: 10 } }),
  calendarEvent('acme', 'CalendarChanged', {
    id: 0,
    effectiveFrom: '2026-01-01',
    definition: closedOnApril2,
  }),
  at('acme', 'GroupUpdated', { id: 11, changes: { title: 'ERP 2' } }),
];

/** What the totals are by definition: every live project and task of the tenant read and summed. */
const scanned = async (store: ReadStore, tenant: string): Promise<Totals> => {
  const live = { tenant, deleted: false };
  const projects = await store.find('groups', live);
  const budgets = await store.getMany(
    'accountBudgets',
    projects.map((p) => String(p.account)),
  );
  const totals = projects.reduce<Totals>(
    (sum, p) => withShare(sum, projectShare(p, budgets.get(String(p.account))), 1),
    emptyTotals(),
  );
  const items = await store.find('items', live);
  const rules = await rulesOfProjectIds(
    store,
    tenant,
    items.map((item) => item.group as number),
  );
  return {
    ...totals,
    effortWorkingDays: items.reduce((sum, item) => sum + effortOn(item, rules.get(item.group as number)), 0),
  };
};

const logOf = (events: readonly StoredEvent[]) =>
  ({
    readAll: async ({ after, maxCount }: { after: number; maxCount: number }) =>
      events.filter((e) => e.position > after).slice(0, maxCount),
  }) as unknown as EventStore;

describe('the running portfolio totals', () => {
  it('equal a scan of the read models after every event, per tenant', async () => {
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner({} as EventStore, store, allProjections);
    const events = history();
    let compared = 0;
    for (const event of events) {
      await runner.apply(event);
      for (const tenant of ['acme', 'globex']) {
        expect({ after: event.type, totals: await liveTotals(store, tenant) }).toEqual({
          after: event.type,
          totals: await scanned(store, tenant),
        });
        compared++;
      }
    }
    expect(compared).toBe(events.length * 2);
    // the history moves every figure, so the comparison means something
    expect(await liveTotals(store, 'acme')).toEqual({
      budget: 400 + 9999 - 400,
      effortWorkingDays: expect.any(Number),
      projectsByStatus: { '3': 1, '4': 1 },
      priorities: expect.any(Object),
    });
    expect((await liveTotals(store, 'acme')).effortWorkingDays).toBeGreaterThan(20);
    expect((await liveTotals(store, 'globex')).projectsByStatus).toEqual({ '1': 1 });
  });

  it('are the same whatever the pages the log is read in', async () => {
    const events = history();
    const answers = await Promise.all(
      [1, 2, 5, 100].map(async (batch) => {
        const store = new MemoryReadStore();
        await rebuild(logOf(events), store, allProjections, batch);
        return liveTotals(store, 'acme');
      }),
    );
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  });

  it('count nothing twice when a batch is delivered again', async () => {
    const store = new MemoryReadStore();
    const runner = new ProjectionRunner({} as EventStore, store, allProjections);
    const events = history();
    await runner.applyBatch(events.slice(0, 12));
    await runner.applyBatch(events.slice(6));
    expect(await liveTotals(store, 'acme')).toEqual(await scanned(store, 'acme'));
  });

  it("keep each day's last count of a reschedule's moves on a store that keeps versions", async () => {
    // a chain: each task ends the day the next one starts, so the moves touch each day several times
    const day = (d: number) => `2026-03-${String(d).padStart(2, '0')}T00:00`;
    const tasks = [201, 202, 203, 204, 205, 206];
    const created = [
      at('acme', 'GroupCreated', groupCreatedData(10, 'CRM')),
      ...tasks.map((id, i) => at('acme', 'ItemCreated', itemCreatedData(id, 10, day(2 + i), day(3 + i)))),
    ];
    const moves = tasks.map((item, i) => ({
      item,
      version: 0,
      start: day(3 + i),
      end: day(4 + i),
      before: { start: day(2 + i), end: day(3 + i) },
    }));
    const moved = at('acme', 'ItemsRescheduled', { id: 'r1', moves });
    const stores = [new MemoryReadStore(), new SqliteReadStore(':memory:', allProjections)];
    const written: string[][] = [];
    for (const store of stores) {
      const runner = new ProjectionRunner({} as EventStore, store, allProjections);
      await runner.applyBatch(created);
      const write = store.write.bind(store);
      const totals: string[] = [];
      store.write = (writes, checkpoint) => {
        totals.push(...writes.filter((w) => w.collection === 'portfolioTotals').map((w) => w.id.slice(-10)));
        return write(writes, checkpoint);
      };
      await runner.applyBatch([moved]);
      written.push(totals);
    }
    // the days whose count changes, each once: the inner days' moves cancel out (days 4 to 8 stay at 0)
    for (const days of written)
      expect(days.sort()).toEqual(['2026-03-02', '2026-03-03', '2026-03-08', '2026-03-09']);
    const [memory, sqlite] = stores as [MemoryReadStore, SqliteReadStore];
    expect(await liveTotals(sqlite, 'acme')).toEqual(await scanned(memory, 'acme'));
    expect((await sqlite.dump()).portfolioTotals).toEqual((await memory.dump()).portfolioTotals);
    // and as of the reschedule's position, as the memory store holds it now
    expect((await sqlite.at(moved.position).dump()).portfolioTotals).toEqual(
      (await memory.dump()).portfolioTotals,
    );
    sqlite.close();
  });

  it('count nothing twice after a crash between the totals and the documents they count', async () => {
    const events = history();
    const store = new MemoryReadStore();
    // a store without transactions (MongoDB) writes the totals first (`leads`), then crashes
    let crash = false;
    const crashing = Object.create(store, {
      write: {
        value: async (writes: readonly DocumentWrite[]) => {
          if (!crash) return store.write(writes);
          crash = false;
          await store.write(writes.filter((write) => write.leads));
          throw new Error('crashed');
        },
      },
    }) as ReadStore;
    const runner = new ProjectionRunner({} as EventStore, crashing, allProjections);
    await runner.applyBatch(events.slice(0, 5));
    crash = true;
    await expect(runner.applyBatch(events.slice(5, 14))).rejects.toThrow('crashed');
    // the totals are ahead of the documents; the replay (a longer page) catches the documents up
    expect(await liveTotals(store, 'acme')).not.toEqual(await scanned(store, 'acme'));
    await runner.applyBatch(events.slice(5));
    expect(await liveTotals(store, 'acme')).toEqual(await scanned(store, 'acme'));
  });

  it('are rebuilt with the collections they count when the items projection changes', async () => {
    const events = history();
    const store = new MemoryReadStore();
    await rebuild(logOf(events), store, allProjections);
    const items = allProjections.find((p) => p.collection === 'items')!;
    const changed = allProjections.map((p) => (p === items ? { ...items, version: items.version + 1 } : p));
    const runner = new ProjectionRunner(
      Object.assign(logOf(events), {
        subscribe: () => ({ nextBatch: async () => [], close: async () => undefined }),
      }),
      store,
      changed,
    );
    const before = await liveTotals(store, 'acme');
    await runner.start();
    expect(await runner.waitFor(events.at(-1)!.position, 5000)).toBe(true);
    await runner.stop();
    expect(await liveTotals(store, 'acme')).toEqual(before);
    expect((await store.versions()).portfolioTotals).toBe(portfolioTotalsProjection.version);
  });
});

describe("the running effort on each project's calendar (issue 24)", () => {
  const tasks = (project: number, first: number) => [
    // Bern: 27–30 April and 4–7 May, and 1 May (a working day there): 9; Zürich keeps 1 May: 8
    at('acme', 'ItemCreated', itemCreatedData(first, project, '2026-04-27T00:00', '2026-05-08T00:00')),
    // Bern: 10; Zürich: a half day on 5 March and closed on 10 March: 8.5
    at('acme', 'ItemCreated', itemCreatedData(first + 1, project, '2026-03-02T00:00', '2026-03-16T00:00')),
  ];
  // calendar 13: rules are kept per tenant, calendar and version in the process, and 12 is the history's
  const effortAfter = async (events: readonly StoredEvent[]) => {
    const store = new MemoryReadStore();
    await rebuild(logOf(events), store, allProjections);
    return (await liveTotals(store, 'acme')).effortWorkingDays;
  };
  const onZurich = [
    calendarEvent('acme', 'CalendarCreated', { id: 13, name: 'Zürich', definition: zurich }),
    at('acme', 'GroupCreated', groupCreatedData(30, 'Zürich office', { calendar: 13 })),
    at('acme', 'GroupCreated', groupCreatedData(31, 'Bern office')),
    ...tasks(30, 400),
    ...tasks(31, 500),
  ];

  it('counts a task on its project calendar, and those on Bern as before', async () => {
    expect(await effortAfter(onZurich)).toBe(8 + 8.5 + 19);
    expect(await effortAfter(onZurich.filter((e) => (e.data as { group?: number }).group !== 30))).toBe(19);
  });

  it("weighs a calendar's change when read, and moves a project's tasks with its calendar", async () => {
    const closed = calendarEvent(
      'acme',
      'CalendarChanged',
      {
        id: 13,
        effectiveFrom: '2026-04-01',
        definition: {
          ...zurich,
          companyDays: [{ date: '2026-04-30', kind: 'closed', yearly: false, name: 'x' }],
        },
      },
      1,
    );
    // from April 30 April is closed too; March keeps the first version
    expect(await effortAfter([...onZurich, closed])).toBe(7 + 8.5 + 19);
    const back = at('acme', 'GroupUpdated', { id: 30, changes: { calendar: 0 } });
    expect(await effortAfter([...onZurich, closed, back])).toBe(19 + 19);
    const again = at('acme', 'GroupUpdated', { id: 30, changes: { calendar: 13 } });
    expect(await effortAfter([...onZurich, closed, back, again])).toBe(7 + 8.5 + 19);
  });
});
