/** Between the event store port's terms and EventStoreDB's: events, metadata, positions, revisions, errors. */
import type {
  ExpectedRevision as EsdbExpectedRevision,
  Filter,
  JSONType,
  Position,
  ReadPosition,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { parseStreamName, upcast } from '@fahrplan/contracts';
import { esdbLibrary } from './esdb-library';
import type { EventMetadata, StoredEvent } from '@fahrplan/contracts';
import { WrongExpectedRevisionError } from './event-store';
import type { AppendResult, ExpectedRevision, NewEvent } from './event-store';

/** The parts of the client's ResolvedEvent (stream reads) and AllStreamResolvedEvent (`$all`) read here. */
export interface EsdbResolvedEvent {
  readonly event?: {
    readonly streamId: string;
    readonly id: string;
    readonly revision: bigint;
    readonly type: string;
    readonly data: unknown;
    readonly metadata: unknown;
    readonly position?: Position;
  };
  readonly commitPosition?: bigint;
}

export const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The server reports an unknown position as -1, which reaches us as an unsigned 64-bit number. */
const UNKNOWN_POSITION = 2n ** 64n - 1n;
const MAX_SAFE_POSITION = BigInt(Number.MAX_SAFE_INTEGER);

/** Metadata keys EventStoreDB's own projections read ($by_correlation_id); written beside ours. */
const esdbMetadataKeys = new Set(['$correlationId', '$causationId']);

/** `kurrentdb://` is the newer name of the scheme; client 6.x parses only `esdb://`. */
export const toEsdbConnectionString = (url: string): string =>
  url.replace(/^kurrentdb(?=(\+discover)?:\/\/)/i, 'esdb');

/** EventStoreDB's own events: `$`-prefixed streams ($$metadata, $stats, $scavenges…) and event types (links, $metadata…). */
export const isSystemEvent = (event: { readonly streamId: string; readonly type: string }): boolean =>
  event.streamId.startsWith('$') || event.type.startsWith('$');

/**
 * A log position as a number. Positions are byte offsets in the transaction log; a number holds
 * them exactly below 2^53 (8 PiB of log), beyond that this fails instead of losing precision.
 */
export function positionNumber(position: bigint): number {
  if (position < 0n || position > MAX_SAFE_POSITION) {
    throw new Error(`EventStoreDB position ${position} does not fit in a JavaScript number`);
  }
  return Number(position);
}

/** Undefined for the server's "no position": absent, -1, or 0 (servers before 22.6 on stream reads). */
export const knownPosition = (position: bigint | undefined): bigint | undefined =>
  position === undefined || position === 0n || position === UNKNOWN_POSITION ? undefined : position;

/**
 * Our positions are commit positions. Appends through gRPC commit each event in place (prepare ==
 * commit: the event's own offset), so the pair {p, p} addresses the event at p exactly.
 */
export const toEsdbPosition = (position: number): ReadPosition =>
  position > 0 ? { commit: BigInt(position), prepare: BigInt(position) } : esdbLibrary().START;

/** The position of any event read from `$all` (system events included). */
export function positionOf(resolved: EsdbResolvedEvent): number {
  const position = knownPosition(resolved.event?.position?.commit) ?? knownPosition(resolved.commitPosition);
  if (position === undefined) {
    const what = resolved.event ? `event ${resolved.event.id} in ${resolved.event.streamId}` : 'an event';
    throw new Error(
      `EventStoreDB did not report the position of ${what} (stream reads report it from server 22.6 on)`,
    );
  }
  return positionNumber(position);
}

/** Our metadata, without the keys added for EventStoreDB's projections. */
export function fromEsdbMetadata(metadata: unknown): EventMetadata {
  // Events written by other applications may carry no JSON metadata; projections ignore their types.
  if (
    metadata === null ||
    typeof metadata !== 'object' ||
    Array.isArray(metadata) ||
    metadata instanceof Uint8Array
  ) {
    return {} as EventMetadata;
  }
  return Object.fromEntries(
    Object.entries(metadata).filter(([key]) => !esdbMetadataKeys.has(key)),
  ) as unknown as EventMetadata;
}

/** The client's resolved event as a StoredEvent. */
export function toStoredEvent(resolved: EsdbResolvedEvent): StoredEvent {
  const recorded = resolved.event;
  if (!recorded) throw new Error('EventStoreDB returned a link to an event that does not exist');
  return upcast({
    type: recorded.type,
    data: recorded.data,
    metadata: fromEsdbMetadata(recorded.metadata),
    id: recorded.id,
    streamId: recorded.streamId,
    revision: Number(recorded.revision),
    position: positionOf(resolved),
  });
}

export interface EventSelection {
  /** Exclusive. */
  readonly after: number;
  readonly categories?: readonly string[] | undefined;
}

/**
 * The event as the port delivers it, or undefined when it is passed over: EventStoreDB's system
 * events, other categories, and events at or before `after` (a subscription from a position may
 * deliver the event at that position again).
 */
export function selectEvent(
  resolved: EsdbResolvedEvent,
  { after, categories }: EventSelection,
): StoredEvent | undefined {
  const recorded = resolved.event;
  if (!recorded || isSystemEvent(recorded)) return undefined;
  if (categories && !categories.includes(parseStreamName(recorded.streamId).category)) return undefined;
  const event = toStoredEvent(resolved);
  return event.position > after ? event : undefined;
}

/** The server-side filter of a subscription: the categories' streams, else every non-system event. */
export const subscriptionFilter = (categories?: readonly string[]): Filter =>
  categories === undefined
    ? esdbLibrary().excludeSystemEvents()
    : esdbLibrary().streamNameFilter({ prefixes: categories.map((category) => `${category}-`) });

/** -1 is read as "no stream", as the SQLite adapter does. */
export function toEsdbExpectedRevision(expected: ExpectedRevision): EsdbExpectedRevision {
  if (expected === 'any') return esdbLibrary().ANY;
  if (expected === 'no_stream' || expected === -1) return esdbLibrary().NO_STREAM;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new Error(`expected revision ${String(expected)} is not a stream revision`);
  }
  return BigInt(expected);
}

/** Not `instanceof`: the class may come from another copy of the client. */
export const isWrongExpectedVersion = (error: unknown): error is WrongExpectedVersionError =>
  (error as { type?: unknown } | null)?.type === esdbLibrary().ErrorType.WRONG_EXPECTED_VERSION;

export const toWrongExpectedRevisionError = (
  streamId: string,
  expected: ExpectedRevision,
  error: WrongExpectedVersionError,
): WrongExpectedRevisionError =>
  new WrongExpectedRevisionError(
    streamId,
    expected,
    typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : -1,
  );

export const toEventData = (event: NewEvent) =>
  esdbLibrary().jsonEvent({
    id: event.id,
    type: event.type,
    data: (event.data ?? null) as JSONType,
    metadata: {
      ...event.metadata,
      $correlationId: event.metadata.correlationId,
      $causationId: event.metadata.causationId,
    },
  });

export type EarlierAppend =
  | { readonly stored: 'none' }
  | { readonly stored: 'some' }
  | { readonly stored: 'all'; readonly result: AppendResult };

/** Which of the events a stream already holds, and the result of their append when it holds all. */
export function findEarlierAppend(
  stream: readonly StoredEvent[],
  events: readonly NewEvent[],
): EarlierAppend {
  const byId = new Map(stream.map((event) => [event.id.toLowerCase(), event]));
  const found = events.map((event) => byId.get(event.id.toLowerCase()));
  if (found.every((event) => event === undefined)) return { stored: 'none' };
  if (found.some((event) => event === undefined)) return { stored: 'some' };
  const last = (found as StoredEvent[]).reduce((a, b) => (b.position > a.position ? b : a));
  return { stored: 'all', result: { nextRevision: last.revision, position: last.position } };
}

/** Errors after which a subscription is worth retrying; anything else (access, arguments) ends it. */
let fatal: ReadonlySet<unknown> | undefined;
const fatalErrors = (): ReadonlySet<unknown> => {
  const { ErrorType } = esdbLibrary();
  return (fatal ??= new Set<unknown>([
    ErrorType.ACCESS_DENIED,
    ErrorType.INVALID_ARGUMENT,
    ErrorType.STREAM_DELETED,
    ErrorType.UNSUPPORTED,
    ErrorType.MISSING_REQUIRED_METADATA_PROPERTY,
  ]));
};
export const isTransient = (error: unknown): boolean =>
  !fatalErrors().has((error as { type?: unknown } | null)?.type);

export const resubscribeDelay = (attempt: number, { min, max }: { min: number; max: number }): number =>
  Math.min(max, min * 2 ** Math.min(attempt, 30));
