import { z } from 'zod';
import type { DecisionContext, DomainEvent } from '../events';
import { DomainError, validationError } from '../errors';
import { limits, optionalText, requiredText } from '../rules/limits';

const id = z.number().int().positive();

/** §3 Goal: id, name, parent, type, rank, description, assignable. */
export const createGoalSchema = z.strictObject({
  name: requiredText(limits.title),
  parent: id.nullish().transform((v) => v ?? null),
  type: optionalText(50),
  rank: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
  description: optionalText(limits.description),
  assignable: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
});
export type CreateGoalData = z.infer<typeof createGoalSchema>;
export type GoalCommand = { readonly type: 'CreateGoal'; readonly data: CreateGoalData };

export type GoalCreated = DomainEvent<'GoalCreated', CreateGoalData & { readonly id: number }>;
export type GoalEvent = GoalCreated;

export type GoalState = { readonly status: 'absent' } | { readonly status: 'active'; readonly id: number };
export const initialGoalState: GoalState = { status: 'absent' };

export const evolveGoal = (_state: GoalState, event: GoalEvent): GoalState => ({
  status: 'active',
  id: event.data.id,
});

export interface GoalContext extends DecisionContext {
  readonly newId: number;
  /** Whether the requested parent goal exists in the tenant (true when there is none). */
  readonly parentExists: boolean;
}

export const decideGoal = (command: GoalCommand, state: GoalState, context: GoalContext): GoalEvent[] => {
  if (state.status !== 'absent') throw new DomainError('conflict', 'goal exists already');
  if (!context.parentExists)
    throw validationError('parent goal not found', [{ field: 'parent', message: 'not found' }]);
  return [{ type: 'GoalCreated', data: { ...command.data, id: context.newId } }];
};
