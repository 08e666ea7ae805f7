import { bernDefinition, calendarStream } from '@fahrplan/contracts';
import type { CalendarDefinition } from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import { groupCreatedData } from '../http/testing/query-fixtures';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { allProjections } from './all-projections';
import { ProjectionRunner } from './projection-runner';
import { storedEvent } from './testing/stored-event';

/*
 * The runner's join (docs/design/joined-keys.md) on the projects' `duration`: each test's calendar first
 * closes Monday 1 to Thursday 4 March 2032, so a project of 1 to 15 March counts 6 working days on it, 10 in Bern.
 */
const closing = (days: readonly string[]): CalendarDefinition => ({
  ...bernDefinition,
  companyDays: days.map((day) => ({ date: `2032-03-${day}`, kind: 'closed', yearly: false, name: 'Umzug' })),
});
const dates = { start: '2032-03-01', end: '2032-03-15' };

/**
 * An event of acme's calendar `id` on its stream (the calendars' read model is kept by stream), at the
 * stream's revision (the server keeps a calendar's rules per tenant, id and version, process-wide: each
 * test has a calendar of its own).
 */
const ofCalendar = (id: number, type: string, data: Record<string, unknown>, revision = 0) => ({
  ...storedEvent('acme', type, { id, ...data }, revision),
  streamId: calendarStream('acme', id),
});

const durationOf = async (store: MemoryReadStore, id: number) => {
  const doc = await store.get('groups', String(id));
  return { duration: doc?._duration, position: doc?._position };
};

describe('a stored key joined to another read model', () => {
  const runner = (store: MemoryReadStore) => new ProjectionRunner({} as EventStore, store, allProjections);

  it('leaves a project that left the calendar earlier in the batch when the calendar changes', async () => {
    const store = new MemoryReadStore();
    const batch = [
      ofCalendar(12, 'CalendarCreated', { name: 'Umzug', definition: closing(['01', '02', '03', '04']) }),
      storedEvent('acme', 'GroupCreated', groupCreatedData(100, 'Stays', { ...dates, calendar: 12 })),
      storedEvent('acme', 'GroupCreated', groupCreatedData(101, 'Leaves', { ...dates, calendar: 12 })),
      storedEvent('acme', 'GroupUpdated', { id: 101, changes: { calendar: 0 } }, 1),
      ofCalendar(12, 'CalendarChanged', { effectiveFrom: '2032-01-01', definition: closing(['01']) }, 1),
    ];

    await runner(store).applyBatch(batch);

    expect(await durationOf(store, 100)).toEqual({ duration: 9, position: batch[4]!.position });
    expect(await durationOf(store, 101)).toEqual({ duration: 10, position: batch[3]!.position });
  });

  it('derives a stored project again at a later change, once: a replay of the change adds nothing', async () => {
    const store = new MemoryReadStore();
    await runner(store).applyBatch([
      ofCalendar(13, 'CalendarCreated', { name: 'Umzug', definition: closing(['01', '02', '03', '04']) }),
      storedEvent('acme', 'GroupCreated', groupCreatedData(100, 'Alpha', { ...dates, calendar: 13 })),
      storedEvent('other', 'GroupCreated', groupCreatedData(200, 'Theirs', dates)),
    ]);
    expect((await durationOf(store, 100)).duration).toBe(6);
    const change = ofCalendar(
      13,
      'CalendarChanged',
      {
        effectiveFrom: '2032-01-01',
        definition: closing(['01', '02']),
      },
      1,
    );

    await runner(store).applyBatch([change]);
    const after = await store.dump();
    await runner(store).applyBatch([change]);

    expect(await durationOf(store, 100)).toEqual({ duration: 8, position: change.position });
    expect(await store.dump()).toEqual(after);
    // another tenant's project on its default calendar is not touched
    expect((await durationOf(store, 200)).duration).toBe(10);
  });
});
