import { CommandHandler } from '@nestjs/cqrs';
import { can, commandCatalogue, notPermitted, resolutionDecider } from '@fahrplan/contracts';
import type { CommandResult, ResolveScenarioConflictData } from '@fahrplan/contracts';
import { recordOf } from '../infrastructure/aggregate-runner';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { ResolveScenarioConflictMessage } from '../infrastructure/command-message';

/** The category of a record a conflict can be resolved on, and the command that updates it live. */
const resolvable = {
  item: { category: 'item', update: 'SaveItem' },
  group: { category: 'group', update: 'SaveGroup' },
  goal: { category: 'goal', update: 'UpdateGoal' },
} as const;

/**
 * ResolveScenarioConflict (issue 22, docs/design/scenario-conflict-resolution.md): the record loaded in
 * the scenario (its live stream and the scenario's stream of it), the pure `decideResolution`, and the
 * record's own `…Updated` appended to the scenario's stream with the live revision now as its `base`.
 * The schema has refused every kind but these; the update's own permission is checked here.
 */
@CommandHandler(ResolveScenarioConflictMessage)
export class ResolveScenarioConflictHandler extends AggregateHandler<ResolveScenarioConflictMessage> {
  execute({ data, envelope }: ResolveScenarioConflictMessage): Promise<CommandResult> {
    const command = data as ResolveScenarioConflictData;
    const { category, update } = resolvable[command.kind as keyof typeof resolvable];
    const user = this.directory.user(envelope.tenant, envelope.user);
    const required = commandCatalogue[update].permission({ id: command.id });
    if (!user || (required && !can(user.permissions, required.resource, required.action)))
      throw notPermitted();
    return this.runner.run({
      ...recordOf(category, { id: command.id }),
      decider: resolutionDecider,
      command,
      envelope: { ...envelope, scenario: command.scenario },
      context: (_state, base) => base,
    });
  }
}
