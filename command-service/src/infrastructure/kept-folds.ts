import { notFound } from '@fahrplan/contracts';
import type { Decider, DomainEvent, StoredEvent } from '@fahrplan/contracts';
import type { ExpectedRevision, StreamRead } from '@fahrplan/platform';

/** What folding a stream takes of a decider. */
export type Fold<S, E extends DomainEvent> = Pick<Decider<unknown, S, E, unknown>, 'initialState' | 'evolve'>;

/** A stream's state after `revision`, and the tenant whose stream it is. */
interface Kept {
  readonly tenant: string;
  readonly revision: number;
  readonly state: unknown;
}

/** A stream's state as a decision sees it, and the revision its append must expect. */
export interface KeptState<S> {
  readonly state: S;
  readonly expected: ExpectedRevision;
}

/** Streams kept per decider: a reschedule reads at most 5,000 items (`maxScheduledItems`), some decisions at once. */
const KEPT = 20_000;

/**
 * Folded streams kept between decisions, so that a decision reading many streams (a reschedule's
 * thousand items, docs/design/scheduling.md) reads and folds only the events appended since the
 * last one. The store is asked every time, so the revision answered is always the stream's own and
 * an append expecting it is checked as after a full load; deciders are pure, so a kept state is the
 * fold of the events up to its revision. The oldest kept stream is forgotten first.
 */
export class KeptFolds {
  private readonly byDecider = new WeakMap<object, Map<string, Kept>>();

  constructor(private readonly read: (reads: readonly StreamRead[]) => Promise<StoredEvent[][]>) {}

  /** The state of `stream` and the revision to expect; a stream of another tenant is reported as not found. */
  async load<S, E extends DomainEvent>(
    stream: string,
    decider: Fold<S, E>,
    tenant: string,
    what: string,
  ): Promise<KeptState<S>> {
    const [loaded] = await this.loadMany([stream], decider, tenant);
    if (!loaded) throw notFound(what);
    return loaded;
  }

  /**
   * `load` of many streams with one read of the store (`EventStore.readStreams`): each stream's state
   * and revision in the order asked, null for a stream of another tenant.
   */
  async loadMany<S, E extends DomainEvent>(
    streams: readonly string[],
    decider: Fold<S, E>,
    tenant: string,
  ): Promise<(KeptState<S> | null)[]> {
    let kept = this.byDecider.get(decider);
    if (!kept) this.byDecider.set(decider, (kept = new Map()));
    const from = streams.map((stream) => kept.get(stream));
    const read = await this.read(
      streams.map((streamId, i) => ({ streamId, fromRevision: from[i] ? from[i].revision + 1 : 0 })),
    );
    return streams.map((stream, i) => foldOn(kept, stream, decider, tenant, from[i], read[i]!));
  }
}

/** The state and revision of a stream: `from` kept, with `events` (those after it) folded on and kept. */
const foldOn = <S, E extends DomainEvent>(
  kept: Map<string, Kept>,
  stream: string,
  decider: Fold<S, E>,
  tenant: string,
  from: Kept | undefined,
  events: readonly StoredEvent[],
): KeptState<S> | null => {
  const owner = from?.tenant ?? events[0]?.metadata.tenant;
  if (owner !== undefined && owner !== tenant) return null;
  const last = events.at(-1);
  if (!last || owner === undefined)
    return from
      ? { state: from.state as S, expected: from.revision }
      : { state: decider.initialState, expected: 'no_stream' };
  const state = events.reduce(
    (s, e) => decider.evolve(s, e as unknown as E),
    from ? (from.state as S) : decider.initialState,
  );
  kept.delete(stream);
  kept.set(stream, { tenant: owner, revision: last.revision, state });
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return { state, expected: last.revision };
};
