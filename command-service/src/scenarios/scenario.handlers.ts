import { CommandHandler } from '@nestjs/cqrs';
import { scenarioDecider } from '@fahrplan/contracts';
import type {
  CommandResult,
  CreateScenarioData,
  DiscardScenarioData,
  RenameScenarioData,
} from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import {
  CreateScenarioMessage,
  DiscardScenarioMessage,
  RenameScenarioMessage,
} from '../infrastructure/command-message';
import { PublishScenarioHandler } from './publish-scenario.handler';
import { ResolveScenarioConflictHandler } from './resolve-scenario-conflict.handler';

@CommandHandler(CreateScenarioMessage)
export class CreateScenarioHandler extends AggregateHandler<CreateScenarioMessage> {
  execute({ data, envelope }: CreateScenarioMessage): Promise<CommandResult> {
    const command = { type: 'CreateScenario', data: data as CreateScenarioData } as const;
    return this.runFromTenantPast('scenario', scenarioDecider, command, envelope);
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
  ResolveScenarioConflictHandler,
];
