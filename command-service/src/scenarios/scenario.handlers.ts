import { CommandHandler } from '@nestjs/cqrs';
import { scenarioDecider, streamName } from '@fahrplan/contracts';
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
    const tenant = this.directory.tenant(envelope.tenant);
    return this.runner.run({
      ...recordOf('scenario', await this.runner.newId(envelope)),
      decider: scenarioDecider,
      command: { type: 'CreateScenario', data: data as CreateScenarioData },
      envelope,
      // a branch from before the tenant's first event would start from an empty plan
      context: async (_state, base) => ({
        ...base,
        tenantSince: tenant ? await this.lookups.firstEventAt(streamName('tenant', tenant.id)) : null,
      }),
    });
  }
}

@CommandHandler(RenameScenarioMessage)
export class RenameScenarioHandler extends AggregateHandler<RenameScenarioMessage> {
  execute({ data, envelope }: RenameScenarioMessage): Promise<CommandResult> {
    const command = data as RenameScenarioData;
    return this.runner.run({
      ...recordOf('scenario', { id: command.id }),
      decider: scenarioDecider,
      command: { type: 'RenameScenario', data: command },
      envelope,
      context: (_state, base) => base,
    });
  }
}

@CommandHandler(DiscardScenarioMessage)
export class DiscardScenarioHandler extends AggregateHandler<DiscardScenarioMessage> {
  execute({ data, envelope }: DiscardScenarioMessage): Promise<CommandResult> {
    const command = data as DiscardScenarioData;
    return this.runner.run({
      ...recordOf('scenario', { id: command.id }),
      decider: scenarioDecider,
      command: { type: 'DiscardScenario', data: command },
      envelope,
      context: (_state, base) => base,
    });
  }
}

export const scenarioHandlers = [
  CreateScenarioHandler,
  RenameScenarioHandler,
  DiscardScenarioHandler,
  PublishScenarioHandler,
];
