import { goalForest } from '@fahrplan/contracts';
import type { CreateGoalData, GoalView } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';
import { diffList } from '../../common/listDiff';
import type { ListEntryLine } from '../../common/listDiff';
import type { PendingGoal, StrategyValue } from './tabTypes';

export type GoalKey = number | string;

/** A goal as the tree needs it: existing goals by id, pending ones by their `new-<n>` key. */
export interface GoalNode {
  readonly id: GoalKey;
  readonly name: string;
  readonly parent: number | null;
  readonly rank?: number | null;
  readonly assignable?: boolean;
  readonly pending?: boolean;
}

export interface GoalTreeNode {
  readonly goal: GoalNode;
  /** Names from the root down to the goal's parent. */
  readonly path: readonly string[];
  readonly children: readonly GoalTreeNode[];
}

/** The tenant's goals plus the goals created in the chooser but not saved yet. */
export function goalNodes(
  goals: readonly Pick<GoalView, 'id' | 'name' | 'parent' | 'rank' | 'assignable'>[],
  pending: readonly PendingGoal[],
): GoalNode[] {
  return [
    ...goals.map(({ id, name, parent, rank, assignable }) => ({ id, name, parent, rank, assignable })),
    ...pending.map((p) => ({
      id: p.key,
      name: p.name,
      parent: p.parent,
      rank: p.rank,
      assignable: p.assignable,
      pending: true,
    })),
  ];
}

/**
 * The goals as a forest in display order (rank, then name). A goal whose parent is unknown becomes a
 * root, and a parent cycle (bad data) is cut where it closes, so every goal appears exactly once.
 */
export const buildGoalTree = (nodes: readonly GoalNode[]): GoalTreeNode[] =>
  goalForest<GoalNode, GoalTreeNode, readonly string[]>(
    nodes,
    (goal, children, path) => ({ goal, path, children: children([...path, goal.name]) }),
    [],
  );

/** Every node of the forest, depth first in display order. */
export function flattenGoalTree(tree: readonly GoalTreeNode[]): GoalTreeNode[] {
  return tree.flatMap((n) => [n, ...flattenGoalTree(n.children)]);
}

export const goalPathSeparator = ' › ';

/** A goal's name with its parent path, e.g. 'Efficiency › Automate operations'. */
export function goalLabel(nodes: readonly GoalNode[], id: GoalKey, t: TFunction<'projects'>): string {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const names: string[] = [];
  const seen = new Set<GoalKey>();
  let current = byId.get(id);
  if (!current) return t('strategy.unknownGoal', { id });
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    names.unshift(current.name);
    current = current.parent === null ? undefined : byId.get(current.parent);
  }
  return names.join(goalPathSeparator);
}

/** A project's goal values as one line, each goal by its path ("Efficiency › Automate operations: 3"). */
export function strategyText(
  value: StrategyValue,
  goals: Parameters<typeof goalNodes>[0],
  t: TFunction<'projects'>,
): string {
  const nodes = goalNodes(goals, value.pending);
  const text = value.assigned
    .map(({ goal, value: rated }) => `${goalLabel(nodes, goal, t)}: ${rated}`)
    .join(', ');
  return text === '' ? t('strategy.none') : text;
}

/**
 * The goal values that differ between two states of the strategy tab, each goal by its path, as
 * added, removed and changed rows ("Goal Efficiency › Automate operations: 3 → 5"), for "compare with now".
 */
export function strategyEntries(
  asOf: StrategyValue,
  now: StrategyValue,
  goals: Parameters<typeof goalNodes>[0],
  t: TFunction<'projects'>,
): ListEntryLine[] {
  const nodes = goalNodes(goals, [...asOf.pending, ...now.pending]);
  return diffList(asOf.assigned, now.assigned, ({ goal }) => String(goal)).map((entry) => ({
    change: entry.change,
    noun: t('strategy.goalNoun'),
    name: goalLabel(nodes, (entry.before ?? entry.after)!.goal, t),
    before: entry.before ? String(entry.before.value) : null,
    after: entry.after ? String(entry.after.value) : null,
  }));
}

// ---------------------------------------------------------------- the project's goal values

export function assignGoal(value: StrategyValue, goal: GoalKey, initial = 0): StrategyValue {
  if (value.assigned.some((a) => a.goal === goal)) return value;
  return { ...value, assigned: [...value.assigned, { goal, value: initial }] };
}

export function setGoalValue(value: StrategyValue, goal: GoalKey, next: number): StrategyValue {
  return { ...value, assigned: value.assigned.map((a) => (a.goal === goal ? { ...a, value: next } : a)) };
}

/** Removes the goal from the project; a pending goal made for it in the chooser is dropped too. */
export function removeGoal(value: StrategyValue, goal: GoalKey): StrategyValue {
  return {
    assigned: value.assigned.filter((a) => a.goal !== goal),
    pending: value.pending.filter((p) => p.key !== goal),
  };
}

/** The next free client key, `new-<n>`. */
export function nextPendingKey(pending: readonly PendingGoal[]): string {
  const used = pending.map((p) => /^new-(\d+)$/.exec(p.key)).map((m) => (m ? Number(m[1]) : 0));
  return `new-${Math.max(0, ...used) + 1}`;
}

/** Adds a goal to create on save (§4 step 4) and assigns it to the project with value 0. */
export function addPendingGoal(value: StrategyValue, data: CreateGoalData): StrategyValue {
  const key = nextPendingKey(value.pending);
  return assignGoal({ ...value, pending: [...value.pending, { ...data, key }] }, key, 0);
}

// ---------------------------------------------------------------- sunburst

/** A node of the ApexCharts hierarchy series (`ApexHierarchyNode`: x = label, y = size). */
export interface SunburstDatum {
  readonly x: string;
  readonly y: number;
  readonly color?: string;
  readonly children?: SunburstDatum[];
}

/**
 * ApexCharts gives each top-level arc one hue and tints everything below it. A project often serves
 * goals under one strategic goal only, which would leave the whole chart one colour: then the root
 * takes `rootColor` and its children take the palette.
 */
export function colourSunburst(
  data: readonly SunburstDatum[],
  palette: readonly string[],
  rootColor: string,
): SunburstDatum[] {
  const [only] = data;
  if (data.length !== 1 || !only?.children || palette.length === 0) return [...data];
  return [
    {
      ...only,
      color: rootColor,
      children: only.children.map((c, i) => ({ ...c, color: palette[i % palette.length] })),
    },
  ];
}

/**
 * ApexCharts 7.9 writes a partition chart's node name into its tooltip with innerHTML (NodeTooltip.show),
 * while the ring labels use textContent. Swapping the angle brackets for look-alikes keeps a goal name
 * like '<img onerror=…>' inert in the tooltip and readable in both ('&' can only spell an entity, which
 * is text, and the chart fonts may lack a look-alike for it).
 */
export function chartSafeText(text: string): string {
  return text.replace(/</g, '‹').replace(/>/g, '›');
}

/**
 * The sunburst series: rings are goal levels, a goal's arc is its value plus everything assigned below
 * it. Goals without a positive value anywhere in their subtree are left out: the chart sizes arcs by
 * value and its tooltip prints that size, so a faint placeholder size would show a made-up number (the
 * chooser shows the whole tree). A goal that has a value of its own and valued subgoals gets an extra
 * child '<name> (itself)', because ApexCharts fills a parent's wedge with its children and its own
 * share would vanish from the outer ring.
 */
export function sunburstData(
  tree: readonly GoalTreeNode[],
  values: ReadonlyMap<GoalKey, number>,
  t: TFunction<'projects'>,
): SunburstDatum[] {
  const toDatum = (node: GoalTreeNode): SunburstDatum | null => {
    const own = Math.max(0, values.get(node.goal.id) ?? 0);
    const children = node.children.map(toDatum).filter((c): c is SunburstDatum => c !== null);
    const name = chartSafeText(node.goal.name);
    if (children.length === 0) return own > 0 ? { x: name, y: own } : null;
    if (own > 0) children.unshift({ x: t('strategy.itself', { name }), y: own });
    return { x: name, y: children.reduce((sum, c) => sum + c.y, 0), children };
  };
  return tree.map(toDatum).filter((d): d is SunburstDatum => d !== null);
}

/** The chart's content as text (screen readers cannot read the chart): every valued goal with its path. */
export function sunburstSummary(
  tree: readonly GoalTreeNode[],
  values: ReadonlyMap<GoalKey, number>,
): { key: GoalKey; label: string; value: number }[] {
  return flattenGoalTree(tree)
    .filter((n) => (values.get(n.goal.id) ?? 0) > 0)
    .map((n) => ({
      key: n.goal.id,
      label: [...n.path, n.goal.name].join(goalPathSeparator),
      value: values.get(n.goal.id) ?? 0,
    }));
}

// ---------------------------------------------------------------- chooser

/** A chooser row: Mantine Tree's node shape (`label`, `value`, `children`) plus what the row needs. */
export interface ChooserNode {
  readonly value: string;
  readonly label: string;
  readonly children: ChooserNode[];
  readonly nodeProps: { readonly goal: GoalKey; readonly selectable: boolean; readonly assigned: boolean };
}

/**
 * The goal chooser's tree: only assignable goals not yet assigned can be chosen. A search keeps the
 * goals whose name contains the query (case-insensitive) with their ancestors, and all their subgoals.
 */
export function chooserTree(
  tree: readonly GoalTreeNode[],
  assigned: readonly GoalKey[],
  query = '',
): ChooserNode[] {
  const needle = query.trim().toLocaleLowerCase();
  const taken = new Set(assigned);
  const toNode = (node: GoalTreeNode, ancestorMatched: boolean): ChooserNode | null => {
    const matched = ancestorMatched || needle === '' || node.goal.name.toLocaleLowerCase().includes(needle);
    const children = node.children.map((c) => toNode(c, matched)).filter((c): c is ChooserNode => c !== null);
    if (!matched && children.length === 0) return null;
    const isAssigned = taken.has(node.goal.id);
    return {
      value: String(node.goal.id),
      label: node.goal.name,
      children,
      nodeProps: {
        goal: node.goal.id,
        assigned: isAssigned,
        selectable: node.goal.assignable !== false && !isAssigned,
      },
    };
  };
  return tree.map((n) => toNode(n, false)).filter((n): n is ChooserNode => n !== null);
}

/** Parent choices for a new goal: the existing goals (a pending goal has no id yet) in tree order. */
export function parentGoalOptions(tree: readonly GoalTreeNode[]): { value: string; label: string }[] {
  return flattenGoalTree(tree)
    .filter((n) => typeof n.goal.id === 'number')
    .map((n) => ({ value: String(n.goal.id), label: [...n.path, n.goal.name].join(goalPathSeparator) }));
}
