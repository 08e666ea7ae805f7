import type { GoalCreated } from '@fahrplan/contracts';
import { recordProjection } from '../projections/projection';
import type { RecordDoc } from '../projections/projection';

/** A goal; documents projected before goals could change lack `version` and `deleted`. */
export interface GoalDoc extends Omit<GoalCreated['data'], never>, RecordDoc {}

export const goalsProjection = recordProjection<GoalDoc>({
  collection: 'goals',
  version: 1,
  kind: 'Goal',
  // GET /api/goals: the tenant's goals by rank (a tenant has few; deleted ones are left out after reading)
  indexes: [{ tenant: 1, rank: 1, id: 1 }],
});
