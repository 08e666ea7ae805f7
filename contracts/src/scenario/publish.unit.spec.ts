import type { DomainEvent, StoredEvent } from '../events';
import { compensationOf, conflictsSince, decidePublish, recordDifferences, touchesOf } from './publish';
import type { ScenarioStream } from './publish';

/** A live stream's events as stored: revisions from 0. */
const live = (...events: DomainEvent[]): ScenarioStream['live'] =>
  events.map((event, revision) => ({ ...event, revision }));
/** A scenario's events of a record, each decided on live revision `base` (undefined: new in the scenario). */
const ours = (...events: [DomainEvent, number | undefined][]): ScenarioStream['scenario'] =>
  events.map(([event, base]) => ({
    ...event,
    metadata: (base === undefined ? {} : { base }) as StoredEvent['metadata'],
  }));

const itemCreated = (id: number, title = 'CRM rollout'): DomainEvent => ({
  type: 'ItemCreated',
  data: { id, title, start: '2027-01-04', end: '2027-02-01', group: 7 },
});
const itemUpdated = (id: number, changes: Record<string, unknown>): DomainEvent => ({
  type: 'ItemUpdated',
  data: { id, changes },
});

describe('touchesOf', () => {
  it('names the fields an update sets, every field of a creation, and the lifecycle', () => {
    expect(touchesOf(itemUpdated(12, { start: '2027-04-05', end: '2027-05-03' }))).toEqual([
      { record: 12, field: 'start', value: '2027-04-05' },
      { record: 12, field: 'end', value: '2027-05-03' },
    ]);
    expect(touchesOf(itemCreated(12)).map((t) => t.field)).toEqual([
      'created',
      'title',
      'start',
      'end',
      'group',
    ]);
    expect(touchesOf({ type: 'GroupDeleted', data: { id: 7 } })).toEqual([
      { record: 7, field: 'deleted', value: true },
    ]);
    expect(touchesOf({ type: 'ItemRestored', data: { id: 12 } })).toEqual([
      { record: 12, field: 'deleted', value: false },
    ]);
  });

  it('makes each lane, goal value and account entry a field of its own', () => {
    expect(
      touchesOf({ type: 'SubgroupAdded', data: { id: 7, subgroup: { id: 'lane-3', name: 'Pilot' } } }),
    ).toEqual([{ record: 7, field: 'subgroups.lane-3', value: 'Pilot' }]);
    expect(touchesOf({ type: 'SubgroupRemoved', data: { id: 7, subgroup: 'lane-3' } })).toEqual([
      { record: 7, field: 'subgroups.lane-3', value: null },
    ]);
    expect(touchesOf({ type: 'GroupGoalsSet', data: { id: 7, goals: [{ goalId: 4, value: 8 }] } })).toEqual([
      { record: 7, field: 'goals.4', value: 8 },
    ]);
    const entry = { sicht: 'Budget', periode: '2027', betrag: 120000 };
    expect(touchesOf({ type: 'AccountEntriesAdded', data: { id: 9, entries: [entry] } })).toEqual([
      { record: 9, field: 'entries.Budget/2027', value: entry },
    ]);
    expect(
      touchesOf({ type: 'AccountEntryRemoved', data: { id: 9, sicht: 'Budget', periode: '2027' } }),
    ).toEqual([{ record: 9, field: 'entries.Budget/2027', value: null }]);
  });

  it('keys a dependency by its own id, not by the graph stream', () => {
    const added = { id: 30, predecessor: 12, successor: 13, type: 'FS', lag: 0 };
    expect(touchesOf({ type: 'DependencyAdded', data: added })[0]).toEqual({
      record: 30,
      field: 'created',
      value: true,
    });
    expect(
      touchesOf({ type: 'DependencyRemoved', data: { id: 30, predecessor: 12, successor: 13 } }),
    ).toEqual([{ record: 30, field: 'deleted', value: true }]);
  });
});

describe('recordDifferences', () => {
  describe('when the live plan did not change the record since the scenario changed it', () => {
    it('lists the fields that differ, without conflicts', () => {
      const [record] = recordDifferences({
        stream: 'item-12',
        live: live(itemCreated(12)),
        scenario: ours([itemUpdated(12, { start: '2027-04-05', title: 'CRM rollout' }), 0]),
      });
      expect(record).toEqual({
        kind: 'item',
        id: 12,
        title: 'CRM rollout',
        change: 'changed',
        fields: [{ field: 'start', live: '2027-01-04', scenario: '2027-04-05' }],
        conflicts: [],
      });
    });
  });

  describe('when the live plan changed the record after the scenario’s change', () => {
    it('is no conflict when the live change set other fields', () => {
      const [record] = recordDifferences({
        stream: 'item-12',
        live: live(itemCreated(12), itemUpdated(12, { title: 'CRM' })),
        scenario: ours([itemUpdated(12, { start: '2027-04-05' }), 0]),
      });
      expect(record?.conflicts).toEqual([]);
      expect(record?.title).toBe('CRM');
    });

    it('is a conflict on each field both changed, with both values', () => {
      const [record] = recordDifferences({
        stream: 'item-12',
        live: live(itemCreated(12), itemUpdated(12, { start: '2027-03-01' })),
        scenario: ours([itemUpdated(12, { start: '2027-04-05', end: '2027-05-03' }), 0]),
      });
      expect(record?.conflicts).toEqual([{ field: 'start', live: '2027-03-01', scenario: '2027-04-05' }]);
    });

    it('is a conflict on `deleted` when the live plan deleted the record', () => {
      const [record] = recordDifferences({
        stream: 'item-12',
        live: live(itemCreated(12), { type: 'ItemDeleted', data: { id: 12 } }),
        scenario: ours([itemUpdated(12, { start: '2027-04-05' }), 0]),
      });
      expect(record?.conflicts).toEqual([{ field: 'deleted', live: true, scenario: false }]);
    });

    it('is resolved when the scenario changes the field again on the newer live revision', () => {
      const [record] = recordDifferences({
        stream: 'item-12',
        live: live(itemCreated(12), itemUpdated(12, { start: '2027-03-01' })),
        scenario: ours(
          [itemUpdated(12, { start: '2027-04-05' }), 0],
          [itemUpdated(12, { start: '2027-04-12' }), 1],
        ),
      });
      expect(record?.conflicts).toEqual([]);
    });
  });

  it('tells the dependencies of one graph stream apart', () => {
    const dependency = (id: number) => ({ id, predecessor: 12, successor: 13, type: 'FS', lag: 0 });
    const records = recordDifferences({
      stream: 'dependencies-acme',
      live: live({ type: 'DependencyAdded', data: dependency(30) }),
      scenario: ours([{ type: 'DependencyAdded', data: dependency(31) }, 0]),
    });
    expect(records).toMatchObject([{ kind: 'dependency', id: 31, change: 'created', conflicts: [] }]);
  });
});

describe('decidePublish', () => {
  it('appends each stream’s scenario events after its live revision now, all records at once', () => {
    const decision = decidePublish([
      {
        stream: 'item-12',
        live: live(itemCreated(12), itemUpdated(12, { title: 'CRM' })),
        scenario: ours([itemUpdated(12, { start: '2027-04-05' }), 0]),
      },
      { stream: 'item-40', live: [], scenario: ours([itemCreated(40), undefined]) },
    ]);
    expect(decision).toEqual({
      conflicts: [],
      changes: [
        { stream: 'item-12', expectedVersion: 1, events: [itemUpdated(12, { start: '2027-04-05' })] },
        { stream: 'item-40', expectedVersion: null, events: [itemCreated(40)] },
      ],
    });
  });

  it('names every conflicting record, whichever stream it is in', () => {
    const decision = decidePublish([
      {
        stream: 'item-12',
        live: live(itemCreated(12), itemUpdated(12, { start: '2027-03-01' })),
        scenario: ours([itemUpdated(12, { start: '2027-04-05' }), 0]),
      },
      {
        stream: 'group-7',
        live: live(
          { type: 'GroupCreated', data: { id: 7, title: 'CRM' } },
          { type: 'GroupDeleted', data: { id: 7 } },
        ),
        scenario: ours([{ type: 'GroupUpdated', data: { id: 7, changes: { budget: 1 } } }, 0]),
      },
    ]);
    expect(decision.conflicts.map((r) => [r.kind, r.id, r.conflicts.map((c) => c.field)])).toEqual([
      ['item', 12, ['start']],
      ['group', 7, ['deleted']],
    ]);
  });

  it('refuses a dependency that closes a cycle with one added live since', () => {
    const dependency = (id: number, predecessor: number, successor: number) => ({
      type: 'DependencyAdded',
      data: { id, predecessor, successor, type: 'finish-to-start', lag: 0 },
    });
    const decision = decidePublish([
      {
        stream: 'dependencies-acme',
        live: live(dependency(30, 12, 13), dependency(32, 13, 14)),
        scenario: ours([dependency(31, 14, 12), 0]),
      },
    ]);
    expect(decision.conflicts).toMatchObject([
      { kind: 'dependency', id: 31, conflicts: [{ field: 'cycle', live: [12, 13, 14] }] },
    ]);
  });

  it('leaves out a record created and deleted again in the scenario', () => {
    const decision = decidePublish([
      {
        stream: 'item-40',
        live: [],
        scenario: ours([itemCreated(40), undefined], [{ type: 'ItemDeleted', data: { id: 40 } }, 0]),
      },
    ]);
    expect(decision.changes).toEqual([]);
  });
});

describe('conflictsSince', () => {
  const change = {
    stream: 'item-12',
    expectedVersion: 0,
    events: [itemUpdated(12, { start: '2027-04-05' })],
  };

  it('lets a step follow a live change of other fields', () => {
    expect(conflictsSince(change, live(itemCreated(12), itemUpdated(12, { title: 'CRM' })))).toEqual([]);
  });

  it('names the record when the live change set a field the step sets', () => {
    expect(
      conflictsSince(change, live(itemCreated(12), itemUpdated(12, { start: '2027-03-01' }))),
    ).toMatchObject([{ id: 12, conflicts: [{ field: 'start' }] }]);
  });
});

describe('compensationOf', () => {
  it('sets every field the step set back to its value before', () => {
    const change = {
      stream: 'item-12',
      expectedVersion: 0,
      events: [itemUpdated(12, { start: '2027-04-05' }), { type: 'ItemDeleted', data: { id: 12 } }],
    };
    expect(compensationOf(change, live(itemCreated(12)))).toEqual([
      itemUpdated(12, { start: '2027-01-04' }),
      { type: 'ItemRestored', data: { id: 12 } },
    ]);
  });

  it('deletes a record the step created, and removes a dependency it added', () => {
    expect(
      compensationOf({ stream: 'item-40', expectedVersion: null, events: [itemCreated(40)] }, []),
    ).toEqual([{ type: 'ItemDeleted', data: { id: 40 } }]);
    const added = { id: 31, predecessor: 12, successor: 13, type: 'FS', lag: 0 };
    expect(
      compensationOf(
        {
          stream: 'dependencies-acme',
          expectedVersion: 0,
          events: [{ type: 'DependencyAdded', data: added }],
        },
        live({ type: 'DependencyAdded', data: { ...added, id: 30 } }),
      ),
    ).toEqual([{ type: 'DependencyRemoved', data: { id: 31, predecessor: 12, successor: 13 } }]);
  });

  it('restores a lane, a goal value and an account entry as they were', () => {
    const project = live(
      { type: 'GroupCreated', data: { id: 7, title: 'CRM' } },
      { type: 'SubgroupAdded', data: { id: 7, subgroup: { id: 'lane-3', name: 'Pilot' } } },
      { type: 'GroupGoalsSet', data: { id: 7, goals: [{ goalId: 4, value: 2 }] } },
    );
    expect(
      compensationOf(
        {
          stream: 'group-7',
          expectedVersion: 2,
          events: [
            { type: 'SubgroupRemoved', data: { id: 7, subgroup: 'lane-3' } },
            { type: 'GroupGoalsSet', data: { id: 7, goals: [{ goalId: 4, value: 9 }] } },
          ],
        },
        project,
      ),
    ).toEqual([
      {
        type: 'SubgroupRestored',
        data: { id: 7, subgroup: { id: 'lane-3', name: 'Pilot', type: 'INDIVIDUAL' } },
      },
      { type: 'GroupGoalsSet', data: { id: 7, goals: [{ goalId: 4, value: 2 }] } },
    ]);
    const entry = { sicht: 'Budget', periode: '2027', betrag: 100 };
    expect(
      compensationOf(
        {
          stream: 'account-9',
          expectedVersion: 1,
          events: [{ type: 'AccountEntriesAdded', data: { id: 9, entries: [{ ...entry, betrag: 50 }] } }],
        },
        live(
          { type: 'AccountCreated', data: { id: 9, refType: 'group', refId: 7 } },
          { type: 'AccountEntriesAdded', data: { id: 9, entries: [entry] } },
        ),
      ),
    ).toEqual([{ type: 'AccountEntriesAdded', data: { id: 9, entries: [entry] } }]);
  });
});
