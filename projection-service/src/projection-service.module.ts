import { CriticalPathController } from './dependencies/critical-path.controller';
import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { AuthGuard, DIRECTORY, DirectoryCache, TOKEN_SERVICE, TokenService } from '@fahrplan/platform';
import { sessionRevocationsProvider } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import { AccountsController } from './accounts/accounts.controller';
import { ApplicationsController } from './applications/applications.controller';
import { AsOfStores, SwitchingReadStore } from './as-of/as-of-stores';
import { AsOfLimit } from './as-of/as-of-limit';
import { AsOfInterceptor } from './as-of/as-of.interceptor';
import { HolidaysController } from './calendar/holidays.controller';
import { WorkingDaysController } from './calendar/working-days.controller';
import { BaselinesController } from './baselines/baselines.controller';
import { CalendarFeedsController } from './calendar-feeds/calendar-feeds.controller';
import { FeedRateLimit } from './calendar-feeds/feed-rate-limit';
import { FEED_RATE_LIMIT, PublicFeedsController } from './calendar-feeds/public-feeds.controller';
import { ScenariosController } from './scenarios/scenarios.controller';
import { ScenarioInterceptor } from './scenarios/scenario.interceptor';
import { ScenarioDiffController } from './scenarios/scenario-diff.controller';
import { ScenarioDiffs } from './scenarios/scenario-diff';
import { ScenarioViews } from './scenarios/scenario-views';
import { ChangesController } from './changes/changes.controller';
import { CommentsController } from './comments/comments.controller';
import { AdminQueriesController } from './directory/admin-queries.controller';
import { MeController } from './directory/me.controller';
import { ExportsController } from './exports/exports.controller';
import { GoalsController } from './goals/goals.controller';
import { GroupsController } from './groups/groups.controller';
import { HistoryController } from './history/history.controller';
import { HistoryReader } from './history/history.service';
import {
  DirectoryReadYourWritesInterceptor,
  ReadYourWritesInterceptor,
} from './http/read-your-writes.interceptor';
import { CatchUpGuard } from './http/catch-up.guard';
import { JsonTextInterceptor } from './http/json-text.interceptor';
import { ReadModelInterceptor } from './http/read-model.interceptor';
import { LookupLane } from './http/lookup-lane';
import {
  AS_OF_LIMIT,
  AS_OF_STORES,
  CATCH_UP,
  EVENT_LOG,
  HISTORY_READER,
  PROJECTION_RUNNER,
  PUBLIC_URL,
  QUERY_THREADS,
  READ_STORE,
  SCENARIO_DIFFS,
  SCENARIO_VIEWS,
  TRACKER_MIRROR,
  WEBHOOK_DELIVERER,
} from './http/tokens';
import { ItemsController } from './items/items.controller';
import { TimelineController } from './items/timeline.controller';
import { PrintoutsController } from './printouts/printouts.controller';
import { allProjections, planProjections } from './projections/all-projections';
import type { CatchUpProgress } from './projections/catch-up-progress';
import { ProjectionRunner } from './projections/projection-runner';
import type { QueryThreads } from './query-threads/query-threads';
import type { ReadStore } from './read-store/read-store';
import { ResourcesController } from './resources/resources.controller';
import { CalendarsController } from './calendars/calendars.controller';
import { CalendarPreviewController } from './calendars/calendar-preview.controller';
import { SharesController } from './shares/shares.controller';
import type { TrackerMirror } from './tracker/tracker-mirror';
import { TrackerQueriesController } from './tracker/tracker-queries.controller';
import { TrackerReleasesController } from './tracker/tracker-releases.controller';
import type { WebhookDeliverer } from './webhooks/webhook-deliverer';
import { WebhooksController } from './webhooks/webhooks.controller';

export interface ProjectionServiceOptions {
  readonly readStore: ReadStore;
  readonly runner: ProjectionRunner;
  readonly tokens: TokenService;
  readonly directory: DirectoryCache;
  /** Read for the sessions that ended, whose access tokens are refused. */
  readonly eventStore: EventStore;
  /** Folds the tracker topics; its changes reach the change feed too. */
  readonly trackerMirror?: TrackerMirror;
  /** Time travel (`?asOf=`); by default `readStore`'s history where it keeps one, else folds of `eventStore`. */
  readonly asOfStores?: AsOfStores;
  /** Threads that answer the heaviest queries from `readStore`'s SQLite file (none: they read here). */
  readonly queryThreads?: QueryThreads;
  /** New as-of positions each user may open per minute (default defaultAsOfPerMinute). */
  readonly asOfPerMinute?: number;
  /** Calendar feed requests each client address may make per minute (default defaultFeedsPerMinute). */
  readonly feedsPerMinute?: number;
  /** Events a record's history or export may read at most (default defaultHistoryMaxEvents). */
  readonly historyMaxEvents?: number;
  /** While it reports catching up, queries answer 503; without it they answer at once. */
  readonly catchUp?: CatchUpProgress;
  /** Sends webhooks' test pings; without it `POST /api/webhooks/<id>/test` answers 403. */
  readonly webhookDeliverer?: WebhookDeliverer;
  /** The console's address as browsers reach it: calendar feeds link to it (without it, to the request's origin). */
  readonly publicUrl?: string;
}

@Module({})
export class ProjectionServiceModule {
  static forRoot(options: ProjectionServiceOptions): DynamicModule {
    // scenarios' views read the live read models, never the switching store that answers with them
    const scenarioViews = new ScenarioViews(options.readStore, options.eventStore, planProjections);
    return {
      module: ProjectionServiceModule,
      controllers: [
        AdminQueriesController,
        MeController,
        ApplicationsController,
        GroupsController,
        GoalsController,
        CommentsController,
        AccountsController,
        WorkingDaysController,
        HolidaysController,
        ItemsController,
        TimelineController,
        PrintoutsController,
        BaselinesController,
        CalendarFeedsController,
        PublicFeedsController,
        ScenariosController,
        ScenarioDiffController,
        ResourcesController,
        CalendarsController,
        CalendarPreviewController,
        ChangesController,
        SharesController,
        TrackerQueriesController,
        TrackerReleasesController,
        HistoryController,
        ExportsController,
        CriticalPathController,
        WebhooksController,
      ],
      providers: [
        // queries read the live read models, or within an `?asOf` request the ones folded up to then
        { provide: READ_STORE, useValue: new SwitchingReadStore(options.readStore) },
        { provide: QUERY_THREADS, useValue: options.queryThreads ?? null },
        {
          provide: AS_OF_STORES,
          useValue:
            options.asOfStores ??
            new AsOfStores(options.eventStore, allProjections, { live: options.readStore }),
        },
        { provide: AS_OF_LIMIT, useValue: new AsOfLimit(options.asOfPerMinute) },
        { provide: FEED_RATE_LIMIT, useValue: new FeedRateLimit(options.feedsPerMinute) },
        { provide: SCENARIO_VIEWS, useValue: scenarioViews },
        { provide: SCENARIO_DIFFS, useValue: new ScenarioDiffs(options.readStore, scenarioViews) },
        {
          provide: HISTORY_READER,
          useValue: new HistoryReader(options.eventStore, options.historyMaxEvents),
        },
        { provide: PROJECTION_RUNNER, useValue: options.runner },
        { provide: EVENT_LOG, useValue: options.eventStore },
        { provide: CATCH_UP, useValue: options.catchUp ?? null },
        { provide: TRACKER_MIRROR, useValue: options.trackerMirror ?? null },
        { provide: WEBHOOK_DELIVERER, useValue: options.webhookDeliverer ?? null },
        { provide: PUBLIC_URL, useValue: options.publicUrl ?? null },
        { provide: TOKEN_SERVICE, useValue: options.tokens },
        { provide: DIRECTORY, useValue: options.directory },
        sessionRevocationsProvider(options.eventStore),
        AuthGuard,
        CatchUpGuard,
        ReadYourWritesInterceptor,
        DirectoryReadYourWritesInterceptor,
        AsOfInterceptor,
        ScenarioInterceptor,
        JsonTextInterceptor,
        ReadModelInterceptor,
        LookupLane,
      ],
    };
  }
}
