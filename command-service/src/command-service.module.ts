import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  AuthGuard,
  DIRECTORY,
  DirectoryCache,
  IdAllocator,
  TOKEN_SERVICE,
  TokenService,
} from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import { accountHandlers } from './accounts/account.handlers';
import { applicationHandlers } from './applications/application.handlers';
import { AuthController } from './auth/auth.controller';
import { SessionService } from './auth/session.service';
import { CommandsController } from './commands/commands.controller';
import { commentHandlers } from './comments/comment.handlers';
import { groupHandlers } from './groups/group.handlers';
import { AggregateRunner } from './infrastructure/aggregate-runner';
import { ItemRanks } from './items/item-ranks';
import { ITEM_RANKS, itemHandlers } from './items/item.handlers';
import { AGGREGATE_RUNNER, CLOCK, EVENT_STORE } from './infrastructure/tokens';

export interface CommandServiceOptions {
  readonly eventStore: EventStore;
  readonly tokens: TokenService;
  readonly directory: DirectoryCache;
  readonly ids: IdAllocator;
  readonly clock?: () => Date;
}

@Module({})
export class CommandServiceModule {
  static forRoot(options: CommandServiceOptions): DynamicModule {
    const clock = options.clock ?? (() => new Date());
    return {
      module: CommandServiceModule,
      imports: [CqrsModule.forRoot()],
      controllers: [CommandsController, AuthController],
      providers: [
        { provide: EVENT_STORE, useValue: options.eventStore },
        { provide: TOKEN_SERVICE, useValue: options.tokens },
        { provide: DIRECTORY, useValue: options.directory },
        { provide: CLOCK, useValue: clock },
        { provide: AGGREGATE_RUNNER, useValue: new AggregateRunner(options.eventStore, options.ids, clock) },
        AuthGuard,
        SessionService,
        ...applicationHandlers,
        ...commentHandlers,
        ...accountHandlers,
        ...groupHandlers,
        { provide: ITEM_RANKS, useFactory: () => new ItemRanks(options.eventStore) },
        ...itemHandlers,
      ],
      exports: [AGGREGATE_RUNNER],
    };
  }
}
