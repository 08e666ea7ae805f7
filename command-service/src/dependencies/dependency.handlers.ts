import { CommandHandler } from '@nestjs/cqrs';
import {
  dependencyDecider,
  dependencyPath,
  dependencyStream,
  dependencyVersion,
  graphOf,
} from '@fahrplan/contracts';
import type {
  AddDependencyData,
  CommandResult,
  DependencyCommand,
  DependencyContext,
  DependencyGraphState,
  RemoveDependencyData,
} from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import type { AggregateRunner, CommandEnvelope } from '../infrastructure/aggregate-runner';
import { AddDependencyMessage, RemoveDependencyMessage } from '../infrastructure/command-message';

type DependencyFacts = Omit<DependencyContext, 'tenant' | 'user' | 'now' | 'newId'>;

/**
 * Every dependency of a tenant lives in its graph's stream (docs/design/dependencies.md): the decision
 * sees the whole graph, and two adds that together would close a cycle cannot both be appended, since
 * the second's expected revision is stale and the runner decides it again on the graph with the first.
 * The answer's version is the dependency's own (0 when added, 1 once removed), not the graph's.
 */
const runDependency = async (
  runner: AggregateRunner,
  id: number,
  command: DependencyCommand,
  envelope: CommandEnvelope,
  facts: (state: DependencyGraphState) => Promise<DependencyFacts>,
): Promise<CommandResult> => {
  const result = await runner.run({
    stream: dependencyStream(envelope.tenant),
    id,
    what: 'dependency',
    manyRecords: true,
    decider: dependencyDecider,
    command,
    envelope,
    context: async (state, base) => ({ ...base, ...(await facts(state)) }),
  });
  const version = command.type === 'AddDependency' ? dependencyVersion : dependencyVersion + 1;
  return { ...result, version };
};

@CommandHandler(AddDependencyMessage)
export class AddDependencyHandler extends AggregateHandler<AddDependencyMessage> {
  async execute({ data, envelope }: AddDependencyMessage): Promise<CommandResult> {
    const command = data as AddDependencyData;
    const { tenant } = envelope;
    // the claim of a keyed retry is written by the runner, as for a change of an existing stream
    const { id } = await this.runner.newId(envelope);
    const { predecessor, successor } = command;
    return runDependency(
      this.runner,
      id,
      { type: 'AddDependency', data: command },
      envelope,
      async (state) => {
        const items = await this.lookupsFor(envelope).dependencyItems([predecessor, successor], tenant);
        // the path the new dependency would close, if any: only its items' titles are needed
        const back = dependencyPath(graphOf(state), successor, predecessor);
        return { items, titles: back ? await this.lookupsFor(envelope).itemTitles(back, tenant) : {} };
      },
    );
  }
}

@CommandHandler(RemoveDependencyMessage)
export class RemoveDependencyHandler extends AggregateHandler<RemoveDependencyMessage> {
  execute({ data, envelope }: RemoveDependencyMessage): Promise<CommandResult> {
    const command = data as RemoveDependencyData;
    return runDependency(this.runner, command.id, { type: 'RemoveDependency', data: command }, envelope, () =>
      Promise.resolve({ items: {} }),
    );
  }
}

export const dependencyHandlers = [AddDependencyHandler, RemoveDependencyHandler];
