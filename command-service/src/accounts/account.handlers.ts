import { Inject } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { ICommandHandler } from '@nestjs/cqrs';
import { accountDecider, can, commandCatalogue, notPermitted } from '@fahrplan/contracts';
import type {
  AccountCommand,
  AccountOwner,
  AddAccountEntriesData,
  CommandResult,
  CreateAccountData,
} from '@fahrplan/contracts';
import { DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import { AggregateRunner, recordOf } from '../infrastructure/aggregate-runner';
import type { CommandEnvelope, NewId } from '../infrastructure/aggregate-runner';
import { AddAccountEntriesMessage, CreateAccountMessage } from '../infrastructure/command-message';
import type { Lookups } from '../infrastructure/lookups';
import { AGGREGATE_RUNNER, LOOKUPS } from '../infrastructure/tokens';

const runAccount = (
  runner: AggregateRunner,
  id: NewId,
  command: AccountCommand,
  envelope: CommandEnvelope,
  owner: AccountOwner | null,
) =>
  runner.run({
    ...recordOf('account', id),
    decider: accountDecider,
    command,
    envelope,
    context: (_state, base) => ({ ...base, owner }),
  });

@CommandHandler(CreateAccountMessage)
export class CreateAccountHandler implements ICommandHandler<CreateAccountMessage, CommandResult> {
  constructor(
    @Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner,
    @Inject(LOOKUPS) private readonly lookups: Lookups,
  ) {}

  async execute({ data, envelope }: CreateAccountMessage): Promise<CommandResult> {
    const command = data as CreateAccountData;
    const owner = await this.lookups.accountOwner(command.refType, command.refId, envelope.tenant);
    const { id, claim } = await this.runner.newId(envelope);
    return runAccount(
      this.runner,
      { id, ...(claim ? { claim } : {}) },
      { type: 'CreateAccount', data: command },
      envelope,
      owner,
    );
  }
}

@CommandHandler(AddAccountEntriesMessage)
export class AddAccountEntriesHandler implements ICommandHandler<AddAccountEntriesMessage, CommandResult> {
  constructor(
    @Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
    @Inject(LOOKUPS) private readonly lookups: Lookups,
  ) {}

  /** Entries on a project's account need EDIT on group-details, on an application's on application-details (§6). */
  async execute({ data, envelope }: AddAccountEntriesMessage): Promise<CommandResult> {
    const command = data as AddAccountEntriesData;
    const account = await this.lookups.linkedAccount(command.accountId, envelope.tenant);
    // an unknown account is left to the decider, which answers 404
    if (account) {
      const { resource, action } = commandCatalogue.AddAccountEntries.permission(command, {
        refType: account.refType,
      });
      const user = this.directory.user(envelope.tenant, envelope.user);
      if (!user || !can(user.permissions, resource, action)) throw notPermitted();
    }
    return runAccount(
      this.runner,
      { id: command.accountId },
      { type: 'AddAccountEntries', data: command },
      envelope,
      null,
    );
  }
}

export const accountHandlers = [CreateAccountHandler, AddAccountEntriesHandler];
