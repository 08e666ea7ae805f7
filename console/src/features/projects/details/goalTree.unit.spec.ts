import { describe, expect, it } from '@jest/globals';
import type { CreateGoalData } from '@fahrplan/contracts';
import {
  addPendingGoal,
  assignGoal,
  buildGoalTree,
  chartSafeText,
  colourSunburst,
  chooserTree,
  flattenGoalTree,
  goalLabel,
  goalNodes,
  nextPendingKey,
  parentGoalOptions,
  removeGoal,
  setGoalValue,
  sunburstData,
  strategyEntries,
  strategyText,
  sunburstSummary,
} from './goalTree';
import type { GoalNode } from './goalTree';
import { listEntryLineText } from '../../common/listDiff';
import type { PendingGoal, StrategyValue } from './tabTypes';
import { englishT } from '../../i18n/testing';

const t = englishT('projects');

const goal = (
  id: number,
  name: string,
  parent: number | null = null,
  extra: Partial<GoalNode> = {},
): GoalNode => ({
  id,
  name,
  parent,
  rank: null,
  assignable: parent !== null,
  ...extra,
});

// Two strategic goals (not assignable) with subgoals, one of them two levels deep.
const goals: GoalNode[] = [
  goal(1, 'Efficiency'),
  goal(2, 'Automate operations', 1),
  goal(3, 'reduce cost', 1),
  goal(4, 'Customers'),
  goal(5, 'Self-service', 4),
  goal(6, 'Portal', 5),
];

const newGoal = (name: string, parent: number | null = null): CreateGoalData => ({
  name,
  parent,
  type: null,
  rank: null,
  description: null,
  assignable: true,
});

const pendingGoal = (key: string, name: string, parent: number | null = null): PendingGoal => ({
  ...newGoal(name, parent),
  key,
});

const strategy = (assigned: StrategyValue['assigned'] = [], pending: PendingGoal[] = []): StrategyValue => ({
  assigned,
  pending,
});

const names = (tree: ReturnType<typeof buildGoalTree>) => flattenGoalTree(tree).map((n) => n.goal.name);

describe('buildGoalTree', () => {
  it('nests goals under their parents with the parent path, names sorted case-insensitively', () => {
    const tree = buildGoalTree(goals);
    expect(tree.map((n) => n.goal.name)).toEqual(['Customers', 'Efficiency']);
    expect(names(tree)).toEqual([
      'Customers',
      'Self-service',
      'Portal',
      'Efficiency',
      'Automate operations',
      'reduce cost',
    ]);
    const portal = flattenGoalTree(tree).find((n) => n.goal.id === 6);
    expect(portal?.path).toEqual(['Customers', 'Self-service']);
  });

  it('orders by rank before name', () => {
    const tree = buildGoalTree([
      goal(1, 'B', null, { rank: 1 }),
      goal(2, 'A', null, { rank: 2 }),
      goal(3, 'C'),
    ]);
    expect(names(tree)).toEqual(['B', 'A', 'C']);
  });

  it('makes a goal with an unknown parent a root', () => {
    expect(buildGoalTree([goal(7, 'orphan', 99)]).map((n) => n.goal.id)).toEqual([7]);
  });

  it('keeps every goal of a parent cycle exactly once', () => {
    const tree = buildGoalTree([goal(1, 'A', 2), goal(2, 'B', 1), goal(3, 'C', 3)]);
    expect(names(tree).sort()).toEqual(['A', 'B', 'C']);
  });

  it('places pending goals under their parent', () => {
    const nodes = goalNodes(
      [{ id: 1, name: 'Efficiency', parent: null, rank: null, assignable: false }],
      [pendingGoal('new-1', 'Green IT', 1)],
    );
    const [root] = buildGoalTree(nodes);
    expect(root?.children.map((c) => c.goal)).toEqual([
      expect.objectContaining({ id: 'new-1', name: 'Green IT', pending: true, assignable: true }),
    ]);
  });
});

describe('goalLabel', () => {
  it('prefixes the parent path', () => {
    expect(goalLabel(goals, 6, t)).toBe('Customers › Self-service › Portal');
    expect(goalLabel(goals, 1, t)).toBe('Efficiency');
  });

  it('names an unknown goal by its id and survives a cycle', () => {
    expect(goalLabel(goals, 42, t)).toBe('goal 42');
    expect(goalLabel([goal(1, 'A', 2), goal(2, 'B', 1)], 1, t)).toBe('B › A');
  });
});

describe('strategyText', () => {
  it("lists a project's goal values by the goals' paths, pending ones too (Compare with now)", () => {
    const views = goals.map((g) => ({ ...g, id: g.id as number, rank: null, assignable: true }));
    const value = strategy(
      [
        { goal: 6, value: 3 },
        { goal: 'new-1', value: 1 },
      ],
      [pendingGoal('new-1', 'Chatbot', 5)],
    );
    expect(strategyText(value, views, t)).toBe(
      'Customers › Self-service › Portal: 3, Customers › Self-service › Chatbot: 1',
    );
    expect(strategyText(strategy(), views, t)).toBe('(none)');
  });
});

describe('strategyEntries', () => {
  it('lists the goal values that differ as added, removed and changed rows by their paths (Compare with now)', () => {
    const views = goals.map((g) => ({ ...g, id: g.id as number, rank: null, assignable: true }));
    const asOf = strategy([
      { goal: 2, value: 3 },
      { goal: 3, value: 1 },
      { goal: 6, value: 4 },
    ]);
    const now = strategy([
      { goal: 6, value: 4 },
      { goal: 2, value: 5 },
      { goal: 42, value: 2 },
    ]);
    expect(strategyEntries(asOf, now, views, t).map(listEntryLineText)).toEqual([
      '+ Goal goal 42: 2',
      '− Goal Efficiency › reduce cost: 1',
      'Goal Efficiency › Automate operations: 3 → 5',
    ]);
    expect(strategyEntries(now, now, views, t)).toEqual([]);
  });
});

describe('assigning goals', () => {
  it('assigns a goal once, with value 0 unless told', () => {
    const once = assignGoal(strategy(), 2);
    expect(once.assigned).toEqual([{ goal: 2, value: 0 }]);
    expect(assignGoal(once, 2, 5)).toBe(once);
    expect(assignGoal(once, 3, 5).assigned).toEqual([
      { goal: 2, value: 0 },
      { goal: 3, value: 5 },
    ]);
  });

  it('sets one goal value', () => {
    const value = strategy([
      { goal: 2, value: 1 },
      { goal: 3, value: 1 },
    ]);
    expect(setGoalValue(value, 3, 8).assigned).toEqual([
      { goal: 2, value: 1 },
      { goal: 3, value: 8 },
    ]);
  });

  it('removes a goal and drops a pending goal made for it', () => {
    const value = strategy(
      [
        { goal: 2, value: 1 },
        { goal: 'new-1', value: 4 },
      ],
      [pendingGoal('new-1', 'Green IT')],
    );
    expect(removeGoal(value, 2)).toEqual(
      strategy([{ goal: 'new-1', value: 4 }], [pendingGoal('new-1', 'Green IT')]),
    );
    expect(removeGoal(value, 'new-1')).toEqual(strategy([{ goal: 2, value: 1 }]));
  });
});

describe('pending goals', () => {
  it('numbers keys after the highest one in use', () => {
    expect(nextPendingKey([])).toBe('new-1');
    expect(nextPendingKey([pendingGoal('new-1', 'a'), pendingGoal('new-3', 'b')])).toBe('new-4');
  });

  it('adds the goal and assigns it with value 0', () => {
    const first = addPendingGoal(strategy([{ goal: 2, value: 6 }]), newGoal('Green IT', 1));
    const second = addPendingGoal(first, newGoal('Less paper'));
    expect(second.pending).toEqual([pendingGoal('new-1', 'Green IT', 1), pendingGoal('new-2', 'Less paper')]);
    expect(second.assigned).toEqual([
      { goal: 2, value: 6 },
      { goal: 'new-1', value: 0 },
      { goal: 'new-2', value: 0 },
    ]);
  });
});

describe('sunburstData', () => {
  const tree = buildGoalTree(goals);

  it('sizes leaves by value, rolls them up to their parents and leaves unvalued goals out', () => {
    const values = new Map<number | string, number>([
      [2, 6],
      [3, 0],
      [6, 4],
    ]);
    expect(sunburstData(tree, values, t)).toEqual([
      { x: 'Customers', y: 4, children: [{ x: 'Self-service', y: 4, children: [{ x: 'Portal', y: 4 }] }] },
      { x: 'Efficiency', y: 6, children: [{ x: 'Automate operations', y: 6 }] },
    ]);
  });

  it('gives a valued parent of valued subgoals its own share as an extra child', () => {
    const values = new Map<number | string, number>([
      [5, 3],
      [6, 4],
    ]);
    const [customers] = sunburstData(tree, values, t);
    expect(customers?.children).toEqual([
      {
        x: 'Self-service',
        y: 7,
        children: [
          { x: 'Self-service (itself)', y: 3 },
          { x: 'Portal', y: 4 },
        ],
      },
    ]);
  });

  it('is empty when nothing has a value, and follows a changed value', () => {
    expect(sunburstData(tree, new Map(), t)).toEqual([]);
    const before = sunburstData(tree, new Map([[2, 1]]), t);
    const after = sunburstData(tree, new Map([[2, 9]]), t);
    expect(before[0]?.y).toBe(1);
    expect(after[0]?.y).toBe(9);
  });

  it('makes names inert for the chart tooltip', () => {
    const evil = buildGoalTree([goal(1, '<img src=x onerror=alert(1)> & co')]);
    expect(sunburstData(evil, new Map([[1, 2]]), t)[0]?.x).toBe('‹img src=x onerror=alert(1)› & co');
    expect(chartSafeText('a<b>c</b>')).not.toMatch(/[<>]/);
  });
});

describe('sunburstSummary', () => {
  it('lists the valued goals with their paths in tree order', () => {
    const values = new Map<number | string, number>([
      [3, 2],
      [6, 4],
      [2, 0],
    ]);
    expect(sunburstSummary(buildGoalTree(goals), values)).toEqual([
      { key: 6, label: 'Customers › Self-service › Portal', value: 4 },
      { key: 3, label: 'Efficiency › reduce cost', value: 2 },
    ]);
  });
});

describe('chooserTree', () => {
  const tree = buildGoalTree(goals);
  const rows = (nodes: ReturnType<typeof chooserTree>): unknown[] =>
    nodes.flatMap((n) => [[n.label, n.nodeProps.selectable, n.nodeProps.assigned], ...rows(n.children)]);

  it('lets only assignable goals that are not assigned yet be chosen', () => {
    expect(rows(chooserTree(tree, [2]))).toEqual([
      ['Customers', false, false],
      ['Self-service', true, false],
      ['Portal', true, false],
      ['Efficiency', false, false],
      ['Automate operations', false, true],
      ['reduce cost', true, false],
    ]);
  });

  it('keeps matches with their ancestors and subgoals when searching, ignoring case', () => {
    expect(rows(chooserTree(tree, [], 'SELF')).map((r) => (r as unknown[])[0])).toEqual([
      'Customers',
      'Self-service',
      'Portal',
    ]);
    expect(chooserTree(tree, [], 'nothing like it')).toEqual([]);
  });

  it('uses the goal id as the tree value', () => {
    expect(chooserTree(tree, [])[0]?.value).toBe('4');
  });
});

describe('parentGoalOptions', () => {
  it('offers the existing goals with their paths, not pending ones', () => {
    const nodes = [...goals.slice(0, 2), { id: 'new-1', name: 'Green IT', parent: 1, pending: true }];
    expect(parentGoalOptions(buildGoalTree(nodes))).toEqual([
      { value: '1', label: 'Efficiency' },
      { value: '2', label: 'Efficiency › Automate operations' },
    ]);
  });
});

describe('colourSunburst', () => {
  const data = sunburstData(
    buildGoalTree(goals),
    new Map([
      [2, 6],
      [3, 2],
    ]),
    t,
  );

  it('gives the children of a single root the palette and the root its own colour', () => {
    const [root] = colourSunburst(data, ['#111111', '#222222'], '#999999');
    expect(root?.color).toBe('#999999');
    expect(root?.children?.map((c) => c.color)).toEqual(['#111111', '#222222']);
  });

  it('leaves several roots to the chart, which gives each root one hue', () => {
    const two = sunburstData(
      buildGoalTree(goals),
      new Map([
        [2, 6],
        [6, 2],
      ]),
      t,
    );
    expect(colourSunburst(two, ['#111111'], '#999999')).toEqual(two);
  });
});
