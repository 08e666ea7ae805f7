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

/** One aggregate's decider from its three parts, the types inferred from them. */
export const deciderOf = <Command, State, Event extends DomainEvent, Context>(
  decide: Decider<Command, State, Event, Context>['decide'],
  evolve: Decider<Command, State, Event, Context>['evolve'],
  initialState: State,
): Decider<Command, State, Event, Context> => ({ decide, evolve, initialState });

/**
 * A decide written as a table, one decision per command type given the command's data, the state and
 * the context: a compile error when a type is missing.
 */
export const decideByType =
  <Command extends DomainEvent, State, Event extends DomainEvent, Context>(decisions: {
    readonly [Type in Command['type']]: (
      data: Extract<Command, { type: Type }>['data'],
      state: State,
      context: Context,
    ) => Event[];
  }) =>
  (command: Command, state: State, context: Context): Event[] => {
    type Decision = (data: unknown, state: State, context: Context) => Event[];
    const decision = (decisions as Readonly<Record<string, Decision>>)[command.type];
    return decision ? decision(command.data, state, context) : unknownCommand(command as never);
  };

/**
 * An evolve written as a table, one fold per event type given the state and the event's data: a
 * compile error when a type is missing; at run time an event the aggregate does not fold changes nothing.
 */
export const evolverOf =
  <State, Event extends DomainEvent>(folds: {
    readonly [Type in Event['type']]: (state: State, data: Extract<Event, { type: Type }>['data']) => State;
  }) =>
  (state: State, event: Event): State => {
    const fold = (folds as Readonly<Record<string, (state: State, data: unknown) => State>>)[event.type];
    return fold ? fold(state, event.data) : state;
  };

/**
 * The `default` of an evolve's switch over its closed union of events: a compile error when a case is
 * missing; at run time an event the aggregate does not fold changes nothing.
 */
export const unfolded = <State>(_event: never, state: State): State => state;

/** The `default` of a decide's switch over its closed union of commands: a compile error when a case is missing. */
export const unknownCommand = (command: never): never => {
  throw new Error(`unknown command ${(command as { type?: unknown }).type}`);
};
