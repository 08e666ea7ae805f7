import { Inject } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { DomainError, streamName, webhookDecider } from '@fahrplan/contracts';
import type {
  CommandResult,
  DeleteWebhookData,
  SaveWebhookData,
  WebhookCommand,
  WebhookContext,
} from '@fahrplan/contracts';
import { generateWebhookSecret, webhookAddressRefusal, webhookSecretPurpose } from '@fahrplan/platform';
import type { AddressGuard, SecretBox, WebhookPrivateHosts } from '@fahrplan/platform';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import { recordOf } from '../infrastructure/aggregate-runner';
import type { AggregateRunner, CommandEnvelope } from '../infrastructure/aggregate-runner';
import { DeleteWebhookMessage, SaveWebhookMessage } from '../infrastructure/command-message';

/** How webhook secrets are sealed and which addresses a webhook may have; absent: webhooks are refused. */
export interface WebhookSettings {
  readonly secrets: SecretBox;
  readonly privateHosts: WebhookPrivateHosts;
  readonly guard: AddressGuard;
}
export const WEBHOOK_SETTINGS = Symbol('WebhookSettings');

const settingsMissing = () =>
  new DomainError(
    'forbidden',
    'webhooks need a secrets key: set FAHRPLAN_TRACKER_KEY (or _FILE) on the command service',
  );

const runWebhook = (
  runner: AggregateRunner,
  record: { id: number; claim?: string },
  command: WebhookCommand,
  envelope: CommandEnvelope,
  facts: Pick<WebhookContext, 'sealedSecret' | 'urlRefused'>,
) =>
  runner.run({
    ...recordOf('webhook', record),
    what: 'webhook',
    decider: webhookDecider,
    command,
    envelope,
    context: (_state, base) => ({ ...base, ...facts }),
  });

@CommandHandler(SaveWebhookMessage)
export class SaveWebhookHandler extends AggregateHandler<SaveWebhookMessage> {
  @Inject(WEBHOOK_SETTINGS) private readonly settings!: WebhookSettings | null;

  async execute({ data, envelope }: SaveWebhookMessage): Promise<CommandResult> {
    const { secret: given, ...command } = data as SaveWebhookData;
    const settings = this.settings;
    if (settings === null) throw settingsMissing();
    const creating = command.id === undefined;
    // a new webhook without a secret gets one, answered this once
    const secret = given ?? (creating ? generateWebhookSecret() : undefined);
    const urlRefused = await webhookAddressRefusal(command.url, settings.privateHosts, settings.guard);
    const record = creating ? await this.runner.newId(envelope) : { id: command.id! };
    const result = await runWebhook(this.runner, record, { type: 'SaveWebhook', data: command }, envelope, {
      urlRefused,
      // sealed for this tenant and webhook only: a copied secret opens nowhere else
      sealedSecret:
        secret === undefined
          ? null
          : settings.secrets.seal(secret, webhookSecretPurpose(envelope.tenant, record.id)),
    });
    if (!creating || given !== undefined) return result;
    // the secret stored, which a retry under the same idempotency key answers again (its own is unused)
    const stored = await this.runner.load(
      streamName('webhook', result.id),
      webhookDecider,
      envelope.tenant,
      'webhook',
    );
    if (stored.state.status === 'absent') return result;
    const purpose = webhookSecretPurpose(envelope.tenant, result.id);
    return { ...result, secret: settings.secrets.open(stored.state.secret, purpose) };
  }
}

@CommandHandler(DeleteWebhookMessage)
export class DeleteWebhookHandler extends AggregateHandler<DeleteWebhookMessage> {
  execute({ data, envelope }: DeleteWebhookMessage): Promise<CommandResult> {
    const command = data as DeleteWebhookData;
    return runWebhook(this.runner, { id: command.id }, { type: 'DeleteWebhook', data: command }, envelope, {
      sealedSecret: null,
      urlRefused: null,
    });
  }
}

export const webhookHandlers = [SaveWebhookHandler, DeleteWebhookHandler];
