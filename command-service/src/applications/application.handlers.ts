import { Inject } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { ICommandHandler } from '@nestjs/cqrs';
import { applicationDecider } from '@fahrplan/contracts';
import type {
  AttributeDefinition,
  CommandResult,
  DeleteApplicationData,
  SaveApplicationData,
} from '@fahrplan/contracts';
import { AggregateRunner, recordOf } from '../infrastructure/aggregate-runner';
import type { CommandEnvelope, NewId } from '../infrastructure/aggregate-runner';
import { DeleteApplicationMessage, SaveApplicationMessage } from '../infrastructure/command-message';
import { linkedAccount, parentChain } from '../infrastructure/lookups';
import { AGGREGATE_RUNNER } from '../infrastructure/tokens';
import { DIRECTORY, DirectoryCache } from '@fahrplan/platform';

@CommandHandler(SaveApplicationMessage)
export class SaveApplicationHandler implements ICommandHandler<SaveApplicationMessage, CommandResult> {
  constructor(
    @Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
  ) {}

  async execute({ data, envelope }: SaveApplicationMessage): Promise<CommandResult> {
    const command = data as SaveApplicationData;
    const { id, claim } = command.id === undefined ? await this.runner.newId(envelope) : { id: command.id };
    const attributes = this.directory.tenant(envelope.tenant)?.applicationAttributes ?? [];
    return saveApplication(this.runner, { id, ...(claim ? { claim } : {}) }, command, envelope, attributes);
  }
}

export const saveApplication = (
  runner: AggregateRunner,
  id: NewId,
  command: SaveApplicationData,
  envelope: CommandEnvelope,
  applicationAttributes: readonly AttributeDefinition[],
) =>
  runner.run({
    ...recordOf('application', id),
    decider: applicationDecider,
    command: { type: 'SaveApplication', data: command },
    envelope,
    context: async (_state, base) => ({
      ...base,
      applicationAttributes,
      parentChain: command.parent
        ? await parentChain(runner, 'application', applicationDecider, command.parent, envelope.tenant)
        : [],
      ...(command.account ? { account: await linkedAccount(runner, command.account, envelope.tenant) } : {}),
    }),
  });

@CommandHandler(DeleteApplicationMessage)
export class DeleteApplicationHandler implements ICommandHandler<DeleteApplicationMessage, CommandResult> {
  constructor(@Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner) {}

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
