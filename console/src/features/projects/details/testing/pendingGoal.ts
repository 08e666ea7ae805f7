import type { PendingGoal } from '../tabTypes';

/** Test fixture: a goal created in the chooser (key `new-1`), not stored yet. */
export const pendingGoal = {
  key: 'new-1',
  name: 'Growth',
  parent: null,
  type: null,
  rank: null,
  description: null,
  assignable: true,
} satisfies PendingGoal;
