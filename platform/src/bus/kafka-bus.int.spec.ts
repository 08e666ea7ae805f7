import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { eventually } from '../testing/eventually';
import { KafkaBus } from './kafka-bus';
import { busContract } from './testing/bus.contract';
import { compileForNode } from '../testing/compile-for-node';
import { describeWithKafka } from './testing/kafka-broker';

describeWithKafka('KafkaBus', (broker) => {
  busContract(
    'KafkaBus',
    async () => {
      const bus = new KafkaBus({
        brokers: broker().brokers,
        clientId: 'bus-contract',
        // The contract makes handlers fail on purpose; kafkajs would log each failure.
        logLevel: 'nothing',
        consumerRetry: { initialRetryTime: 100, retries: 10 },
      });
      const created: string[] = [];
      return {
        bus,
        newTopic: async () => {
          const topic = `bus-contract-${randomUUID()}`;
          await bus.ensureTopics([{ topic, partitions: 3 }]);
          created.push(topic);
          return topic;
        },
        dispose: async () => {
          await bus.close();
          const admin = new KafkaBus({ brokers: broker().brokers, logLevel: 'nothing' });
          await admin.deleteTopics(created).catch(() => undefined);
          await admin.close();
        },
      };
    },
    { timeoutMs: 30_000 },
  );

  describe('KafkaBus', () => {
    let bus: KafkaBus;
    beforeAll(() => {
      bus = new KafkaBus({ brokers: broker().brokers, logLevel: 'nothing' });
    });
    afterAll(() => bus.close());

    it('creates a topic once with the partitions asked for', async () => {
      const topic = `bus-topics-${randomUUID()}`;

      await bus.ensureTopics([{ topic, partitions: 4 }]);
      await bus.ensureTopics([{ topic, partitions: 2 }]);

      expect(await bus.partitions(topic)).toBe(4);
      await bus.deleteTopics([topic]);
    });

    it('splits a publish larger than one request into several, delivering every message', async () => {
      const topic = `bus-large-${randomUUID()}`;
      await bus.ensureTopics([{ topic, partitions: 1 }]);
      const small = new KafkaBus({ brokers: broker().brokers, logLevel: 'nothing', maxRequestBytes: 4096 });
      const values = Array.from({ length: 50 }, (_, i) => `${i}:${'x'.repeat(500)}`);
      const received: string[] = [];

      await small.publish(
        topic,
        values.map((value) => ({ key: 'k', value, headers: {} })),
      );
      const consumer = await small.subscribe(
        topic,
        `g-${randomUUID()}`,
        async (m) => void received.push(m.value),
      );

      await eventually(() => expect(received).toEqual(values), { timeoutMs: 30_000 });
      await consumer.close();
      await small.close();
      await bus.deleteTopics([topic]);
    }, 60_000);

    it('gives the group what a consumer killed with SIGKILL had not committed', async () => {
      const topic = `bus-crash-${randomUUID()}`;
      const groupId = `crash-${randomUUID()}`;
      await bus.ensureTopics([{ topic, partitions: 3 }]);
      const values = Array.from({ length: 300 }, (_, i) => `m${i}`);
      await bus.publish(
        topic,
        values.map((value, i) => ({ key: `k${i % 10}`, value, headers: {} })),
      );
      const { script, dispose } = compileForNode(join(__dirname, 'testing/consume-until-killed.ts'));

      const handledByVictim = await new Promise<string[]>((resolve, reject) => {
        const child = spawn(process.execPath, [script, broker().brokers.join(','), topic, groupId], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const handled: string[] = [];
        let errors = '';
        child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
        createInterface({ input: child.stdout }).on('line', (line) => {
          handled.push(line.replace(/^handled /, ''));
          if (handled.length >= 150 && !child.killed) child.kill('SIGKILL');
        });
        child.on('exit', (_code, signal) =>
          signal === 'SIGKILL' ? resolve(handled) : reject(new Error(`the consumer exited: ${errors}`)),
        );
      });

      const successor: string[] = [];
      const consumer = await bus.subscribe(topic, groupId, async (m) => void successor.push(m.value));
      await eventually(() => expect(new Set([...handledByVictim, ...successor]).size).toBe(values.length), {
        timeoutMs: 60_000,
        intervalMs: 100,
      });
      await consumer.close();

      // Whatever the victim had not handled, the successor got.
      const missed = values.filter((v) => !handledByVictim.includes(v));
      expect(missed.filter((v) => !successor.includes(v))).toEqual([]);
      // The successor starts after the committed offsets: it gets what the victim had not committed, not everything.
      expect(successor.length).toBeLessThan(values.length);
      process.stdout.write(
        `consumer crash test: victim handled ${handledByVictim.length}, successor got ${successor.length}, ` +
          `${successor.filter((v) => handledByVictim.includes(v)).length} of them again (handled, not committed)\n`,
      );
      await bus.deleteTopics([topic]);
      dispose();
    }, 120_000);
  });
});
