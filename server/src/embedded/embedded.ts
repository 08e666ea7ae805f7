import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { CommandServiceModule } from '@fahrplan/command-service';
import type { OidcConfig, WebhookSettings } from '@fahrplan/command-service';
import { trackerTopicCatalogue } from '@fahrplan/contracts';
import {
  DirectoryCache,
  IdAllocator,
  SecretBox,
  SqliteBus,
  SqliteEventStore,
  TokenService,
  createPrivateFile,
  publicAddressesOnly,
  securePrivateFolder,
} from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import {
  CatchUpProgress,
  LookupLane,
  ProjectionRunner,
  ProjectionServiceModule,
  QueryThreads,
  SqliteReadStore,
  TrackerMirror,
  WebhookDeliverer,
  allProjections,
  readModelCollections,
} from '@fahrplan/projection-service';
import type { WebhookDeliveryOptions } from '@fahrplan/projection-service';
import { TrackerSync, TrackerSyncModule, fakeTrackerHandler } from '@fahrplan/tracker-sync';
import type { TrackerTester } from '@fahrplan/tracker-sync';
import { trackerSyncParts, trackerWorldFileIn } from '../services/tracker-sync';
import { createHttpApp, serveConsole } from '../http/http-app';
import { trustedProxiesOf } from '../http/trusted-proxies';
import type { EarlyListener } from '../http/early-listener';
import { platformEndpoints } from '../http/platform.controller';
import { ReadStoreImportRecords } from '../imports/read-store-import-records';

export interface EmbeddedOptions {
  readonly dataDir: string;
  readonly consoleDir?: string;
  readonly clock?: () => Date;
  readonly logger?: boolean;
  /** OIDC login beside the local accounts; off without it. */
  readonly oidc?: OidcConfig;
  /** Serve the fake issue tracker under `demoTrackerPath` (the demo tenant's connection points at it). */
  readonly demoTracker?: boolean;
  /** Hosts whose release links get no report suffix (§1). */
  readonly plainReleaseHosts?: readonly string[];
  /** How often tracker-sync mirrors every connection (default 5 minutes). */
  readonly trackerIntervalMs?: number;
  /** Trackers allowed on non-public addresses (default none; `*` allows all). */
  readonly trackerPrivateHosts?: readonly string[] | '*';
  /** Webhooks allowed on non-public addresses, and over http (default none; `*` allows all). */
  readonly webhookPrivateHosts?: readonly string[] | '*';
  /** The deliverer's retry schedule and timeouts (tests make them fast). */
  readonly webhookDelivery?: WebhookDeliveryOptions;
  /** The reverse proxies whose X-Forwarded-For names the client (default none). */
  readonly trustedProxies?: readonly string[];
  /** New `asOf` positions each user may open per minute (default 60). */
  readonly asOfPerMinute?: number;
  /** Events a record's history or export may read (default 50,000). */
  readonly historyMaxEvents?: number;
  /** The console's address as browsers reach it (FAHRPLAN_PUBLIC_URL): calendar feeds link to it. */
  readonly publicUrl?: string;
  /** Threads that answer the heaviest queries from read.db beside the main thread (default 0: none). */
  readonly queryThreads?: number;
  /**
   * Return before the read models catch up with the log, so that the caller listens at once: queries
   * answer 503 and `/api/ready` reports the progress until the caller's `startCatchUp()` (after its own
   * start work, e.g. seeding the demo) and the read models' reaching the head it notes. Without it,
   * createEmbedded returns once they have caught up.
   */
  readonly listenFirst?: boolean;
  /** The server listening already (`listenEarly`), which the app answers on once its `listen` is called. */
  readonly early?: EarlyListener;
}

/** Where `npm start` serves the fake issue tracker for the demo. */
export const demoTrackerPath = '/demo-tracker';
/** The credentials the demo's fake tracker accepts. */
export const demoTrackerCredentials = {
  email: 'demo@fahrplan.example',
  apiToken: 'demo-tracker-token',
} as const;

export interface Embedded {
  readonly app: NestExpressApplication;
  readonly store: EventStore;
  readonly ids: IdAllocator;
  readonly directory: DirectoryCache;
  readonly runner: ProjectionRunner;
  /** How far the read models are in catching up with the log (`/api/ready`). */
  readonly catchUp: CatchUpProgress;
  /**
   * Starts the projections and counts the catch-up from the log's head now; with `listenFirst` the
   * caller's to call once it listens (a catch-up started earlier would hold up the start of the server).
   */
  startCatchUp(): Promise<void>;
  readonly readStore: SqliteReadStore;
  /** The threads answering the heaviest queries, if any (`queryThreads`). */
  readonly queryThreads: QueryThreads | undefined;
  /** tracker-sync's worker: not mirroring until `start()` (after the server listens, so the demo's fake answers). */
  readonly trackerSync: TrackerSync;
  readonly trackerMirror: TrackerMirror;
  /** Sends the webhooks' deliveries from the log, in-process beside the commands. */
  readonly webhookDeliverer: WebhookDeliverer;
  close(): Promise<void>;
}

const CATCH_UP_MS = 120_000;
/** How long the query threads wait for the catch-up before a first query has to start them. */
const THREADS_AFTER_MS = 24 * 3600_000;

@Module({})
class EmbeddedModule {
  static forRoot(
    parts: Omit<Embedded, 'app' | 'close' | 'startCatchUp'>,
    tokens: TokenService,
    tracker: { secrets: SecretBox; tester: TrackerTester },
    webhooks: WebhookSettings,
    itemRanksFile: string,
    clock?: () => Date,
    oidc?: OidcConfig,
    queryLimits: Pick<EmbeddedOptions, 'asOfPerMinute' | 'historyMaxEvents' | 'publicUrl'> = {},
  ): DynamicModule {
    return {
      module: EmbeddedModule,
      imports: [
        CommandServiceModule.forRoot({
          eventStore: parts.store,
          tokens,
          directory: parts.directory,
          ids: parts.ids,
          trackerSecrets: tracker.secrets,
          webhooks,
          itemRanksFile,
          importRecords: new ReadStoreImportRecords(parts.readStore),
          ...(clock ? { clock } : {}),
          ...(oidc ? { oidc } : {}),
        }),
        TrackerSyncModule.forRoot({
          sync: parts.trackerSync,
          tester: tracker.tester,
          tokens,
          directory: parts.directory,
          eventStore: parts.store,
        }),
        ProjectionServiceModule.forRoot({
          readStore: parts.readStore,
          runner: parts.runner,
          tokens,
          directory: parts.directory,
          eventStore: parts.store,
          trackerMirror: parts.trackerMirror,
          webhookDeliverer: parts.webhookDeliverer,
          catchUp: parts.catchUp,
          ...(parts.queryThreads ? { queryThreads: parts.queryThreads } : {}),
          ...queryLimits,
        }),
        platformEndpoints({
          service: 'embedded',
          details: () => ({ position: parts.runner.checkpoint }),
          checks: { eventStore: () => parts.store.headPosition() },
          catchUp: parts.catchUp,
        }),
      ],
    };
  }
}

/**
 * A key in the data folder (mode 600), made on first start: the token signing key (sessions survive
 * a restart) and the tracker secrets key (stored connections stay usable).
 */
const loadKey = (dataDir: string, name: string): Buffer => {
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    createPrivateFile(file);
    writeFileSync(file, randomBytes(32).toString('base64'));
  }
  return Buffer.from(readFileSync(file, 'utf8'), 'base64');
};

/** The data folder's modes (700, its files 600): checked at start, narrowed where they were wider. */
const checkDataDir = (dataDir: string, warn: boolean): void => {
  const narrowed = securePrivateFolder(dataDir);
  if (warn && narrowed.length > 0)
    new Logger('data').warn(`others could read ${narrowed.join(', ')}: narrowed to the owner only`);
};

/** command-service, projection-service and the console in one process, on the embedded adapters. */
export const createEmbedded = async (options: EmbeddedOptions): Promise<Embedded> => {
  checkDataDir(options.dataDir, options.logger !== false);
  const store = new SqliteEventStore(join(options.dataDir, 'events.db'));
  const ids = new IdAllocator(store);
  const directory = new DirectoryCache(store);
  await directory.start();
  // the read models persist beside the log with their checkpoint: a restart resumes from it
  const readFile = join(options.dataDir, 'read.db');
  // the log copied into the file by a thread of its own: a commit (a reschedule's) only appends to it
  const readStore = new SqliteReadStore(readFile, readModelCollections, { backgroundCheckpoints: true });
  // SQLite writes hold the event loop for a whole page: pages of 250 events keep the longest hold
  // near 0.2 s (1,000: 0.5–0.8 s; 5,000: 2 s, on a loaded 2-core machine); a catch-up commits them in
  // groups of 5,000 events, which cuts a full rebuild at 1,000,000 items from 437 to 263 s but holds
  // health's p95 during it at 0.33 s instead of 0.11 s (a group's commit; catch-up-groups.md)
  const runner = new ProjectionRunner(store, readStore, allProjections, { batchSize: 250 });
  // each with its own connection to the file, so that the heaviest queries use every core and never
  // hold the main thread (commands, their confirmations, health)
  const queryThreads = options.queryThreads
    ? new QueryThreads(
        { file: readFile, collections: readModelCollections },
        options.queryThreads,
        () => runner.checkpoint,
      )
    : undefined;
  const catchUp = new CatchUpProgress(runner, store);
  const startCatchUp = async () => {
    await runner.start();
    const head = await catchUp.begin();
    // the query threads start once the read models have caught up: queries answer 503 until then, and
    // the server's start and the catch-up keep every core (a first query would start them too)
    if (queryThreads)
      void runner.waitFor(head, THREADS_AFTER_MS).then((reached) => reached && queryThreads.start());
    return head;
  };
  // answer no query before the read models have caught up with the log (with listenFirst, 503 until then)
  if (!options.listenFirst && !(await runner.waitFor(await startCatchUp(), CATCH_UP_MS)))
    throw new Error(`the read models did not catch up with the event log within ${CATCH_UP_MS / 1000} s`);
  const tokens = new TokenService(loadKey(options.dataDir, 'token.key'));
  // the tracker topics live in a SQLite file beside the events, so the mirror survives a restart
  const bus = new SqliteBus(join(options.dataDir, 'bus.db'), {
    compactedTopics: Object.keys(trackerTopicCatalogue),
  });
  // the bus keeps the tracker topics, the source of the mirror's documents: fold them from their
  // beginning at every start (folding is idempotent), so a read.db rebuilt by npm run replay has them again
  const trackerMirror = new TrackerMirror(bus, readStore, {
    groupId: `embedded.tracker-mirror.${randomUUID()}`,
    fromBeginning: true,
  });
  await trackerMirror.start();
  const secrets = new SecretBox(loadKey(options.dataDir, 'tracker.key'));
  const webhookSettings = {
    secrets,
    privateHosts: options.webhookPrivateHosts ?? [],
    guard: publicAddressesOnly(
      options.webhookPrivateHosts === '*' ? [] : (options.webhookPrivateHosts ?? []),
    ),
  };
  const { sync: trackerSync, tester } = trackerSyncParts({
    store,
    bus,
    directory,
    secrets,
    links: { hostsWithoutReleaseReportSuffix: options.plainReleaseHosts ?? [] },
    privateHosts: options.trackerPrivateHosts ?? [],
    // its world of connections and links beside the log, so that a restart folds only what came after
    checkpoints: trackerWorldFileIn(options.dataDir),
    ...(options.trackerIntervalMs ? { intervalMs: options.trackerIntervalMs } : {}),
    ...(options.logger === false ? { log: () => undefined } : {}),
  });
  const webhookDeliverer = new WebhookDeliverer({
    store,
    readStore,
    ...webhookSettings,
    ...(options.webhookDelivery ? { options: options.webhookDelivery } : {}),
  });
  await webhookDeliverer.start();
  const parts = {
    webhookDeliverer,
    store,
    ids,
    directory,
    runner,
    catchUp,
    readStore,
    queryThreads,
    trackerSync,
    trackerMirror,
  };
  const app = await createHttpApp(
    EmbeddedModule.forRoot(
      parts,
      tokens,
      { secrets, tester },
      webhookSettings,
      // the index of item ranks lives beside the log, and reads on from where it was at the next start
      join(options.dataDir, 'ranks.db'),
      options.clock,
      options.oidc,
      {
        ...(options.asOfPerMinute ? { asOfPerMinute: options.asOfPerMinute } : {}),
        ...(options.historyMaxEvents ? { historyMaxEvents: options.historyMaxEvents } : {}),
        ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
      },
    ),
    {
      forceCloseConnections: true,
      logger: options.logger === false ? false : ['error', 'warn'],
      trustedProxies: await trustedProxiesOf(options.trustedProxies ?? []),
      early: options.early,
      // the item by id in front of Express and Nest, where query threads answer it (lookup-lane.md)
      ...(queryThreads ? { front: (app: NestExpressApplication) => app.get(LookupLane).handle } : {}),
    },
  );
  if (options.demoTracker)
    app.use(
      demoTrackerPath,
      fakeTrackerHandler({ prefix: demoTrackerPath, credentials: { basic: demoTrackerCredentials } }),
    );
  serveConsole(app, options.consoleDir ?? resolve(__dirname, '../../../console/dist'));
  await app.init();
  // again, now that every store has made its files
  checkDataDir(options.dataDir, options.logger !== false);
  return {
    ...parts,
    app,
    startCatchUp: async () => {
      await startCatchUp();
    },
    close: async () => {
      await app.close();
      await webhookDeliverer.stop();
      await trackerSync.stop();
      await trackerMirror.stop();
      await bus.close();
      await runner.stop();
      await queryThreads?.close();
      readStore.close();
      await directory.stop();
      await store.close();
    },
  };
};
