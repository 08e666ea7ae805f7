import { CommandHandler } from '@nestjs/cqrs';
import { baselineDecider, streamName } from '@fahrplan/contracts';
import type { CommandResult, CreateBaselineData, DeleteBaselineData } from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import { CreateBaselineMessage, DeleteBaselineMessage } from '../infrastructure/command-message';

@CommandHandler(CreateBaselineMessage)
export class CreateBaselineHandler extends AggregateHandler<CreateBaselineMessage> {
  async execute({ data, envelope }: CreateBaselineMessage): Promise<CommandResult> {
    const tenant = this.directory.tenant(envelope.tenant);
    return this.runner.run({
      ...recordOf('baseline', await this.runner.newId(envelope)),
      decider: baselineDecider,
      command: { type: 'CreateBaseline', data: data as CreateBaselineData },
      envelope,
      // an instant before the tenant's first event would compare with an empty plan
      context: async (_state, base) => ({
        ...base,
        tenantSince: tenant ? await this.lookups.firstEventAt(streamName('tenant', tenant.id)) : null,
      }),
    });
  }
}

@CommandHandler(DeleteBaselineMessage)
export class DeleteBaselineHandler extends AggregateHandler<DeleteBaselineMessage> {
  execute({ data, envelope }: DeleteBaselineMessage): Promise<CommandResult> {
    const command = data as DeleteBaselineData;
    return this.runner.run({
      ...recordOf('baseline', { id: command.id }),
      decider: baselineDecider,
      command: { type: 'DeleteBaseline', data: command },
      envelope,
      context: (_state, base) => base,
    });
  }
}

export const baselineHandlers = [CreateBaselineHandler, DeleteBaselineHandler];
