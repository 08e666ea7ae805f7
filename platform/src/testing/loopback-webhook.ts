import { randomBytes, randomUUID } from 'node:crypto';
import { streamName } from '@fahrplan/contracts';
import type { EventMetadata } from '@fahrplan/contracts';
import {
  SecretBox,
  generateWebhookSecret,
  publicAddressesOnly,
  webhookSecretPurpose,
} from '@fahrplan/platform';
import type { AddressGuard, EventStore } from '@fahrplan/platform';

/** What a webhook deliverer needs to call a webhook on this machine. */
export interface LoopbackWebhookParts {
  readonly secrets: SecretBox;
  readonly privateHosts: readonly string[];
  readonly guard: AddressGuard;
}

/**
 * Webhook 1 of `tenant`, active, wanting the resources' events, to `url` on this machine, stored
 * straight into `store` as its SaveWebhook would (its secret sealed); and what a deliverer needs to
 * call it: the secrets box and the loopback address allowed.
 */
export const loopbackWebhook = async (
  store: EventStore,
  url: string,
  metadata: EventMetadata,
): Promise<LoopbackWebhookParts> => {
  const secrets = new SecretBox(randomBytes(32));
  const secret = secrets.seal(generateWebhookSecret(), webhookSecretPurpose(metadata.tenant, 1));
  await store.append(
    streamName('webhook', 1),
    [
      {
        id: randomUUID(),
        type: 'WebhookSaved',
        data: { id: 1, url, events: ['resource'], active: true, secret },
        metadata,
      },
    ],
    'no_stream',
  );
  return { secrets, privateHosts: ['127.0.0.1'], guard: publicAddressesOnly(['127.0.0.1']) };
};
