import { describe, expect, it } from '@jest/globals';
import type { PortfolioTotals, ScenarioDiff } from '@fahrplan/contracts';
import { chosenMilestones, comparedSides, differsFromLive, joinedPages, totalsLines } from './comparison';
import { comparePath, comparedIds, inScenarioPath } from './scenarioPaths';

const totals = (over: Partial<PortfolioTotals> = {}): PortfolioTotals => ({
  budget: 1000,
  effortWorkingDays: 40,
  projectsByStatus: { '1': 2 },
  priorities: { '5': 2 },
  milestones: [{ id: 9, title: 'Go-live', date: '2027-03-01T00:00:00.000Z' }],
  ...over,
});
const diff = (scenario: number, side: PortfolioTotals): ScenarioDiff => ({
  scenario,
  against: null,
  records: [],
  nextCursor: null,
  totals: { against: totals(), scenario: side },
});

describe('comparedSides', () => {
  it('puts the live plan first, then each scenario that answered, in order', () => {
    const cut = totals({ budget: 800 });
    const sides = comparedSides(
      [
        { name: 'Q3 cut', diff: diff(4, cut) },
        { name: 'pending', diff: undefined },
        { name: 'later', diff: diff(6, totals()) },
      ],
      'Live plan',
    );
    expect(sides.map((s) => [s.id, s.name])).toEqual([
      [null, 'Live plan'],
      [4, 'Q3 cut'],
      [6, 'later'],
    ]);
    expect(sides[1]!.totals).toBe(cut);
  });

  it('has no sides before any diff answered', () => {
    expect(comparedSides([{ name: 'x', diff: undefined }], 'Live plan')).toEqual([]);
  });
});

describe('totalsLines', () => {
  it('lines every status, priority and milestone any side has up, 0 or null where a side has none', () => {
    const live = { id: null, name: 'Live', totals: totals() };
    const scenario = {
      id: 4,
      name: 'Q3 cut',
      totals: totals({
        budget: 800,
        projectsByStatus: { '1': 1, '3': 1 },
        priorities: { '5': 1, '10': 1 },
        milestones: [{ id: 9, title: 'Go-live', date: null }],
      }),
    };
    const lines = totalsLines([live, scenario]);
    expect(lines.map((l) => [l.key, l.values])).toEqual([
      ['budget', [1000, 800]],
      ['effort', [40, 40]],
      ['status-1', [2, 1]],
      ['status-3', [0, 1]],
      ['priority-5', [2, 1]],
      ['priority-10', [0, 1]],
      ['milestone-9', ['2027-03-01T00:00:00.000Z', null]],
    ]);
    expect(lines.filter(differsFromLive).map((l) => l.key)).not.toContain('effort');
  });
});

describe('the Compare page’s URL', () => {
  it('names up to three distinct scenarios', () => {
    expect(comparedIds(new URLSearchParams('ids=4,x,4,5,6,7'))).toEqual([4, 5, 6]);
    expect(comparePath([1, 2, 3, 4])).toBe('/scenarios/compare?ids=1,2,3');
    expect(chosenMilestones(new URLSearchParams('milestones=9,0,9,12'))).toEqual([9, 12]);
  });

  it('opens a record inside a scenario, keeping its own parameters', () => {
    expect(inScenarioPath('/task-details/5', 4)).toBe('/task-details/5?scenario=4');
    expect(inScenarioPath('/?view=chart', 4)).toBe('/?view=chart&scenario=4');
  });
});

describe('joinedPages', () => {
  const record = (id: number, conflict = false) => ({
    kind: 'item' as const,
    id,
    title: `Item ${id}`,
    change: 'changed' as const,
    fields: [{ field: 'end', live: 'a', scenario: 'b' }],
    conflicts: conflict ? [{ field: 'end', live: 'a', scenario: 'b' }] : [],
  });

  it('lists the records of every page in order, with the first page’s totals and the last page’s cursor', () => {
    const first = {
      ...diff(4, totals({ budget: 800 })),
      records: [record(9, true), record(1)],
      nextCursor: 'c1',
    };
    const second = { ...diff(4, totals({ budget: 1 })), records: [record(2)], nextCursor: null };
    const joined = joinedPages([first, second])!;
    expect(joined.records.map((r) => r.id)).toEqual([9, 1, 2]);
    expect(joined.totals.scenario.budget).toBe(800);
    expect(joined.nextCursor).toBeNull();
  });

  it('is nothing before the first page answered', () => {
    expect(joinedPages(undefined)).toBeUndefined();
    expect(joinedPages([])).toBeUndefined();
  });
});
