import { CommandHandler } from '@nestjs/cqrs';
import { defaultCalendarId, groupDecider, optionListsOf } from '@fahrplan/contracts';
import type {
  AcceptProjectShareData,
  AddSubgroupData,
  CommandResult,
  DeclineProjectShareData,
  DeleteGroupData,
  GroupCommand,
  GroupContext,
  GroupState,
  RemoveSubgroupData,
  RenameSubgroupData,
  RestoreGroupData,
  RestoreSubgroupData,
  SaveGroupData,
  SetGroupGoalsData,
  ShareProjectData,
} from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import type { AggregateRunner, CommandEnvelope } from '../infrastructure/aggregate-runner';
import {
  AcceptProjectShareMessage,
  AddSubgroupMessage,
  DeclineProjectShareMessage,
  DeleteGroupMessage,
  RemoveSubgroupMessage,
  RenameSubgroupMessage,
  RestoreGroupMessage,
  RestoreSubgroupMessage,
  SaveGroupMessage,
  SetGroupGoalsMessage,
  ShareProjectMessage,
  UnshareProjectMessage,
} from '../infrastructure/command-message';
import { assertAssignableCalendar, assertAssignableResource } from '../infrastructure/lookups';
import type { Lookups } from '../infrastructure/lookups';

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

/** A command on an existing project: the project is the one its `data.id` names. */
const runOnGroup = (
  runner: AggregateRunner,
  command: Exclude<GroupCommand, { type: 'SaveGroup' }>,
  envelope: CommandEnvelope,
  facts?: Parameters<typeof runGroup>[4],
) => runGroup(runner, command.data.id, command, envelope, facts);

@CommandHandler(SaveGroupMessage)
export class SaveGroupHandler extends AggregateHandler<SaveGroupMessage> {
  async execute({ data, envelope }: SaveGroupMessage): Promise<CommandResult> {
    const command = data as SaveGroupData;
    const { id, claim } = command.id === undefined ? await this.runner.newId(envelope) : { id: command.id };
    const { tenant } = envelope;
    const lookups = this.lookupsFor(envelope);
    return runGroup(
      this.runner,
      id,
      { type: 'SaveGroup', data: command },
      envelope,
      async (_base, state) => {
        const current = state.status === 'absent' ? undefined : state.fields;
        await assertAssignableResource(lookups, command.resource, current?.resource, tenant);
        await assertAssignableCalendar(lookups, command.calendar, current?.calendar, tenant);
        // a new start keeps the working days on the calendar the project plans on after the command
        const calendar = command.calendar ?? current?.calendar ?? defaultCalendarId;
        return {
          ...(command.start !== undefined ? { rules: await lookups.calendarRules(calendar, tenant) } : {}),
          parentChain: command.parent ? await lookups.groupParentChain(command.parent, tenant) : [],
          ...(command.parent
            ? { sharedParentStatus: await lookups.sharedParentStatus(command.parent, tenant) }
            : {}),
          ...(command.account ? { account: await lookups.linkedAccount(command.account, tenant) } : {}),
          alm: this.directory.tenant(tenant)?.features.alm ?? false,
          optionLists: optionListsOf(this.directory.tenant(tenant)?.optionLists),
          projectAttributes: this.directory.tenant(tenant)?.projectAttributes ?? [],
          ...(command.applications
            ? { unknownApplications: await lookups.missing('application', command.applications, tenant) }
            : {}),
        };
      },
      claim,
    );
  }
}

@CommandHandler(DeleteGroupMessage)
export class DeleteGroupHandler extends AggregateHandler<DeleteGroupMessage> {
  execute({ data, envelope }: DeleteGroupMessage): Promise<CommandResult> {
    const command = data as DeleteGroupData;
    return runOnGroup(this.runner, { type: 'DeleteGroup', data: command }, envelope, async () => ({
      subprojects: await this.lookupsFor(envelope).subprojects(command.id, envelope.tenant),
    }));
  }
}

@CommandHandler(RestoreGroupMessage)
export class RestoreGroupHandler extends AggregateHandler<RestoreGroupMessage> {
  execute({ data, envelope }: RestoreGroupMessage): Promise<CommandResult> {
    const command = data as RestoreGroupData;
    return runOnGroup(
      this.runner,
      { type: 'RestoreGroup', data: command },
      envelope,
      async (_base, state) => {
        const parent = state.status === 'absent' ? null : state.fields.parent;
        return {
          parentChain: parent
            ? await this.lookupsFor(envelope).groupParentChain(parent, envelope.tenant)
            : [],
        };
      },
    );
  }
}

@CommandHandler(SetGroupGoalsMessage)
export class SetGroupGoalsHandler extends AggregateHandler<SetGroupGoalsMessage> {
  execute({ data, envelope }: SetGroupGoalsMessage): Promise<CommandResult> {
    const command = data as SetGroupGoalsData;
    const goalIds = [...new Set(command.goals.map((g) => g.goalId))];
    return runOnGroup(this.runner, { type: 'SetGroupGoals', data: command }, envelope, async () => ({
      unknownGoals: await this.lookupsFor(envelope).missing('goal', goalIds, envelope.tenant),
    }));
  }
}

@CommandHandler(ShareProjectMessage)
export class ShareProjectHandler extends AggregateHandler<ShareProjectMessage> {
  execute({ data, envelope }: ShareProjectMessage): Promise<CommandResult> {
    const command = data as ShareProjectData;
    return runOnGroup(this.runner, { type: 'ShareProject', data: command }, envelope, () => ({
      tenantExists: this.directory.tenant(command.tenant) !== undefined,
    }));
  }
}

@CommandHandler(UnshareProjectMessage)
export class UnshareProjectHandler extends AggregateHandler<UnshareProjectMessage> {
  execute({ data, envelope }: UnshareProjectMessage): Promise<CommandResult> {
    const command = data as ShareProjectData;
    return runOnGroup(this.runner, { type: 'UnshareProject', data: command }, envelope);
  }
}

/**
 * Accept or decline, run by the tenant a project was shared with, on the owner's stream: the event is
 * recorded under the owner's tenant (every event of a stream carries the tenant that owns it), by the
 * deciding user qualified with the deciding tenant, which `data.tenant` names as well.
 */
const decideShare = async (
  runner: AggregateRunner,
  lookups: Lookups,
  type: 'AcceptProjectShare' | 'DeclineProjectShare',
  { data, envelope }: { data: unknown; envelope: CommandEnvelope },
): Promise<CommandResult> => {
  const { id } = data as { id: number };
  const deciding = envelope.tenant;
  const owner = (await lookups.groupOwner(id)) ?? deciding;
  const command: AcceptProjectShareData | DeclineProjectShareData = { id, tenant: deciding };
  return runOnGroup(
    runner,
    { type, data: command },
    { ...envelope, tenant: owner, user: `${envelope.user}@${deciding}`, source: `share:${deciding}` },
  );
};

@CommandHandler(AcceptProjectShareMessage)
export class AcceptProjectShareHandler extends AggregateHandler<AcceptProjectShareMessage> {
  execute(message: AcceptProjectShareMessage): Promise<CommandResult> {
    return decideShare(this.runner, this.lookups, 'AcceptProjectShare', message);
  }
}

@CommandHandler(DeclineProjectShareMessage)
export class DeclineProjectShareHandler extends AggregateHandler<DeclineProjectShareMessage> {
  execute(message: DeclineProjectShareMessage): Promise<CommandResult> {
    return decideShare(this.runner, this.lookups, 'DeclineProjectShare', message);
  }
}

@CommandHandler(AddSubgroupMessage)
export class AddSubgroupHandler extends AggregateHandler<AddSubgroupMessage> {
  execute({ data, envelope }: AddSubgroupMessage): Promise<CommandResult> {
    const command = data as AddSubgroupData;
    return runOnGroup(this.runner, { type: 'AddSubgroup', data: command }, envelope);
  }
}

@CommandHandler(RenameSubgroupMessage)
export class RenameSubgroupHandler extends AggregateHandler<RenameSubgroupMessage> {
  execute({ data, envelope }: RenameSubgroupMessage): Promise<CommandResult> {
    const command = data as RenameSubgroupData;
    return runOnGroup(this.runner, { type: 'RenameSubgroup', data: command }, envelope);
  }
}

@CommandHandler(RemoveSubgroupMessage)
export class RemoveSubgroupHandler extends AggregateHandler<RemoveSubgroupMessage> {
  execute({ data, envelope }: RemoveSubgroupMessage): Promise<CommandResult> {
    const command = data as RemoveSubgroupData;
    return runOnGroup(this.runner, { type: 'RemoveSubgroup', data: command }, envelope, async () => ({
      laneItems: await this.lookupsFor(envelope).laneItems(command.id, command.subgroup, envelope.tenant),
    }));
  }
}

@CommandHandler(RestoreSubgroupMessage)
export class RestoreSubgroupHandler extends AggregateHandler<RestoreSubgroupMessage> {
  execute({ data, envelope }: RestoreSubgroupMessage): Promise<CommandResult> {
    const command = data as RestoreSubgroupData;
    return runOnGroup(this.runner, { type: 'RestoreSubgroup', data: command }, envelope);
  }
}

export const groupHandlers = [
  RemoveSubgroupHandler,
  RestoreSubgroupHandler,
  RestoreGroupHandler,
  AddSubgroupHandler,
  RenameSubgroupHandler,
  SaveGroupHandler,
  DeleteGroupHandler,
  SetGroupGoalsHandler,
  ShareProjectHandler,
  UnshareProjectHandler,
  AcceptProjectShareHandler,
  DeclineProjectShareHandler,
];
