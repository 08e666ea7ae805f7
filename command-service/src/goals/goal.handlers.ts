import { CommandHandler } from '@nestjs/cqrs';
import { goalDecider } from '@fahrplan/contracts';
import type { CommandResult, CreateGoalData, DeleteGoalData, UpdateGoalData } from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { CreateGoalMessage, DeleteGoalMessage, UpdateGoalMessage } from '../infrastructure/command-message';

@CommandHandler(CreateGoalMessage)
export class CreateGoalHandler extends AggregateHandler<CreateGoalMessage> {
  async execute({ data, envelope }: CreateGoalMessage): Promise<CommandResult> {
    const command = { type: 'CreateGoal', data: data as CreateGoalData } as const;
    const { parent } = command.data;
    return this.runOnRecord(
      'goal',
      await this.runner.newId(envelope),
      goalDecider,
      command,
      envelope,
      async () => ({
        parentExists:
          parent === null || (await this.lookupsFor(envelope).isLive('goal', parent, envelope.tenant)),
      }),
    );
  }
}

@CommandHandler(UpdateGoalMessage)
export class UpdateGoalHandler extends AggregateHandler<UpdateGoalMessage> {
  execute({ data, envelope }: UpdateGoalMessage): Promise<CommandResult> {
    const command = { type: 'UpdateGoal', data: data as UpdateGoalData } as const;
    const { id, parent } = command.data;
    return this.runOnRecord('goal', { id }, goalDecider, command, envelope, async () =>
      parent !== undefined && parent !== null
        ? { parentChain: await this.lookupsFor(envelope).parentChain('goal', parent, envelope.tenant) }
        : {},
    );
  }
}

@CommandHandler(DeleteGoalMessage)
export class DeleteGoalHandler extends AggregateHandler<DeleteGoalMessage> {
  execute({ data, envelope }: DeleteGoalMessage): Promise<CommandResult> {
    const command = { type: 'DeleteGoal', data: data as DeleteGoalData } as const;
    const { id } = command.data;
    // only a deletion that can happen needs the scan
    return this.runOnRecord('goal', { id }, goalDecider, command, envelope, async (state) =>
      state.status === 'active' ? this.lookupsFor(envelope).goalUsage(id, envelope.tenant) : {},
    );
  }
}

export const goalHandlers = [CreateGoalHandler, UpdateGoalHandler, DeleteGoalHandler];
