import { z } from 'zod';
import { decideByType, deciderOf, unfolded } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { notFound, refusal, versionConflict } from '../errors';
import { numberIn, ranges } from '../rules/ranges';
import { streamName } from '../streams';

const id = z.number().int().positive();
const version = z.number().int().min(0);

/**
 * Issue 21: finish-to-start (the successor starts after the predecessor ends, plus the lag) and
 * start-to-start (the successor starts after the predecessor starts, plus the lag).
 */
export const dependencyTypes = ['finish-to-start', 'start-to-start'] as const;
export type DependencyType = (typeof dependencyTypes)[number];

/** AddDependency: `successor` depends on `predecessor`; lag in working days (§9), negative for a lead. */
export const addDependencySchema = z.strictObject({
  predecessor: id,
  successor: id,
  type: z
    .enum(dependencyTypes)
    .nullish()
    .transform((v) => v ?? 'finish-to-start'),
  lag: numberIn(ranges.dependencyLag)
    .nullish()
    .transform((v) => v ?? 0),
});
export type AddDependencyData = z.infer<typeof addDependencySchema>;

/** RemoveDependency: with the version the user saw, if any (a dependency never changes: 0 while it lives). */
export const removeDependencySchema = z.strictObject({ id, version: version.optional() });
export type RemoveDependencyData = z.infer<typeof removeDependencySchema>;

export type DependencyCommand =
  | { readonly type: 'AddDependency'; readonly data: AddDependencyData }
  | { readonly type: 'RemoveDependency'; readonly data: RemoveDependencyData };

/** One dependency as its events carry it. */
export interface Dependency extends AddDependencyData {
  readonly id: number;
}
export type DependencyAdded = DomainEvent<'DependencyAdded', Dependency>;
/** Names both ends, so that a reader of one event knows whose dependency went. */
export type DependencyRemoved = DomainEvent<
  'DependencyRemoved',
  { readonly id: number; readonly predecessor: number; readonly successor: number }
>;
export type DependencyEvent = DependencyAdded | DependencyRemoved;

/** The version of a live dependency: it is added and removed, never changed. */
export const dependencyVersion = 0;

/** The stream of a tenant's dependency graph: one per tenant, so that one append decides a cycle. */
export const dependencyStream = (tenant: string): string => streamName('dependencies', tenant);

/**
 * A tenant's dependency graph as the events built it: a persistent list (each event one cell on top of
 * the last), so that folding a long stream costs one cell per event rather than a copy of the graph;
 * `graphOf` indexes it once per decision.
 */
export type DependencyGraphState =
  | { readonly status: 'empty' }
  | {
      readonly status: 'active';
      readonly last: DependencyEvent;
      readonly before: DependencyGraphState;
    };

export const initialDependencyGraph: DependencyGraphState = { status: 'empty' };

export const evolveDependencyGraph = (
  state: DependencyGraphState,
  event: DependencyEvent,
): DependencyGraphState => {
  switch (event.type) {
    case 'DependencyAdded':
    case 'DependencyRemoved':
      return { status: 'active', last: event, before: state };
    default:
      return unfolded(event, state);
  }
};

/** The live dependencies of a graph, by id, and each item's successors. */
export interface DependencyGraph {
  readonly byId: ReadonlyMap<number, Dependency>;
  readonly successors: ReadonlyMap<number, readonly Dependency[]>;
}

const graphs = new WeakMap<DependencyGraphState, DependencyGraph>();

/** The graph a state stands for (computed once per state). */
export const graphOf = (state: DependencyGraphState): DependencyGraph => {
  const known = graphs.get(state);
  if (known) return known;
  const events: DependencyEvent[] = [];
  for (let s = state; s.status === 'active'; s = s.before) events.push(s.last);
  const byId = new Map<number, Dependency>();
  for (const event of events.reverse())
    if (event.type === 'DependencyAdded') byId.set(event.data.id, event.data);
    else byId.delete(event.data.id);
  const successors = new Map<number, Dependency[]>();
  for (const dependency of byId.values())
    successors.set(dependency.predecessor, [...(successors.get(dependency.predecessor) ?? []), dependency]);
  const graph = { byId, successors };
  graphs.set(state, graph);
  return graph;
};

/**
 * The items on a path of dependencies from `from` to `to` (both included; breadth first, so a
 * shortest one), or null when `to` is not reachable. A dependency `to` → `from` would close it to a cycle.
 */
export const dependencyPath = (graph: DependencyGraph, from: number, to: number): number[] | null => {
  const cameFrom = new Map<number, number | null>([[from, null]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const current = queue[i]!;
    if (current === to) {
      const path: number[] = [];
      for (let at: number | null = current; at !== null; at = cameFrom.get(at)!) path.push(at);
      return path.reverse();
    }
    for (const { successor } of graph.successors.get(current) ?? [])
      if (!cameFrom.has(successor)) {
        cameFrom.set(successor, current);
        queue.push(successor);
      }
  }
  return null;
};

/** What a dependency's decision knows of an item at one of its ends. */
export interface DependencyItemFacts {
  readonly title: string;
  /** The tenant's own item; otherwise an item of a project shared with the tenant and accepted. */
  readonly own: boolean;
}

export interface DependencyContext extends DecisionContext {
  /** The id allocated for a new dependency. */
  readonly newId: number;
  /** The items the command names, by id: null when the tenant may not see a live one by that id. */
  readonly items: Readonly<Record<number, DependencyItemFacts | null>>;
  /** The titles of the items on a path the new dependency would close to a cycle (`dependencyPath`). */
  readonly titles?: Readonly<Record<number, string>>;
}

/** How the refusal of a cycle names it: by item titles, the new dependency's predecessor first and last. */
const cycleText = (path: readonly number[], titles: Readonly<Record<number, string>>) =>
  path.map((item) => titles[item] ?? `#${item}`).join(' → ');

export const decideDependency = decideByType<
  DependencyCommand,
  DependencyGraphState,
  DependencyEvent,
  DependencyContext
>({
  AddDependency: (data, state, context) => {
    const { predecessor, successor, type } = data;
    if (predecessor === successor)
      throw refusal('self-dependency', 'an item cannot depend on itself', { field: 'successor' });
    const [before, after] = [context.items[predecessor] ?? null, context.items[successor] ?? null];
    if (before === null || after === null) throw notFound('item');
    if (!after.own)
      throw refusal(
        'shared-successor',
        'the successor must be an item of your own: a shared project is read-only',
        { field: 'successor' },
      );
    const graph = graphOf(state);
    const twin = [...(graph.successors.get(predecessor) ?? [])].find(
      (d) => d.successor === successor && d.type === type,
    );
    if (twin)
      throw refusal('duplicate-dependency', `the dependency exists already (id ${twin.id})`, {
        field: 'successor',
        params: { id: twin.id },
      });
    const back = dependencyPath(graph, successor, predecessor);
    if (back) {
      const path = cycleText([predecessor, ...back], {
        ...context.titles,
        [predecessor]: before.title,
        [successor]: after.title,
      });
      throw refusal('dependency-cycle', `dependency would form a cycle: ${path}`, {
        field: 'predecessor',
        params: { path },
      });
    }
    return [{ type: 'DependencyAdded', data: { id: context.newId, ...data } }];
  },
  RemoveDependency: (data, state) => {
    const found = graphOf(state).byId.get(data.id);
    if (!found) throw notFound('dependency');
    const seen = data.version;
    if (seen !== undefined && seen !== dependencyVersion) throw versionConflict(dependencyVersion);
    const { id: removed, predecessor, successor } = found;
    return [{ type: 'DependencyRemoved', data: { id: removed, predecessor, successor } }];
  },
});

export const dependencyDecider = deciderOf(decideDependency, evolveDependencyGraph, initialDependencyGraph);
