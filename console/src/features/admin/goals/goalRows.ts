import type { GoalView } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';
import { describeError, httpStatusOf, problemOf } from '../../common/problem';
import { withDescendants } from '../../common/descendants';
import { buildGoalTree, flattenGoalTree } from '../../projects/details/goalTree';

export type AdminGoal = Pick<
  GoalView,
  'id' | 'name' | 'parent' | 'rank' | 'type' | 'description' | 'assignable' | 'version'
>;

export interface GoalRow {
  readonly goal: AdminGoal;
  /** 0 for a root goal, 1 for its children, … */
  readonly depth: number;
}

/** The goals as an indented list: depth first, siblings by rank then name (as the goal chooser shows them). */
export function goalRows(goals: readonly AdminGoal[]): GoalRow[] {
  const byId = new Map(goals.map((g) => [g.id, g]));
  return flattenGoalTree(buildGoalTree(goals)).map((node) => ({
    goal: byId.get(node.goal.id as number)!,
    depth: node.path.length,
  }));
}

/** Parent options of a goal's dialog: every goal outside its own subtree (a cycle), indented like the list. */
export function parentOptions(
  goals: readonly AdminGoal[],
  editing: number | null,
): { value: string; label: string }[] {
  const excluded = editing === null ? new Set<number>() : withDescendants(goals, editing);
  return goalRows(goals)
    .filter((row) => !excluded.has(row.goal.id))
    .map((row) => ({ value: String(row.goal.id), label: `${'· '.repeat(row.depth)}${row.goal.name}` }));
}

/** What a refused delete means for the administrator (§8: a clear notice). */
export function deleteRefusal(error: unknown, name: string, t: TFunction<'admin'>): string {
  const detail = httpStatusOf(error) === 409 ? problemOf(error)?.detail : undefined;
  if (detail === 'goal in use') return t('goals.inUse', { name });
  if (detail === 'goal has child goals') return t('goals.hasChildren', { name });
  return describeError(error);
}
