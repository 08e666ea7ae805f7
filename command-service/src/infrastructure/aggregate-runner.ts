import { randomUUID } from 'node:crypto';
import { notFound, streamName } from '@fahrplan/contracts';
import type { CommandResult, DomainEvent, EventMetadata, StoredEvent } from '@fahrplan/contracts';
import { IdAllocator, WrongExpectedRevisionError, eventIdsFor, nameBasedUuid } from '@fahrplan/platform';
import type { EventStore, ExpectedRevision } from '@fahrplan/platform';

export interface Decider<C, S, E extends DomainEvent, X> {
  readonly initial: S;
  readonly evolve: (state: S, event: E) => S;
  readonly decide: (command: C, state: S, context: X) => E[];
}

/** Who runs a command, and how it can be retried safely. */
export interface CommandEnvelope {
  readonly tenant: string;
  readonly user: string;
  readonly commandType: string;
  readonly idempotencyKey?: string;
  readonly correlationId?: string;
  readonly source?: string;
}

export interface Loaded<S> {
  readonly state: S;
  readonly expected: ExpectedRevision;
  readonly events: readonly StoredEvent[];
}

const MAX_ATTEMPTS = 3;

/**
 * Thin command handling (STYLE 6): load the stream, fold `evolve`, run the pure `decide`, append with
 * the expected revision. A race between load and append re-runs the decision.
 */
export class AggregateRunner {
  constructor(
    private readonly store: EventStore,
    private readonly ids: IdAllocator,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Folds a stream of the tenant; a stream of another tenant is reported as not found. */
  async load<S, E extends DomainEvent>(
    stream: string,
    decider: Pick<Decider<unknown, S, E, unknown>, 'initial' | 'evolve'>,
    tenant: string,
    what: string,
  ): Promise<Loaded<S>> {
    const events = await this.store.readStream(stream);
    if (events.length > 0 && events[0]!.metadata.tenant !== tenant) throw notFound(what);
    const state = events.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initial);
    const last = events.at(-1);
    return { state, expected: last ? last.revision : 'no_stream', events };
  }

  /**
   * The id of a record a command creates. With an idempotency key the id is claimed once for that key,
   * so a retried creation targets the same stream and its retry is recognised there.
   */
  async newId(envelope: CommandEnvelope): Promise<number> {
    if (!envelope.idempotencyKey) return this.ids.allocate();
    const claim = streamName(
      'idempotency',
      nameBasedUuid(`${scopeOf(envelope)}\u0000${envelope.idempotencyKey}`),
    );
    for (;;) {
      const [claimed] = await this.store.readStream(claim);
      if (claimed) return (claimed.data as { id: number }).id;
      const id = await this.ids.allocate();
      try {
        await this.store.append(
          claim,
          [
            {
              id: randomUUID(),
              type: 'IdClaimed',
              data: { id },
              metadata: this.metadata(envelope, randomUUID(), this.now().toISOString()),
            },
          ],
          'no_stream',
        );
        return id;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  }

  async run<C, S, E extends DomainEvent, X>(options: {
    readonly stream: string;
    readonly id: number;
    readonly what: string;
    readonly decider: Decider<C, S, E, X>;
    readonly command: C;
    readonly envelope: CommandEnvelope;
    readonly context: (state: S, now: string) => Promise<X> | X;
  }): Promise<CommandResult> {
    const { stream, id, what, decider, command, envelope } = options;
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.load(stream, decider, envelope.tenant, what);
      const earlier = this.earlierResult(loaded.events, envelope, id);
      if (earlier) return earlier;
      const now = this.now().toISOString();
      const events = decider.decide(command, loaded.state, await options.context(loaded.state, now));
      const last = loaded.events.at(-1);
      if (events.length === 0) return { id, version: last?.revision ?? -1, position: last?.position ?? 0 };
      const ids = eventIdsFor(events.length, envelope.idempotencyKey, scopeOf(envelope));
      const metadata = this.metadata(envelope, envelope.correlationId ?? randomUUID(), now);
      try {
        const result = await this.store.append(
          stream,
          events.map((event, i) => ({ id: ids[i]!, type: event.type, data: event.data, metadata })),
          loaded.expected,
        );
        return { id, version: result.nextRevision, position: result.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /** A retry after a lost answer: the command's events are in the stream already, so answer as before. */
  private earlierResult(
    events: readonly StoredEvent[],
    envelope: CommandEnvelope,
    id: number,
  ): CommandResult | null {
    if (!envelope.idempotencyKey) return null;
    const ids = eventIdsFor(events.length, envelope.idempotencyKey, scopeOf(envelope));
    const start = events.findIndex((e) => e.id === ids[0]);
    if (start < 0) return null;
    let last = events[start]!;
    for (let i = start + 1, n = 1; i < events.length && events[i]!.id === ids[n]; i++, n++) last = events[i]!;
    return { id, version: last.revision, position: last.position };
  }

  private metadata(envelope: CommandEnvelope, correlationId: string, now: string): EventMetadata {
    return {
      tenant: envelope.tenant,
      user: envelope.user,
      correlationId,
      causationId: envelope.idempotencyKey ?? correlationId,
      timestamp: now,
      schemaVersion: 1,
      command: envelope.commandType,
      ...(envelope.source ? { source: envelope.source } : {}),
    };
  }
}

const scopeOf = (envelope: CommandEnvelope) =>
  `${envelope.tenant}\u0000${envelope.user}\u0000${envelope.commandType}`;
