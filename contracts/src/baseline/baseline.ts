import { z } from 'zod';
import { decideByType, deciderOf, evolverOf } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { existsAlready, notFound, versionConflict } from '../errors';
import { asOfSchema } from '../history/history';
import { limits, requiredName } from '../rules/limits';
import { pastInstant } from '../rules/instants';
import { markDeleted } from '../rules/record-lifecycle';
import type { RecordState } from '../rules/record-lifecycle';

const id = z.number().int().positive();
const version = z.number().int().min(0);

/**
 * CreateBaseline (issue 21): a name for the plan as it stood at an instant (default: when the command is
 * decided). Nothing of the plan is copied: the log holds every past state, so any past instant will do.
 */
export const createBaselineSchema = z.strictObject({
  name: requiredName(limits.title),
  /** ISO date-time with a time zone; not in the future, not before the tenant existed. */
  at: asOfSchema.optional(),
});
export type CreateBaselineData = z.infer<typeof createBaselineSchema>;

/** DeleteBaseline: `version` the user saw, when given, must still be the baseline's. */
export const deleteBaselineSchema = z.strictObject({ id, version: version.optional() });
export type DeleteBaselineData = z.infer<typeof deleteBaselineSchema>;

export type BaselineCommand =
  | { readonly type: 'CreateBaseline'; readonly data: CreateBaselineData }
  | { readonly type: 'DeleteBaseline'; readonly data: DeleteBaselineData };

/** A baseline was named: `at` is the instant it stands for (ISO date-time, UTC). */
export type BaselineCreated = DomainEvent<
  'BaselineCreated',
  { readonly id: number; readonly name: string; readonly at: string }
>;
export type BaselineDeleted = DomainEvent<'BaselineDeleted', { readonly id: number }>;
export type BaselineEvent = BaselineCreated | BaselineDeleted;

export type BaselineState = RecordState<{
  readonly name: string;
  readonly at: string;
}>;
export const initialBaselineState: BaselineState = { status: 'absent' };

export const evolveBaseline = evolverOf<BaselineState, BaselineEvent>({
  BaselineCreated: (_state, data) => ({ status: 'active', ...data, version: 0 }),
  BaselineDeleted: markDeleted,
});

export interface BaselineContext extends DecisionContext {
  readonly newId: number;
  /** CreateBaseline: when the tenant's first event was decided (ISO date-time); null when unknown. */
  readonly tenantSince?: string | null;
}

export const decideBaseline = decideByType<BaselineCommand, BaselineState, BaselineEvent, BaselineContext>({
  CreateBaseline: (data, state, context) => {
    if (state.status !== 'absent') throw existsAlready('baseline');
    const at = pastInstant('at', data.at, context);
    return [{ type: 'BaselineCreated', data: { id: context.newId, name: data.name, at } }];
  },
  DeleteBaseline: (data, state) => {
    if (state.status !== 'active') throw notFound('baseline');
    const seen = data.version;
    if (seen !== undefined && seen !== state.version) throw versionConflict(state.version);
    return [{ type: 'BaselineDeleted', data: { id: state.id } }];
  },
});

export const baselineDecider = deciderOf(decideBaseline, evolveBaseline, initialBaselineState);
