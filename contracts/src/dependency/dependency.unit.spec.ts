import {
  addDependencySchema,
  dependencyDecider,
  dependencyPath,
  graphOf,
  removeDependencySchema,
} from './dependency';
import type {
  AddDependencyData,
  DependencyCommand,
  DependencyContext,
  DependencyEvent,
  DependencyItemFacts,
} from './dependency';
import { aContext, deciderSpec, freshId } from '../testing/decider-spec';

const spec = deciderSpec(dependencyDecider);

/** Items A, B, C, D of the tenant, and S of a project shared with it. */
const [a, b, c, d, s] = [11, 12, 13, 14, 15];
const titles: Record<number, string> = { [a]: 'Analyse', [b]: 'Build', [c]: 'Check', [d]: 'Deploy' };
const own = (title: string): DependencyItemFacts => ({ title, own: true });
const visible: Record<number, DependencyItemFacts> = {
  ...Object.fromEntries(Object.entries(titles).map(([id, title]) => [id, own(title)])),
  [s]: { title: 'Supplier API', own: false },
};

const context = (facts: Partial<DependencyContext> = {}): DependencyContext =>
  aContext({ newId: freshId(), items: visible, titles, ...facts });

const add = (raw: Partial<Record<keyof AddDependencyData, unknown>>): DependencyCommand => ({
  type: 'AddDependency',
  data: addDependencySchema.parse(raw),
});
const remove = (id: number, version?: number): DependencyCommand => ({
  type: 'RemoveDependency',
  data: removeDependencySchema.parse(version === undefined ? { id } : { id, version }),
});
const added = (
  id: number,
  predecessor: number,
  successor: number,
  type: AddDependencyData['type'] = 'finish-to-start',
  lag = 0,
): DependencyEvent => ({ type: 'DependencyAdded', data: { id, predecessor, successor, type, lag } });
const removed = (id: number, predecessor: number, successor: number): DependencyEvent => ({
  type: 'DependencyRemoved',
  data: { id, predecessor, successor },
});

describe('AddDependency', () => {
  describe('when the graph is empty', () => {
    it('adds a finish-to-start dependency without lag by default', () => {
      const ctx = context();
      spec
        .given([])
        .when(add({ predecessor: a, successor: b }), ctx)
        .then([added(ctx.newId, a, b)]);
    });

    it('adds a start-to-start dependency with a negative lag (a lead)', () => {
      const ctx = context();
      spec
        .given([])
        .when(add({ predecessor: a, successor: b, type: 'start-to-start', lag: -3 }), ctx)
        .then([added(ctx.newId, a, b, 'start-to-start', -3)]);
    });

    it('refuses an item depending on itself', () =>
      spec
        .given([])
        .when(add({ predecessor: a, successor: a }), context())
        .thenThrows({
          code: 'validation',
          message: 'an item cannot depend on itself',
          details: { reason: { code: 'self-dependency' } },
        }));

    it('refuses an unknown predecessor or successor as not found', () => {
      for (const [predecessor, successor] of [
        [99, b],
        [a, 99],
      ])
        spec
          .given([])
          .when(add({ predecessor, successor }), context())
          .thenThrows({
            code: 'not_found',
            details: { reason: { code: 'not-found', params: { what: 'item' } } },
          });
    });

    it('refuses a removed (deleted) item or another tenant’s, which the context knows as null', () =>
      spec
        .given([])
        .when(add({ predecessor: a, successor: b }), context({ items: { ...visible, [a]: null } }))
        .thenThrows({ code: 'not_found' }));

    it('lets an item of a shared project be a predecessor', () => {
      const ctx = context();
      spec
        .given([])
        .when(add({ predecessor: s, successor: a }), ctx)
        .then([added(ctx.newId, s, a)]);
    });

    it('refuses an item of a shared project as successor: the project is read-only', () =>
      spec
        .given([])
        .when(add({ predecessor: a, successor: s }), context())
        .thenThrows({ code: 'validation', details: { reason: { code: 'shared-successor' } } }));

    it('refuses a lag outside its range, or not in whole days', () => {
      for (const lag of [1000, -1000, 1.5, '2'])
        expect(addDependencySchema.safeParse({ predecessor: a, successor: b, lag }).success).toBe(false);
      expect(addDependencySchema.parse({ predecessor: a, successor: b, lag: -999 }).lag).toBe(-999);
    });

    it('refuses an unknown type', () =>
      expect(
        addDependencySchema.safeParse({ predecessor: a, successor: b, type: 'finish-to-finish' }).success,
      ).toBe(false));
  });

  describe('when A → B exists', () => {
    const existing = freshId();
    const history = [added(existing, a, b)];

    it('refuses the same predecessor, successor and type again', () =>
      spec
        .given(history)
        .when(add({ predecessor: a, successor: b, lag: 2 }), context())
        .thenThrows({
          code: 'validation',
          message: `the dependency exists already (id ${existing})`,
          details: { reason: { code: 'duplicate-dependency', params: { id: existing } } },
        }));

    it('adds the same pair with the other type', () => {
      const ctx = context();
      spec
        .given(history)
        .when(add({ predecessor: a, successor: b, type: 'start-to-start' }), ctx)
        .then([added(ctx.newId, a, b, 'start-to-start')]);
    });

    it('refuses B → A as a cycle, naming it by titles', () =>
      spec
        .given(history)
        .when(add({ predecessor: b, successor: a }), context())
        .thenThrows({
          code: 'validation',
          message: 'dependency would form a cycle: Build → Analyse → Build',
          details: { reason: { code: 'dependency-cycle', params: { path: 'Build → Analyse → Build' } } },
        }));
  });

  describe('when A → B → C → D exists', () => {
    const history = [
      added(freshId(), a, b),
      added(freshId(), b, c),
      added(freshId(), c, d, 'start-to-start'),
    ];

    it('refuses D → A as a cycle through every item, whatever the types', () =>
      spec
        .given(history)
        .when(add({ predecessor: d, successor: a, type: 'start-to-start' }), context())
        .thenThrows({ message: 'dependency would form a cycle: Deploy → Analyse → Build → Check → Deploy' }));

    it('names an item on the path whose title the context lacks by its id', () =>
      spec
        .given(history)
        .when(add({ predecessor: d, successor: a }), context({ titles: {} }))
        .thenThrows({ message: 'dependency would form a cycle: Deploy → Analyse → #12 → #13 → Deploy' }));

    it('adds A → D, a shortcut that closes no cycle', () => {
      const ctx = context();
      spec
        .given(history)
        .when(add({ predecessor: a, successor: d }), ctx)
        .then([added(ctx.newId, a, d)]);
    });
  });

  describe('when a dependency was removed', () => {
    const gone = freshId();
    const history = [added(gone, a, b), removed(gone, a, b)];

    it('adds it again, and its reverse: the removed one neither duplicates nor closes a cycle', () => {
      const ctx = context();
      spec
        .given(history)
        .when(add({ predecessor: a, successor: b }), ctx)
        .then([added(ctx.newId, a, b)]);
      spec
        .given(history)
        .when(add({ predecessor: b, successor: a }), ctx)
        .then([added(ctx.newId, b, a)]);
    });
  });
});

describe('RemoveDependency', () => {
  const id = freshId();
  const history = [added(id, a, b, 'finish-to-start', 2)];

  it('removes a dependency, naming both ends', () =>
    spec
      .given(history)
      .when(remove(id), context())
      .then([removed(id, a, b)]));

  it('removes it with the version the user saw (0: a dependency never changes)', () =>
    spec
      .given(history)
      .when(remove(id, 0), context())
      .then([removed(id, a, b)]));

  it('refuses a stale version with 409', () =>
    spec
      .given(history)
      .when(remove(id, 3), context())
      .thenThrows({
        code: 'conflict',
        details: { currentVersion: 0, reason: { code: 'version-conflict' } },
      }));

  it('refuses an unknown id as not found', () =>
    spec
      .given(history)
      .when(remove(freshId()), context())
      .thenThrows({
        code: 'not_found',
        details: { reason: { code: 'not-found', params: { what: 'dependency' } } },
      }));

  it('refuses a removal twice as not found, as a deletion of a deleted record is', () =>
    spec
      .given([...history, removed(id, a, b)])
      .when(remove(id), context())
      .thenThrows({ code: 'not_found' }));
});

describe('the graph', () => {
  it('folds one cell per event and indexes the live dependencies once', () => {
    const [first, second] = [freshId(), freshId()];
    const state = [added(first, a, b), added(second, b, c), removed(first, a, b)].reduce(
      dependencyDecider.evolve,
      dependencyDecider.initialState,
    );
    const graph = graphOf(state);

    expect([...graph.byId.keys()]).toEqual([second]);
    expect(graphOf(state)).toBe(graph);
    expect(dependencyPath(graph, b, c)).toEqual([b, c]);
    expect(dependencyPath(graph, a, c)).toBeNull();
  });

  it('finds the shortest path through a long chain without recursion', () => {
    const chain = Array.from({ length: 10_000 }, (_, i) => added(i + 1, 100_000 + i, 100_001 + i));
    const state = chain.reduce(dependencyDecider.evolve, dependencyDecider.initialState);

    expect(dependencyPath(graphOf(state), 100_000, 110_000)).toHaveLength(10_001);
  });
});
