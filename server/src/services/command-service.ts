import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { CommandServiceModule } from '@fahrplan/command-service';
import {
  DirectoryCache,
  IdAllocator,
  SecretBox,
  TokenService,
  createEventStore,
  publicAddressesOnly,
} from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import { MongoReadStore } from '@fahrplan/projection-service';
import { ReadStoreImportRecords } from '../imports/read-store-import-records';
import { ReadStoreImportPreviews } from '../imports/read-store-import-previews';
import { oidcConfigOf, tokenSecretOf, trackerKeyOf } from '../config/config';
import type { CommandServiceConfig } from '../config/config';
import { DEMO_TENANT } from '../demo/demo-data';
import { seedDemo } from '../demo/seed-demo';
import { createServiceApp } from '../http/http-app';
import { trustedProxiesOf } from '../http/trusted-proxies';
import { instanceEndpoints } from '../http/platform.controller';
import { closeInOrder } from './lifecycle';
import type { Service } from './lifecycle';

export interface CommandServiceInstance extends Service {
  readonly app: NestExpressApplication;
  readonly store: EventStore;
  readonly ids: IdAllocator;
  readonly directory: DirectoryCache;
}

/**
 * command-service on its own: the command and auth API over the configured event store. Instances
 * share nothing but the event store, so several run behind one load balancer; optimistic concurrency
 * on every stream (and on the id-block stream) keeps them consistent.
 */
export const createCommandService = async (
  config: CommandServiceConfig,
  { logger = true }: { logger?: boolean } = {},
): Promise<CommandServiceInstance> => {
  const tokens = new TokenService(tokenSecretOf(config));
  const store = createEventStore(config.EVENTSTORE_URL);
  const ids = new IdAllocator(store);
  const directory = new DirectoryCache(store);
  await directory.start();
  const trackerKey = trackerKeyOf(config);
  const webhookHosts = config.FAHRPLAN_WEBHOOK_PRIVATE_HOSTS ?? [];
  // imports match their rows by name, which only the read models index (read, never written, here);
  // their previews wait in a collection of their own there, so that every instance can apply them
  const readStore = config.MONGODB_URL ? await MongoReadStore.connect(config.MONGODB_URL) : undefined;
  const app = await createServiceApp(
    [
      CommandServiceModule.forRoot({
        eventStore: store,
        tokens,
        directory,
        ids,
        oidc: oidcConfigOf(config),
        ...(trackerKey ? { trackerSecrets: new SecretBox(trackerKey) } : {}),
        ...(readStore
          ? {
              importRecords: new ReadStoreImportRecords(readStore),
              importPreviews: new ReadStoreImportPreviews(readStore),
            }
          : {}),
        ...(trackerKey
          ? {
              webhooks: {
                secrets: new SecretBox(trackerKey),
                privateHosts: webhookHosts,
                guard: publicAddressesOnly(webhookHosts === '*' ? [] : webhookHosts),
              },
            }
          : {}),
      }),
      instanceEndpoints('command-service', config.INSTANCE_ID, store),
    ],
    { logger, trustedProxies: await trustedProxiesOf(config.FAHRPLAN_TRUSTED_PROXIES ?? []) },
  );
  return {
    app,
    store,
    ids,
    directory,
    close: closeInOrder(
      () => app.close(),
      () => directory.stop(),
      () => readStore?.close(),
      () => store.close(),
    ),
  };
};

/**
 * Seeds the demo tenant when it is missing, as `npm start` does. Returns the generated password, or
 * undefined when the tenant existed or the password came from the environment.
 */
export const seedDemoIfMissing = async (
  service: CommandServiceInstance,
  configured: string | undefined,
): Promise<string | undefined> => {
  if (service.directory.tenant(DEMO_TENANT)) return undefined;
  const password = configured || randomBytes(9).toString('base64url');
  await seedDemo(service, password);
  return configured ? undefined : password;
};
