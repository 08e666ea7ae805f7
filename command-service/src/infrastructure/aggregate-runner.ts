import { UnprocessableEntityException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  notFound,
  parseStreamName,
  scenarioDecider,
  scenarioRecordsStream,
  scenarioStreamName,
  streamName,
  withSchemaVersion,
} from '@fahrplan/contracts';
import type {
  Category,
  CommandResult,
  DecisionContext,
  Decider,
  DomainEvent,
  EventMetadata,
  StoredEvent,
} from '@fahrplan/contracts';
import {
  IdAllocator,
  WrongExpectedRevisionError,
  eventIdsFor,
  eventMetadata,
  nameBasedUuid,
} from '@fahrplan/platform';
import type { AppendResult, EventStore, ExpectedRevision } from '@fahrplan/platform';
import { KeptFolds } from './kept-folds';

/** Who runs a command, and how it can be retried safely. */
export interface CommandEnvelope {
  readonly tenant: string;
  readonly user: string;
  readonly commandType: string;
  readonly idempotencyKey?: string;
  /** A digest of the command's type and data: a key reused with another request is refused. */
  readonly requestFingerprint?: string;
  readonly correlationId?: string;
  readonly source?: string;
  /** X-Fahrplan-Scenario: decide on the scenario's view and store in its own streams (issue 22). */
  readonly scenario?: number;
}

/** What every decision knows: who decides, when, and the id of the record (the new id when creating). */
export interface BaseContext extends DecisionContext {
  readonly newId: number;
}

export interface NewId {
  readonly id: number;
  /** The stream that records which id this idempotency key created, when it still has to be written. */
  readonly claim?: string;
}

/** What `run` needs to name record `id` of `category`: its stream, its id, the claim of a new id. */
export const recordOf = (category: Category, { id, claim }: NewId) => ({
  stream: streamName(category, id),
  id,
  ...(claim ? { claim } : {}),
  what: category,
});

export interface Loaded<S> {
  readonly state: S;
  readonly expected: ExpectedRevision;
  readonly events: readonly StoredEvent[];
  /** Where the events are appended: the record's stream, or the scenario's stream of it. */
  readonly target: string;
  /** In a scenario: the live stream's events, which count in the record's version before the scenario's. */
  readonly live: number;
  /** In a scenario: the live revision the decision saw (none for a record the scenario created). */
  readonly base?: number;
}

/** A step of a flow over several streams: events under ids of the flow's choosing, on one stream. */
export interface FlowStep {
  readonly stream: string;
  readonly events: readonly { readonly id: string; readonly type: string; readonly data: unknown }[];
  /** The revision the decision saw: the step's events come right after it. */
  readonly expected: ExpectedRevision;
  /** In a scenario: the live revision of the record the decision saw (the events' `base`). */
  readonly base?: number;
}

const MAX_ATTEMPTS = 3;

/**
 * Thin command handling (STYLE 6): load the stream, fold `evolve`, run the pure `decide`, append with
 * the expected revision. A race between load and append re-runs the decision.
 */
export class AggregateRunner {
  private readonly kept = new KeptFolds((reads) => this.store.readStreams(reads));

  constructor(
    private readonly store: EventStore,
    private readonly ids: IdAllocator,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Folds a stream of the tenant; a stream of another tenant is reported as not found. */
  async load<S, E extends DomainEvent>(
    stream: string,
    decider: Pick<Decider<unknown, S, E, unknown>, 'initialState' | 'evolve'>,
    tenant: string,
    what: string,
  ): Promise<Loaded<S>> {
    const events = await this.store.readStream(stream);
    if (events.length > 0 && events[0]!.metadata.tenant !== tenant) throw notFound(what);
    const state = events.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState);
    const last = events.at(-1);
    return { state, expected: last ? last.revision : 'no_stream', events, target: stream, live: 0 };
  }

  /** `load`'s state and revision, folded on from the state a former call kept (`KeptFolds`). */
  loadState<S, E extends DomainEvent>(
    stream: string,
    decider: Pick<Decider<unknown, S, E, unknown>, 'initialState' | 'evolve'>,
    tenant: string,
    what: string,
  ): Promise<Pick<Loaded<S>, 'state' | 'expected'>> {
    return this.kept.load(stream, decider, tenant, what);
  }

  /** `loadState` of many streams in one read of the store; null for a stream of another tenant. */
  loadStates<S, E extends DomainEvent>(
    streams: readonly string[],
    decider: Pick<Decider<unknown, S, E, unknown>, 'initialState' | 'evolve'>,
    tenant: string,
  ): Promise<(Pick<Loaded<S>, 'state' | 'expected'> | null)[]> {
    return this.kept.loadMany(streams, decider, tenant);
  }

  /**
   * The record as scenario `scenario` sees it: its live stream, then the scenario's own events of it on
   * top (docs/design/scenarios.md). The scenario must be the tenant's and open.
   */
  async loadInScenario<S, E extends DomainEvent>(
    stream: string,
    decider: Pick<Decider<unknown, S, E, unknown>, 'initialState' | 'evolve'>,
    tenant: string,
    what: string,
    scenario: number,
  ): Promise<Loaded<S>> {
    const open = await this.load(streamName('scenario', scenario), scenarioDecider, tenant, 'scenario');
    if (open.state.status !== 'open') throw notFound('scenario');
    const live = await this.load(stream, decider, tenant, what);
    const target = scenarioStreamName(scenario, stream);
    const events = await this.store.readStream(target);
    const state = events.reduce((s, e) => decider.evolve(s, e as unknown as E), live.state);
    const last = events.at(-1);
    return {
      state,
      expected: last ? last.revision : 'no_stream',
      events,
      target,
      live: live.events.length,
      ...(live.expected === 'no_stream' ? {} : { base: live.expected as number }),
    };
  }

  /** A fresh id for a record that lives inside another stream (a role in its tenant's stream). */
  allocateId(): Promise<number> {
    return this.ids.allocate();
  }

  /**
   * The id of a record a command creates. With an idempotency key the id is claimed once for that key
   * (the claim is written by `run`, only when the command's events are), so a retried creation targets
   * the same stream and its retry is recognised there.
   */
  async newId(envelope: CommandEnvelope): Promise<NewId> {
    if (!envelope.idempotencyKey) return { id: await this.ids.allocate() };
    const claim = claimStream(envelope);
    const claimed = await this.readClaim(claim, envelope);
    if (claimed) return { id: claimed.id };
    return { id: await this.ids.allocate(), claim };
  }

  /**
   * What the key's first request claimed: the record it changed and its fingerprint. A key reused
   * with a different request is refused with 422 (as the IETF Idempotency-Key draft says), rather
   * than answered as the first request and its data dropped.
   */
  private async readClaim(claim: string, envelope: CommandEnvelope): Promise<Claim | undefined> {
    const [claimed] = await this.store.readStream(claim);
    const data = claimed?.data as Claim | undefined;
    if (
      data?.fingerprint !== undefined &&
      envelope.requestFingerprint !== undefined &&
      data.fingerprint !== envelope.requestFingerprint
    )
      throw new UnprocessableEntityException('idempotency key reused with a different request');
    return data;
  }

  /** Writes the claim; when a concurrent run of the same request claimed first, the id it claimed. */
  private async writeClaim(
    claim: string,
    id: number,
    envelope: CommandEnvelope,
    now: string,
  ): Promise<number> {
    const metadata = this.metadata(envelope, randomUUID(), now);
    const fingerprint = envelope.requestFingerprint;
    try {
      await this.store.append(
        claim,
        [
          {
            id: randomUUID(),
            type: 'IdClaimed',
            data: { id, ...(fingerprint ? { fingerprint } : {}) },
            metadata,
          },
        ],
        'no_stream',
      );
      return id;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      const winner = (await this.readClaim(claim, envelope))?.id;
      if (winner === undefined) throw error;
      return winner;
    }
  }

  async run<C, S, E extends DomainEvent, X>(options: {
    readonly stream: string;
    readonly id: number;
    /** The idempotency claim to write with the first events of a new record (see `newId`). */
    readonly claim?: string;
    readonly what: string;
    /** The stream holds many records (a tenant's dependency graph), not only record `id`. */
    readonly manyRecords?: boolean;
    readonly decider: Decider<C, S, E, X>;
    readonly command: C;
    readonly envelope: CommandEnvelope;
    /** The facts the decider needs beyond the stream, given who decides, when, and the record's id. */
    readonly context: (state: S, base: BaseContext) => Promise<X> | X;
  }): Promise<CommandResult> {
    const { stream, id, what, decider, command, envelope } = options;
    // a keyed change of an existing record claims its key as a creation does, with its fingerprint
    let claim = options.claim;
    if (envelope.idempotencyKey && !claim) {
      const key = claimStream(envelope);
      if (!(await this.readClaim(key, envelope))) claim = key;
    }
    for (let attempt = 1; ; attempt++) {
      const loaded =
        envelope.scenario === undefined
          ? await this.load(stream, decider, envelope.tenant, what)
          : await this.loadInScenario(stream, decider, envelope.tenant, what, envelope.scenario);
      const earlier = this.earlierResult(loaded.events, envelope, id);
      if (earlier) return { ...earlier, version: loaded.live + earlier.version };
      const now = this.now().toISOString();
      const events = decider.decide(
        command,
        loaded.state,
        await options.context(loaded.state, { tenant: envelope.tenant, user: envelope.user, now, newId: id }),
      );
      const last = loaded.events.at(-1);
      if (events.length === 0)
        return { id, version: loaded.live + (last?.revision ?? -1), position: last?.position ?? 0 };
      const ids = eventIdsFor(events.length, envelope.idempotencyKey, scopeOf(envelope));
      const decided = this.metadata(envelope, envelope.correlationId ?? randomUUID(), now);
      const metadata = loaded.base === undefined ? decided : { ...decided, base: loaded.base };
      if (claim && (!options.claim || loaded.expected === 'no_stream')) {
        const claimed = await this.writeClaim(claim, id, envelope, now);
        claim = undefined;
        // a concurrent run of the same request won the claim: finish on its record, where the retry
        // is recognised (or, if its events are not stored yet, the expected revision decides)
        if (claimed !== id) {
          const { category } = parseStreamName(stream);
          const winner = options.manyRecords ? stream : streamName(category as Category, claimed);
          return this.run({ ...options, id: claimed, stream: winner, claim: undefined });
        }
      }
      // the record's first change in the scenario is noted first: a note of a change refused after
      // it names a record with no change, which a reader skips
      if (envelope.scenario !== undefined && loaded.expected === 'no_stream')
        await this.noteInScenario(envelope.scenario, stream, envelope);
      try {
        const result = await this.store.append(
          loaded.target,
          events.map((event, i) => ({
            id: ids[i]!,
            type: event.type,
            data: event.data,
            metadata: withSchemaVersion(metadata, event.type),
          })),
          loaded.expected,
        );
        return { id, version: loaded.live + result.nextRevision, position: result.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * One step of a flow over several streams (a reschedule): appends `events` under the given ids with
   * the envelope's metadata, correlated by `correlationId`.
   */
  async appendStep(
    stream: string,
    events: FlowStep['events'],
    expected: ExpectedRevision,
    envelope: CommandEnvelope,
    correlationId: string,
    /** In a scenario: the live revision of the record the decision saw. */
    base?: number,
  ): Promise<AppendResult> {
    const [outcome] = await this.appendSteps([{ stream, events, expected, base }], envelope, correlationId);
    if (outcome!.status === 'rejected') throw outcome!.reason;
    return outcome!.value;
  }

  /**
   * Steps of a flow on many streams at once (a reschedule's items, a publish's records), each checked
   * on its own (`EventStore.appendMany`), with the envelope's metadata, correlated by `correlationId`.
   */
  appendSteps(
    steps: readonly FlowStep[],
    envelope: CommandEnvelope,
    correlationId: string,
  ): Promise<PromiseSettledResult<AppendResult>[]> {
    const decided = this.metadata(envelope, correlationId, this.now().toISOString());
    return this.store.appendMany(
      steps.map(({ stream, events, expected, base }) => {
        const metadata = base === undefined ? decided : { ...decided, base };
        return {
          streamId: stream,
          events: events.map((event) => ({ ...event, metadata: withSchemaVersion(metadata, event.type) })),
          expected,
        };
      }),
    );
  }

  /** The events of a stream, for a flow's step that must know what an earlier attempt wrote. */
  read(stream: string, fromRevision?: number, maxCount?: number): Promise<StoredEvent[]> {
    return this.store.readStream(stream, fromRevision, maxCount);
  }

  /** Notes that scenario `scenario` changes the record of live stream `live` (once: the note's id is derived). */
  async noteInScenario(scenario: number, live: string, envelope: CommandEnvelope): Promise<void> {
    const metadata = this.metadata(envelope, randomUUID(), this.now().toISOString());
    await this.store.append(
      scenarioRecordsStream(scenario),
      [
        {
          id: nameBasedUuid(scenarioStreamName(scenario, live)),
          type: 'ScenarioRecordNoted',
          data: { stream: live },
          metadata: withSchemaVersion(metadata, 'ScenarioRecordNoted'),
        },
      ],
      'any',
    );
  }

  /** The live streams of the records scenario `scenario` changed, in the order it first changed them. */
  scenarioRecords(scenario: number): Promise<string[]> {
    return scenarioRecords(this.store, scenario);
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
    return eventMetadata({
      tenant: envelope.tenant,
      user: envelope.user,
      timestamp: now,
      correlationId,
      ...(envelope.idempotencyKey ? { causationId: envelope.idempotencyKey } : {}),
      command: envelope.commandType,
      ...(envelope.source ? { source: envelope.source } : {}),
    });
  }
}

/** The live streams of the records scenario `scenario` changed (its `scenarioRecords` notes). */
export const scenarioRecords = async (store: EventStore, scenario: number): Promise<string[]> => {
  const notes = await store.readStream(scenarioRecordsStream(scenario));
  return [...new Set(notes.map((note) => (note.data as { stream: string }).stream))];
};

const scopeOf = (envelope: CommandEnvelope) =>
  `${envelope.tenant}\u0000${envelope.user}\u0000${envelope.commandType}`;

/** The stream that records what an idempotency key was first used for. */
const claimStream = (envelope: CommandEnvelope) =>
  streamName('idempotency', nameBasedUuid(`${scopeOf(envelope)}\u0000${envelope.idempotencyKey}`));

interface Claim {
  readonly id: number;
  /** Missing in claims written before fingerprints were recorded. */
  readonly fingerprint?: string;
}
