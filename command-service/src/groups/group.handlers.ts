import { Inject } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { ICommandHandler } from '@nestjs/cqrs';
import { applicationDecider, goalDecider, groupDecider, streamName } from '@fahrplan/contracts';
import type {
  AcceptProjectShareData,
  AddSubgroupData,
  DeclineProjectShareData,
  RenameSubgroupData,
  CommandResult,
  CreateGoalData,
  DeleteGroupData,
  GroupCommand,
  GroupContext,
  GroupState,
  SaveGroupData,
  SetGroupGoalsData,
  ShareProjectData,
} from '@fahrplan/contracts';
import { DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import { AggregateRunner, recordOf } from '../infrastructure/aggregate-runner';
import type { CommandEnvelope } from '../infrastructure/aggregate-runner';
import {
  AcceptProjectShareMessage,
  AddSubgroupMessage,
  RenameSubgroupMessage,
  CreateGoalMessage,
  DeclineProjectShareMessage,
  DeleteGroupMessage,
  SaveGroupMessage,
  SetGroupGoalsMessage,
  ShareProjectMessage,
  UnshareProjectMessage,
} from '../infrastructure/command-message';
import { groupParentChain, linkedAccount, sharedParentStatus, streamOwner } from '../infrastructure/lookups';
import { AGGREGATE_RUNNER, EVENT_STORE } from '../infrastructure/tokens';
import { assertAssignableResource } from '../resources/resource.handlers';

/** Whether a goal or an application exists (and is not deleted) in the tenant. */
const exists = async (
  runner: AggregateRunner,
  category: 'goal' | 'application',
  id: number,
  tenant: string,
): Promise<boolean> => {
  const loaded =
    category === 'goal'
      ? await runner.load(streamName('goal', id), goalDecider, tenant, 'goal').catch(() => null)
      : await runner
          .load(streamName('application', id), applicationDecider, tenant, 'application')
          .catch(() => null);
  return loaded?.state.status === 'active';
};

const missing = async (
  runner: AggregateRunner,
  category: 'goal' | 'application',
  ids: readonly number[],
  tenant: string,
): Promise<number[]> => {
  const found = await Promise.all(ids.map((id) => exists(runner, category, id, tenant)));
  return ids.filter((_, i) => !found[i]);
};

const runGroup = (
  runner: AggregateRunner,
  id: number,
  command: GroupCommand,
  envelope: CommandEnvelope,
  facts: (
    base: GroupContext,
    state: GroupState,
  ) => Promise<Partial<GroupContext>> | Partial<GroupContext> = () => ({}),
  claim?: string,
) =>
  runner.run({
    ...recordOf('group', { id, claim }),
    decider: groupDecider,
    command,
    envelope,
    context: async (state, base) => {
      const context: GroupContext = { ...base, parentChain: [] };
      return { ...context, ...(await facts(context, state)) };
    },
  });

@CommandHandler(SaveGroupMessage)
export class SaveGroupHandler implements ICommandHandler<SaveGroupMessage, CommandResult> {
  constructor(
    @Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ data, envelope }: SaveGroupMessage): Promise<CommandResult> {
    const command = data as SaveGroupData;
    const { id, claim } = command.id === undefined ? await this.runner.newId(envelope) : { id: command.id };
    const { tenant } = envelope;
    return runGroup(
      this.runner,
      id,
      { type: 'SaveGroup', data: command },
      envelope,
      async (_base, state) => {
        const current = state.status === 'absent' ? undefined : state.fields.resource;
        await assertAssignableResource(this.runner, command.resource, current, tenant);
        return {
          parentChain: command.parent ? await groupParentChain(this.store, command.parent, tenant) : [],
          ...(command.parent
            ? { sharedParentStatus: await sharedParentStatus(this.store, command.parent, tenant) }
            : {}),
          ...(command.account ? { account: await linkedAccount(this.runner, command.account, tenant) } : {}),
          alm: this.directory.tenant(tenant)?.features.alm ?? false,
          ...(command.applications
            ? { unknownApplications: await missing(this.runner, 'application', command.applications, tenant) }
            : {}),
        };
      },
      claim,
    );
  }
}

@CommandHandler(DeleteGroupMessage)
export class DeleteGroupHandler implements ICommandHandler<DeleteGroupMessage, CommandResult> {
  constructor(@Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner) {}

  execute({ data, envelope }: DeleteGroupMessage): Promise<CommandResult> {
    const command = data as DeleteGroupData;
    return runGroup(this.runner, command.id, { type: 'DeleteGroup', data: command }, envelope);
  }
}

@CommandHandler(SetGroupGoalsMessage)
export class SetGroupGoalsHandler implements ICommandHandler<SetGroupGoalsMessage, CommandResult> {
  constructor(@Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner) {}

  execute({ data, envelope }: SetGroupGoalsMessage): Promise<CommandResult> {
    const command = data as SetGroupGoalsData;
    const goalIds = [...new Set(command.goals.map((g) => g.goalId))];
    return runGroup(
      this.runner,
      command.id,
      { type: 'SetGroupGoals', data: command },
      envelope,
      async () => ({
        unknownGoals: await missing(this.runner, 'goal', goalIds, envelope.tenant),
      }),
    );
  }
}

@CommandHandler(ShareProjectMessage)
export class ShareProjectHandler implements ICommandHandler<ShareProjectMessage, CommandResult> {
  constructor(
    @Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
  ) {}

  execute({ data, envelope }: ShareProjectMessage): Promise<CommandResult> {
    const command = data as ShareProjectData;
    return runGroup(this.runner, command.id, { type: 'ShareProject', data: command }, envelope, () => ({
      tenantExists: this.directory.tenant(command.tenant) !== undefined,
    }));
  }
}

@CommandHandler(UnshareProjectMessage)
export class UnshareProjectHandler implements ICommandHandler<UnshareProjectMessage, CommandResult> {
  constructor(@Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner) {}

  execute({ data, envelope }: UnshareProjectMessage): Promise<CommandResult> {
    const command = data as ShareProjectData;
    return runGroup(this.runner, command.id, { type: 'UnshareProject', data: command }, envelope);
  }
}

/**
 * Accept or decline, run by the tenant a project was shared with, on the owner's stream: the event is
 * recorded under the owner's tenant (every event of a stream carries the tenant that owns it), by the
 * deciding user qualified with the deciding tenant, which `data.tenant` names as well.
 */
const decideShare = async (
  runner: AggregateRunner,
  store: EventStore,
  type: 'AcceptProjectShare' | 'DeclineProjectShare',
  { data, envelope }: { data: unknown; envelope: CommandEnvelope },
): Promise<CommandResult> => {
  const { id } = data as { id: number };
  const deciding = envelope.tenant;
  const owner = (await streamOwner(store, streamName('group', id))) ?? deciding;
  const command: AcceptProjectShareData | DeclineProjectShareData = { id, tenant: deciding };
  return runGroup(
    runner,
    id,
    { type, data: command },
    { ...envelope, tenant: owner, user: `${envelope.user}@${deciding}`, source: `share:${deciding}` },
  );
};

@CommandHandler(AcceptProjectShareMessage)
export class AcceptProjectShareHandler implements ICommandHandler<AcceptProjectShareMessage, CommandResult> {
  constructor(
    @Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  execute(message: AcceptProjectShareMessage): Promise<CommandResult> {
    return decideShare(this.runner, this.store, 'AcceptProjectShare', message);
  }
}

@CommandHandler(DeclineProjectShareMessage)
export class DeclineProjectShareHandler implements ICommandHandler<
  DeclineProjectShareMessage,
  CommandResult
> {
  constructor(
    @Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  execute(message: DeclineProjectShareMessage): Promise<CommandResult> {
    return decideShare(this.runner, this.store, 'DeclineProjectShare', message);
  }
}

@CommandHandler(CreateGoalMessage)
export class CreateGoalHandler implements ICommandHandler<CreateGoalMessage, CommandResult> {
  constructor(@Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner) {}

  async execute({ data, envelope }: CreateGoalMessage): Promise<CommandResult> {
    const command = data as CreateGoalData;
    const { id, claim } = await this.runner.newId(envelope);
    return this.runner.run({
      ...recordOf('goal', { id, claim }),
      decider: goalDecider,
      command: { type: 'CreateGoal', data: command },
      envelope,
      context: async (_state, base) => ({
        ...base,
        parentExists:
          command.parent === null || (await exists(this.runner, 'goal', command.parent, envelope.tenant)),
      }),
    });
  }
}

@CommandHandler(AddSubgroupMessage)
export class AddSubgroupHandler implements ICommandHandler<AddSubgroupMessage, CommandResult> {
  constructor(@Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner) {}

  execute({ data, envelope }: AddSubgroupMessage): Promise<CommandResult> {
    const command = data as AddSubgroupData;
    return runGroup(this.runner, command.id, { type: 'AddSubgroup', data: command }, envelope);
  }
}

@CommandHandler(RenameSubgroupMessage)
export class RenameSubgroupHandler implements ICommandHandler<RenameSubgroupMessage, CommandResult> {
  constructor(@Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner) {}

  execute({ data, envelope }: RenameSubgroupMessage): Promise<CommandResult> {
    const command = data as RenameSubgroupData;
    return runGroup(this.runner, command.id, { type: 'RenameSubgroup', data: command }, envelope);
  }
}

export const groupHandlers = [
  AddSubgroupHandler,
  RenameSubgroupHandler,
  SaveGroupHandler,
  DeleteGroupHandler,
  SetGroupGoalsHandler,
  ShareProjectHandler,
  UnshareProjectHandler,
  AcceptProjectShareHandler,
  DeclineProjectShareHandler,
  CreateGoalHandler,
];
