import { goalForest } from '@fahrplan/contracts';

/** A goal as the sunburst needs it. */
export interface SunburstGoal {
  readonly id: number;
  readonly name: string;
  readonly parent: number | null;
  readonly rank: number | null;
}

/** One arc: a goal's share of its ring, from one angle to another (radians clockwise from 12 o'clock). */
export interface SunburstArc {
  readonly goal: number;
  readonly name: string;
  /** The ring: 0 for the top goals, 1 for their subgoals, … */
  readonly depth: number;
  readonly from: number;
  readonly to: number;
  /** The goal's own value and everything rated below it. */
  readonly value: number;
  /** The top goal it belongs to, by order: its colour. */
  readonly branch: number;
}

interface Node {
  readonly goal: SunburstGoal;
  readonly value: number;
  readonly children: readonly Node[];
}

/**
 * The project's goals as the console's sunburst draws them: rings are goal levels, a goal's arc is its
 * value plus everything rated below it, goals without a positive value in their subtree left out. A goal
 * with a value of its own and rated subgoals leaves its own share of the outer ring empty. A parent
 * cycle (bad data) is cut where it closes, its goals top goals; a goal whose parent is unknown is one too.
 */
export const sunburstArcs = (
  goals: readonly SunburstGoal[],
  values: ReadonlyMap<number, number>,
): SunburstArc[] => {
  const roots = goalForest<SunburstGoal, Node | null, null>(
    goals,
    (goal, children) => {
      const below = children(null).filter((c): c is Node => c !== null);
      const value = Math.max(0, values.get(goal.id) ?? 0) + below.reduce((sum, c) => sum + c.value, 0);
      return value > 0 ? { goal, value, children: below } : null;
    },
    null,
  );
  const total = roots.reduce((sum, r) => sum + (r?.value ?? 0), 0);
  if (total === 0) return [];
  const arcs: SunburstArc[] = [];
  const place = (node: Node, depth: number, from: number, span: number, branch: number) => {
    arcs.push({
      goal: node.goal.id,
      name: node.goal.name,
      depth,
      from,
      to: from + span,
      value: node.value,
      branch,
    });
    let at = from;
    for (const child of node.children) {
      const share = (span * child.value) / node.value;
      place(child, depth + 1, at, share, branch);
      at += share;
    }
  };
  let at = 0;
  roots.forEach((root, branch) => {
    if (!root) return;
    const span = (2 * Math.PI * root.value) / total;
    place(root, 0, at, span, branch);
    at += span;
  });
  return arcs;
};
