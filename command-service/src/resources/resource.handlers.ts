import { CommandHandler } from '@nestjs/cqrs';
import { resourceDecider } from '@fahrplan/contracts';
import type { CommandResult, DeleteResourceData, SaveResourceData } from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import { DeleteResourceMessage, SaveResourceMessage } from '../infrastructure/command-message';

@CommandHandler(SaveResourceMessage)
export class SaveResourceHandler extends AggregateHandler<SaveResourceMessage> {
  async execute({ data, envelope }: SaveResourceMessage): Promise<CommandResult> {
    const command = data as SaveResourceData;
    return this.runner.run({
      ...recordOf(
        'resource',
        command.id === undefined ? await this.runner.newId(envelope) : { id: command.id },
      ),
      decider: resourceDecider,
      command: { type: 'SaveResource', data: command },
      envelope,
      context: (_state, base) => base,
    });
  }
}

@CommandHandler(DeleteResourceMessage)
export class DeleteResourceHandler extends AggregateHandler<DeleteResourceMessage> {
  execute({ data, envelope }: DeleteResourceMessage): Promise<CommandResult> {
    const command = { type: 'DeleteResource', data: data as DeleteResourceData } as const;
    return this.runOnRecord('resource', command.data.id, resourceDecider, command, envelope);
  }
}

export const resourceHandlers = [SaveResourceHandler, DeleteResourceHandler];
