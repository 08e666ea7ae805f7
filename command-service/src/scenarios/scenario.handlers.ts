import { scenarioDecider } from '@fahrplan/contracts';
import { namedRecordHandler, tenantPastHandler } from '../infrastructure/aggregate-handler';
import {
  CreateScenarioMessage,
  DiscardScenarioMessage,
  RenameScenarioMessage,
} from '../infrastructure/command-message';
import { PublishScenarioHandler } from './publish-scenario.handler';
import { ResolveScenarioConflictHandler } from './resolve-scenario-conflict.handler';

export const CreateScenarioHandler = tenantPastHandler(
  CreateScenarioMessage,
  'CreateScenario',
  'scenario',
  scenarioDecider,
);
export const RenameScenarioHandler = namedRecordHandler(
  RenameScenarioMessage,
  'RenameScenario',
  'scenario',
  scenarioDecider,
);
export const DiscardScenarioHandler = namedRecordHandler(
  DiscardScenarioMessage,
  'DiscardScenario',
  'scenario',
  scenarioDecider,
);

export const scenarioHandlers = [
  CreateScenarioHandler,
  RenameScenarioHandler,
  DiscardScenarioHandler,
  PublishScenarioHandler,
  ResolveScenarioConflictHandler,
];
