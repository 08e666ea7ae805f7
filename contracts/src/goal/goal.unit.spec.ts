import { goalDecider, updateGoalSchema } from './goal';
import type { GoalCommand, GoalContext, GoalEvent, GoalFields } from './goal';
import { aContext, deciderSpec, freshId } from '../testing/decider-spec';

const spec = deciderSpec(goalDecider);

const aGoal = (overrides: Partial<GoalFields> = {}): GoalFields => ({
  name: 'Growth',
  parent: null,
  type: 'strategic',
  rank: 1,
  description: null,
  assignable: true,
  ...overrides,
});
const created = (id: number, overrides: Partial<GoalFields> = {}): GoalEvent => ({
  type: 'GoalCreated',
  data: { ...aGoal(overrides), id },
});
const update = (raw: Record<string, unknown>): GoalCommand => ({
  type: 'UpdateGoal',
  data: updateGoalSchema.parse(raw),
});
const remove = (id: number, version: number): GoalCommand => ({ type: 'DeleteGoal', data: { id, version } });
const context = (facts: Partial<GoalContext> = {}): GoalContext => aContext({ newId: freshId(), ...facts });

describe('UpdateGoal', () => {
  describe('when the goal exists', () => {
    const id = freshId();
    const history = [created(id)];

    it('records only the fields that change, trimmed; null clears one', () =>
      spec
        .given(history)
        .when(
          update({ id, version: 0, name: ' Growth ', description: ' More customers ', type: null }),
          context(),
        )
        .then([
          { type: 'GoalUpdated', data: { id, changes: { description: 'More customers', type: null } } },
        ]));

    it('records nothing when nothing changes', () =>
      spec
        .given(history)
        .when(update({ id, version: 0, ...aGoal() }), context())
        .then([]));

    it('refuses a stale version, naming the current one', () =>
      spec
        .given([...history, { type: 'GoalUpdated', data: { id, changes: { rank: 2 } } }])
        .when(update({ id, version: 0, rank: 3 }), context())
        .thenThrows({ code: 'conflict', details: { currentVersion: 1 } }));

    it('moves the goal under a live parent', () => {
      const parent = freshId();
      spec
        .given(history)
        .when(update({ id, version: 0, parent }), context({ parentChain: [parent] }))
        .then([{ type: 'GoalUpdated', data: { id, changes: { parent } } }]);
    });

    it('refuses a parent that is not a live goal of the tenant', () =>
      spec
        .given(history)
        .when(update({ id, version: 0, parent: freshId() }), context({ parentChain: null }))
        .thenThrows({
          code: 'validation',
          message: 'parent goal not found',
          details: { fieldErrors: [{ field: 'parent', message: 'not found' }] },
        }));

    it('refuses the goal as its own parent', () =>
      spec
        .given(history)
        .when(update({ id, version: 0, parent: id }), context({ parentChain: [id] }))
        .thenThrows({
          code: 'validation',
          details: { fieldErrors: [{ field: 'parent', message: 'not itself' }] },
        }));

    it('refuses a parent below the goal (a cycle)', () => {
      const child = freshId();
      const grandchild = freshId();
      spec
        .given(history)
        .when(
          update({ id, version: 0, parent: grandchild }),
          context({ parentChain: [grandchild, child, id] }),
        )
        .thenThrows({
          code: 'validation',
          message: 'the parent would create a cycle',
          details: { fieldErrors: [{ field: 'parent', message: 'cycle' }] },
        });
    });

    it('moves the goal to the root without looking up a parent', () => {
      const parent = freshId();
      spec
        .given([created(id, { parent })])
        .when(update({ id, version: 0, parent: null }), context())
        .then([{ type: 'GoalUpdated', data: { id, changes: { parent: null } } }]);
    });
  });

  describe('when the goal does not exist or is deleted', () => {
    it.each([
      ['absent', []],
      ['deleted', [created(7), { type: 'GoalDeleted', data: { id: 7 } }]],
    ] as [string, GoalEvent[]][])('refuses to change a goal that is %s', (_, history) =>
      spec
        .given(history)
        .when(update({ id: 7, version: 1, name: 'Reach' }), context())
        .thenThrows({ code: 'not_found', message: 'goal not found' }),
    );
  });
});

describe('DeleteGoal', () => {
  describe('when the goal exists', () => {
    const id = freshId();
    const history = [created(id)];

    it('deletes a goal no live project uses and no live goal names as parent', () =>
      spec
        .given(history)
        .when(remove(id, 0), context({ usedBy: [], children: [] }))
        .then([{ type: 'GoalDeleted', data: { id } }]));

    it("refuses while a live project has a value for it: 409 'goal in use'", () =>
      spec
        .given(history)
        .when(remove(id, 0), context({ usedBy: [42], children: [] }))
        .thenThrows({ code: 'conflict', message: 'goal in use' }));

    it("refuses while live goals name it as parent: 409 'goal has child goals'", () =>
      spec
        .given(history)
        .when(remove(id, 0), context({ usedBy: [], children: [freshId()] }))
        .thenThrows({ code: 'conflict', message: 'goal has child goals' }));

    it('refuses a stale version', () =>
      spec
        .given(history)
        .when(remove(id, 1), context({ usedBy: [], children: [] }))
        .thenThrows({ code: 'conflict', details: { currentVersion: 0 } }));
  });

  it('refuses to delete a deleted goal', () => {
    const id = freshId();
    spec
      .given([created(id), { type: 'GoalDeleted', data: { id } }])
      .when(remove(id, 1), context({ usedBy: [], children: [] }))
      .thenThrows({ code: 'not_found', message: 'goal not found' });
  });
});

describe('goalDecider.evolve', () => {
  it('folds the fields and counts the version from 0', () => {
    const id = freshId();
    const state = [
      created(id),
      { type: 'GoalUpdated', data: { id, changes: { name: 'Reach', rank: null } } },
      { type: 'GoalDeleted', data: { id } },
    ].reduce((s, e) => goalDecider.evolve(s, e as GoalEvent), goalDecider.initialState);

    expect(state).toEqual({
      status: 'deleted',
      id,
      fields: aGoal({ name: 'Reach', rank: null }),
      version: 2,
    });
  });
});

describe('updateGoalSchema', () => {
  it('needs id and version and leaves omitted fields out', () => {
    expect(updateGoalSchema.parse({ id: 3, version: 0, name: ' Reach ' })).toEqual({
      id: 3,
      version: 0,
      name: 'Reach',
    });
    expect(updateGoalSchema.safeParse({ id: 3, name: 'Reach' }).success).toBe(false);
    expect(updateGoalSchema.safeParse({ id: 3, version: 0, name: ' ' }).success).toBe(false);
    expect(updateGoalSchema.safeParse({ id: 3, version: 0, tenant: 'other' }).success).toBe(false);
  });
});
