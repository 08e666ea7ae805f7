import { CommandHandler } from '@nestjs/cqrs';
import { applicationDecider } from '@fahrplan/contracts';
import type {
  ApplicationCommand,
  CommandResult,
  DeleteApplicationData,
  RestoreApplicationData,
  SaveApplicationData,
} from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import type { AggregateRunner, CommandEnvelope } from '../infrastructure/aggregate-runner';
import {
  DeleteApplicationMessage,
  RestoreApplicationMessage,
  SaveApplicationMessage,
} from '../infrastructure/command-message';

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

/** Delete and restore change only whether the application is live: nothing beyond its stream to look up. */
const runLifecycle = (
  runner: AggregateRunner,
  command: Extract<ApplicationCommand, { type: 'DeleteApplication' | 'RestoreApplication' }>,
  envelope: CommandEnvelope,
): Promise<CommandResult> =>
  runner.run({
    ...recordOf('application', { id: command.data.id }),
    decider: applicationDecider,
    command,
    envelope,
    context: (_state, base) => ({ ...base, parentChain: [] }),
  });

@CommandHandler(DeleteApplicationMessage)
export class DeleteApplicationHandler extends AggregateHandler<DeleteApplicationMessage> {
  execute({ data, envelope }: DeleteApplicationMessage): Promise<CommandResult> {
    const command = { type: 'DeleteApplication', data: data as DeleteApplicationData } as const;
    return runLifecycle(this.runner, command, envelope);
  }
}

@CommandHandler(RestoreApplicationMessage)
export class RestoreApplicationHandler extends AggregateHandler<RestoreApplicationMessage> {
  execute({ data, envelope }: RestoreApplicationMessage): Promise<CommandResult> {
    const command = { type: 'RestoreApplication', data: data as RestoreApplicationData } as const;
    return runLifecycle(this.runner, command, envelope);
  }
}

export const applicationHandlers = [
  SaveApplicationHandler,
  DeleteApplicationHandler,
  RestoreApplicationHandler,
];
