import { Inject } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { ICommandHandler } from '@nestjs/cqrs';
import {
  applicationDecider,
  commentDecider,
  groupDecider,
  itemDecider,
  streamName,
} from '@fahrplan/contracts';
import type { CommandResult, CreateCommentData } from '@fahrplan/contracts';
import { AggregateRunner, recordOf } from '../infrastructure/aggregate-runner';
import { CreateCommentMessage } from '../infrastructure/command-message';
import { AGGREGATE_RUNNER } from '../infrastructure/tokens';

@CommandHandler(CreateCommentMessage)
export class CreateCommentHandler implements ICommandHandler<CreateCommentMessage, CommandResult> {
  constructor(@Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner) {}

  async execute({ data, envelope }: CreateCommentMessage): Promise<CommandResult> {
    const command = data as CreateCommentData;
    return this.runner.run({
      ...recordOf('comment', await this.runner.newId(envelope)),
      decider: commentDecider,
      command: { type: 'CreateComment', data: command },
      envelope,
      context: async (_state, base) => ({
        ...base,
        refExists: await this.refExists(command, envelope.tenant),
      }),
    });
  }

  /** Applications, projects and items (refType 'task') of the tenant can be commented. */
  private async refExists(command: CreateCommentData, tenant: string): Promise<boolean> {
    const loaded =
      command.refType === 'application'
        ? await this.runner
            .load(streamName('application', command.refId), applicationDecider, tenant, 'application')
            .catch(() => null)
        : command.refType === 'PROJECT'
          ? await this.runner
              .load(streamName('group', command.refId), groupDecider, tenant, 'group')
              .catch(() => null)
          : await this.runner
              .load(streamName('item', command.refId), itemDecider, tenant, 'item')
              .catch(() => null);
    return loaded?.state.status === 'active';
  }
}

export const commentHandlers = [CreateCommentHandler];
