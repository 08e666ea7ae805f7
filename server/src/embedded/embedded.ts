import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { CommandServiceModule } from '@fahrplan/command-service';
import type { OidcConfig } from '@fahrplan/command-service';
import { trackerTopicCatalogue } from '@fahrplan/contracts';
import {
  DirectoryCache,
  IdAllocator,
  SecretBox,
  SqliteBus,
  SqliteEventStore,
  TokenService,
  createPrivateFile,
  securePrivateFolder,
} from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import {
  ProjectionRunner,
  ProjectionServiceModule,
  SqliteReadStore,
  TrackerMirror,
  allProjections,
  readModelCollections,
} from '@fahrplan/projection-service';
import { TrackerSync, TrackerSyncModule, fakeTrackerHandler } from '@fahrplan/tracker-sync';
import type { TrackerTester } from '@fahrplan/tracker-sync';
import { trackerSyncParts } from '../services/tracker-sync';
import { createHttpApp, serveConsole } from '../http/http-app';
import { trustedProxiesOf } from '../http/trusted-proxies';
import { platformEndpoints } from '../http/platform.controller';

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
  /** The reverse proxies whose X-Forwarded-For names the client (default none). */
  readonly trustedProxies?: readonly string[];
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
  readonly readStore: SqliteReadStore;
  /** tracker-sync's worker: not mirroring until `start()` (after the server listens, so the demo's fake answers). */
  readonly trackerSync: TrackerSync;
  readonly trackerMirror: TrackerMirror;
  close(): Promise<void>;
}

const CATCH_UP_MS = 120_000;

@Module({})
class EmbeddedModule {
  static forRoot(
    parts: Omit<Embedded, 'app' | 'close'>,
    tokens: TokenService,
    tracker: { secrets: SecretBox; tester: TrackerTester },
    clock?: () => Date,
    oidc?: OidcConfig,
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
        }),
        platformEndpoints({
          service: 'embedded',
          details: () => ({ position: parts.runner.checkpoint }),
          checks: { eventStore: () => parts.store.headPosition() },
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
  const readStore = new SqliteReadStore(join(options.dataDir, 'read.db'), readModelCollections);
  const runner = new ProjectionRunner(store, readStore, allProjections);
  await runner.start();
  // answer no query before the read models have caught up with the log
  if (!(await runner.waitFor(await store.headPosition(), CATCH_UP_MS)))
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
  const { sync: trackerSync, tester } = trackerSyncParts({
    store,
    bus,
    directory,
    secrets,
    links: { hostsWithoutReleaseReportSuffix: options.plainReleaseHosts ?? [] },
    privateHosts: options.trackerPrivateHosts ?? [],
    ...(options.trackerIntervalMs ? { intervalMs: options.trackerIntervalMs } : {}),
    ...(options.logger === false ? { log: () => undefined } : {}),
  });
  const parts = { store, ids, directory, runner, readStore, trackerSync, trackerMirror };
  const app = await createHttpApp(
    EmbeddedModule.forRoot(parts, tokens, { secrets, tester }, options.clock, options.oidc),
    {
      forceCloseConnections: true,
      logger: options.logger === false ? false : ['error', 'warn'],
      trustedProxies: await trustedProxiesOf(options.trustedProxies ?? []),
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
    close: async () => {
      await app.close();
      await trackerSync.stop();
      await trackerMirror.stop();
      await bus.close();
      await runner.stop();
      readStore.close();
      await directory.stop();
      await store.close();
    },
  };
};
