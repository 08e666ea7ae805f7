import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { AuthGuard, DIRECTORY, TOKEN_SERVICE, sessionRevocationsProvider } from '@fahrplan/platform';
import type { EventStore, DirectoryCache, TokenService } from '@fahrplan/platform';
import { TRACKER_SYNC, TRACKER_TESTER, TrackerTestController } from './http/tracker-test.controller';
import type { TrackerTester } from './http/tracker-test.controller';
import type { TrackerSync } from './sync/tracker-sync';

export interface TrackerSyncModuleOptions {
  readonly sync: TrackerSync;
  readonly tester: TrackerTester;
  readonly tokens: TokenService;
  readonly directory: DirectoryCache;
  /** The log the guard learns ended sessions from. */
  readonly eventStore: EventStore;
}

/** tracker-sync's HTTP surface: the connection test (the worker itself runs beside it). */
@Module({})
export class TrackerSyncModule {
  static forRoot(options: TrackerSyncModuleOptions): DynamicModule {
    return {
      module: TrackerSyncModule,
      controllers: [TrackerTestController],
      providers: [
        { provide: TRACKER_SYNC, useValue: options.sync },
        { provide: TRACKER_TESTER, useValue: options.tester },
        { provide: TOKEN_SERVICE, useValue: options.tokens },
        { provide: DIRECTORY, useValue: options.directory },
        sessionRevocationsProvider(options.eventStore),
        AuthGuard,
      ],
    };
  }
}
