export const EVENT_STORE = Symbol('EventStore');
export const AGGREGATE_RUNNER = Symbol('AggregateRunner');
export const CLOCK = Symbol('Clock');
