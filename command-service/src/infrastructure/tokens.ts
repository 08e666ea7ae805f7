export const EVENT_STORE = Symbol('EventStore');
export const AGGREGATE_RUNNER = Symbol('AggregateRunner');
export const CLOCK = Symbol('Clock');
/** The Lookups port: facts handlers need from aggregates other than their own. */
export const LOOKUPS = Symbol('Lookups');
