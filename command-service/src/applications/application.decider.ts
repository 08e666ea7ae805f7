import { decideApplication, evolveApplication, initialApplicationState } from '@fahrplan/contracts';
import type {
  ApplicationCommand,
  ApplicationContext,
  ApplicationEvent,
  ApplicationState,
} from '@fahrplan/contracts';
import type { Decider } from '../infrastructure/aggregate-runner';

export const applicationDecider: Decider<
  ApplicationCommand,
  ApplicationState,
  ApplicationEvent,
  ApplicationContext
> = {
  initial: initialApplicationState,
  evolve: evolveApplication,
  decide: decideApplication,
};
