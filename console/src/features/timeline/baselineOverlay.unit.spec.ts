import { describe, expect, it } from '@jest/globals';
import { subgroupsOf } from '@fahrplan/contracts';
import type { BaselineComparison, ComparedItem } from '@fahrplan/contracts';
import {
  buildOverlay,
  overlayWindow,
  projectBatches,
  readBaseline,
  shownSlip,
  slipShown,
  withBaseline,
} from './baselineOverlay';
import { timelineGroup } from './testing/timelineData';
import { toMs } from './timeScale';

const compared = (overrides: Partial<ComparedItem> = {}): ComparedItem => ({
  id: 1,
  title: 'Migrate',
  group: 1,
  type: null,
  change: 'slipped',
  then: { start: '2026-03-02T00:00', end: '2026-03-05T00:00' },
  now: { start: '2026-03-05T00:00', end: '2026-03-10T00:00' },
  startSlip: 3,
  endSlip: 3,
  ...overrides,
});

const page = (items: ComparedItem[]): BaselineComparison => ({
  baseline: { id: 9, name: 'Q1', at: '2026-02-01T00:00:00Z', version: 0, createdBy: 'a', createdAt: '' },
  from: '2026-03-01',
  to: '2026-04-01',
  position: 10,
  groups: [],
  items,
  nextCursor: null,
});

describe('the overlaid baseline in the URL', () => {
  it('reads a positive id and ignores anything else', () => {
    expect(readBaseline(new URLSearchParams('baseline=12'))).toBe(12);
    expect(readBaseline(new URLSearchParams('baseline=0'))).toBeNull();
    expect(readBaseline(new URLSearchParams('baseline=x'))).toBeNull();
    expect(readBaseline(new URLSearchParams(''))).toBeNull();
  });

  it('writes it beside the other parameters, and none leaves the URL', () => {
    const params = new URLSearchParams('from=2026-03-01&to=2026-04-01');
    const chosen = withBaseline(params, 12);
    expect(chosen.toString()).toBe('from=2026-03-01&to=2026-04-01&baseline=12');
    expect(withBaseline(chosen, null).toString()).toBe('from=2026-03-01&to=2026-04-01');
  });
});

describe('overlayWindow', () => {
  it('compares the fetched window when a comparison answers it (a year at most)', () => {
    const window = { from: '2026-01-01', to: '2027-01-02' };
    expect(overlayWindow(window)).toBe(window);
  });

  it('compares the middle year of a wider window', () => {
    // 435 days: 34 days off each end
    expect(overlayWindow({ from: '2026-01-01', to: '2027-03-12' })).toEqual({
      from: '2026-02-04',
      to: '2027-02-05',
    });
  });
});

describe('projectBatches', () => {
  it('asks for the loaded rows a page at a time, in their order', () => {
    const groups = [5, 3, 8, 1, 7].map((id) => ({ id }));
    expect(projectBatches(groups, 2)).toEqual([[5, 3], [8, 1], [7]]);
    expect(projectBatches([], 2)).toEqual([]);
  });
});

describe('buildOverlay', () => {
  const groups = [
    timelineGroup(1),
    timelineGroup(2, { subgroups: [{ id: 'g7', name: 'Build', type: 'INDIVIDUAL' }] }),
  ];

  it('keeps each item’s comparison by id across pages, pages still loading left out', () => {
    const slipped = compared({ id: 1 });
    const added = compared({ id: 2, change: 'added', then: null, startSlip: null, endSlip: null });
    const overlay = buildOverlay([page([slipped]), undefined, page([added])], groups);
    expect([...overlay.byItem.keys()]).toEqual([1, 2]);
    expect(overlay.byItem.get(2)).toBe(added);
    expect(overlay.removedByRow.size).toBe(0);
  });

  it('puts a removed item in its project’s lane of its kind where it stood then', () => {
    const task = compared({ id: 3, change: 'removed', now: null, startSlip: null, endSlip: null });
    const milestone = compared({
      id: 4,
      change: 'removed',
      then: { start: '2026-03-20T00:00', end: null },
      now: null,
      startSlip: null,
      endSlip: null,
    });
    const overlay = buildOverlay([page([task, milestone])], groups);
    expect(overlay.removedByRow.get('1|tasks')).toEqual([
      { item: task, start: toMs('2026-03-02T00:00'), end: toMs('2026-03-05T00:00') },
    ]);
    expect(overlay.removedByRow.get('1|milestones')).toEqual([
      { item: milestone, start: toMs('2026-03-20T00:00'), end: toMs('2026-03-20T00:00') },
    ]);
    expect(overlay.byItem.has(3)).toBe(false);
  });

  it('falls back to the project’s first lane, and leaves out backgrounds and projects not loaded', () => {
    const removed = (id: number, group: number, type: string | null = null) =>
      compared({ id, group, type, change: 'removed', now: null, startSlip: null, endSlip: null });
    const overlay = buildOverlay(
      [page([removed(5, 2), removed(6, 1, 'background'), removed(7, 99)])],
      groups,
    );
    expect([...overlay.removedByRow.keys()]).toEqual(['2|g7']);
    expect(overlay.removedByRow.get('2|g7')!.map((g) => g.item.id)).toEqual([5]);
    expect(subgroupsOf([]).map((s) => s.id)).toEqual(['tasks', 'milestones']);
  });
});

describe('the slip label', () => {
  it('shows for a slip of a working day or more, the end’s, else the start’s', () => {
    expect(slipShown(compared())).toBe(true);
    expect(shownSlip(compared({ startSlip: 1, endSlip: -2 }))).toBe(-2);
    expect(shownSlip(compared({ startSlip: 2, endSlip: 0 }))).toBe(2);
  });

  it('does not show when only the hour moved, nor for an unchanged or added item', () => {
    expect(slipShown(compared({ startSlip: 0, endSlip: 0 }))).toBe(false);
    expect(slipShown(compared({ change: 'unchanged', startSlip: 0, endSlip: 0 }))).toBe(false);
    expect(slipShown(compared({ change: 'added', startSlip: null, endSlip: null }))).toBe(false);
  });
});
