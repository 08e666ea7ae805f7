import { CommandHandler } from '@nestjs/cqrs';
import { accountDecider, can, commandCatalogue, notPermitted } from '@fahrplan/contracts';
import type {
  AccountCommand,
  AccountOwner,
  AddAccountEntriesData,
  CommandResult,
  CreateAccountData,
} from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import type { AggregateRunner, CommandEnvelope, NewId } from '../infrastructure/aggregate-runner';
import { AddAccountEntriesMessage, CreateAccountMessage } from '../infrastructure/command-message';

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
    const owner = await this.lookups.accountOwner(command.refType, command.refId, envelope.tenant);
    const record = await this.runner.newId(envelope);
    return runAccount(this.runner, record, { type: 'CreateAccount', data: command }, envelope, owner);
  }
}

@CommandHandler(AddAccountEntriesMessage)
export class AddAccountEntriesHandler extends AggregateHandler<AddAccountEntriesMessage> {
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
    const entries = { type: 'AddAccountEntries', data: command } as const;
    return runAccount(this.runner, { id: command.accountId }, entries, envelope, null);
  }
}

export const accountHandlers = [CreateAccountHandler, AddAccountEntriesHandler];
