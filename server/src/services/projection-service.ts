import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  DirectoryCache,
  EventPublisher,
  KafkaBus,
  SecretBox,
  TokenService,
  createEventStore,
  publicAddressesOnly,
} from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import {
  CatchUpProgress,
  LeasedRunner,
  MemoryLease,
  MemoryReadStore,
  MongoLease,
  MongoReadStore,
  ProjectionRunner,
  ProjectionServiceModule,
  TrackerMirror,
  WebhookDeliverer,
  allProjections,
  webhookDeliveriesCollection,
} from '@fahrplan/projection-service';
import { randomUUID } from 'node:crypto';
import type { ReadStore } from '@fahrplan/projection-service';
import { tokenSecretOf, trackerKeyOf } from '../config/config';
import type { ProjectionServiceConfig } from '../config/config';
import { createServiceApp } from '../http/http-app';
import { trustedProxiesOf } from '../http/trusted-proxies';
import { closeInOrder } from './lifecycle';
import type { Service } from './lifecycle';
import { platformEndpoints } from '../http/platform.controller';
import { ensureTrackerTopics } from './tracker-sync';

export interface ProjectionServiceInstance extends Service {
  readonly app: NestExpressApplication;
  readonly store: EventStore;
  readonly readStore: ReadStore;
  readonly runner: ProjectionRunner;
  /** Holds the projection lease while this instance projects. */
  readonly projecting: LeasedRunner;
  /** Holds the publisher lease while this instance publishes planning events (only with Kafka). */
  readonly publishing: LeasedRunner | undefined;
  readonly publisher: EventPublisher | undefined;
}

/**
 * projection-service on its own: the query API and the change feed over the read store, the
 * projections, and the planning-event publisher. It listens at once; its queries answer 503 (and
 * `/api/ready` reports the progress) until the read models have caught up with the log. Every
 * instance answers queries; one at a time projects and one at a time publishes, each under its own
 * lease, so a second instance takes over within a lease's TTL when the first stops or dies.
 */
export const createProjectionService = async (
  config: ProjectionServiceConfig,
  { logger = true }: { logger?: boolean } = {},
): Promise<ProjectionServiceInstance> => {
  const tokens = new TokenService(tokenSecretOf(config));
  const store = createEventStore(config.EVENTSTORE_URL);
  const mongo = config.MONGODB_URL ? await MongoReadStore.connect(config.MONGODB_URL) : undefined;
  if (mongo)
    await mongo.ensureIndexes([...allProjections, ...TrackerMirror.indexes, webhookDeliveriesCollection]);
  const readStore = mongo ?? new MemoryReadStore();
  const lease = mongo ? new MongoLease(mongo.database) : new MemoryLease();
  const owner = config.INSTANCE_ID;
  const ttlMs = config.LEASE_TTL_MS;

  const directory = new DirectoryCache(store);
  await directory.start();
  const runner = new ProjectionRunner(store, readStore, allProjections);
  const projecting = new LeasedRunner(lease, runner, { name: 'projections', owner, ttlMs });
  const bus = config.KAFKA_BROKERS
    ? new KafkaBus({ brokers: config.KAFKA_BROKERS.split(',').map((broker) => broker.trim()) })
    : undefined;
  const publisher = bus && new EventPublisher({ store, bus, checkpoints: readStore });
  const publishing =
    publisher && new LeasedRunner(lease, publisher, { name: 'planning-events-publisher', owner, ttlMs });
  // webhooks: every instance sends test pings, the lease holder delivers
  const webhookKey = trackerKeyOf(config);
  const webhookHosts = config.FAHRPLAN_WEBHOOK_PRIVATE_HOSTS ?? [];
  const webhookDeliverer =
    webhookKey &&
    new WebhookDeliverer({
      store,
      readStore,
      secrets: new SecretBox(webhookKey),
      privateHosts: webhookHosts,
      guard: publicAddressesOnly(webhookHosts === '*' ? [] : webhookHosts),
    });
  const delivering =
    webhookDeliverer &&
    new LeasedRunner(lease, webhookDeliverer, { name: 'webhook-deliverer', owner, ttlMs });
  // the tracker topics: one shared consumer group over MongoDB (the mirror persists there); with the
  // read models in memory, each instance reads the topics from their beginning at every start
  if (bus) await ensureTrackerTopics(bus);
  const trackerMirror =
    bus &&
    new TrackerMirror(bus, readStore, {
      groupId: mongo
        ? 'projection-service.tracker-mirror'
        : `projection-service.tracker-mirror.${randomUUID()}`,
      fromBeginning: true,
    });
  await projecting.start();
  // queries answer 503 until the read models (projected here or by the lease holder) reach this head
  const catchUp = new CatchUpProgress(runner, store);
  await catchUp.begin();
  await publishing?.start();
  await delivering?.start();
  await trackerMirror?.start();

  const app = await createServiceApp(
    [
      ProjectionServiceModule.forRoot({
        readStore,
        runner,
        tokens,
        directory,
        eventStore: store,
        ...(trackerMirror ? { trackerMirror } : {}),
        ...(webhookDeliverer ? { webhookDeliverer } : {}),
        catchUp,
        asOfPerMinute: config.FAHRPLAN_AS_OF_PER_MINUTE,
        ...(config.FAHRPLAN_PUBLIC_URL ? { publicUrl: config.FAHRPLAN_PUBLIC_URL } : {}),
      }),
      platformEndpoints({
        service: 'projection-service',
        details: () => ({
          instance: owner,
          projecting: projecting.leading,
          publishing: publishing?.leading ?? false,
          position: runner.checkpoint,
        }),
        checks: {
          eventStore: () => store.headPosition(),
          readStore: () => readStore.checkpoint('projections'),
        },
        catchUp,
      }),
    ],
    { logger, trustedProxies: await trustedProxiesOf(config.FAHRPLAN_TRUSTED_PROXIES ?? []) },
  );
  return {
    app,
    store,
    readStore,
    runner,
    projecting,
    publishing,
    publisher,
    // stop serving first, then finish the batch in flight and store its checkpoint, then let go
    close: closeInOrder(
      () => app.close(),
      () => trackerMirror?.stop(),
      () => publishing?.stop(),
      () => delivering?.stop(),
      () => projecting.stop(),
      () => directory.stop(),
      () => bus?.close(),
      () => mongo?.close(),
      () => store.close(),
    ),
  };
};
