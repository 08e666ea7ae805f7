/**
 * Child process of the publisher fault test: publishes the event store's planning events to Kafka
 * from the JSON-file checkpoint, printing `published <position>` after every acknowledged batch,
 * until it has published up to `target`; then prints `done` and exits. The parent kills it at
 * random moments and starts it again.
 */
import { SqliteEventStore } from '../../event-store/sqlite-event-store';
import { EventPublisher } from '../event-publisher';
import { KafkaBus } from '../kafka-bus';
import { JsonFileCheckpoints } from './json-file-checkpoints';

const [database, checkpointFile, brokers, topic, target, batchSize] = process.argv.slice(2);
if (!database || !checkpointFile || !brokers || !topic || !target)
  throw new Error(
    'usage: publish-until-done <database> <checkpoint file> <brokers> <topic> <target position> [batch size]',
  );

const main = async () => {
  const store = new SqliteEventStore(database, { pollIntervalMs: 50 });
  const bus = new KafkaBus({ brokers: brokers.split(','), clientId: 'publisher-fault-test' });
  const publisher = new EventPublisher({
    store,
    bus,
    checkpoints: new JsonFileCheckpoints(checkpointFile),
    topic,
    batchSize: Number(batchSize ?? 50),
    onPublished: ({ position }) => process.stdout.write(`published ${position}\n`),
    onError: (error) => process.stderr.write(`publish failed: ${String(error)}\n`),
  });
  await publisher.start();
  await publisher.waitFor(Number(target));
  await publisher.stop();
  await bus.close();
  await store.close();
  process.stdout.write('done\n');
};

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
