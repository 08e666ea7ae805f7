import { CommandHandler } from '@nestjs/cqrs';
import { applicationDecider } from '@fahrplan/contracts';
import type { CommandResult, DeleteApplicationData, SaveApplicationData } from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import { DeleteApplicationMessage, SaveApplicationMessage } from '../infrastructure/command-message';

@CommandHandler(SaveApplicationMessage)
export class SaveApplicationHandler extends AggregateHandler<SaveApplicationMessage> {
  async execute({ data, envelope }: SaveApplicationMessage): Promise<CommandResult> {
    const command = data as SaveApplicationData;
    const { tenant } = envelope;
    const record = command.id === undefined ? await this.runner.newId(envelope) : { id: command.id };
    const applicationAttributes = this.directory.tenant(tenant)?.applicationAttributes ?? [];
    return this.runner.run({
      ...recordOf('application', record),
      decider: applicationDecider,
      command: { type: 'SaveApplication', data: command },
      envelope,
      context: async (_state, base) => ({
        ...base,
        applicationAttributes,
        parentChain: command.parent
          ? await this.lookups.parentChain('application', command.parent, tenant)
          : [],
        ...(command.account ? { account: await this.lookups.linkedAccount(command.account, tenant) } : {}),
      }),
    });
  }
}

@CommandHandler(DeleteApplicationMessage)
export class DeleteApplicationHandler extends AggregateHandler<DeleteApplicationMessage> {
  execute({ data, envelope }: DeleteApplicationMessage): Promise<CommandResult> {
    const command = data as DeleteApplicationData;
    return this.runner.run({
      ...recordOf('application', { id: command.id }),
      decider: applicationDecider,
      command: { type: 'DeleteApplication', data: command },
      envelope,
      context: (_state, base) => ({ ...base, parentChain: [] }),
    });
  }
}

export const applicationHandlers = [SaveApplicationHandler, DeleteApplicationHandler];
