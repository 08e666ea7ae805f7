import { CommandHandler } from '@nestjs/cqrs';
import { baselineDecider } from '@fahrplan/contracts';
import type { CommandResult, CreateBaselineData, DeleteBaselineData } from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { CreateBaselineMessage, DeleteBaselineMessage } from '../infrastructure/command-message';

@CommandHandler(CreateBaselineMessage)
export class CreateBaselineHandler extends AggregateHandler<CreateBaselineMessage> {
  execute({ data, envelope }: CreateBaselineMessage): Promise<CommandResult> {
    const command = { type: 'CreateBaseline', data: data as CreateBaselineData } as const;
    return this.runFromTenantPast('baseline', baselineDecider, command, envelope);
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
