import { describe, expect, it } from '@jest/globals';
import type { DependencyLink } from '../read-models';
import {
  chainGaps,
  chainGroups,
  graphOfLinks,
  previewContext,
  previewMoves,
  previewOnChange,
} from './preview';
import type { ChainItem } from './preview';

// 2026 in Bern (§9): Good Friday 3 April, Easter Monday 6 April.

const fs = (id: number, item: number, lag = 0): DependencyLink => ({
  id,
  item,
  type: 'finish-to-start',
  lag,
  version: 0,
});

const item = (
  id: number,
  start: string,
  end: string | null,
  links: Partial<Pick<ChainItem, 'predecessors' | 'successors'>> = {},
  group = 1,
): ChainItem => ({
  id,
  group,
  start: `${start}T00:00`,
  end: end === null ? null : `${end}T00:00`,
  predecessors: links.predecessors ?? [],
  successors: links.successors ?? [],
});

// A (Mon 30 March, 2 working days) → B (2 working days) → C (1 working day) → milestone M
const a = item(1, '2026-03-30', '2026-04-01', { successors: [fs(11, 2)] });
const b = item(2, '2026-04-01', '2026-04-03', { predecessors: [fs(11, 1)], successors: [fs(12, 3)] });
const c = item(3, '2026-04-07', '2026-04-08', { predecessors: [fs(12, 2)], successors: [fs(13, 4)] });
const m = item(4, '2026-04-08', null, { predecessors: [fs(13, 3)] });
const known = (...items: ChainItem[]) => new Map(items.map((i) => [i.id, i]));
const moveA = (start: string, end: string) => ({ item: 1, start: `${start}T00:00`, end: `${end}T00:00` });

describe('chainGaps: what a preview must fetch at drag start', () => {
  it('names nothing when the window holds the whole chain', () => {
    expect(chainGaps(1, known(a, b, c, m))).toEqual([]);
  });

  it('names the first successor the window lacks, and the next ones once it is fetched', () => {
    expect(chainGaps(1, known(a, b))).toEqual([3]);
    expect(chainGaps(1, known(a, b, c))).toEqual([4]);
  });

  it("names a successor's other predecessor, whose dates constrain it", () => {
    const b2 = { ...b, predecessors: [...b.predecessors, fs(14, 9)] };
    expect(chainGaps(1, known(a, b2, c, m))).toEqual([9]);
  });

  it('asks no more for an item that could not be read, nor walks through it', () => {
    expect(chainGaps(1, known(a, b), new Set([3]))).toEqual([]);
  });
});

describe('graphOfLinks', () => {
  it('builds each dependency once from whichever end names it', () => {
    const graph = graphOfLinks([a, b, c]);
    expect([...graph.byId.keys()].sort()).toEqual([11, 12, 13]);
    expect(graph.successors.get(2)).toEqual([
      { id: 12, predecessor: 2, successor: 3, type: 'finish-to-start', lag: 0 },
    ]);
  });
});

describe('chainGroups', () => {
  it("names the dragged item's project and its successors' projects", () => {
    expect(chainGroups(1, known(a, { ...b, group: 2 }, c, m)).sort()).toEqual([1, 2]);
  });
});

describe('previewMoves', () => {
  const context = previewContext([a, b, c, m], new Set([1]));

  it('moves the whole chain over Easter on working days, the dragged item left out', () => {
    // A to Wed 1 April – Fri 3 April (2 working days: Good Friday is none) → B from Tue 7 April
    expect(previewMoves(context, moveA('2026-04-01', '2026-04-03'))).toEqual([
      { item: 2, start: '2026-04-07T00:00', end: '2026-04-09T00:00' },
      { item: 3, start: '2026-04-09T00:00', end: '2026-04-10T00:00' },
      { item: 4, start: '2026-04-10T00:00', end: null },
    ]);
  });

  it('moves nothing when the drag leaves the successors room, nor backward', () => {
    expect(previewMoves(context, moveA('2026-03-27', '2026-03-31'))).toEqual([]);
  });

  it('moves no item of a manual project, and stops the chain there', () => {
    const manualB = previewContext([a, { ...b, group: 2 }, c, m], new Set([1]));
    expect(previewMoves(manualB, moveA('2026-04-01', '2026-04-03'))).toEqual([]);
  });

  it('answers the same from a context prepared for the dragged item, at every snapped date', () => {
    const prepared = previewContext([a, b, c, m], new Set([1]), 1);
    for (const [start, end] of [
      ['2026-04-01', '2026-04-03'],
      ['2026-03-27', '2026-03-31'],
      ['2026-04-08', '2026-04-10'],
      ['2026-04-01', '2026-04-03'],
    ] as const)
      expect(previewMoves(prepared, moveA(start, end))).toEqual(
        previewMoves(previewContext([a, b, c, m], new Set([1])), moveA(start, end)),
      );
    // and from another item than the one prepared: B's successors only
    expect(previewMoves(prepared, { item: 2, start: '2026-04-13T00:00', end: '2026-04-15T00:00' })).toEqual([
      { item: 3, start: '2026-04-15T00:00', end: '2026-04-16T00:00' },
      { item: 4, start: '2026-04-16T00:00', end: null },
    ]);
  });
});

describe('previewOnChange', () => {
  it('runs the rule once per snapped date, not once per pointer move', () => {
    const preview = previewOnChange(previewContext([a, b, c, m], new Set([1])));
    const first = preview(moveA('2026-04-01', '2026-04-03'));
    expect(preview(moveA('2026-04-01', '2026-04-03'))).toBe(first);
    expect(preview(moveA('2026-04-02', '2026-04-07'))).not.toBe(first);
  });
});
