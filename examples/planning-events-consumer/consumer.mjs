// Consumes Fahrplan's planning events: a starting point to copy. Delivery is at least once, so the
// consumer de-duplicates by event id; one aggregate's events arrive in order (the key is its id).
import { Kafka, logLevel } from 'kafkajs';

const brokers = (process.env.KAFKA_BROKERS ?? 'localhost:9092')
  .split(',')
  .map((broker) => broker.trim())
  .filter(Boolean);
const groupId = process.env.GROUP_ID ?? 'planning-events-example';
const topic = process.env.TOPIC ?? 'fahrplan.planning-events.v1';

/** The envelope fields this consumer relies on (the full schema: /api/asyncapi.json). */
const isEnvelope = (event) =>
  event !== null &&
  typeof event === 'object' &&
  typeof event.id === 'string' &&
  typeof event.type === 'string' &&
  Number.isInteger(event.schemaVersion) &&
  typeof event.tenant === 'string' &&
  typeof event.aggregateId === 'string' &&
  Number.isInteger(event.position) &&
  typeof event.data === 'object' &&
  event.data !== null;

/**
 * Event ids handled recently, the oldest forgotten first. Enough against redeliveries; to be
 * exact across restarts, store the handled ids with your own data, in the same transaction.
 */
const handled = new Set();
const remember = (id) => {
  handled.add(id);
  if (handled.size > 100_000) handled.delete(handled.values().next().value);
};

/** Your logic goes here. */
const handle = async (event) => {
  console.log(`${event.tenant} ${event.type} ${event.aggregateId}`);
};

const kafka = new Kafka({ clientId: 'planning-events-example', brokers, logLevel: logLevel.WARN });
const consumer = kafka.consumer({ groupId });

const shutdown = async () => {
  await consumer.disconnect();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await consumer.connect();
await consumer.subscribe({ topics: [topic], fromBeginning: true });
await consumer.run({
  // The offset is committed after this resolves; if it throws, the message comes again.
  eachMessage: async ({ partition, message }) => {
    let event = null;
    try {
      event = JSON.parse(message.value?.toString() ?? '');
    } catch {
      // not JSON: reported below
    }
    if (!isEnvelope(event)) {
      console.error(
        `skipped a message that is no planning event (partition ${partition}, offset ${message.offset})`,
      );
      return;
    }
    if (handled.has(event.id)) return;
    await handle(event);
    remember(event.id);
  },
});
