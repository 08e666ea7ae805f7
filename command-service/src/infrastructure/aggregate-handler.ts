import { Inject } from '@nestjs/common';
import type { CommandResult } from '@fahrplan/contracts';
import { DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import { AggregateRunner } from './aggregate-runner';
import type { CommandEnvelope } from './aggregate-runner';
import type { CommandMessage } from './command-message';
import type { Lookups } from './lookups';
import { AGGREGATE_RUNNER, LOOKUPS } from './tokens';

/**
 * What every command handler works with (STYLE 6): the runner that loads its aggregate, decides and
 * appends; the lookups port for facts of other aggregates; the identity directory for the caller's
 * tenant and permissions. Injected by property, so that handlers need no constructor of their own.
 * (ICommandHandler is a conditional type, which a generic class cannot implement.)
 */
export abstract class AggregateHandler<M extends CommandMessage> {
  @Inject(AGGREGATE_RUNNER) protected readonly runner!: AggregateRunner;
  @Inject(LOOKUPS) protected readonly lookups!: Lookups;
  @Inject(DIRECTORY) protected readonly directory!: DirectoryCache;

  abstract execute(message: M): Promise<CommandResult>;

  /** The lookups as the command's plan has it: the live plan, or the scenario its header names. */
  protected lookupsFor({ scenario }: CommandEnvelope): Lookups {
    return scenario === undefined ? this.lookups : this.lookups.inScenario(scenario);
  }
}
