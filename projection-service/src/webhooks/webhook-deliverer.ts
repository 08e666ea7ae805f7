import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  notFound,
  planningEventEnvelope,
  publishedCategories,
  streamName,
  webhookDecider,
  webhookTestEventType,
  webhookWants,
} from '@fahrplan/contracts';
import type { StoredEvent, WebhookEvent, WebhookState, WebhookTestResult } from '@fahrplan/contracts';
import {
  WrongExpectedRevisionError,
  eventMetadata,
  webhookAddressRefusal,
  webhookSecretPurpose,
} from '@fahrplan/platform';
import type {
  AddressGuard,
  EventStore,
  SecretBox,
  Subscription,
  WebhookPrivateHosts,
} from '@fahrplan/platform';
import { isTombstone } from '../read-store/read-store';
import type { DocumentWrite, ReadDocument, ReadStore } from '../read-store/read-store';
import { BatchedWrites } from './batched-writes';
import { sendWebhook } from './webhook-sender';
import type { SendOutcome } from './webhook-sender';

/** The retry schedule, the limits of one request and the pace of the deliverer (tests make them fast). */
export interface WebhookDeliveryOptions {
  /** The wait before the first retry; each further one doubles it (default 10 s). */
  readonly retryBaseMs?: number;
  /** The longest wait between two attempts (default 1 h). */
  readonly retryMaxMs?: number;
  /** How long a delivery is retried before its webhook is paused (default 24 h). */
  readonly giveUpAfterMs?: number;
  /** Failed attempts in a row, over all of a webhook's aggregates, that pause it (default 100). */
  readonly maxConsecutiveFailures?: number;
  /** One request, answer included (default 10 s). */
  readonly timeoutMs?: number;
  /** The most of an answer read (default 4 KB). */
  readonly maxResponseBytes?: number;
  /** How often due retries are looked for (default 1 s); new events are sent at once. */
  readonly pollMs?: number;
  /** Aggregates of one webhook delivered at the same time (default 4). */
  readonly concurrency?: number;
  /**
   * How long finished attempts wait to be recorded together, in one write of the read store (default 0:
   * those that finish in the same turn of the event loop; a longer wait delays each aggregate's next).
   */
  readonly recordMs?: number;
  readonly clock?: () => Date;
  /** The jitter's source, in [0, 1). */
  readonly random?: () => number;
}

export interface WebhookDelivererParts {
  readonly store: EventStore;
  readonly readStore: ReadStore;
  readonly secrets: SecretBox;
  readonly privateHosts: WebhookPrivateHosts;
  readonly guard: AddressGuard;
  readonly options?: WebhookDeliveryOptions;
}

const COLLECTION = 'webhookDeliveries';
/** Per webhook, its failed attempts in a row (by `_id`, the webhook's key): a restart counts on from there. */
const FAILURES = 'webhookFailures';
const CHECKPOINT = 'webhook-deliverer';
const PENDING_READ = 200;

/** What the deliverer keeps of one webhook, folded from its stream. */
interface Hook {
  readonly tenant: string;
  state: WebhookState;
  /** The position of its creation: earlier events are not its. */
  readonly since: number;
  /** Failed attempts in a row; a success ends the row. */
  failures: number;
  /** When it was last resumed after a pause: retries count from then. */
  resumedAt: number;
  /** The position of the save that last resumed it (0: never): a count of failures before it is over. */
  resumedBy: number;
  /** Paused here, before its WebhookPaused comes back through the log. */
  pausing: boolean;
}

const keyOf = (tenant: string, id: number) => `${tenant}\u0000${id}`;
const isWebhookEvent = (event: StoredEvent) => event.streamId.startsWith('webhook-');

/**
 * Delivers the published planning events to webhooks, beside the commands and never in their way: it
 * reads the event log from its own checkpoint, queues a delivery per event and interested webhook
 * (moving the checkpoint with them), and sends each aggregate's deliveries in log order, one at a time,
 * so that a failing delivery holds back the later events of its aggregate and no other. Failures are
 * retried with exponential backoff and jitter; a webhook whose delivery fails for `giveUpAfterMs`, or
 * that fails `maxConsecutiveFailures` times in a row, is paused (WebhookPaused) until an administrator
 * activates it again, and then resumes where it stopped. At least once: a crash after a POST and
 * before its record sends it again, under the same `webhook-id`.
 */
export class WebhookDeliverer {
  private readonly logger = new Logger('webhooks');
  private readonly options: Required<Omit<WebhookDeliveryOptions, 'clock' | 'random'>>;
  private readonly clock: () => Date;
  private readonly random: () => number;
  private readonly hooks = new Map<string, Hook>();
  /** Deliveries being sent: `<webhook key>|<aggregate>`, so an aggregate has one in flight at most. */
  private readonly inFlight = new Set<string>();
  private readonly sending = new Set<Promise<void>>();
  private foldedTo = 0;
  private sequence = 0;
  private subscription: Subscription | undefined;
  private following: Promise<void> | undefined;
  private dispatching: Promise<void> | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;
  /** Finished attempts, written together once `recordMs` has passed. */
  private readonly recorder: BatchedWrites;

  constructor(private readonly parts: WebhookDelivererParts) {
    const given = parts.options ?? {};
    this.options = {
      retryBaseMs: given.retryBaseMs ?? 10_000,
      retryMaxMs: given.retryMaxMs ?? 3_600_000,
      giveUpAfterMs: given.giveUpAfterMs ?? 24 * 3_600_000,
      maxConsecutiveFailures: given.maxConsecutiveFailures ?? 100,
      timeoutMs: given.timeoutMs ?? 10_000,
      maxResponseBytes: given.maxResponseBytes ?? 4096,
      pollMs: given.pollMs ?? 1000,
      concurrency: given.concurrency ?? 4,
      recordMs: given.recordMs ?? 0,
    };
    this.recorder = new BatchedWrites(parts.readStore, this.options.recordMs);
    this.clock = given.clock ?? (() => new Date());
    this.random = given.random ?? Math.random;
  }

  /** Folds every webhook, then follows the log from the checkpoint and sends what is due. */
  async start(): Promise<void> {
    if (this.following) throw new Error('the webhook deliverer is running already');
    this.stopping = false;
    for (let after = 0; ;) {
      const page = await this.parts.store.readAll({ after, maxCount: 1000, categories: ['webhook'] });
      if (page.length === 0) break;
      for (const event of page) this.fold(event);
      after = page.at(-1)!.position;
    }
    await this.loadFailures();
    const checkpoint = await this.parts.readStore.checkpoint(CHECKPOINT);
    // no webhook gets an event from before its creation: without any, the log so far is nobody's
    const live = [...this.hooks.values()].some((hook) => hook.state.status === 'active');
    this.following = this.follow(
      live ? checkpoint : Math.max(checkpoint, await this.parts.store.headPosition()),
    );
    this.dispatching = this.dispatchLoop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.subscription?.close();
    await this.following;
    await this.dispatching;
    await Promise.all([...this.sending]);
    this.following = undefined;
    this.dispatching = undefined;
  }

  /** Sends a `webhook.test` ping to webhook `id` of `tenant` now, records it in the log and answers how it went. */
  async test(tenant: string, id: number): Promise<WebhookTestResult> {
    const events = await this.parts.store.readStream(streamName('webhook', id));
    if (events.some((event) => event.metadata.tenant !== tenant)) throw notFound('webhook');
    const state = events.reduce(
      (folded, event) => webhookDecider.evolve(folded, event as unknown as WebhookEvent),
      webhookDecider.initialState,
    );
    if (state.status !== 'active') throw notFound('webhook');
    const at = this.clock();
    const eventId = randomUUID();
    const body = JSON.stringify({
      id: eventId,
      type: webhookTestEventType,
      tenant,
      occurredAt: at.toISOString(),
      data: { webhook: id },
    });
    const outcome = await this.send(tenant, state, eventId, body, at);
    await this.parts.readStore.put(COLLECTION, {
      _id: `${keyOf(tenant, id)}\u0000${eventId}`,
      _position: this.nextSequence(),
      tenant,
      webhook: id,
      eventId,
      eventType: webhookTestEventType,
      aggregate: `webhook-${id}`,
      position: 0,
      order: this.nextSequence(),
      status: outcome.ok ? 'delivered' : 'failed',
      attempts: 1,
      ...this.attemptFields(outcome, at),
      nextAttemptAt: null,
    });
    return {
      ok: outcome.ok,
      statusCode: outcome.statusCode,
      error: outcome.error,
      latencyMs: outcome.latencyMs,
    };
  }

  /** A number that grows with every write of a delivery (the store's condition) and every queued one. */
  private nextSequence(): number {
    this.sequence = Math.max(this.sequence + 1, Date.now() * 1000);
    return this.sequence;
  }

  private fold(event: StoredEvent): void {
    if (event.position <= this.foldedTo) return;
    this.foldedTo = event.position;
    const { id } = event.data as { id: number };
    const key = keyOf(event.metadata.tenant, id);
    const hook = this.hooks.get(key) ?? {
      tenant: event.metadata.tenant,
      state: webhookDecider.initialState,
      since: event.position,
      failures: 0,
      resumedAt: 0,
      resumedBy: 0,
      pausing: false,
    };
    const wasPaused = hook.state.status === 'active' && (hook.state.paused !== null || hook.pausing);
    hook.state = webhookDecider.evolve(hook.state, event as unknown as WebhookEvent);
    if (event.type === 'WebhookPaused') hook.pausing = false;
    if (event.type === 'WebhookSaved' && hook.state.status === 'active' && hook.state.active && wasPaused) {
      // activated again: retries start afresh, from where the deliveries stopped
      hook.failures = 0;
      hook.pausing = false;
      hook.resumedAt = this.clock().getTime();
      hook.resumedBy = event.position;
    }
    this.hooks.set(key, hook);
    this.wake?.();
  }

  private async follow(after: number): Promise<void> {
    while (!this.stopping) {
      const subscription = this.parts.store.subscribe({
        after,
        categories: [...publishedCategories, 'webhook'],
      });
      this.subscription = subscription;
      if (this.stopping) await subscription.close();
      try {
        for (;;) {
          const batch = await subscription.nextBatch(500);
          if (batch.length === 0) break;
          await this.queue(batch);
          after = batch.at(-1)!.position;
        }
      } catch (error) {
        if (this.stopping) break;
        this.logger.error(`reading the log failed: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, this.options.pollMs).unref());
      } finally {
        await subscription.close();
      }
    }
  }

  /** Queues a delivery per event and interested webhook, and moves the checkpoint with them. */
  private async queue(batch: readonly StoredEvent[]): Promise<void> {
    const writes: DocumentWrite[] = [];
    const now = this.clock().getTime();
    for (const event of batch) {
      if (isWebhookEvent(event)) {
        this.fold(event);
        continue;
      }
      const envelope = planningEventEnvelope(event);
      if (!envelope) continue;
      for (const hook of this.hooks.values()) {
        const { state } = hook;
        if (hook.tenant !== envelope.tenant || state.status !== 'active' || !state.active) continue;
        if (
          hook.since >= event.position ||
          !webhookWants(state.events, envelope.type, envelope.aggregateType)
        )
          continue;
        const order = this.nextSequence();
        writes.push({
          collection: COLLECTION,
          id: `${keyOf(hook.tenant, state.id)}\u0000${envelope.id}`,
          position: order,
          document: {
            tenant: hook.tenant,
            webhook: state.id,
            eventId: envelope.id,
            eventType: envelope.type,
            aggregate: `${envelope.aggregateType}-${envelope.aggregateId}`,
            position: envelope.position,
            order,
            status: 'pending',
            attempts: 0,
            statusCode: null,
            lastError: null,
            latencyMs: null,
            lastAttemptAt: null,
            nextAttemptAt: now,
            failingSince: null,
            body: JSON.stringify(envelope),
          },
        });
      }
    }
    await this.parts.readStore.write(writes, { name: CHECKPOINT, position: batch.at(-1)!.position });
    if (writes.length > 0) this.wake?.();
  }

  private async dispatchLoop(): Promise<void> {
    while (!this.stopping) {
      try {
        for (const [key, hook] of this.hooks) await this.dispatch(key, hook);
      } catch (error) {
        this.logger.error(`dispatching failed: ${(error as Error).message}`);
      }
      if (this.stopping) break;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, this.options.pollMs).unref();
      });
    }
  }

  /** Starts the due head delivery of each of the webhook's aggregates, up to `concurrency` at a time. */
  private async dispatch(key: string, hook: Hook): Promise<void> {
    const { state } = hook;
    if (state.status !== 'active' || !state.active || state.paused !== null || hook.pausing) return;
    const pending = await this.parts.readStore.find(
      COLLECTION,
      { tenant: hook.tenant, webhook: state.id, status: 'pending' },
      { sort: { position: 1 }, limit: PENDING_READ },
    );
    const heads = new Map<string, ReadDocument>();
    for (const doc of pending)
      if (!heads.has(doc.aggregate as string)) heads.set(doc.aggregate as string, doc);
    const now = this.clock().getTime();
    let running = [...this.inFlight].filter((flight) => flight.startsWith(`${key}|`)).length;
    for (const [aggregate, doc] of heads) {
      if (running >= this.options.concurrency) break;
      const flight = `${key}|${aggregate}`;
      if (this.inFlight.has(flight)) continue;
      const lastAttempt = doc.lastAttemptAt ? Date.parse(doc.lastAttemptAt as string) : 0;
      if ((doc.nextAttemptAt as number) > now && lastAttempt >= hook.resumedAt) continue;
      running += 1;
      this.inFlight.add(flight);
      const sent: Promise<void> = this.attempt(hook, doc)
        .catch((error: unknown) =>
          this.logger.error(`a delivery failed to record: ${(error as Error).message}`),
        )
        .finally(() => {
          this.inFlight.delete(flight);
          this.sending.delete(sent);
          this.wake?.();
        });
      this.sending.add(sent);
    }
  }

  private async send(
    tenant: string,
    state: Extract<WebhookState, { status: 'active' | 'deleted' }>,
    eventId: string,
    body: string,
    at: Date,
  ): Promise<SendOutcome> {
    // checked at every delivery: the name may resolve elsewhere since the webhook was saved
    const refused = await webhookAddressRefusal(state.url, this.parts.privateHosts, this.parts.guard);
    if (refused) return { ok: false, statusCode: null, error: `address refused: ${refused}`, latencyMs: 0 };
    const secret = this.parts.secrets.open(state.secret, webhookSecretPurpose(tenant, state.id));
    return sendWebhook(state.url, secret, eventId, body, at, this.options);
  }

  private attemptFields(outcome: SendOutcome, at: Date) {
    return {
      statusCode: outcome.statusCode,
      lastError: outcome.error,
      latencyMs: outcome.latencyMs,
      lastAttemptAt: at.toISOString(),
    };
  }

  private async attempt(hook: Hook, doc: ReadDocument): Promise<void> {
    const state = hook.state;
    if (state.status !== 'active') return;
    const at = this.clock();
    const outcome = await this.send(hook.tenant, state, doc.eventId as string, doc.body as string, at);
    const attempts = (doc.attempts as number) + 1;
    const fields = this.attemptFields(outcome, at);
    if (outcome.ok) {
      hook.failures = 0;
      await this.record(hook, {
        ...doc,
        ...fields,
        _position: this.nextSequence(),
        status: 'delivered',
        attempts,
        nextAttemptAt: null,
        failingSince: null,
      });
      return;
    }
    hook.failures += 1;
    const now = at.getTime();
    // a resumed webhook's delivery counts its failures from the resumption
    const failingSince = Math.max((doc.failingSince as number | null) ?? now, hook.resumedAt);
    const wait = Math.min(this.options.retryBaseMs * 2 ** (attempts - 1), this.options.retryMaxMs);
    const nextAttemptAt = now + Math.round(wait * (0.8 + 0.4 * this.random()));
    await this.record(hook, {
      ...doc,
      ...fields,
      _position: this.nextSequence(),
      status: 'pending',
      attempts,
      nextAttemptAt,
      failingSince,
    });
    const givingUp = nextAttemptAt - failingSince > this.options.giveUpAfterMs;
    if (givingUp || hook.failures >= this.options.maxConsecutiveFailures)
      await this.pause(hook, {
        reason: givingUp
          ? `${doc.eventType as string} ${doc.eventId as string} failed for ${Math.round((now - failingSince) / 60_000)} min: ${outcome.error ?? ''}`
          : `${hook.failures} failed attempts in a row, the last: ${outcome.error ?? ''}`,
        failures: hook.failures,
      });
  }

  /**
   * Records an attempt (its delivery document) and the webhook's failures in a row, together with the
   * other attempts that finish in the same turn of the event loop (or within `recordMs`): one write of the read store for them all, which on the
   * embedded stores shares the disk and the thread with the commands. Resolves once it is written, so
   * that the aggregate's next delivery starts only after its record.
   */
  private record(hook: Hook, { _id, _position, ...document }: ReadDocument): Promise<void> {
    return this.recorder.add(
      { collection: COLLECTION, id: _id, position: _position, document },
      {
        collection: FAILURES,
        id: keyOf(hook.tenant, document.webhook as number),
        position: this.nextSequence(),
        document: { failures: hook.failures, resumedBy: hook.resumedBy },
      },
    );
  }

  /** The failures in a row each webhook had when the deliverer stopped, unless it was resumed since. */
  private async loadFailures(): Promise<void> {
    const stored = await this.parts.readStore.getMany(FAILURES, [...this.hooks.keys()]);
    for (const [key, doc] of stored) {
      const hook = this.hooks.get(key);
      if (hook && !isTombstone(doc) && doc.resumedBy === hook.resumedBy)
        hook.failures = doc.failures as number;
    }
  }

  /** Records the pause in the webhook's stream (WebhookPaused), as the deliverer. */
  private async pause(hook: Hook, reason: { reason: string; failures: number }): Promise<void> {
    if (hook.pausing || hook.state.status !== 'active') return;
    hook.pausing = true;
    const stream = streamName('webhook', hook.state.id);
    for (let attempt = 0; attempt < 5; attempt++) {
      const events = await this.parts.store.readStream(stream);
      const state = events.reduce(
        (folded, event) => webhookDecider.evolve(folded, event as unknown as WebhookEvent),
        webhookDecider.initialState,
      );
      const now = this.clock().toISOString();
      const decided = webhookDecider.decide(
        { type: 'PauseWebhook', data: { id: hook.state.id, ...reason } },
        state,
        {
          tenant: hook.tenant,
          user: 'webhook-deliverer',
          now,
          newId: 0,
          sealedSecret: null,
          urlRefused: null,
        },
      );
      if (decided.length === 0) return;
      const metadata = eventMetadata({
        tenant: hook.tenant,
        user: 'webhook-deliverer',
        timestamp: now,
        command: 'PauseWebhook',
        source: 'webhook-deliverer',
      });
      try {
        await this.parts.store.append(
          stream,
          decided.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata })),
          events.length - 1,
        );
        this.logger.warn(`webhook ${hook.state.id} of ${hook.tenant} paused: ${reason.reason}`);
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  }
}
