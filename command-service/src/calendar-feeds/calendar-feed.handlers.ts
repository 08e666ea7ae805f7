import { CommandHandler } from '@nestjs/cqrs';
import { calendarFeedDecider, calendarFeedPath, can, invalidField, streamName } from '@fahrplan/contracts';
import type {
  CalendarFeedCommand,
  CalendarFeedIdData,
  CalendarFeedSecret,
  CommandResult,
  CreateCalendarFeedData,
} from '@fahrplan/contracts';
import { drawFeedSecret } from '@fahrplan/platform';
import type { CommandMessage } from '../infrastructure/command-message';
import type { CommandEnvelope, NewId } from '../infrastructure/aggregate-runner';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import {
  CreateCalendarFeedMessage,
  RegenerateCalendarFeedMessage,
  RevokeCalendarFeedMessage,
} from '../infrastructure/command-message';

/**
 * A command that draws a feed's secret: the decision records its hash, and the answer carries the
 * secret once. An idempotent retry appends nothing and its fresh secret was never stored, so it answers
 * without one (docs/design/calendar-feeds.md).
 */
abstract class FeedSecretHandler<M extends CommandMessage> extends AggregateHandler<M> {
  protected async runWithSecret(
    record: NewId,
    command: CalendarFeedCommand,
    envelope: CommandEnvelope,
  ): Promise<CommandResult & CalendarFeedSecret> {
    const { secret, hash } = drawFeedSecret();
    const result = await this.runOnRecord(
      'calendarFeed',
      record,
      calendarFeedDecider,
      command,
      envelope,
      () => Promise.resolve({ secretHash: hash }),
    );
    const stream = streamName('calendarFeed', result.id);
    const { state } = await this.runner.load(stream, calendarFeedDecider, envelope.tenant, 'calendar feed');
    const stored = state.status === 'active' && state.secretHash === hash;
    return stored ? { ...result, secret, path: calendarFeedPath(secret) } : result;
  }
}

type FeedFilterField = 'projects' | 'resources' | 'applications';

@CommandHandler(CreateCalendarFeedMessage)
export class CreateCalendarFeedHandler extends FeedSecretHandler<CreateCalendarFeedMessage> {
  async execute({ data, envelope }: CreateCalendarFeedMessage): Promise<CommandResult> {
    const command = { type: 'CreateCalendarFeed', data: data as CreateCalendarFeedData } as const;
    // a filter names what the tenant sees: its own records, and projects shared with it and accepted
    // (read-only, as a feed reads); any other tenant's id is refused like an unknown one
    const lookups = this.lookupsFor(envelope);
    const { tenant } = envelope;
    const checks: [FeedFilterField, (ids: readonly number[]) => Promise<number[]>][] = [
      ['projects', (ids) => lookups.missingVisibleGroups(ids, tenant)],
      ['resources', (ids) => lookups.missing('resource', ids, tenant)],
      ['applications', (ids) => lookups.missing('application', ids, tenant)],
    ];
    for (const [field, missing] of checks) {
      const unknown = await missing(command.data[field] ?? []);
      if (unknown.length > 0)
        throw invalidField(field, 'not found', `unknown ${field}: ${unknown.join(', ')}`);
    }
    return this.runWithSecret(await this.runner.newId(envelope), command, envelope);
  }
}

@CommandHandler(RegenerateCalendarFeedMessage)
export class RegenerateCalendarFeedHandler extends FeedSecretHandler<RegenerateCalendarFeedMessage> {
  execute({ data, envelope }: RegenerateCalendarFeedMessage): Promise<CommandResult> {
    const command = { type: 'RegenerateCalendarFeed', data: data as CalendarFeedIdData } as const;
    return this.runWithSecret({ id: command.data.id }, command, envelope);
  }
}

@CommandHandler(RevokeCalendarFeedMessage)
export class RevokeCalendarFeedHandler extends AggregateHandler<RevokeCalendarFeedMessage> {
  execute({ data, envelope }: RevokeCalendarFeedMessage): Promise<CommandResult> {
    const command = { type: 'RevokeCalendarFeed', data: data as CalendarFeedIdData } as const;
    const caller = this.directory.user(envelope.tenant, envelope.user);
    const revokesAny = caller !== undefined && can(caller.permissions, 'admin', 'EDIT');
    return this.runOnRecord(
      'calendarFeed',
      { id: command.data.id },
      calendarFeedDecider,
      command,
      envelope,
      () => Promise.resolve({ revokesAny }),
    );
  }
}

export const calendarFeedHandlers = [
  CreateCalendarFeedHandler,
  RegenerateCalendarFeedHandler,
  RevokeCalendarFeedHandler,
];
