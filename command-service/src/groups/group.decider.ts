import { decideGroup, evolveGroup, initialGroupState } from '@fahrplan/contracts';
import type { GroupCommand, GroupContext, GroupEvent, GroupState } from '@fahrplan/contracts';
import type { Decider } from '../infrastructure/aggregate-runner';

export const groupDecider: Decider<GroupCommand, GroupState, GroupEvent, GroupContext> = {
  initial: initialGroupState,
  evolve: evolveGroup,
  decide: decideGroup,
};
