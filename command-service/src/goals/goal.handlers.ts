import { CommandHandler } from '@nestjs/cqrs';
import { goalDecider } from '@fahrplan/contracts';
import type { CommandResult, CreateGoalData, DeleteGoalData, UpdateGoalData } from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import { CreateGoalMessage, DeleteGoalMessage, UpdateGoalMessage } from '../infrastructure/command-message';

@CommandHandler(CreateGoalMessage)
export class CreateGoalHandler extends AggregateHandler<CreateGoalMessage> {
  async execute({ data, envelope }: CreateGoalMessage): Promise<CommandResult> {
    const command = data as CreateGoalData;
    return this.runner.run({
      ...recordOf('goal', await this.runner.newId(envelope)),
      decider: goalDecider,
      command: { type: 'CreateGoal', data: command },
      envelope,
      context: async (_state, base) => ({
        ...base,
        parentExists:
          command.parent === null ||
          (await this.lookupsFor(envelope).isLive('goal', command.parent, envelope.tenant)),
      }),
    });
  }
}

@CommandHandler(UpdateGoalMessage)
export class UpdateGoalHandler extends AggregateHandler<UpdateGoalMessage> {
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
          ? { parentChain: await this.lookupsFor(envelope).parentChain('goal', parent, envelope.tenant) }
          : {}),
      }),
    });
  }
}

@CommandHandler(DeleteGoalMessage)
export class DeleteGoalHandler extends AggregateHandler<DeleteGoalMessage> {
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
        ...(state.status === 'active'
          ? await this.lookupsFor(envelope).goalUsage(command.id, envelope.tenant)
          : {}),
      }),
    });
  }
}

export const goalHandlers = [CreateGoalHandler, UpdateGoalHandler, DeleteGoalHandler];
