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
import { calendarHandlers } from './calendars/calendar.handlers';
import { identityHandlers } from './identity/identity.handlers';
import { TRACKER_SECRETS, trackerHandlers } from './tracker/tracker.handlers';
import { WEBHOOK_SETTINGS, webhookHandlers } from './webhooks/webhook.handlers';
import type { WebhookSettings } from './webhooks/webhook.handlers';
import { AggregateRunner } from './infrastructure/aggregate-runner';
import { ItemRanks } from './items/item-ranks';
import { ITEM_RANKS, itemHandlers } from './items/item.handlers';
import { dependencyHandlers } from './dependencies/dependency.handlers';
import { scheduleHandlers } from './schedule/reschedule.handlers';
import { SchedulePreviewController } from './schedule/schedule-preview.controller';
import { EventStoreLookups } from './infrastructure/event-store-lookups';
import { ImportsController } from './imports/imports.controller';
import { IMPORT_PREVIEWS, MemoryImportPreviews } from './imports/import-previews';
import type { ImportPreviewStore } from './imports/import-previews';
import { IMPORT_RECORDS } from './imports/import-records';
import type { ImportRecords } from './imports/import-records';
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
  /** Seals webhook secrets and checks webhook addresses; without it, webhooks are refused. */
  readonly webhooks?: WebhookSettings;
  /** The SQLite file of the item-rank index, kept across restarts; a temporary database without it. */
  readonly itemRanksFile?: string;
  /**
   * What a sheet import (issue 23) matches its rows against, read from the read models; without it
   * `/api/imports` is not served (a distributed command service has no read store).
   */
  readonly importRecords?: ImportRecords;
  /** Where previews wait for their apply: this process's memory unless given (several instances share one). */
  readonly importPreviews?: ImportPreviewStore;
}

@Module({})
export class CommandServiceModule {
  static forRoot(options: CommandServiceOptions): DynamicModule {
    const clock = options.clock ?? (() => new Date());
    const runner = new AggregateRunner(options.eventStore, options.ids, clock);
    return {
      module: CommandServiceModule,
      imports: [CqrsModule.forRoot()],
      controllers: [
        SchedulePreviewController,
        CommandsController,
        AuthController,
        OidcController,
        ...(options.importRecords ? [ImportsController] : []),
      ],
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
        ...(options.importRecords
          ? [
              { provide: IMPORT_RECORDS, useValue: options.importRecords },
              { provide: IMPORT_PREVIEWS, useValue: options.importPreviews ?? new MemoryImportPreviews() },
            ]
          : []),
        ...authProviders(options.eventStore),
        ...oidcProviders(options.oidc, options.ids),
        ...applicationHandlers,
        ...commentHandlers,
        ...accountHandlers,
        ...groupHandlers,
        ...goalHandlers,
        ...resourceHandlers,
        ...calendarHandlers,
        ...baselineHandlers,
        ...calendarFeedHandlers,
        ...scenarioHandlers,
        ...identityHandlers,
        { provide: TRACKER_SECRETS, useValue: options.trackerSecrets ?? null },
        ...trackerHandlers,
        { provide: WEBHOOK_SETTINGS, useValue: options.webhooks ?? null },
        ...webhookHandlers,
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
