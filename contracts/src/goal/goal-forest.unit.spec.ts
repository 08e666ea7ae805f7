import { describe, expect, it } from '@jest/globals';
import { goalForest } from './goal-forest';
import type { ForestGoal } from './goal-forest';

interface Shown {
  readonly name: string;
  readonly depth: number;
  readonly children: readonly Shown[];
}

const show = (goals: readonly ForestGoal[]): Shown[] =>
  goalForest<ForestGoal, Shown, number>(
    goals,
    (goal, children, depth) => ({ name: goal.name, depth, children: children(depth + 1) }),
    0,
  );

type Id = ForestGoal['id'];
/** Goals from rows of [id, name, parent, rank]. */
const goals = (...rows: [Id, string, Id | null, number?][]): ForestGoal[] =>
  rows.map(([id, name, parent, rank = null]) => ({ id, name, parent, rank }));

describe('goalForest', () => {
  it('orders siblings by rank, the unranked last, then by name, and hands children their context', () => {
    const forest = show(
      goals(
        [1, 'Growth', null],
        [2, 'cost', null, 2],
        [3, 'Brand', null],
        [4, 'Cloud', 1, 1],
        [5, 'apps', 1],
      ),
    );
    expect(forest.map((n) => n.name)).toEqual(['cost', 'Brand', 'Growth']);
    expect(forest[2]?.children.map((n) => [n.name, n.depth])).toEqual([
      ['Cloud', 1],
      ['apps', 1],
    ]);
  });

  it('makes a goal whose parent is unknown, or is itself, a root', () => {
    expect(show(goals([1, 'Orphan', 99], [2, 'Self', 2])).map((n) => n.name)).toEqual(['Orphan', 'Self']);
  });

  it('cuts a parent cycle where it closes and builds every goal exactly once', () => {
    const built: (number | string)[] = [];
    const forest = goalForest<ForestGoal, string, null>(
      goals([1, 'A', 2], [2, 'B', 1], ['new-1', 'C', 2]),
      (g, children) => {
        built.push(g.id);
        return `${g.name}(${children(null).join(',')})`;
      },
      null,
    );
    expect(forest).toEqual(['A(B(C()))']);
    expect([...built].sort()).toEqual([1, 2, 'new-1']);
  });
});
