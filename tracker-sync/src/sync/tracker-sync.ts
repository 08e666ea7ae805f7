import { randomUUID } from 'node:crypto';
import {
  topics,
  trackerIssueChangedDataSchema,
  trackerIssueObservation,
  trackerMessageHeaders,
  trackerMessageKey,
  trackerTopicCatalogue,
} from '@fahrplan/contracts';
import type { TrackerFailure, TrackerLinkConfig, TrackerIssueMessage } from '@fahrplan/contracts';
import { trackerSecretPurpose } from '@fahrplan/platform';
import type {
  Bus,
  BusMessage,
  DirectoryCache,
  EventStore,
  SecretBox,
  Subscription,
} from '@fahrplan/platform';
import { IssueHistory } from './issue-history';
import type { IssueObservation } from './issue-history';
import { mirrorConnection, runMessage } from './mirror-run';
import type { MirrorClient } from './mirror-run';
import { linksOf, trackerWorldCategories } from './tracker-world';
import type { ConnectionRecord, TrackerWorld, WorldChange } from './tracker-world';
import type { TrackerWorldStore } from './tracker-world-checkpoint';
import { TrackerWorldModel } from './tracker-world-model';

/** How tracker-sync reaches a tracker: the client for a connection's settings and opened secret. */
export type ClientFactory = (connection: ConnectionRecord, secret: string) => MirrorClient;

export interface TrackerSyncOptions {
  readonly store: EventStore;
  readonly bus: Bus;
  readonly directory: DirectoryCache;
  readonly secrets: SecretBox;
  readonly client: ClientFactory;
  /** Turns an error of the client into the failure a run reports. */
  readonly describe: (error: unknown, baseUrl: string) => TrackerFailure;
  readonly links: TrackerLinkConfig;
  /** Where the world of connections and links is kept between runs (else each start folds the whole log). */
  readonly checkpoints?: TrackerWorldStore;
  /** How long after a change the world is written to `checkpoints` (default 5 s). */
  readonly checkpointDelayMs?: number;
  /** How often every connection is mirrored (default 5 minutes). */
  readonly intervalMs?: number;
  /** How long after a change of links or settings a connection is mirrored (default 1 s). */
  readonly settleMs?: number;
  /** Mirror only connections of this shard (`index/count`): instances split connections by id. */
  readonly shard?: { readonly index: number; readonly count: number };
  readonly now?: () => Date;
  readonly log?: (line: string) => void;
}

interface ConnectionRun {
  /** Keys read by an earlier run of this process, and the start of the last successful one. */
  since: { at: string; keys: Set<string> } | null;
  lastSuccessAt: string | null;
  /** Issues by key, to tell consumers when a linked issue disappeared. */
  issues: Map<string, TrackerIssueMessage>;
  /** Linked keys the tracker does not know: left out of the queries until a full run. */
  missing: Set<string>;
  /** What was published last per message key, to publish only changes. */
  published: Map<string, string>;
  running: Promise<void> | null;
  /** The run asked for while one is going or waiting; `full` wins over incremental. */
  due: { full: boolean } | null;
  timer: NodeJS.Timeout | null;
}

const freshRun = (): ConnectionRun => ({
  since: null,
  lastSuccessAt: null,
  issues: new Map(),
  missing: new Set(),
  published: new Map(),
  running: null,
  due: null,
  timer: null,
});

/**
 * The tracker-sync worker: folds connections and links from the event log, mirrors each connection
 * on a schedule, on demand (SyncTrackerConnection) and shortly after its links change, and publishes
 * what it read on the tracker topics. One run per connection at a time; a run asked for while one is
 * going follows it.
 */
export class TrackerSync {
  private readonly model: TrackerWorldModel;
  private readonly runs = new Map<number, ConnectionRun>();
  private readonly history: IssueHistory;
  private subscription: Subscription | undefined;
  private interval: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly now: () => Date;
  private readonly log: (line: string) => void;

  constructor(private readonly options: TrackerSyncOptions) {
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? ((line) => console.log(line));
    this.history = new IssueHistory(options.store, this.now);
    this.model = new TrackerWorldModel({
      store: options.store,
      log: this.log,
      ...(options.checkpoints ? { checkpoints: options.checkpoints } : {}),
      ...(options.checkpointDelayMs ? { saveDelayMs: options.checkpointDelayMs } : {}),
    });
  }

  private get world(): TrackerWorld {
    return this.model.world;
  }

  async start(): Promise<void> {
    const head = await this.model.start();
    // live from the head the folds read to: nothing read twice, nothing appended meanwhile missed
    const subscription = this.options.store.subscribe({ after: head, categories: trackerWorldCategories });
    this.subscription = subscription;
    void (async () => {
      for await (const event of subscription) this.react(await this.model.follow(event));
    })().catch((error: unknown) =>
      // without the log the worker would mirror stale connections and links: stop loudly
      this.log(`tracker-sync: following the event log failed, restart the service: ${String(error)}`),
    );
    for (const connection of this.world.connections.values())
      this.schedule(connection.id, { full: false }, 0);
    this.interval = setInterval(
      () => {
        for (const connection of this.world.connections.values())
          this.schedule(connection.id, { full: false }, 0);
      },
      this.options.intervalMs ?? 5 * 60_000,
    );
    this.interval.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.interval) clearInterval(this.interval);
    await this.subscription?.close();
    for (const run of this.runs.values()) if (run.timer) clearTimeout(run.timer);
    await Promise.all([...this.runs.values()].map((run) => run.running?.catch(() => undefined)));
    await this.model.stop();
  }

  /** The connection record (for the connection test of a saved connection). */
  connection(tenant: string, id: number): ConnectionRecord | undefined {
    const record = this.world.connections.get(id);
    return record && record.tenant === tenant && record.status === 'active' ? record : undefined;
  }

  /** Opens a connection's stored secret (never logged, never returned). */
  openSecret(connection: ConnectionRecord): string {
    return this.options.secrets.open(
      connection.secret,
      trackerSecretPurpose(connection.tenant, connection.id),
    );
  }

  private react(change: WorldChange): void {
    if (change === null) return;
    const settle = this.options.settleMs ?? 1000;
    if (change.kind === 'connection') {
      // new settings may be a new tracker: forget what this process knew of the old one
      const run = this.runs.get(change.connectionId);
      if (run)
        Object.assign(run, { since: null, issues: new Map(), missing: new Set(), published: new Map() });
      this.history.forget(change.connectionId);
      this.schedule(change.connectionId, { full: true }, settle);
    } else if (change.kind === 'sync-requested') this.schedule(change.connectionId, { full: change.full }, 0);
    else
      for (const connection of this.world.connections.values())
        if (connection.tenant === change.tenant) this.schedule(connection.id, { full: false }, settle);
  }

  private mine(connectionId: number): boolean {
    const shard = this.options.shard;
    return !shard || connectionId % shard.count === shard.index;
  }

  private schedule(connectionId: number, request: { full: boolean }, delayMs: number): void {
    if (this.stopped || !this.mine(connectionId)) return;
    let state = this.runs.get(connectionId);
    if (!state) this.runs.set(connectionId, (state = freshRun()));
    const run = state;
    run.due = { full: request.full || (run.due?.full ?? false) };
    if (run.running) return; // the run going now starts the due one when it ends
    if (run.timer) {
      if (delayMs > 0) return; // one is waiting already (it takes the merged request)
      clearTimeout(run.timer);
    }
    run.timer = setTimeout(() => {
      run.timer = null;
      const due = run.due ?? { full: false };
      run.due = null;
      run.running = this.runConnection(connectionId, run, due.full).finally(() => {
        run.running = null;
        if (run.due) this.schedule(connectionId, run.due, 0);
      });
    }, delayMs);
  }

  /** Whether the connection may be mirrored: it exists, is not deleted, and its tenant has the jira feature. */
  private live(connectionId: number): ConnectionRecord | undefined {
    const connection = this.world.connections.get(connectionId);
    if (connection?.status !== 'active') return undefined;
    return (this.options.directory.tenant(connection.tenant)?.features.jira ?? false)
      ? connection
      : undefined;
  }

  private async runConnection(connectionId: number, state: ConnectionRun, full: boolean): Promise<void> {
    const connection = this.live(connectionId);
    if (!connection) return;
    if (full) state.missing.clear();
    const { projectIds, issueKeys } = linksOf(this.world, connection);
    const target = {
      tenant: connection.tenant,
      connectionId,
      baseUrl: connection.baseUrl,
      projectIds,
      issueKeys: issueKeys.filter((key) => !state.missing.has(key)),
      since: full ? null : state.since,
      previousSuccessAt: state.lastSuccessAt,
    };
    const startedAt = this.now().toISOString();
    try {
      const client = this.options.client(connection, this.openSecret(connection));
      const output = await mirrorConnection(client, target, this.options.links, this.now);
      // deleted, or the feature switched off, while the run read: publish nothing of it
      if (!this.live(connectionId)) return;
      for (const key of output.missingKeys) state.missing.add(key);
      const recorded = await this.recordHistory(connection, target.issueKeys, output);
      const gone = output.missingKeys
        .map((key) => state.issues.get(key))
        .filter((issue): issue is TrackerIssueMessage => issue !== undefined)
        .map((issue) => ({ ...issue, deleted: true, syncedAt: this.now().toISOString() }));
      await this.publish(state, topics.trackerProjects, output.projects);
      await this.publish(state, topics.trackerBoards, output.boards);
      await this.publish(state, topics.trackerVersions, output.versions);
      await this.publish(state, topics.trackerIssues, [...output.issues, ...gone]);
      for (const issue of output.issues) state.issues.set(issue.key, issue);
      for (const issue of gone) state.issues.delete(issue.key);
      const run = runMessage(
        target,
        { ok: true, startedAt: output.startedAt, incremental: output.incremental, output },
        this.now().toISOString(),
      );
      await this.publish(state, topics.trackerSyncRuns, [run], true);
      // the run marks what it did not read as deleted: whatever comes back must be published again
      const read = new Set(
        [
          [topics.trackerProjects, output.projects],
          [topics.trackerBoards, output.boards],
          [topics.trackerVersions, output.versions],
        ].flatMap(([topic, messages]) =>
          (messages as { connectionId: number; id: string }[]).map(
            (m) => `${topic as string}|${trackerMessageKey(m)}`,
          ),
        ),
      );
      for (const key of state.published.keys())
        if (
          !key.startsWith(`${topics.trackerIssues}|`) &&
          !key.startsWith(`${topics.trackerSyncRuns}|`) &&
          !read.has(key)
        )
          state.published.delete(key);
      // history not recorded: the next run reads every linked issue again, so no change is lost
      state.since = recorded ? { at: output.startedAt, keys: new Set(target.issueKeys) } : null;
      state.lastSuccessAt = output.startedAt;
      this.log(
        `tracker-sync: ${connection.tenant}/${connection.name}: ${run.counts.projects} projects, ${run.counts.boards} boards, ` +
          `${run.counts.versions} versions, ${run.counts.issues} issues${output.incremental ? ' (updated since the last run)' : ''}`,
      );
    } catch (error) {
      const failure = this.options.describe(error, connection.baseUrl);
      this.log(`tracker-sync: ${connection.tenant}/${connection.name} failed: ${failure.message}`);
      const run = runMessage(
        target,
        { ok: false, startedAt, incremental: target.since !== null, error: failure },
        this.now().toISOString(),
      );
      await this.publish(state, topics.trackerSyncRuns, [run], true).catch((publishError: unknown) =>
        this.log(`tracker-sync: could not publish the failed run: ${String(publishError)}`),
      );
    }
  }

  /**
   * Records in the event log what changed of the linked issues the run read or found gone; false
   * when that failed (logged: the mirror itself still succeeded).
   */
  private async recordHistory(
    connection: ConnectionRecord,
    linkedKeys: readonly string[],
    output: { readonly issues: readonly TrackerIssueMessage[]; readonly missingKeys: readonly string[] },
  ): Promise<boolean> {
    const linked = new Set(linkedKeys);
    const observations: IssueObservation[] = [];
    for (const issue of output.issues) {
      // a moved issue answers under its new key, which nothing links
      if (!linked.has(issue.key.toUpperCase())) continue;
      const checked = trackerIssueChangedDataSchema.safeParse(trackerIssueObservation(issue));
      if (checked.success) observations.push({ key: issue.key, data: checked.data });
    }
    for (const key of output.missingKeys) observations.push({ key, data: 'vanished' });
    try {
      await this.history.record(connection, observations);
      return true;
    } catch (error) {
      this.log(
        `tracker-sync: ${connection.tenant}/${connection.name}: recording issue history failed: ${String(error)}`,
      );
      return false;
    }
  }

  /** Publishes the messages whose content changed since this process last published them (runs: always). */
  private async publish<T extends { tenant: string; connectionId: number; id?: string; syncedAt?: string }>(
    state: ConnectionRun,
    topic: keyof typeof trackerTopicCatalogue,
    messages: readonly T[],
    always = false,
  ): Promise<void> {
    const { messageType, schemaVersion, schema } = trackerTopicCatalogue[topic];
    const out: BusMessage[] = [];
    const seen: [string, string][] = [];
    for (const message of messages) {
      const checked = schema.safeParse(message);
      if (!checked.success) {
        // one odd value in the tracker must not fail every run: leave that object out, say which
        this.log(
          `tracker-sync: left out a ${messageType} of connection ${message.connectionId} (${message.id ?? 'run'}): ` +
            checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
        );
        continue;
      }
      const parsed = checked.data as unknown as T;
      const key =
        parsed.id === undefined
          ? String(parsed.connectionId)
          : trackerMessageKey({ connectionId: parsed.connectionId, id: parsed.id });
      const { syncedAt: _ignored, ...content } = parsed;
      const fingerprint = JSON.stringify(content);
      if (!always && state.published.get(`${topic}|${key}`) === fingerprint) continue;
      seen.push([`${topic}|${key}`, fingerprint]);
      out.push({
        key,
        value: JSON.stringify(parsed),
        headers: {
          [trackerMessageHeaders.tenant]: parsed.tenant,
          [trackerMessageHeaders.messageType]: messageType,
          [trackerMessageHeaders.schemaVersion]: String(schemaVersion),
          [trackerMessageHeaders.messageId]: randomUUID(),
          [trackerMessageHeaders.contentType]: 'application/json',
        },
      });
    }
    if (out.length === 0) return;
    await this.options.bus.publish(topic, out);
    for (const [key, fingerprint] of seen) state.published.set(key, fingerprint);
  }
}
