import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  AuthGuard,
  DIRECTORY,
  DirectoryCache,
  IdAllocator,
  SecretBox,
  TOKEN_SERVICE,
  TokenService,
} from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import { accountHandlers } from './accounts/account.handlers';
import { applicationHandlers } from './applications/application.handlers';
import { baselineHandlers } from './baselines/baseline.handlers';
import { calendarFeedHandlers } from './calendar-feeds/calendar-feed.handlers';
import { scenarioHandlers } from './scenarios/scenario.handlers';
import { AuthController } from './auth/auth.controller';
import { authProviders } from './auth/auth.providers';
import { OidcController, oidcProviders } from './auth/oidc.controller';
import type { OidcConfig } from './auth/oidc-config';
import { CommandsController } from './commands/commands.controller';
import { commentHandlers } from './comments/comment.handlers';
import { goalHandlers } from './goals/goal.handlers';
import { groupHandlers } from './groups/group.handlers';
import { resourceHandlers } from './resources/resource.handlers';
import { identityHandlers } from './identity/identity.handlers';
import { TRACKER_SECRETS, trackerHandlers } from './tracker/tracker.handlers';
import { AggregateRunner } from './infrastructure/aggregate-runner';
import { ItemRanks } from './items/item-ranks';
import { ITEM_RANKS, itemHandlers } from './items/item.handlers';
import { dependencyHandlers } from './dependencies/dependency.handlers';
import { scheduleHandlers } from './schedule/reschedule.handlers';
import { SchedulePreviewController } from './schedule/schedule-preview.controller';
import { EventStoreLookups } from './infrastructure/event-store-lookups';
import { AGGREGATE_RUNNER, CLOCK, EVENT_STORE, LOOKUPS } from './infrastructure/tokens';

export interface CommandServiceOptions {
  readonly eventStore: EventStore;
  readonly tokens: TokenService;
  readonly directory: DirectoryCache;
  readonly ids: IdAllocator;
  readonly clock?: () => Date;
  /** OIDC login beside the local accounts; off without it. */
  readonly oidc?: OidcConfig;
  /** Seals tracker connection secrets; without it, connections with a secret are refused. */
  readonly trackerSecrets?: SecretBox;
  /** The SQLite file of the item-rank index, kept across restarts; a temporary database without it. */
  readonly itemRanksFile?: string;
}

@Module({})
export class CommandServiceModule {
  static forRoot(options: CommandServiceOptions): DynamicModule {
    const clock = options.clock ?? (() => new Date());
    const runner = new AggregateRunner(options.eventStore, options.ids, clock);
    return {
      module: CommandServiceModule,
      imports: [CqrsModule.forRoot()],
      controllers: [SchedulePreviewController, CommandsController, AuthController, OidcController],
      providers: [
        { provide: EVENT_STORE, useValue: options.eventStore },
        { provide: TOKEN_SERVICE, useValue: options.tokens },
        { provide: DIRECTORY, useValue: options.directory },
        { provide: CLOCK, useValue: clock },
        { provide: AGGREGATE_RUNNER, useValue: runner },
        {
          provide: LOOKUPS,
          useFactory: (items: ItemRanks) => new EventStoreLookups(options.eventStore, items),
          inject: [ITEM_RANKS],
        },
        AuthGuard,
        ...authProviders(options.eventStore),
        ...oidcProviders(options.oidc, options.ids),
        ...applicationHandlers,
        ...commentHandlers,
        ...accountHandlers,
        ...groupHandlers,
        ...goalHandlers,
        ...resourceHandlers,
        ...baselineHandlers,
        ...calendarFeedHandlers,
        ...scenarioHandlers,
        ...identityHandlers,
        { provide: TRACKER_SECRETS, useValue: options.trackerSecrets ?? null },
        ...trackerHandlers,
        {
          provide: ITEM_RANKS,
          useFactory: () => new ItemRanks(options.eventStore, options.itemRanksFile),
        },
        ...itemHandlers,
        ...dependencyHandlers,
        ...scheduleHandlers,
      ],
      exports: [AGGREGATE_RUNNER],
    };
  }
}
