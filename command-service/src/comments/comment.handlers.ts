import { CommandHandler } from '@nestjs/cqrs';
import { commentDecider } from '@fahrplan/contracts';
import type { CommandResult, CommentRefType, CreateCommentData } from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import { CreateCommentMessage } from '../infrastructure/command-message';
import type { LookupCategory } from '../infrastructure/lookups';

/** Applications, projects and items (refType 'task') of the tenant can be commented. */
const commented: Record<CommentRefType, LookupCategory> = {
  application: 'application',
  PROJECT: 'group',
  task: 'item',
};

@CommandHandler(CreateCommentMessage)
export class CreateCommentHandler extends AggregateHandler<CreateCommentMessage> {
  async execute({ data, envelope }: CreateCommentMessage): Promise<CommandResult> {
    const command = data as CreateCommentData;
    return this.runner.run({
      ...recordOf('comment', await this.runner.newId(envelope)),
      decider: commentDecider,
      command: { type: 'CreateComment', data: command },
      envelope,
      context: async (_state, base) => ({
        ...base,
        refExists: await this.lookups.isLive(commented[command.refType], command.refId, envelope.tenant),
      }),
    });
  }
}

export const commentHandlers = [CreateCommentHandler];
