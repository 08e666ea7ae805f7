import { CommandHandler } from '@nestjs/cqrs';
import { accountDecider, can, commandCatalogue, notPermitted } from '@fahrplan/contracts';
import type { AccountCommand, AccountOwner, CommandResult, CreateAccountData } from '@fahrplan/contracts';
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

type EntriesCommand = Extract<AccountCommand, { type: 'AddAccountEntries' | 'RemoveAccountEntry' }>;

/** Adding and removing entries are handled alike: the permission the account's owner asks, then the decider. */
abstract class AccountEntriesHandler<
  M extends AddAccountEntriesMessage | RemoveAccountEntryMessage,
> extends AggregateHandler<M> {
  protected abstract readonly type: EntriesCommand['type'];

  async execute({ data, envelope }: M): Promise<CommandResult> {
    const command = { type: this.type, data } as EntriesCommand;
    const { accountId } = command.data;
    await assertMayChangeEntries(this.type, accountId, envelope, this.lookupsFor(envelope), this.directory);
    return runAccount(this.runner, { id: accountId }, command, envelope, null);
  }
}

@CommandHandler(AddAccountEntriesMessage)
export class AddAccountEntriesHandler extends AccountEntriesHandler<AddAccountEntriesMessage> {
  protected readonly type = 'AddAccountEntries';
}

@CommandHandler(RemoveAccountEntryMessage)
export class RemoveAccountEntryHandler extends AccountEntriesHandler<RemoveAccountEntryMessage> {
  protected readonly type = 'RemoveAccountEntry';
}

export const accountHandlers = [CreateAccountHandler, AddAccountEntriesHandler, RemoveAccountEntryHandler];
