import { CommandHandler } from '@nestjs/cqrs';
import { scenarioDecider } from '@fahrplan/contracts';
import type {
  CommandResult,
  CreateScenarioData,
  DiscardScenarioData,
  RenameScenarioData,
} from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import {
  CreateScenarioMessage,
  DiscardScenarioMessage,
  RenameScenarioMessage,
} from '../infrastructure/command-message';
import { PublishScenarioHandler } from './publish-scenario.handler';

@CommandHandler(CreateScenarioMessage)
export class CreateScenarioHandler extends AggregateHandler<CreateScenarioMessage> {
  async execute({ data, envelope }: CreateScenarioMessage): Promise<CommandResult> {
    return this.runner.run({
      ...recordOf('scenario', await this.runner.newId(envelope)),
      decider: scenarioDecider,
      command: { type: 'CreateScenario', data: data as CreateScenarioData },
      envelope,
      // a branch from before the tenant's first event would start from an empty plan
      context: async (_state, base) => ({ ...base, tenantSince: await this.tenantSince(envelope) }),
    });
  }
}

@CommandHandler(RenameScenarioMessage)
export class RenameScenarioHandler extends AggregateHandler<RenameScenarioMessage> {
  execute({ data, envelope }: RenameScenarioMessage): Promise<CommandResult> {
    const command = { type: 'RenameScenario', data: data as RenameScenarioData } as const;
    return this.runOnRecord('scenario', { id: command.data.id }, scenarioDecider, command, envelope);
  }
}

@CommandHandler(DiscardScenarioMessage)
export class DiscardScenarioHandler extends AggregateHandler<DiscardScenarioMessage> {
  execute({ data, envelope }: DiscardScenarioMessage): Promise<CommandResult> {
    const command = { type: 'DiscardScenario', data: data as DiscardScenarioData } as const;
    return this.runOnRecord('scenario', { id: command.data.id }, scenarioDecider, command, envelope);
  }
}

export const scenarioHandlers = [
  CreateScenarioHandler,
  RenameScenarioHandler,
  DiscardScenarioHandler,
  PublishScenarioHandler,
];
