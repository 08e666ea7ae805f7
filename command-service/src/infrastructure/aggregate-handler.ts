import { Inject } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { streamName } from '@fahrplan/contracts';
import type { Category, CommandResult, Decider, DomainEvent } from '@fahrplan/contracts';
import { DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import { AggregateRunner, recordOf } from './aggregate-runner';
import type { BaseContext, CommandEnvelope, NewId } from './aggregate-runner';
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

  /**
   * `command` on `record` of `category` (a new id or one named), decided on the record and the base
   * context, with the `facts` of other records the decision needs in the state loaded (none by default).
   */
  protected runOnRecord<C, S, E extends DomainEvent, F extends object = object>(
    category: Category,
    record: NewId,
    decider: Decider<C, S, E, BaseContext & NoInfer<F>>,
    command: C,
    envelope: CommandEnvelope,
    facts?: (state: S) => Promise<F>,
  ): Promise<CommandResult> {
    return this.runner.run({
      ...recordOf(category, record),
      decider,
      command,
      envelope,
      context: async (state, base) => ({ ...base, ...((await facts?.(state)) as F) }),
    });
  }

  /**
   * `command` creating a new record of `category` that names an instant of the tenant's past (a
   * baseline's `at`, a scenario's `from`), which `pastInstant` checks against when the tenant began
   * (its first event; null for an unknown tenant): a plan from before then would be empty.
   */
  protected async runFromTenantPast<C, S, E extends DomainEvent>(
    category: Category,
    decider: Decider<C, S, E, BaseContext & { readonly tenantSince: string | null }>,
    command: C,
    envelope: CommandEnvelope,
  ): Promise<CommandResult> {
    const tenant = this.directory.tenant(envelope.tenant);
    return this.runOnRecord(
      category,
      await this.runner.newId(envelope),
      decider,
      command,
      envelope,
      async () => ({
        tenantSince: tenant ? await this.lookups.firstEventAt(streamName('tenant', tenant.id)) : null,
      }),
    );
  }

  /** The lookups as the command's plan has it: the live plan, or the scenario its header names. */
  protected lookupsFor({ scenario }: CommandEnvelope): Lookups {
    return scenario === undefined ? this.lookups : this.lookups.inScenario(scenario);
  }
}

/** Names the class of a built handler after its command, as a written one would be named (in logs, in errors). */
export const named = (handler: Type<AggregateHandler<CommandMessage>>, type: string) =>
  Object.defineProperty(handler, 'name', { value: `${type}Handler` });

/** `type` with a message's data, which the commands table validated against the command's schema. */
const commandOf = <C>(type: string, data: unknown) => ({ type, data }) as unknown as C;

/**
 * The handler of command `type` (of the union `C` its decider decides) on the record its `data.id`
 * names, needing no facts beyond that record: built here instead of a class per command.
 */
export const namedRecordHandler = <C extends { readonly type: string }, S, E extends DomainEvent>(
  message: Type<CommandMessage>,
  type: C['type'],
  category: Category,
  decider: Decider<C, S, E, BaseContext>,
): Type<AggregateHandler<CommandMessage>> => {
  @CommandHandler(message)
  class NamedRecordHandler extends AggregateHandler<CommandMessage> {
    execute({ data, envelope }: CommandMessage): Promise<CommandResult> {
      const { id } = data as { readonly id: number };
      return this.runOnRecord(category, { id }, decider, commandOf<C>(type, data), envelope);
    }
  }
  return named(NamedRecordHandler, type);
};

/** The handler of command `type` creating a record that names an instant of the tenant's past (runFromTenantPast). */
export const tenantPastHandler = <C extends { readonly type: string }, S, E extends DomainEvent>(
  message: Type<CommandMessage>,
  type: C['type'],
  category: Category,
  decider: Decider<C, S, E, BaseContext & { readonly tenantSince: string | null }>,
): Type<AggregateHandler<CommandMessage>> => {
  @CommandHandler(message)
  class TenantPastHandler extends AggregateHandler<CommandMessage> {
    execute({ data, envelope }: CommandMessage): Promise<CommandResult> {
      return this.runFromTenantPast(category, decider, commandOf<C>(type, data), envelope);
    }
  }
  return named(TenantPastHandler, type);
};
