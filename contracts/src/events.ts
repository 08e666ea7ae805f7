/** Metadata every stored event carries (ARCHITECTURE "Write side"). */
export interface EventMetadata {
  readonly tenant: string;
  readonly user: string;
  readonly correlationId: string;
  readonly causationId: string;
  /** ISO date-time the command was decided at. */
  readonly timestamp: string;
  readonly schemaVersion: number;
  /** Where a change came from when not typed by a person: a flow step, sharing, tracker mirroring. */
  readonly source?: string;
  /** The command type that decided the event. */
  readonly command?: string;
  /** A scenario's change (issue 22): the revision of the record's live stream that the decision saw. */
  readonly base?: number;
}

/** A fact as a decider returns it: metadata is added by the command handler. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** A fact as read back from the event store. */
export interface StoredEvent<E extends DomainEvent = DomainEvent> {
  readonly type: E['type'];
  readonly data: E['data'];
  readonly metadata: EventMetadata;
  readonly id: string;
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
}

/** Context a decider receives beside the command: never read a clock or a store inside `decide`. */
export interface DecisionContext {
  readonly tenant: string;
  readonly user: string;
  readonly now: string;
}
