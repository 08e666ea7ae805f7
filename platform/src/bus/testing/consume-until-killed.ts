/**
 * Child process of the consumer crash test: consumes a topic through KafkaBus and prints
 * `handled <value>` after each message's handler finished (before its offset is committed), until
 * the parent kills it.
 */
import { KafkaBus } from '../kafka-bus';

const [brokers, topic, groupId] = process.argv.slice(2);
if (!brokers || !topic || !groupId) throw new Error('usage: consume-until-killed <brokers> <topic> <group>');

const bus = new KafkaBus({
  brokers: brokers.split(','),
  clientId: 'consumer-crash-test',
  sessionTimeoutMs: 6000,
});
bus
  .subscribe(topic, groupId, async (message) => {
    // Some work per message, so that the parent's kill lands inside a fetched batch, before its commit.
    await new Promise((resolve) => setTimeout(resolve, 2));
    process.stdout.write(`handled ${message.value}\n`);
  })
  .catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
