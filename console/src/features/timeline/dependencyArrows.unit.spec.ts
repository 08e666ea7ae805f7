import { describe, expect, it } from '@jest/globals';
import type { DependencyLink, TimelineItem } from '@fahrplan/contracts';
import { timelineItem } from './testing/timelineData';
import {
  arrowPath,
  arrowsInView,
  dependencySlip,
  pathLinks,
  placementsOf,
  rulesOfRows,
} from './dependencyArrows';
import type { ArrowView } from './dependencyArrows';
import type { PlacedItem } from './timelineRows';
import { toMs } from './timeScale';
import { closingDayRules } from '../common/testing/calendars';
import { bernRules } from '../common/bernRules';

const fs = (lag = 0) => ({ type: 'finish-to-start' as const, lag });
const ss = (lag = 0) => ({ type: 'start-to-start' as const, lag });
const task = (start: string, end: string | null) => ({ start: `${start}T00:00`, end: end && `${end}T00:00` });

describe('dependencySlip (working days of the §9 calendar)', () => {
  // Monday 1 to Friday 5 March 2027: the end is exclusive (Saturday)
  const design = task('2027-03-01', '2027-03-06');

  it('is 0 when the successor starts on the first working day after the predecessor ends', () => {
    expect(dependencySlip(fs(), design, task('2027-03-08', null))).toBe(0);
    expect(dependencySlip(fs(), design, task('2027-03-10', null))).toBe(0);
  });

  it('counts the working days the successor starts too early, not the calendar days', () => {
    // Wednesday 3 March: Wednesday, Thursday and Friday too early; the weekend does not count
    expect(dependencySlip(fs(), design, task('2027-03-03', null))).toBe(-3);
    expect(dependencySlip(fs(2), design, task('2027-03-08', null))).toBe(-2);
  });

  it("counts in the successor's project's calendar (issue 24): a closed day is no working day lost", () => {
    // the predecessor ends on Friday 8 January 2027: the successor may start on Monday 11
    const predecessor = task('2027-01-04', '2027-01-09');
    expect(dependencySlip(fs(), predecessor, task('2027-01-07', null))).toBe(-2);
    expect(dependencySlip(fs(), predecessor, task('2027-01-07', null), closingDayRules())).toBe(-1);
  });

  it('counts the lag in that calendar too, as the scheduler does', () => {
    // ends on Tuesday 5 January 2027; three working days of lag: Monday 11, or Tuesday 12 when Friday 8 is closed
    const predecessor = task('2027-01-04', '2027-01-06');
    expect(dependencySlip(fs(3), predecessor, task('2027-01-11', null))).toBe(0);
    expect(dependencySlip(fs(3), predecessor, task('2027-01-11', null), closingDayRules())).toBe(-1);
  });

  it("takes each project's rules from its row's calendar; a shared or loading one counts in §9's", () => {
    const closed = closingDayRules();
    const book = (calendar: number) => (calendar === 3 ? closed : null);
    const rulesOf = rulesOfRows(
      [
        { groupId: 1, shared: false, calendar: 3 },
        { groupId: 2, shared: true, calendar: 3 },
        { groupId: 4, shared: false },
      ],
      book,
    );
    expect(rulesOf(1)).toBe(closed);
    expect(rulesOf(2)).toBe(bernRules);
    expect(rulesOf(4)).toBe(bernRules);
    expect(rulesOf(5)).toBe(bernRules);
  });

  it('skips Bern holidays: Good Friday and Easter Monday 2027 are not working days', () => {
    // ends Thursday 25 March (exclusive Good Friday 26): the earliest start is Tuesday 30 March
    const beforeEaster = task('2027-03-22', '2027-03-26');
    expect(dependencySlip(fs(), beforeEaster, task('2027-03-30', null))).toBe(0);
    // on Easter Monday, before the allowed Tuesday: no working day lost
    expect(dependencySlip(fs(), beforeEaster, task('2027-03-29', null))).toBe(0);
    expect(dependencySlip(fs(), beforeEaster, task('2027-03-25', null))).toBe(-1);
  });

  it('measures start-to-start from the predecessor start, and a negative lag is a lead', () => {
    expect(dependencySlip(ss(), design, task('2027-03-01', null))).toBe(0);
    expect(dependencySlip(ss(1), design, task('2027-03-01', null))).toBe(-1);
    expect(dependencySlip(fs(-2), design, task('2027-03-04', null))).toBe(0);
    expect(dependencySlip(fs(-2), design, task('2027-03-03', null))).toBe(-1);
  });

  it('takes a milestone predecessor as finishing where it starts', () => {
    expect(dependencySlip(fs(), task('2027-03-05', null), task('2027-03-05', null))).toBe(0);
    expect(dependencySlip(fs(1), task('2027-03-05', null), task('2027-03-05', null))).toBe(-1);
  });
});

describe('arrowsInView', () => {
  let nextLink = 100;
  const link = (item: number, extra: Partial<DependencyLink> = {}): DependencyLink => ({
    id: nextLink++,
    item,
    type: 'finish-to-start',
    lag: 0,
    version: 0,
    ...extra,
  });
  /** Links `from` → `to` at both ends, as the timeline answer carries them. */
  const linkItems = (from: TimelineItem, to: TimelineItem, extra: Partial<DependencyLink> = {}) => {
    const forward = link(to.id, extra);
    (from.successors as DependencyLink[]).push(forward);
    (to.predecessors as DependencyLink[]).push({ ...forward, item: from.id });
  };
  const placed = (item: TimelineItem, slot = 0): PlacedItem => {
    const start = toMs(item.start);
    return { item, start, end: item.end === null ? start : toMs(item.end), slot };
  };
  const item = (start: string, end: string | null) =>
    timelineItem({ ...task(start, end), predecessors: [], successors: [] });

  // 28 days of March 2027 on 280 px: 10 px a day; rows of 40 px; rows 0 to 2 drawn
  const view: ArrowView = {
    range: { start: toMs('2027-03-01T00:00'), end: toMs('2027-03-29T00:00') },
    width: 280,
    firstRow: 0,
    lastRow: 2,
    rowTop: (row) => row * 40,
    slotMiddle: (slot) => 15 + slot * 26,
    pointHalf: 7,
  };
  const layout = (entries: [PlacedItem, number][]) => {
    const byRow = new Map<string, PlacedItem[]>();
    const rows = Array.from({ length: 10 }, (_, i) => ({ key: `row${i}` }));
    for (const [p, row] of entries) byRow.set(`row${row}`, [...(byRow.get(`row${row}`) ?? []), p]);
    return placementsOf(rows, byRow);
  };

  it('draws finish-to-start from the end to the start, once per dependency', () => {
    const a = placed(item('2027-03-01', '2027-03-06'));
    const b = placed(item('2027-03-08', '2027-03-13'), 1);
    linkItems(a.item, b.item);
    const arrows = arrowsInView(
      [a, b],
      layout([
        [a, 0],
        [b, 1],
      ]),
      view,
    );
    expect(arrows).toHaveLength(1);
    expect(arrows[0]).toMatchObject({
      predecessor: a.item,
      successor: b.item,
      from: { x: 50, y: 15, inView: true },
      to: { x: 70, y: 40 + 15 + 26, inView: true },
      slip: 0,
    });
  });

  it('draws start-to-start from start to start, and marks a violated one with its slip', () => {
    const a = placed(item('2027-03-08', '2027-03-13'));
    const b = placed(item('2027-03-03', '2027-03-06'));
    linkItems(a.item, b.item, { type: 'start-to-start' });
    const [arrow] = arrowsInView(
      [a],
      layout([
        [a, 0],
        [b, 2],
      ]),
      view,
    );
    expect(arrow).toMatchObject({ from: { x: 70 }, to: { x: 20, y: 95 }, slip: -3 });
  });

  it('measures the slip again when a bar moves (the same link, new dates)', () => {
    const a = placed(item('2027-03-01', '2027-03-06'));
    const b = placed(item('2027-03-08', '2027-03-13'));
    linkItems(a.item, b.item);
    expect(
      arrowsInView(
        [a],
        layout([
          [a, 0],
          [b, 1],
        ]),
        view,
      )[0]!.slip,
    ).toBe(0);
    const later = placed({ ...a.item, ...task('2027-03-03', '2027-03-10') });
    expect(
      arrowsInView(
        [later],
        layout([
          [later, 0],
          [b, 1],
        ]),
        view,
      )[0]!.slip,
    ).toBe(-2);
  });

  it('meets the side of a milestone diamond', () => {
    const m = placed(item('2027-03-05', null));
    const b = placed(item('2027-03-10', null));
    linkItems(m.item, b.item);
    const [arrow] = arrowsInView(
      [m, b],
      layout([
        [m, 0],
        [b, 0],
      ]),
      view,
    );
    expect(arrow!.from.x).toBe(40 + 7);
    expect(arrow!.to.x).toBe(90 - 7);
  });

  it('draws to the edge of the view when one end is out of view', () => {
    const a = placed(item('2027-03-01', '2027-03-06'));
    const below = placed(item('2027-03-08', '2027-03-13'));
    const above = placed(item('2027-02-01', '2027-02-06'));
    linkItems(a.item, below.item);
    linkItems(above.item, a.item);
    const arrows = arrowsInView(
      [a],
      layout([
        [above, 0],
        [a, 1],
        [below, 7],
      ]),
      { ...view, firstRow: 1, lastRow: 2 },
    );
    const toBelow = arrows.find((x) => x.successor === below.item)!;
    expect(toBelow.to).toEqual({ x: 70, y: 120, inView: false });
    // above the rows drawn and before the window: the top left corner
    const fromAbove = arrows.find((x) => x.predecessor === above.item)!;
    expect(fromAbove.from).toEqual({ x: 0, y: 40, inView: false });
    expect(fromAbove.to.inView).toBe(true);
  });

  it('leaves out an arrow whose ends are both out of view, and one whose other end is not loaded', () => {
    const d = placed(item('2027-03-01', '2027-03-06'));
    const e = placed(item('2027-03-08', '2027-03-13'));
    const a = placed(item('2027-03-01', '2027-03-06'));
    linkItems(d.item, e.item);
    (a.item.successors as DependencyLink[]).push(link(99_999));
    const at = layout([
      [a, 0],
      [d, 6],
      [e, 8],
    ]);
    expect(arrowsInView([a, d, e], at, view)).toEqual([]);
  });
});

describe('arrowPath', () => {
  it('runs straight along a row when the successor is to the right in the same row', () => {
    expect(arrowPath({ x: 10, y: 15 }, { x: 50, y: 15 })).toBe('M10,15 H50');
  });

  it('turns once into the successor row when there is room', () => {
    expect(arrowPath({ x: 10, y: 15 }, { x: 50, y: 55 })).toBe('M10,15 H18 V55 H50');
  });

  it('turns back between the rows when the successor starts before the predecessor ends', () => {
    expect(arrowPath({ x: 50, y: 15 }, { x: 20, y: 55 })).toBe('M50,15 H58 V35 H12 V55 H20');
  });
});

describe('pathLinks', () => {
  it('names each consecutive pair of the path', () => {
    expect(pathLinks([{ item: 1 }, { item: 2 }, { item: 3 }])).toEqual(new Set(['1>2', '2>3']));
    expect(pathLinks([{ item: 3 }])).toEqual(new Set());
  });
});
