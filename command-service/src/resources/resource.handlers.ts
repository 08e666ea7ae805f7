import { CommandHandler } from '@nestjs/cqrs';
import { resourceDecider } from '@fahrplan/contracts';
import type {
  CommandResult,
  DeleteResourceData,
  ResourceCommand,
  SaveResourceData,
} from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import type { AggregateRunner, CommandEnvelope } from '../infrastructure/aggregate-runner';
import { DeleteResourceMessage, SaveResourceMessage } from '../infrastructure/command-message';

const runResource = (
  runner: AggregateRunner,
  record: { id: number; claim?: string },
  command: ResourceCommand,
  envelope: CommandEnvelope,
) =>
  runner.run({
    ...recordOf('resource', record),
    decider: resourceDecider,
    command,
    envelope,
    context: (_state, base) => base,
  });

@CommandHandler(SaveResourceMessage)
export class SaveResourceHandler extends AggregateHandler<SaveResourceMessage> {
  async execute({ data, envelope }: SaveResourceMessage): Promise<CommandResult> {
    const command = data as SaveResourceData;
    const record = command.id === undefined ? await this.runner.newId(envelope) : { id: command.id };
    return runResource(this.runner, record, { type: 'SaveResource', data: command }, envelope);
  }
}

@CommandHandler(DeleteResourceMessage)
export class DeleteResourceHandler extends AggregateHandler<DeleteResourceMessage> {
  execute({ data, envelope }: DeleteResourceMessage): Promise<CommandResult> {
    const command = data as DeleteResourceData;
    return runResource(this.runner, { id: command.id }, { type: 'DeleteResource', data: command }, envelope);
  }
}

export const resourceHandlers = [SaveResourceHandler, DeleteResourceHandler];
