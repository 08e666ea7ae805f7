import { CommandHandler } from '@nestjs/cqrs';
import { accountDecider, can, commandCatalogue, notPermitted } from '@fahrplan/contracts';
import type {
  AccountCommand,
  AccountOwner,
  AddAccountEntriesData,
  CommandResult,
  CreateAccountData,
  RemoveAccountEntryData,
} from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import type { AggregateRunner, CommandEnvelope, NewId } from '../infrastructure/aggregate-runner';
import {
  AddAccountEntriesMessage,
  CreateAccountMessage,
  RemoveAccountEntryMessage,
} from '../infrastructure/command-message';
import type { Lookups } from '../infrastructure/lookups';
import type { DirectoryCache } from '@fahrplan/platform';

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
export class CreateAccountHandler extends AggregateHandler<CreateAccountMessage> {
  async execute({ data, envelope }: CreateAccountMessage): Promise<CommandResult> {
    const command = data as CreateAccountData;
    const owner = await this.lookupsFor(envelope).accountOwner(
      command.refType,
      command.refId,
      envelope.tenant,
    );
    const record = await this.runner.newId(envelope);
    return runAccount(this.runner, record, { type: 'CreateAccount', data: command }, envelope, owner);
  }
}

/** Entries on a project's account need EDIT on group-details, on an application's on application-details (§6). */
const assertMayChangeEntries = async (
  type: 'AddAccountEntries' | 'RemoveAccountEntry',
  accountId: number,
  envelope: CommandEnvelope,
  lookups: Lookups,
  directory: DirectoryCache,
): Promise<void> => {
  const account = await lookups.linkedAccount(accountId, envelope.tenant);
  // an unknown account is left to the decider, which answers 404
  if (!account) return;
  const { resource, action } = commandCatalogue[type].permission({}, { refType: account.refType });
  const user = directory.user(envelope.tenant, envelope.user);
  if (!user || !can(user.permissions, resource, action)) throw notPermitted();
};

@CommandHandler(AddAccountEntriesMessage)
export class AddAccountEntriesHandler extends AggregateHandler<AddAccountEntriesMessage> {
  async execute({ data, envelope }: AddAccountEntriesMessage): Promise<CommandResult> {
    const command = data as AddAccountEntriesData;
    await assertMayChangeEntries(
      'AddAccountEntries',
      command.accountId,
      envelope,
      this.lookupsFor(envelope),
      this.directory,
    );
    const entries = { type: 'AddAccountEntries', data: command } as const;
    return runAccount(this.runner, { id: command.accountId }, entries, envelope, null);
  }
}

@CommandHandler(RemoveAccountEntryMessage)
export class RemoveAccountEntryHandler extends AggregateHandler<RemoveAccountEntryMessage> {
  async execute({ data, envelope }: RemoveAccountEntryMessage): Promise<CommandResult> {
    const command = data as RemoveAccountEntryData;
    await assertMayChangeEntries(
      'RemoveAccountEntry',
      command.accountId,
      envelope,
      this.lookupsFor(envelope),
      this.directory,
    );
    const removal = { type: 'RemoveAccountEntry', data: command } as const;
    return runAccount(this.runner, { id: command.accountId }, removal, envelope, null);
  }
}

export const accountHandlers = [CreateAccountHandler, AddAccountEntriesHandler, RemoveAccountEntryHandler];
