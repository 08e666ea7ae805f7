import { KafkaContainer } from '@testcontainers/kafka';
import { probeContainerRuntime } from '../../testing/container-runtime';

/**
 * Where the Kafka integration suites find a broker: KAFKA_BROKERS (e.g. from `.ci/servers.sh`),
 * else a testcontainers broker when a container runtime is reachable, else none, with the reason.
 * Decided synchronously, because Jest must know while collecting tests whether to skip them.
 */
export type KafkaSource =
  | { readonly kind: 'env'; readonly brokers: readonly string[] }
  | { readonly kind: 'container' }
  | { readonly kind: 'none'; readonly reason: string };

export function kafkaSource(): KafkaSource {
  const brokers = (process.env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
  if (brokers.length > 0) return { kind: 'env', brokers };
  const runtime = probeContainerRuntime();
  return runtime.available
    ? { kind: 'container' }
    : {
        kind: 'none',
        reason: `no KAFKA_BROKERS and no container runtime (testcontainers: ${runtime.reason})`,
      };
}

export interface KafkaBroker {
  readonly brokers: readonly string[];
  readonly stop: () => Promise<void>;
}

/** The broker of `source`; a container is started (and stopped by `stop`). */
export async function kafkaBroker(source: Exclude<KafkaSource, { kind: 'none' }>): Promise<KafkaBroker> {
  if (source.kind === 'env') return { brokers: source.brokers, stop: async () => undefined };
  const container = await new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start();
  return {
    brokers: [`${container.getHost()}:${container.getMappedPort(9093)}`],
    stop: async () => void (await container.stop()),
  };
}

/**
 * `describe` when a broker is available, else `describe.skip` with the reason printed, so that a
 * skipped suite says why (STYLE 19).
 */
export function describeWithKafka(name: string, body: (broker: () => KafkaBroker) => void): void {
  const source = kafkaSource();
  if (source.kind === 'none') {
    process.stdout.write(`${name} skipped: ${source.reason}\n`);
    describe.skip(name, () => body(() => ({ brokers: [], stop: async () => undefined })));
    return;
  }
  describe(name, () => {
    let broker: KafkaBroker | undefined;
    beforeAll(async () => {
      broker = await kafkaBroker(source);
    }, 240_000);
    afterAll(async () => {
      await broker?.stop();
    }, 60_000);
    body(() => {
      if (!broker) throw new Error('the Kafka broker is not started yet');
      return broker;
    });
  });
}
