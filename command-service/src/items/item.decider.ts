import { decideItem, evolveItem, initialItemState } from '@fahrplan/contracts';
import type { ItemCommand, ItemContext, ItemEvent, ItemState } from '@fahrplan/contracts';
import type { Decider } from '../infrastructure/aggregate-runner';

export const itemDecider: Decider<ItemCommand, ItemState, ItemEvent, ItemContext> = {
  initial: initialItemState,
  evolve: evolveItem,
  decide: decideItem,
};
