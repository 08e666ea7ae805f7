import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { trackerTopicCatalogue } from '@fahrplan/contracts';
import type { TrackerConnectionSettings, TrackerLinkConfig } from '@fahrplan/contracts';
import { DirectoryCache, KafkaBus, SecretBox, TokenService, createEventStore } from '@fahrplan/platform';
import type { Bus, DirectoryCache as Directory, EventStore } from '@fahrplan/platform';
import {
  TrackerSync,
  TrackerSyncModule,
  TrackerWorldFile,
  createTrackerClient,
  describeTrackerError,
  publicAddressesOnly,
  testTrackerConnection,
} from '@fahrplan/tracker-sync';
import type {
  AddressGuard,
  TrackerClientConfig,
  TrackerTester,
  TrackerWorldStore,
} from '@fahrplan/tracker-sync';
import { ConfigError, tokenSecretOf, trackerKeyOf } from '../config/config';
import type { TrackerSyncConfig } from '../config/config';
import { createServiceApp } from '../http/http-app';
import { trustedProxiesOf } from '../http/trusted-proxies';
import { instanceEndpoints } from '../http/platform.controller';
import { closeInOrder } from './lifecycle';
import type { Service } from './lifecycle';

export interface TrackerParts {
  readonly store: EventStore;
  readonly bus: Bus;
  readonly directory: Directory;
  readonly secrets: SecretBox;
  readonly links: TrackerLinkConfig;
  readonly intervalMs?: number;
  readonly shard?: { readonly index: number; readonly count: number };
  /** Where tracker-sync keeps its world between runs (else each start folds the whole log). */
  readonly checkpoints?: TrackerWorldStore;
  /** Trackers allowed on non-public addresses (`*`: all). */
  readonly privateHosts: readonly string[] | '*';
  readonly log?: (line: string) => void;
}

/** The client's settings of a connection: its base URL, deployment, and authentication with the opened secret. */
const clientSettings = (
  settings: Pick<TrackerConnectionSettings, 'baseUrl' | 'deployment' | 'authMode' | 'email'>,
  secret: string,
  guard: AddressGuard | undefined,
): TrackerClientConfig => ({
  ...(guard ? { guard } : {}),
  baseUrl: settings.baseUrl,
  deployment: settings.deployment,
  auth:
    settings.authMode === 'basic'
      ? { mode: 'basic', email: settings.email ?? '', apiToken: secret }
      : { mode: settings.authMode, token: secret },
});

/** tracker-sync's worker and its connection test, on the tracker client (used by both ways to run). */
export const trackerSyncParts = (parts: TrackerParts): { sync: TrackerSync; tester: TrackerTester } => {
  const guard = parts.privateHosts === '*' ? undefined : publicAddressesOnly(parts.privateHosts);
  const sync = new TrackerSync({
    store: parts.store,
    bus: parts.bus,
    directory: parts.directory,
    secrets: parts.secrets,
    links: parts.links,
    ...(parts.intervalMs ? { intervalMs: parts.intervalMs } : {}),
    ...(parts.shard ? { shard: parts.shard } : {}),
    ...(parts.log ? { log: parts.log } : {}),
    ...(parts.checkpoints ? { checkpoints: parts.checkpoints } : {}),
    client: (connection, secret) => createTrackerClient(clientSettings(connection, secret, guard)),
    describe: describeTrackerError,
  });
  // a person waits for the answer: fail fast rather than retry for a minute
  const tester: TrackerTester = (settings, secret) =>
    testTrackerConnection({
      ...clientSettings(settings, secret, guard),
      retry: { maxAttempts: 2 },
      timeoutMs: 10_000,
    });
  return { sync, tester };
};

/** tracker-sync's world in `dir` (the data folder, or FAHRPLAN_TRACKER_STATE_DIR), created owner-only. */
export const trackerWorldFileIn = (dir: string): TrackerWorldFile => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return new TrackerWorldFile(join(dir, 'tracker-world.json'));
};

/** The tracker topics in Kafka: compacted, since each message is the latest state of its key. */
export const ensureTrackerTopics = (bus: KafkaBus): Promise<void> =>
  bus.ensureTopics(
    Object.keys(trackerTopicCatalogue).map((topic) => ({
      topic,
      partitions: 3,
      config: { 'cleanup.policy': 'compact' },
    })),
  );

export interface TrackerSyncInstance extends Service {
  readonly app: NestExpressApplication;
  readonly sync: TrackerSync;
}

/**
 * tracker-sync on its own: follows the event log for connections and links, mirrors the trackers
 * onto the tracker topics in Kafka, and answers connection tests. Several instances split the
 * connections by FAHRPLAN_TRACKER_SHARD.
 */
export const createTrackerSyncService = async (
  config: TrackerSyncConfig,
  { logger = true }: { logger?: boolean } = {},
): Promise<TrackerSyncInstance> => {
  const key = trackerKeyOf(config);
  if (!key) throw new ConfigError('tracker-sync needs FAHRPLAN_TRACKER_KEY or FAHRPLAN_TRACKER_KEY_FILE');
  const tokens = new TokenService(tokenSecretOf(config));
  const store = createEventStore(config.EVENTSTORE_URL);
  const directory = new DirectoryCache(store);
  await directory.start();
  const bus = new KafkaBus({ brokers: config.KAFKA_BROKERS.split(',').map((broker) => broker.trim()) });
  await ensureTrackerTopics(bus);
  const { sync, tester } = trackerSyncParts({
    store,
    bus,
    directory,
    secrets: new SecretBox(key),
    links: { hostsWithoutReleaseReportSuffix: config.FAHRPLAN_TRACKER_PLAIN_RELEASE_HOSTS },
    intervalMs: config.FAHRPLAN_TRACKER_SYNC_INTERVAL_MS,
    privateHosts: config.FAHRPLAN_TRACKER_PRIVATE_HOSTS,
    ...(config.FAHRPLAN_TRACKER_SHARD ? { shard: config.FAHRPLAN_TRACKER_SHARD } : {}),
    ...(config.FAHRPLAN_TRACKER_STATE_DIR
      ? { checkpoints: trackerWorldFileIn(config.FAHRPLAN_TRACKER_STATE_DIR) }
      : {}),
  });
  await sync.start();
  const app = await createServiceApp(
    [
      TrackerSyncModule.forRoot({ sync, tester, tokens, directory, eventStore: store }),
      instanceEndpoints('tracker-sync', config.INSTANCE_ID, store),
    ],
    { logger, trustedProxies: await trustedProxiesOf(config.FAHRPLAN_TRUSTED_PROXIES ?? []) },
  );
  return {
    app,
    sync,
    close: closeInOrder(
      () => app.close(),
      () => sync.stop(),
      () => directory.stop(),
      () => bus.close(),
      () => store.close(),
    ),
  };
};
