import { z } from 'zod';
import { deciderOf, evolverOf, unknownCommand } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { conflictOf, existsAlready } from '../errors';
import { changedFields, stripUndefined } from '../rules/changes';
import { checkParent, parentNotFound } from '../rules/record-checks';
import { limits, optionalText, requiredName } from '../rules/limits';
import { numberIn, ranges } from '../rules/ranges';
import { assertLiveAt, markDeleted, revised } from '../rules/record-lifecycle';
import type { RecordState } from '../rules/record-lifecycle';

const id = z.number().int().positive();
const version = z.number().int().min(0);

/** §3 Goal: id, name, parent, type, rank, description, assignable. */
export const createGoalSchema = z.strictObject({
  name: requiredName(limits.title),
  parent: id.nullish().transform((v) => v ?? null),
  type: optionalText(50),
  rank: numberIn(ranges.goalRank)
    .nullish()
    .transform((v) => v ?? null),
  description: optionalText(limits.description),
  assignable: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
});
export type CreateGoalData = z.infer<typeof createGoalSchema>;
/** A goal's fields as its events carry them. */
export type GoalFields = CreateGoalData;

/** UpdateGoal: `id` and the `version` the user saw; omitted fields stay unchanged and null clears one. */
export const updateGoalSchema = createGoalSchema.partial().extend({ id, version });
export type UpdateGoalData = z.infer<typeof updateGoalSchema>;

export const deleteGoalSchema = z.strictObject({ id, version });
export type DeleteGoalData = z.infer<typeof deleteGoalSchema>;

export type GoalCommand =
  | { readonly type: 'CreateGoal'; readonly data: CreateGoalData }
  | { readonly type: 'UpdateGoal'; readonly data: UpdateGoalData }
  | { readonly type: 'DeleteGoal'; readonly data: DeleteGoalData };

export type GoalCreated = DomainEvent<'GoalCreated', CreateGoalData & { readonly id: number }>;
export type GoalUpdated = DomainEvent<
  'GoalUpdated',
  { readonly id: number; readonly changes: Partial<GoalFields> }
>;
export type GoalDeleted = DomainEvent<'GoalDeleted', { readonly id: number }>;
export type GoalEvent = GoalCreated | GoalUpdated | GoalDeleted;

export type GoalState = RecordState<{
  readonly fields: GoalFields;
}>;
export const initialGoalState: GoalState = { status: 'absent' };

export const evolveGoal = evolverOf<GoalState, GoalEvent>({
  GoalCreated: (_state, { id: goalId, ...fields }) => ({ status: 'active', id: goalId, fields, version: 0 }),
  GoalUpdated: (state, { changes }) =>
    revised(state, ({ fields }) => ({ fields: { ...fields, ...changes } })),
  GoalDeleted: markDeleted,
});

export interface GoalContext extends DecisionContext {
  readonly newId: number;
  /** CreateGoal: whether the requested parent goal exists in the tenant (true when there is none). */
  readonly parentExists?: boolean;
  /**
   * UpdateGoal with a new parent: the parent's chain up to the root (its id first), for the cycle
   * check; null when the parent is not a live goal of the tenant.
   */
  readonly parentChain?: readonly number[] | null;
  /** DeleteGoal: the tenant's live projects that have a value for the goal. */
  readonly usedBy?: readonly number[];
  /** DeleteGoal: the tenant's live goals whose parent the goal is. */
  readonly children?: readonly number[];
}

const goal = { one: 'a goal', name: 'goal' } as const;

export const decideGoal = (command: GoalCommand, state: GoalState, context: GoalContext): GoalEvent[] => {
  switch (command.type) {
    case 'CreateGoal': {
      if (state.status !== 'absent') throw existsAlready('goal');
      if (!context.parentExists) throw parentNotFound(goal);
      return [{ type: 'GoalCreated', data: { ...command.data, id: context.newId } }];
    }
    case 'UpdateGoal': {
      const { id: _id, version: seen, ...requested } = command.data;
      assertLiveAt(state, seen, 'goal');
      const given = stripUndefined(requested);
      if (given.parent !== undefined && given.parent !== state.fields.parent)
        checkParent(goal, state.id, given.parent, context.parentChain);
      const changes = changedFields(state.fields, given);
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'GoalUpdated', data: { id: state.id, changes } }];
    }
    case 'DeleteGoal': {
      assertLiveAt(state, command.data.version, 'goal');
      // a project's goal values and the goal tree must not point at a deleted goal
      if ((context.usedBy ?? []).length > 0) throw conflictOf('in-use', 'goal in use', { what: 'goal' });
      if ((context.children ?? []).length > 0)
        throw conflictOf('has-children', 'goal has child goals', { what: 'goal' });
      return [{ type: 'GoalDeleted', data: { id: state.id } }];
    }
    default:
      return unknownCommand(command);
  }
};

export const goalDecider = deciderOf(decideGoal, evolveGoal, initialGoalState);
