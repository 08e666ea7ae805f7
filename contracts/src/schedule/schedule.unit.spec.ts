import { describe, expect, it } from '@jest/globals';
import { graphOf, initialDependencyGraph, evolveDependencyGraph } from '../dependency/dependency';
import type { Dependency, DependencyType } from '../dependency/dependency';
import { criticalPath, decideReschedule, earliestStart, itemsToSchedule, reschedule } from './schedule';
import type { ItemToSchedule, ScheduleMove, ScheduledItem } from './schedule';
import type { DomainError } from '../errors';
import { publicHolidays } from '../rules/calendar';
import { bernDefinition } from '../calendar/definition';
import { calendarRules } from '../calendar/rules';

// 2026 in Bern (§9): Good Friday 3 April, Easter Monday 6 April, Ascension 14 May.

let nextId = 1;
const link = (predecessor: number, successor: number, type: DependencyType = 'finish-to-start', lag = 0) =>
  ({ id: nextId++, predecessor, successor, type, lag }) satisfies Dependency;

const graphWith = (...dependencies: Dependency[]) =>
  graphOf(
    dependencies.reduce(
      (state, data) => evolveDependencyGraph(state, { type: 'DependencyAdded', data }),
      initialDependencyGraph,
    ),
  );

const task = (id: number, start: string, end: string | null, automatic = true): ScheduledItem => ({
  id,
  start: `${start}T00:00`,
  end: end === null ? null : `${end}T00:00`,
  automatic,
});

/** given items and dependencies, when `moved`, then the moves (dates without the time of day). */
const given = (items: ScheduledItem[], ...dependencies: Dependency[]) => ({
  when: (moved: { item: number; start: string; end: string | null }[], backward = false) => ({
    then: (expected: { item: number; start: string; end: string | null }[]) => {
      const at = (date: string | null) => (date === null ? null : `${date}T00:00`);
      const result = reschedule({
        graph: graphWith(...dependencies),
        items: new Map(items.map((item) => [item.id, item])),
        moved: moved.map((m): ScheduleMove => ({ item: m.item, start: at(m.start)!, end: at(m.end) })),
        backward,
      });
      expect(result).toEqual(expected.map((m) => ({ item: m.item, start: at(m.start), end: at(m.end) })));
    },
  }),
});

describe('earliestStart', () => {
  it('finish-to-start with no lag: the predecessor’s (exclusive) end, on the next working day', () => {
    expect(
      earliestStart(
        { type: 'finish-to-start', lag: 0 },
        { start: '2026-05-04T00:00', end: '2026-05-09T00:00' },
      ),
    ).toBe('2026-05-11');
  });
  it('a milestone finishes where it starts', () => {
    expect(earliestStart({ type: 'finish-to-start', lag: 1 }, { start: '2026-05-06T00:00', end: null })).toBe(
      '2026-05-07',
    );
  });
  it('start-to-start with a lag across a weekend', () => {
    expect(
      earliestStart(
        { type: 'start-to-start', lag: 3 },
        { start: '2026-06-04T00:00', end: '2026-06-20T00:00' },
      ),
    ).toBe('2026-06-09');
  });
  it('a negative lag (a lead) skips a weekend and Ascension going back', () => {
    expect(
      earliestStart(
        { type: 'finish-to-start', lag: -2 },
        { start: '2026-05-11T00:00', end: '2026-05-18T00:00' },
      ),
    ).toBe('2026-05-13');
  });
});

describe('reschedule', () => {
  describe('when a chain A → B → C (a milestone) is automatic', () => {
    const items = [
      task(1, '2026-03-30', '2026-04-01'),
      task(2, '2026-04-01', '2026-04-03'),
      task(3, '2026-04-08', null),
    ];
    const chain = [link(1, 2), link(2, 3, 'finish-to-start', 1)];

    it('moving A a day later moves B over Good Friday and Easter Monday, keeping its 2 working days, and C after it', () =>
      given(items, ...chain)
        .when([{ item: 1, start: '2026-03-31', end: '2026-04-02' }])
        .then([
          { item: 1, start: '2026-03-31', end: '2026-04-02' },
          { item: 2, start: '2026-04-02', end: '2026-04-08' },
          { item: 3, start: '2026-04-09', end: null },
        ]));

    it('moving A earlier leaves its successors where they are (forward only)', () =>
      given(items, ...chain)
        .when([{ item: 1, start: '2026-03-23', end: '2026-03-25' }])
        .then([{ item: 1, start: '2026-03-23', end: '2026-03-25' }]));

    it('moving A earlier pulls them back when asked', () =>
      given(items, ...chain)
        .when([{ item: 1, start: '2026-03-23', end: '2026-03-25' }], true)
        .then([
          { item: 1, start: '2026-03-23', end: '2026-03-25' },
          { item: 2, start: '2026-03-25', end: '2026-03-27' },
          { item: 3, start: '2026-03-30', end: null },
        ]));

    it('a move that keeps every dependency moves nothing else', () =>
      given(items, ...chain)
        .when([{ item: 1, start: '2026-03-30', end: '2026-03-31' }])
        .then([{ item: 1, start: '2026-03-30', end: '2026-03-31' }]));
  });

  describe('when the lag is negative', () => {
    it('the successor may overlap its predecessor by the lead, around Ascension', () =>
      given(
        [task(1, '2026-05-04', '2026-05-11'), task(2, '2026-05-04', '2026-05-06')],
        link(1, 2, 'finish-to-start', -2),
      )
        .when([{ item: 1, start: '2026-05-11', end: '2026-05-18' }])
        .then([
          { item: 1, start: '2026-05-11', end: '2026-05-18' },
          { item: 2, start: '2026-05-13', end: '2026-05-16' }, // Wednesday and Friday: Ascension between
        ]));
  });

  describe('when a successor has several predecessors', () => {
    it('it starts after the latest, whether the other is manual or not', () =>
      given(
        [
          task(1, '2026-06-01', '2026-06-03'),
          task(2, '2026-06-01', '2026-06-10', false),
          task(3, '2026-06-10', '2026-06-11'),
        ],
        link(1, 3),
        link(2, 3),
      )
        .when([{ item: 1, start: '2026-06-08', end: '2026-06-10' }])
        .then([{ item: 1, start: '2026-06-08', end: '2026-06-10' }]));

    it('the later predecessor decides the start', () =>
      given(
        [
          task(1, '2026-06-01', '2026-06-03'),
          task(2, '2026-06-01', '2026-06-12', false),
          task(3, '2026-06-10', '2026-06-11'),
        ],
        link(1, 3),
        link(2, 3),
      )
        .when([{ item: 1, start: '2026-06-08', end: '2026-06-10' }])
        .then([
          { item: 1, start: '2026-06-08', end: '2026-06-10' },
          { item: 3, start: '2026-06-12', end: '2026-06-13' },
        ]));
  });

  describe('when a successor’s project is manual', () => {
    it('it stays, and so do the items after it', () =>
      given(
        [
          task(1, '2026-06-01', '2026-06-03'),
          task(2, '2026-06-03', '2026-06-05', false),
          task(3, '2026-06-05', '2026-06-06'),
        ],
        link(1, 2),
        link(2, 3),
      )
        .when([{ item: 1, start: '2026-06-04', end: '2026-06-06' }])
        .then([{ item: 1, start: '2026-06-04', end: '2026-06-06' }]));
  });

  describe('when items of two projects in automatic mode are linked', () => {
    it('the change crosses them, with a start-to-start lag over a weekend', () =>
      given(
        [
          task(1, '2026-06-01', '2026-06-03'),
          task(2, '2026-06-04', '2026-06-05'),
          task(3, '2026-06-05', '2026-06-06'),
        ],
        link(1, 2, 'start-to-start', 3),
        link(2, 3),
      )
        .when([{ item: 1, start: '2026-06-04', end: '2026-06-06' }])
        .then([
          { item: 1, start: '2026-06-04', end: '2026-06-06' },
          { item: 2, start: '2026-06-09', end: '2026-06-10' },
          { item: 3, start: '2026-06-10', end: '2026-06-11' },
        ]));
  });

  describe('when an item of the graph is not among the items (deleted)', () => {
    it('its dependencies are left out', () =>
      given(
        [task(1, '2026-06-01', '2026-06-03'), task(3, '2026-06-03', '2026-06-04')],
        link(1, 2),
        link(2, 3),
      )
        .when([{ item: 1, start: '2026-06-08', end: '2026-06-10' }])
        .then([{ item: 1, start: '2026-06-08', end: '2026-06-10' }]));
  });
});

describe('reschedule on the items’ calendars (issue 24)', () => {
  // B's project works Monday to Wednesday; A's the §9 week
  const threeDays = calendarRules(
    [{ effectiveFrom: null, definition: { ...bernDefinition, workingWeekdays: [1, 2, 3] } }],
    (_region, year) => publicHolidays(year),
  );

  it('starts and sizes a successor on its own calendar, and counts its lag there', () => {
    given(
      [task(1, '2026-03-23', '2026-03-25'), { ...task(2, '2026-03-25', '2026-03-31'), rules: threeDays }],
      link(1, 2, 'finish-to-start', 1),
    )
      // A now ends with Thursday 26 March (exclusive end Friday 27): a lag of one of B's working days
      // takes Monday 30 March, so B starts on Tuesday 31 (on §9's week: Monday 30); its 2 working days
      // (25 and 30 March) become 31 March and 1 April
      .when([{ item: 1, start: '2026-03-23', end: '2026-03-27' }])
      .then([
        { item: 1, start: '2026-03-23', end: '2026-03-27' },
        { item: 2, start: '2026-03-31', end: '2026-04-02' },
      ]);
  });

  it('gives the float in the successor’s working days', () => {
    const graph = graphWith(link(1, 2));
    const items = new Map<number, ScheduledItem>([
      [1, task(1, '2026-03-23', '2026-03-26')],
      [2, { ...task(2, '2026-04-01', null), rules: threeDays }],
    ]);
    // A allows B from Thursday 26 March; B's working days until 1 April: 30, 31 March
    expect(criticalPath(graph, items, 2)?.items).toContainEqual({ item: 1, float: 2 });
  });
});

describe('itemsToSchedule', () => {
  it('names the items after the moved ones and their other predecessors', () => {
    const graph = graphWith(link(1, 2), link(2, 3), link(4, 3), link(5, 1));
    expect(itemsToSchedule(graph, [1])!.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('criticalPath', () => {
  it('follows the predecessors without float to the milestone, and gives the others’ float', () => {
    const items = new Map(
      [
        task(1, '2026-06-01', '2026-06-04'), // A ends Wednesday: the milestone on Thursday waits for it
        task(2, '2026-06-01', '2026-06-02'), // B ends Monday: 2 working days to spare
        task(3, '2026-06-04', null),
        task(4, '2026-05-25', '2026-05-26'), // 4 working days before A, from Whit Monday: 0 float
      ].map((item) => [item.id, item]),
    );
    const graph = graphWith(link(1, 3), link(2, 3), link(4, 1, 'finish-to-start', 4));
    const result = criticalPath(graph, items, 3)!;
    expect(result.path).toEqual([
      { item: 4, float: 0 },
      { item: 1, float: 0 },
      { item: 3, float: 0 },
    ]);
    expect(result.items).toEqual(
      expect.arrayContaining([
        { item: 2, float: 2 },
        { item: 4, float: 0 },
      ]),
    );
  });
});

describe('decideReschedule', () => {
  const id = '5b7c1f4e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
  const item = (of: ScheduledItem, version: number, title: string): ItemToSchedule => ({
    ...of,
    version,
    title,
  });
  const context = (items: (ItemToSchedule | null)[], ...dependencies: Dependency[]) => ({
    tenant: 't',
    user: 'u',
    now: '2026-01-01T00:00:00.000Z',
    graph: graphWith(...dependencies),
    items: new Map(items.map((it, i) => [it?.id ?? 100 + i, it])),
  });
  const a = item(task(1, '2026-06-01', '2026-06-03'), 4, 'Build');
  const b = item(task(2, '2026-06-03', '2026-06-05'), 7, 'Test');
  const move = (version: number, cascade = true) => ({
    id,
    moves: [{ item: 1, version, start: '2026-06-04T00:00', end: '2026-06-06T00:00' }],
    cascade,
    backward: false,
  });
  const failure = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error as DomainError;
    }
    throw new Error('not refused');
  };

  describe('when the versions the user saw are current', () => {
    it('records the moved item and its successor, with the versions and dates they had', () => {
      const [event] = decideReschedule(move(4), context([a, b], link(1, 2)));
      expect(event!.data).toEqual({
        id,
        moves: [
          {
            item: 1,
            version: 4,
            start: '2026-06-04T00:00',
            end: '2026-06-06T00:00',
            before: { start: a.start, end: a.end },
          },
          {
            item: 2,
            version: 7,
            start: '2026-06-08T00:00',
            end: '2026-06-10T00:00',
            before: { start: b.start, end: b.end },
          },
        ],
      });
    });

    it('moves only the named items without cascade (an undo)', () => {
      const [event] = decideReschedule(move(4, false), context([a, b], link(1, 2)));
      expect(event!.data.moves.map((m) => m.item)).toEqual([1]);
    });

    it('records nothing when nothing changes', () => {
      expect(
        decideReschedule(
          { ...move(4), moves: [{ item: 1, version: 4, start: a.start, end: a.end }] },
          context([a]),
        ),
      ).toEqual([]);
    });

    it('refuses to turn a task into a milestone', () => {
      const error = failure(() =>
        decideReschedule(
          { ...move(4), moves: [{ item: 1, version: 4, start: a.start, end: null }] },
          context([a]),
        ),
      );
      expect(error.code).toBe('validation');
    });
  });

  describe('when an item was changed meanwhile', () => {
    it('refuses the whole change with 409, naming every stale item', () => {
      const error = failure(() =>
        decideReschedule(
          {
            ...move(3),
            moves: [
              ...move(3).moves,
              { item: 2, version: 6, start: '2026-06-10T00:00', end: '2026-06-12T00:00' },
            ],
          },
          context([a, b], link(1, 2)),
        ),
      );
      expect(error.code).toBe('conflict');
      expect(error.message).toBe('changed meanwhile by someone else: Build, Test');
    });
  });

  describe('when a moved item is not the tenant’s live item', () => {
    it('is not found', () => {
      expect(failure(() => decideReschedule(move(4), context([null]))).code).toBe('not_found');
    });
  });

  describe('when a predecessor is an item of a project shared with the tenant', () => {
    // the supplier's item ends Wednesday 10 June (exclusive end Thursday 11), in an automatic project
    const supplier = { ...item(task(3, '2026-06-01', '2026-06-11'), 2, 'Supplier API'), shared: true };

    it('its successor waits for it, and it stays', () => {
      const [event] = decideReschedule(move(4), context([a, b, supplier], link(1, 2), link(3, 2)));
      expect(event!.data.moves.map(({ item, start }) => [item, start])).toEqual([
        [1, '2026-06-04T00:00'],
        [2, '2026-06-11T00:00'],
      ]);
    });

    it('a move of it is not found', () => {
      const moved = { ...move(2), moves: [{ ...move(2).moves[0]!, item: 3 }] };
      expect(failure(() => decideReschedule(moved, context([supplier]))).code).toBe('not_found');
    });
  });
});
