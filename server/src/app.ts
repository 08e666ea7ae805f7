import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { CommandServiceModule } from '@fahrplan/command-service';
import type { OidcConfig } from '@fahrplan/command-service';
import { DirectoryCache, IdAllocator, SqliteEventStore, TokenService } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import {
  MemoryReadStore,
  ProjectionRunner,
  ProjectionServiceModule,
  allProjections,
} from '@fahrplan/projection-service';
import { createHttpApp, serveConsole } from './http';
import { platformEndpoints } from './platform.controller';

export interface EmbeddedOptions {
  readonly dataDir: string;
  readonly consoleDir?: string;
  readonly clock?: () => Date;
  readonly logger?: boolean;
  /** OIDC login beside the local accounts; off without it. */
  readonly oidc?: OidcConfig;
}

export interface Embedded {
  readonly app: NestExpressApplication;
  readonly store: EventStore;
  readonly ids: IdAllocator;
  readonly directory: DirectoryCache;
  readonly runner: ProjectionRunner;
  readonly readStore: MemoryReadStore;
  close(): Promise<void>;
}

const CATCH_UP_MS = 120_000;

@Module({})
class EmbeddedModule {
  static forRoot(
    parts: Omit<Embedded, 'app' | 'close'>,
    tokens: TokenService,
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
          ...(clock ? { clock } : {}),
          ...(oidc ? { oidc } : {}),
        }),
        ProjectionServiceModule.forRoot({
          readStore: parts.readStore,
          runner: parts.runner,
          tokens,
          directory: parts.directory,
          eventStore: parts.store,
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

/** The signing key lives in the data folder (mode 600) so that sessions survive a restart. */
const loadSecret = (dataDir: string): Buffer => {
  const file = join(dataDir, 'token.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return Buffer.from(readFileSync(file, 'utf8'), 'base64');
};

/** command-service, projection-service and the console in one process, on the embedded adapters. */
export const createEmbedded = async (options: EmbeddedOptions): Promise<Embedded> => {
  mkdirSync(options.dataDir, { recursive: true });
  const store = new SqliteEventStore(join(options.dataDir, 'events.db'));
  const ids = new IdAllocator(store);
  const directory = new DirectoryCache(store);
  await directory.start();
  const readStore = new MemoryReadStore();
  const runner = new ProjectionRunner(store, readStore, allProjections);
  await runner.start();
  // answer no query before the read models have caught up with the log
  if (!(await runner.waitFor(await store.headPosition(), CATCH_UP_MS)))
    throw new Error(`the read models did not catch up with the event log within ${CATCH_UP_MS / 1000} s`);
  const tokens = new TokenService(loadSecret(options.dataDir));
  const parts = { store, ids, directory, runner, readStore };
  const app = await createHttpApp(EmbeddedModule.forRoot(parts, tokens, options.clock, options.oidc), {
    forceCloseConnections: true,
    logger: options.logger === false ? false : ['error', 'warn'],
  });
  serveConsole(app, options.consoleDir ?? resolve(__dirname, '../../console/dist'));
  await app.init();
  return {
    ...parts,
    app,
    close: async () => {
      await app.close();
      await runner.stop();
      await directory.stop();
      await store.close();
    },
  };
};
