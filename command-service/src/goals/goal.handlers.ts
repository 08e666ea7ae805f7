import { Inject } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { ICommandHandler } from '@nestjs/cqrs';
import {
  decideGoal,
  evolveGoal,
  evolveGroup,
  initialGoalState,
  initialGroupState,
} from '@fahrplan/contracts';
import type {
  CommandResult,
  DeleteGoalData,
  GoalCommand,
  GoalContext,
  GoalEvent,
  GoalState,
  GroupEvent,
  GroupState,
  StoredEvent,
  UpdateGoalData,
} from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import { AggregateRunner, recordOf } from '../infrastructure/aggregate-runner';
import type { Decider } from '../infrastructure/aggregate-runner';
import { DeleteGoalMessage, UpdateGoalMessage } from '../infrastructure/command-message';
import { parentChain } from '../infrastructure/lookups';
import { AGGREGATE_RUNNER, EVENT_STORE } from '../infrastructure/tokens';

const goalDecider: Decider<GoalCommand, GoalState, GoalEvent, GoalContext> = {
  initial: initialGoalState,
  evolve: evolveGoal,
  decide: decideGoal,
};

const PAGE = 1000;

/**
 * The current state of every stream of `category` owned by `tenant`, folded from the log. Goals are
 * deleted rarely, by an administrator, so a scan of two categories is cheaper than an index the
 * command service would have to keep for this one check.
 */
const foldCategory = async <S>(
  store: EventStore,
  category: 'group' | 'goal',
  tenant: string,
  initial: S,
  evolve: (state: S, event: StoredEvent) => S,
): Promise<S[]> => {
  const streams = new Map<string, { tenant: string; state: S }>();
  for (let after = 0; ;) {
    const page = await store.readAll({ after, maxCount: PAGE, categories: [category] });
    for (const event of page) {
      const known = streams.get(event.streamId) ?? { tenant: event.metadata.tenant, state: initial };
      streams.set(event.streamId, { ...known, state: evolve(known.state, event) });
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.position;
  }
  return [...streams.values()].filter((s) => s.tenant === tenant).map((s) => s.state);
};

/** The tenant's live projects with a value for the goal, and its live goals that name it as parent. */
const goalUsage = async (store: EventStore, goal: number, tenant: string) => {
  const [groups, goals] = await Promise.all([
    foldCategory<GroupState>(store, 'group', tenant, initialGroupState, (s, e) =>
      evolveGroup(s, e as unknown as GroupEvent),
    ),
    foldCategory<GoalState>(store, 'goal', tenant, initialGoalState, (s, e) =>
      evolveGoal(s, e as unknown as GoalEvent),
    ),
  ]);
  return {
    usedBy: groups.flatMap((g) => (g.status === 'active' && goal in g.goals ? [g.id] : [])),
    children: goals.flatMap((g) => (g.status === 'active' && g.fields.parent === goal ? [g.id] : [])),
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
