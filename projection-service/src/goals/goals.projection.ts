import type { GoalCreated } from '@fahrplan/contracts';
import { recordProjection, withDerived } from '../projections/projection';
import type { RecordDoc } from '../projections/projection';

/** A goal; documents projected before goals could change lack `version` and `deleted`. */
export interface GoalDoc extends Omit<GoalCreated['data'], never>, RecordDoc {}

/** The goals list's key: the rank, never null. */
export const goalKeys = (doc: GoalDoc) => ({ _rank: doc.rank ?? Number.MIN_SAFE_INTEGER });

/**
 * Goals, with `_rank` derived for their list (issue 17): a goal without a rank first, as before. A
 * rebuild gives every document the `version` and `deleted` of today's events.
 */
export const goalsProjection = withDerived(
  recordProjection<GoalDoc>({
    collection: 'goals',
    version: 2,
    kind: 'Goal',
    // GET /api/goals: the tenant's live goals by rank, ties by id (`deleted: { $ne: true }`, for
    // documents projected before goals could be deleted)
    indexes: [{ tenant: 1, deleted: 1, _rank: 1, id: 1, _id: 1 }],
  }),
  goalKeys,
);
