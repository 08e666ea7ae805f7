import { notFound } from '@fahrplan/contracts';
import type { Decider, DomainEvent, StoredEvent } from '@fahrplan/contracts';
import type { ExpectedRevision } from '@fahrplan/platform';

/** What folding a stream takes of a decider. */
export type Fold<S, E extends DomainEvent> = Pick<Decider<unknown, S, E, unknown>, 'initialState' | 'evolve'>;

/** A stream's state after `revision`, and the tenant whose stream it is. */
interface Kept {
  readonly tenant: string;
  readonly revision: number;
  readonly state: unknown;
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

  constructor(private readonly read: (stream: string, fromRevision: number) => Promise<StoredEvent[]>) {}

  /** The state of `stream` and the revision to expect; a stream of another tenant is reported as not found. */
  async load<S, E extends DomainEvent>(
    stream: string,
    decider: Fold<S, E>,
    tenant: string,
    what: string,
  ): Promise<{ readonly state: S; readonly expected: ExpectedRevision }> {
    let kept = this.byDecider.get(decider);
    if (!kept) this.byDecider.set(decider, (kept = new Map()));
    const from = kept.get(stream);
    const events = await this.read(stream, from ? from.revision + 1 : 0);
    const owner = from?.tenant ?? events[0]?.metadata.tenant;
    if (owner !== undefined && owner !== tenant) throw notFound(what);
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
  }
}
