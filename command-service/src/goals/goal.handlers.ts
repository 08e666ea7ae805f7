import { Inject } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { ICommandHandler } from '@nestjs/cqrs';
import { goalDecider, groupDecider, parseStreamName } from '@fahrplan/contracts';
import type {
  CommandResult,
  DeleteGoalData,
  GoalEvent,
  GoalState,
  GroupEvent,
  GroupState,
  UpdateGoalData,
} from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import { AggregateRunner, recordOf } from '../infrastructure/aggregate-runner';
import { DeleteGoalMessage, UpdateGoalMessage } from '../infrastructure/command-message';
import { parentChain } from '../infrastructure/lookups';
import { AGGREGATE_RUNNER, EVENT_STORE } from '../infrastructure/tokens';

const PAGE = 1000;

/**
 * The tenant's live projects with a value for the goal, and its live goals that name it as parent,
 * folded from one paged read of both categories. Goals are deleted rarely, by an administrator, so
 * this scan is cheaper than an index the command service would have to keep for this one check.
 */
const goalUsage = async (store: EventStore, goal: number, tenant: string) => {
  // a stream belongs to the tenant of its first event (an accepting tenant may append to a project)
  const owners = new Map<string, string>();
  const groups = new Map<string, GroupState>();
  const goals = new Map<string, GoalState>();
  for (let after = 0; ;) {
    const page = await store.readAll({ after, maxCount: PAGE, categories: ['group', 'goal'] });
    for (const event of page) {
      if (!owners.has(event.streamId)) owners.set(event.streamId, event.metadata.tenant);
      if (owners.get(event.streamId) !== tenant) continue;
      if (parseStreamName(event.streamId).category === 'group')
        groups.set(
          event.streamId,
          groupDecider.evolve(
            groups.get(event.streamId) ?? groupDecider.initialState,
            event as unknown as GroupEvent,
          ),
        );
      else
        goals.set(
          event.streamId,
          goalDecider.evolve(
            goals.get(event.streamId) ?? goalDecider.initialState,
            event as unknown as GoalEvent,
          ),
        );
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.position;
  }
  return {
    usedBy: [...groups.values()].flatMap((g) => (g.status === 'active' && goal in g.goals ? [g.id] : [])),
    children: [...goals.values()].flatMap((g) =>
      g.status === 'active' && g.fields.parent === goal ? [g.id] : [],
    ),
  };
};

@CommandHandler(UpdateGoalMessage)
export class UpdateGoalHandler implements ICommandHandler<UpdateGoalMessage, CommandResult> {
  constructor(@Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner) {}

  execute({ data, envelope }: UpdateGoalMessage): Promise<CommandResult> {
    const command = data as UpdateGoalData;
    const { parent } = command;
    return this.runner.run({
      ...recordOf('goal', { id: command.id }),
      decider: goalDecider,
      command: { type: 'UpdateGoal', data: command },
      envelope,
      context: async (_state, base) => ({
        ...base,
        ...(parent !== undefined && parent !== null
          ? { parentChain: await parentChain(this.runner, 'goal', goalDecider, parent, envelope.tenant) }
          : {}),
      }),
    });
  }
}

@CommandHandler(DeleteGoalMessage)
export class DeleteGoalHandler implements ICommandHandler<DeleteGoalMessage, CommandResult> {
  constructor(
    @Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  execute({ data, envelope }: DeleteGoalMessage): Promise<CommandResult> {
    const command = data as DeleteGoalData;
    return this.runner.run({
      ...recordOf('goal', { id: command.id }),
      decider: goalDecider,
      command: { type: 'DeleteGoal', data: command },
      envelope,
      context: async (state, base) => ({
        ...base,
        // only a deletion that can happen needs the scan
        ...(state.status === 'active' ? await goalUsage(this.store, command.id, envelope.tenant) : {}),
      }),
    });
  }
}

export const goalHandlers = [UpdateGoalHandler, DeleteGoalHandler];
