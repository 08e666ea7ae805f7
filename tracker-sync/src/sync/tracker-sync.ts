import { randomUUID } from 'node:crypto';
import { topics, trackerMessageHeaders, trackerMessageKey, trackerTopicCatalogue } from '@fahrplan/contracts';
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
import { mirrorConnection, runMessage } from './mirror-run';
import type { MirrorClient } from './mirror-run';
import { applyToWorld, emptyTrackerWorld, linksOf, trackerWorldCategories } from './tracker-world';
import type { ConnectionRecord, TrackerWorld, WorldChange } from './tracker-world';

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
  /** Issue ids by key, to tell consumers when a linked issue disappeared. */
  readonly issueIds: Map<string, TrackerIssueMessage>;
  /** What was published last per message key, to publish only changes. */
  readonly published: Map<string, string>;
  running: Promise<void> | null;
  again: { full: boolean } | null;
  timer: NodeJS.Timeout | null;
}

/**
 * The tracker-sync worker: folds connections and links from the event log, mirrors each connection
 * on a schedule, on demand (SyncTrackerConnection) and shortly after its links change, and publishes
 * what it read on the tracker topics. One run per connection at a time; a run asked for while one is
 * going follows it.
 */
export class TrackerSync {
  private readonly world: TrackerWorld = emptyTrackerWorld();
  private readonly runs = new Map<number, ConnectionRun>();
  private subscription: Subscription | undefined;
  private interval: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly now: () => Date;
  private readonly log: (line: string) => void;

  constructor(private readonly options: TrackerSyncOptions) {
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? ((line) => console.log(line));
  }

  async start(): Promise<void> {
    let folded = 0;
    for (const event of await this.options.store.readAll({ categories: trackerWorldCategories })) {
      applyToWorld(this.world, event);
      folded = event.position;
    }
    // live from the last event folded: nothing read twice, nothing appended meanwhile missed
    const subscription = this.options.store.subscribe({ after: folded, categories: trackerWorldCategories });
    this.subscription = subscription;
    void (async () => {
      for await (const event of subscription) this.react(applyToWorld(this.world, event));
    })();
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
  }

  /** Runs a connection's mirroring now and resolves when it (and any run it had to wait for) ended. */
  async syncNow(connectionId: number, full = false): Promise<void> {
    this.schedule(connectionId, { full }, 0);
    await this.idle(connectionId);
  }

  /** Resolves when no run of the connection is going or due. */
  async idle(connectionId: number): Promise<void> {
    for (;;) {
      const run = this.runs.get(connectionId);
      if (!run || (!run.running && !run.timer)) return;
      await (run.running ?? new Promise((resolve) => setTimeout(resolve, 20)));
    }
  }

  /** The connection record (for the connection test of a saved connection). */
  connection(tenant: string, id: number): ConnectionRecord | undefined {
    const record = this.world.connections.get(id);
    return record && record.tenant === tenant && !record.deleted ? record : undefined;
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
    if (change.kind === 'connection') this.schedule(change.connectionId, { full: true }, settle);
    else if (change.kind === 'sync-requested') this.schedule(change.connectionId, { full: change.full }, 0);
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
    let run = this.runs.get(connectionId);
    if (!run) {
      run = {
        since: null,
        lastSuccessAt: null,
        issueIds: new Map(),
        published: new Map(),
        running: null,
        again: null,
        timer: null,
      };
      this.runs.set(connectionId, run);
    }
    const state = run;
    if (state.running) {
      state.again = { full: request.full || (state.again?.full ?? false) };
      return;
    }
    if (state.timer) {
      if (delayMs > 0) return; // one due already
      clearTimeout(state.timer);
    }
    state.timer = setTimeout(() => {
      state.timer = null;
      state.running = this.runConnection(connectionId, state, request.full).finally(() => {
        state.running = null;
        const again = state.again;
        state.again = null;
        if (again) this.schedule(connectionId, again, 0);
      });
    }, delayMs);
  }

  private async runConnection(connectionId: number, state: ConnectionRun, full: boolean): Promise<void> {
    const connection = this.world.connections.get(connectionId);
    if (!connection || connection.deleted) return;
    if (!(this.options.directory.tenant(connection.tenant)?.features.jira ?? false)) return;
    const { projectIds, issueKeys } = linksOf(this.world, connection);
    const target = {
      tenant: connection.tenant,
      connectionId,
      baseUrl: connection.baseUrl,
      projectIds,
      issueKeys,
      since: full ? null : state.since,
      previousSuccessAt: state.lastSuccessAt,
    };
    const startedAt = this.now().toISOString();
    try {
      const client = this.options.client(connection, this.openSecret(connection));
      const output = await mirrorConnection(client, target, this.options.links, this.now);
      const gone = output.missingKeys
        .map((key) => state.issueIds.get(key))
        .filter((issue): issue is TrackerIssueMessage => issue !== undefined)
        .map((issue) => ({ ...issue, deleted: true, syncedAt: this.now().toISOString() }));
      await this.publish(state, topics.trackerProjects, output.projects);
      await this.publish(state, topics.trackerBoards, output.boards);
      await this.publish(state, topics.trackerVersions, output.versions);
      await this.publish(state, topics.trackerIssues, [...output.issues, ...gone]);
      for (const issue of output.issues) state.issueIds.set(issue.key, issue);
      for (const issue of gone) state.issueIds.delete(issue.key);
      const run = runMessage(
        target,
        { ok: true, startedAt: output.startedAt, incremental: output.incremental, output },
        this.now().toISOString(),
      );
      await this.publish(state, topics.trackerSyncRuns, [run], true);
      state.since = { at: output.startedAt, keys: new Set(issueKeys) };
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
      const parsed = schema.parse(message) as unknown as T;
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
