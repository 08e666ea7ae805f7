import { Logger } from '@nestjs/common';
import { topics, trackerMessageHeaders, trackerTopicCatalogue } from '@fahrplan/contracts';
import type { TrackerSyncRunMessage } from '@fahrplan/contracts';
import type { Bus, BusConsumer, ReceivedMessage } from '@fahrplan/platform';
import type { ReadStore } from '../read-store/read-store';
import {
  foldSnapshot,
  foldSyncRun,
  trackerCollections,
  trackerMirrorCollections,
  trackerQueryIndexes,
  trackerSyncRunId,
  trackerDocumentId,
  vanishedIn,
} from './tracker-folding';
import type { TrackerObjectMessage, TrackerObjectTopic } from './tracker-folding';

export interface TrackerMirrorOptions {
  /** The consumer group: every instance of the projection service shares one (the read store is shared). */
  readonly groupId: string;
  /** Where a group without committed offsets starts (default: the topics' beginning, the whole mirror). */
  readonly fromBeginning?: boolean;
  /** Where skipped messages are reported (default: Nest's logger). */
  readonly warn?: (message: string) => void;
}

type TrackerTopic = keyof typeof trackerTopicCatalogue;

/** The mirror's read models of a tenant moved (for the change feed: consoles refresh what they show). */
export interface TrackerMirrorChange {
  readonly tenant: string;
  readonly collections: readonly string[];
}

/** What a run lists as present, per collection it prunes. */
const pruned = [
  ['trackerProjects', 'projects'],
  ['trackerBoards', 'boards'],
  ['trackerVersions', 'versions'],
] as const;

/**
 * Folds the tracker topics tracker-sync publishes into the mirror's read models (see
 * `tracker-folding.ts`). A message it cannot read (another schema version, not the topic's type,
 * not valid JSON or not the schema) is skipped with a warning, so one bad message never blocks its
 * partition; a read-store failure is thrown, so the bus delivers the message again.
 */
export class TrackerMirror {
  /** The indexes of the tracker queries, for `MongoReadStore.ensureIndexes` beside `allProjections`. */
  static readonly indexes: typeof trackerQueryIndexes = trackerQueryIndexes;
  /** The collections the mirror writes (not rebuilt from the event log). */
  static readonly collections = trackerMirrorCollections;

  private readonly logger = new Logger('tracker-mirror');
  private readonly warn: (message: string) => void;
  private readonly consumers: BusConsumer[] = [];
  /** Unknown `topic/schemaVersion` pairs already warned about: one warning each, not one per message. */
  private readonly unknownVersions = new Set<string>();
  private readonly listeners = new Set<(change: TrackerMirrorChange) => void>();

  constructor(
    private readonly bus: Bus,
    private readonly store: ReadStore,
    private readonly options: TrackerMirrorOptions,
  ) {
    this.warn = options.warn ?? ((message) => this.logger.warn(message));
  }

  async start(): Promise<void> {
    // one group per topic: consumers of one Kafka group with different subscriptions rebalance one
    // another at every join, which kept the mirror from starting for tens of seconds
    for (const topic of Object.keys(trackerTopicCatalogue) as TrackerTopic[])
      this.consumers.push(
        await this.bus.subscribe(
          topic,
          `${this.options.groupId}.${topic}`,
          (message) => this.handle(message),
          {
            fromBeginning: this.options.fromBeginning ?? true,
          },
        ),
      );
  }

  /** Stops consuming once the messages in hand are folded. */
  async stop(): Promise<void> {
    const consumers = this.consumers.splice(0);
    await Promise.all(consumers.map((consumer) => consumer.close()));
  }

  /** Calls `listener` after every message that changed the mirror; returns the unsubscribe. */
  onChange(listener: (change: TrackerMirrorChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(tenant: string, collections: readonly string[]): void {
    if (collections.length === 0) return;
    for (const listener of this.listeners) listener({ tenant, collections });
  }

  /** Folds one received message (public for tests that drive the mirror without a bus). */
  async handle(message: ReceivedMessage): Promise<void> {
    const parsed = this.parse(message);
    if (parsed === null) return;
    if (parsed.topic === topics.trackerSyncRuns) await this.foldRun(parsed.value as TrackerSyncRunMessage);
    else await this.foldObject(parsed.topic, parsed.value as TrackerObjectMessage);
  }

  private parse(message: ReceivedMessage): { topic: TrackerTopic; value: unknown } | null {
    const where = `${message.topic}@${message.partition}/${message.offset}`;
    const entry = trackerTopicCatalogue[message.topic as TrackerTopic];
    if (!entry) {
      this.warn(`tracker mirror: skipped ${where}: not a tracker topic`);
      return null;
    }
    const version = message.headers[trackerMessageHeaders.schemaVersion];
    if (version !== String(entry.schemaVersion)) {
      const key = `${message.topic}/${version ?? '(none)'}`;
      if (!this.unknownVersions.has(key)) {
        this.unknownVersions.add(key);
        this.warn(
          `tracker mirror: skipping messages of ${message.topic} with schema version ${version ?? '(none)'} (this service reads ${entry.schemaVersion})`,
        );
      }
      return null;
    }
    const type = message.headers[trackerMessageHeaders.messageType];
    if (type !== entry.messageType) {
      this.warn(
        `tracker mirror: skipped ${where}: message type ${type ?? '(none)'}, not ${entry.messageType}`,
      );
      return null;
    }
    let json: unknown;
    try {
      json = JSON.parse(message.value);
    } catch {
      this.warn(`tracker mirror: skipped ${where}: not JSON`);
      return null;
    }
    const result = entry.schema.safeParse(json);
    if (!result.success) {
      const fields = result.error.issues.map((issue) => issue.path.join('.') || '(message)').join(', ');
      this.warn(`tracker mirror: skipped ${where}: invalid ${entry.messageType} (${fields})`);
      return null;
    }
    const tenant = message.headers[trackerMessageHeaders.tenant];
    if (tenant !== undefined && tenant !== result.data.tenant) {
      this.warn(`tracker mirror: skipped ${where}: the tenant header differs from the message's tenant`);
      return null;
    }
    return { topic: message.topic as TrackerTopic, value: result.data };
  }

  private async foldObject(topic: TrackerObjectTopic, message: TrackerObjectMessage): Promise<void> {
    const collection = trackerCollections[topic];
    const doc = foldSnapshot(await this.store.get(collection, trackerDocumentId(message)), message);
    if (!doc) return;
    await this.store.put(collection, doc);
    this.changed(message.tenant, [collection]);
  }

  /** Prunes what a successful run did not read, then records the run (each topic has its own consumer group, so a run may land before its snapshots: `present` and the positions keep the result right). */
  private async foldRun(run: TrackerSyncRunMessage): Promise<void> {
    const { present } = run;
    const changed: string[] = [];
    if (present)
      for (const [collection, kind] of pruned) {
        const live = await this.store.find(collection, {
          tenant: run.tenant,
          deleted: false,
          connectionId: run.connectionId,
        });
        const gone = vanishedIn(run, present[kind], live);
        if (gone.length === 0) continue;
        await this.store.write(
          gone.map(({ _id, _position, ...document }) => ({
            collection,
            id: _id,
            position: _position,
            document,
          })),
        );
        changed.push(collection);
      }
    const doc = foldSyncRun(await this.store.get('trackerSyncRuns', trackerSyncRunId(run)), run);
    if (doc) {
      await this.store.put('trackerSyncRuns', doc);
      changed.push('trackerSyncRuns');
    }
    this.changed(run.tenant, changed);
  }
}
