import { CommandHandler } from '@nestjs/cqrs';
import { baselineDecider } from '@fahrplan/contracts';
import type { CommandResult, CreateBaselineData, DeleteBaselineData } from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import { CreateBaselineMessage, DeleteBaselineMessage } from '../infrastructure/command-message';

@CommandHandler(CreateBaselineMessage)
export class CreateBaselineHandler extends AggregateHandler<CreateBaselineMessage> {
  async execute({ data, envelope }: CreateBaselineMessage): Promise<CommandResult> {
    return this.runner.run({
      ...recordOf('baseline', await this.runner.newId(envelope)),
      decider: baselineDecider,
      command: { type: 'CreateBaseline', data: data as CreateBaselineData },
      envelope,
      // an instant before the tenant's first event would compare with an empty plan
      context: async (_state, base) => ({ ...base, tenantSince: await this.tenantSince(envelope) }),
    });
  }
}

@CommandHandler(DeleteBaselineMessage)
export class DeleteBaselineHandler extends AggregateHandler<DeleteBaselineMessage> {
  execute({ data, envelope }: DeleteBaselineMessage): Promise<CommandResult> {
    const command = { type: 'DeleteBaseline', data: data as DeleteBaselineData } as const;
    return this.runOnRecord('baseline', { id: command.data.id }, baselineDecider, command, envelope);
  }
}

export const baselineHandlers = [CreateBaselineHandler, DeleteBaselineHandler];
