/** A goal as its forest needs it: saved goals by id, a dialog's unsaved ones by a key of their own. */
export interface ForestGoal {
  readonly id: number | string;
  readonly name: string;
  readonly parent: number | string | null;
  readonly rank?: number | null;
}

/** Display order among siblings: by rank (unranked last), then by name. */
const byRankThenName = (a: ForestGoal, b: ForestGoal): number =>
  (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * The goals as a forest in display order, each goal built once by `node` from the goal, a function
 * that builds its children (handing them `context`, e.g. their ancestors' names) and its own context.
 * A goal whose parent is unknown is a root; a parent cycle (bad data) is cut where it closes, and the
 * goals only reachable through it are roots too, so that the console's chooser and the printed sunburst
 * show every goal exactly once, in the same order.
 */
export function goalForest<G extends ForestGoal, N, C>(
  goals: readonly G[],
  node: (goal: G, children: (context: C) => N[], context: C) => N,
  rootContext: C,
): N[] {
  const ids = new Set(goals.map((g) => g.id));
  const childrenOf = new Map<ForestGoal['parent'], G[]>();
  for (const goal of goals) {
    const parent =
      goal.parent !== null && ids.has(goal.parent) && goal.parent !== goal.id ? goal.parent : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), goal]);
  }
  const placed = new Set<ForestGoal['id']>();
  const build = (goal: G, context: C): N => {
    placed.add(goal.id);
    const children = (childContext: C) =>
      (childrenOf.get(goal.id) ?? [])
        .filter((c) => !placed.has(c.id))
        .sort(byRankThenName)
        .map((c) => build(c, childContext));
    return node(goal, children, context);
  };
  const roots = [...(childrenOf.get(null) ?? [])].sort(byRankThenName).map((g) => build(g, rootContext));
  for (const goal of goals) if (!placed.has(goal.id)) roots.push(build(goal, rootContext));
  return roots;
}
