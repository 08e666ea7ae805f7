import { Inject } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { ICommandHandler } from '@nestjs/cqrs';
import { evolveAccount, initialAccountState, streamName } from '@fahrplan/contracts';
import type {
  ApplicationState,
  CommandResult,
  DeleteApplicationData,
  SaveApplicationData,
} from '@fahrplan/contracts';
import { AggregateRunner } from '../infrastructure/aggregate-runner';
import type { CommandEnvelope, Loaded, NewId } from '../infrastructure/aggregate-runner';
import { DeleteApplicationMessage, SaveApplicationMessage } from '../infrastructure/command-message';
import { AGGREGATE_RUNNER } from '../infrastructure/tokens';
import { applicationDecider } from './application.decider';

const MAX_DEPTH = 1000;

/** The requested parent's chain up to the root, or null when the parent is not an application of the tenant. */
export const parentChain = async (
  runner: AggregateRunner,
  parent: number,
  tenant: string,
): Promise<number[] | null> => {
  const chain: number[] = [];
  for (let current: number | null = parent; current !== null && chain.length < MAX_DEPTH;) {
    if (chain.includes(current)) break;
    const loaded: Loaded<ApplicationState> | null = await runner
      .load(streamName('application', current), applicationDecider, tenant, 'application')
      .catch(() => null);
    if (!loaded || loaded.state.status !== 'active') return chain.length === 0 ? null : chain;
    chain.push(current);
    current = loaded.state.fields.parent;
  }
  return chain;
};

/** The account a command links, as the tenant has it; null when it has no such account. */
const linkedAccount = async (runner: AggregateRunner, account: number, tenant: string) => {
  const decider = { initial: initialAccountState, evolve: evolveAccount };
  const loaded = await runner
    .load(streamName('account', account), decider, tenant, 'account')
    .catch(() => null);
  return loaded?.state.status === 'active'
    ? { refType: loaded.state.refType, refId: loaded.state.refId }
    : null;
};

@CommandHandler(SaveApplicationMessage)
export class SaveApplicationHandler implements ICommandHandler<SaveApplicationMessage, CommandResult> {
  constructor(@Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner) {}

  async execute({ data, envelope }: SaveApplicationMessage): Promise<CommandResult> {
    const command = data as SaveApplicationData;
    const { id, claim } = command.id === undefined ? await this.runner.newId(envelope) : { id: command.id };
    return saveApplication(this.runner, { id, ...(claim ? { claim } : {}) }, command, envelope);
  }
}

export const saveApplication = (
  runner: AggregateRunner,
  { id, claim }: NewId,
  command: SaveApplicationData,
  envelope: CommandEnvelope,
) =>
  runner.run({
    stream: streamName('application', id),
    id,
    ...(claim ? { claim } : {}),
    what: 'application',
    decider: applicationDecider,
    command: { type: 'SaveApplication', data: command },
    envelope,
    context: async (_state, base) => ({
      ...base,
      parentChain: command.parent ? await parentChain(runner, command.parent, envelope.tenant) : [],
      ...(command.account ? { account: await linkedAccount(runner, command.account, envelope.tenant) } : {}),
    }),
  });

@CommandHandler(DeleteApplicationMessage)
export class DeleteApplicationHandler implements ICommandHandler<DeleteApplicationMessage, CommandResult> {
  constructor(@Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner) {}

  execute({ data, envelope }: DeleteApplicationMessage): Promise<CommandResult> {
    const command = data as DeleteApplicationData;
    return this.runner.run({
      stream: streamName('application', command.id),
      id: command.id,
      what: 'application',
      decider: applicationDecider,
      command: { type: 'DeleteApplication', data: command },
      envelope,
      context: (_state, base) => ({ ...base, parentChain: [] }),
    });
  }
}

export const applicationHandlers = [SaveApplicationHandler, DeleteApplicationHandler];
