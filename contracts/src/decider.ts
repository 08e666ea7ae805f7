import type { DomainEvent } from './events';

/**
 * An aggregate's rules as one value (STYLE 3): its state is `evolve` folded from `initialState` over its
 * stream; `decide` turns a command, that state and the facts of its context into new events. The command
 * service runs it, the decider specs test it.
 */
export interface Decider<Command, State, Event extends DomainEvent, Context> {
  readonly decide: (command: Command, state: State, context: Context) => Event[];
  readonly evolve: (state: State, event: Event) => State;
  readonly initialState: State;
}
