import { Inject } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { DomainError, streamName, trackerConnectionDecider, trackerSyncDecider } from '@fahrplan/contracts';
import type {
  CommandResult,
  DeleteTrackerConnectionData,
  SaveTrackerConnectionData,
  SyncTrackerConnectionData,
  TrackerConnectionCommand,
  TrackerConnectionContext,
} from '@fahrplan/contracts';
import { SecretBox, trackerSecretPurpose } from '@fahrplan/platform';
import type { DirectoryCache } from '@fahrplan/platform';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import type { AggregateRunner, CommandEnvelope } from '../infrastructure/aggregate-runner';
import {
  DeleteTrackerConnectionMessage,
  SaveTrackerConnectionMessage,
  SyncTrackerConnectionMessage,
} from '../infrastructure/command-message';

/** The key tracker secrets are sealed with; absent when the deployment configured none. */
export const TRACKER_SECRETS = Symbol('TrackerSecrets');

const jiraEnabled = (directory: DirectoryCache, tenant: string) =>
  directory.tenant(tenant)?.features.jira ?? false;

const secretsMissing = () =>
  new DomainError(
    'forbidden',
    'tracker connections need a secrets key: set FAHRPLAN_TRACKER_KEY (or _FILE) on the command service',
  );

const runConnection = (
  runner: AggregateRunner,
  directory: DirectoryCache,
  record: { id: number; claim?: string },
  command: TrackerConnectionCommand,
  envelope: CommandEnvelope,
  seal: (id: number) => TrackerConnectionContext['sealedSecret'],
) =>
  runner.run({
    ...recordOf('trackerConnection', record),
    what: 'tracker connection',
    decider: trackerConnectionDecider,
    command,
    envelope,
    context: (_state, base) => ({
      ...base,
      jiraEnabled: jiraEnabled(directory, envelope.tenant),
      sealedSecret: seal(record.id),
    }),
  });

@CommandHandler(SaveTrackerConnectionMessage)
export class SaveTrackerConnectionHandler extends AggregateHandler<SaveTrackerConnectionMessage> {
  @Inject(TRACKER_SECRETS) private readonly secrets!: SecretBox | null;

  async execute({ data, envelope }: SaveTrackerConnectionMessage): Promise<CommandResult> {
    const { secret, ...command } = data as SaveTrackerConnectionData;
    const box = this.secrets;
    if (secret !== undefined && box === null) throw secretsMissing();
    const record = command.id === undefined ? await this.runner.newId(envelope) : { id: command.id };
    return runConnection(
      this.runner,
      this.directory,
      record,
      { type: 'SaveTrackerConnection', data: command },
      envelope,
      // sealed for this tenant and connection only: a copied secret opens nowhere else
      (id) => (secret === undefined ? null : box!.seal(secret, trackerSecretPurpose(envelope.tenant, id))),
    );
  }
}

@CommandHandler(DeleteTrackerConnectionMessage)
export class DeleteTrackerConnectionHandler extends AggregateHandler<DeleteTrackerConnectionMessage> {
  execute({ data, envelope }: DeleteTrackerConnectionMessage): Promise<CommandResult> {
    const command = data as DeleteTrackerConnectionData;
    return runConnection(
      this.runner,
      this.directory,
      { id: command.id },
      { type: 'DeleteTrackerConnection', data: command },
      envelope,
      () => null,
    );
  }
}

@CommandHandler(SyncTrackerConnectionMessage)
export class SyncTrackerConnectionHandler extends AggregateHandler<SyncTrackerConnectionMessage> {
  async execute({ data, envelope }: SyncTrackerConnectionMessage): Promise<CommandResult> {
    const command = data as SyncTrackerConnectionData;
    const connection = await this.runner
      .load(
        streamName('trackerConnection', command.id),
        trackerConnectionDecider,
        envelope.tenant,
        'tracker connection',
      )
      // not found (or another tenant's): refused below; any other failure (the store down) propagates
      .catch((error: unknown) => {
        if (error instanceof DomainError) return null;
        throw error;
      });
    return this.runner.run({
      stream: streamName('trackerSync', command.id),
      id: command.id,
      what: 'tracker connection',
      decider: trackerSyncDecider,
      command: { type: 'SyncTrackerConnection', data: command },
      envelope,
      context: (_state, base) => ({
        ...base,
        jiraEnabled: jiraEnabled(this.directory, envelope.tenant),
        connectionActive: connection?.state.status === 'active',
      }),
    });
  }
}

export const trackerHandlers = [
  SaveTrackerConnectionHandler,
  DeleteTrackerConnectionHandler,
  SyncTrackerConnectionHandler,
];
