import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { streamName } from '@fahrplan/contracts';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { eventually } from '../testing/eventually';
import { EventPublisher } from './event-publisher';
import type { Checkpoints } from './event-publisher';
import { KafkaBus } from './kafka-bus';
import { repositoryPath } from '../testing/compile-for-node';
import { describeWithKafka } from './testing/kafka-broker';
import {
  applicationCreated,
  applicationUpdated,
  commentCreated,
  sessionStarted,
} from './testing/planning-events';

const memoryCheckpoints = (): Checkpoints => {
  const positions = new Map<string, number>();
  return {
    checkpoint: async (name) => positions.get(name) ?? 0,
    saveCheckpoint: async (name, position) => void positions.set(name, position),
  };
};

describeWithKafka('example planning-events consumer', (broker) => {
  it('prints each published event once, in order, skipping duplicates and malformed messages', async () => {
    // One partition, so the last line printed means every earlier message was consumed.
    const topic = `planning-events-example-${randomUUID()}`;
    const bus = new KafkaBus({ brokers: broker().brokers, logLevel: 'nothing' });
    await bus.ensureTopics([{ topic, partitions: 1 }]);
    const store = new SqliteEventStore(':memory:');
    await store.append(streamName('application', 501), [applicationCreated(501, 'acme')], 'no_stream');
    await store.append(`session-${randomUUID()}`, [sessionStarted('acme')], 'no_stream');
    await store.append(streamName('comment', 502), [commentCreated(502, 501, 'globex')], 'no_stream');
    const { position } = await store.append(streamName('application', 501), [applicationUpdated(501, 1)], 0);

    // Published twice, as after a publisher crash before its checkpoint, with a stray message between.
    for (const round of [1, 2]) {
      const publisher = new EventPublisher({ store, bus, checkpoints: memoryCheckpoints(), topic });
      await publisher.start();
      expect(await publisher.waitFor(position, 30_000)).toBe(true);
      await publisher.stop();
      if (round === 1) await bus.publish(topic, [{ key: 'x', value: 'not an event', headers: {} }]);
    }
    const { position: last } = await store.append(
      streamName('application', 503),
      [applicationCreated(503, 'acme')],
      'no_stream',
    );
    const publisher = new EventPublisher({ store, bus, checkpoints: memoryCheckpoints(), topic });
    await publisher.start();
    expect(await publisher.waitFor(last, 30_000)).toBe(true);
    await publisher.stop();

    const consumer = spawn(
      process.execPath,
      [repositoryPath('examples/planning-events-consumer/consumer.mjs')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          KAFKA_BROKERS: broker().brokers.join(','),
          GROUP_ID: `example-${randomUUID()}`,
          TOPIC: topic,
        },
      },
    );
    let output = '';
    let errors = '';
    consumer.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    consumer.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => consumer.on('exit', (code) => resolve(code)));

    try {
      await eventually(() => expect(output).toContain('acme ApplicationCreated 503\n'), {
        timeoutMs: 60_000,
      });
      expect(output.trim().split('\n')).toEqual([
        'acme ApplicationCreated 501',
        'globex CommentCreated 502',
        'acme ApplicationUpdated 501',
        'acme ApplicationCreated 503',
      ]);
      expect(errors).toMatch(/skipped a message that is no planning event/);
    } finally {
      consumer.kill('SIGTERM');
      expect(await exited).toBe(0);
      await store.close();
      await bus.deleteTopics([topic]);
      await bus.close();
    }
  }, 120_000);
});
