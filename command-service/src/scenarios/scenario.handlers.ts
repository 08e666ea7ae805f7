import { scenarioDecider } from '@fahrplan/contracts';
import { namedRecordHandler, tenantPastHandler } from '../infrastructure/aggregate-handler';
import {
  CreateScenarioMessage,
  DiscardScenarioMessage,
  RenameScenarioMessage,
} from '../infrastructure/command-message';
import { PublishScenarioHandler } from './publish-scenario.handler';
import { ResolveScenarioConflictHandler } from './resolve-scenario-conflict.handler';

export const scenarioHandlers = [
  tenantPastHandler(CreateScenarioMessage, 'CreateScenario', 'scenario', scenarioDecider),
  namedRecordHandler(RenameScenarioMessage, 'RenameScenario', 'scenario', scenarioDecider),
  namedRecordHandler(DiscardScenarioMessage, 'DiscardScenario', 'scenario', scenarioDecider),
  PublishScenarioHandler,
  ResolveScenarioConflictHandler,
];
