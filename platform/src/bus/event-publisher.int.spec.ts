import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planningEventEnvelopeSchema, publishedCategories } from '@fahrplan/contracts';
import type { PlanningEventEnvelope } from '@fahrplan/contracts';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { eventually } from '../testing/eventually';
import type { ReceivedMessage } from './bus';
import { KafkaBus } from './kafka-bus';
import { compileForNode } from '../testing/compile-for-node';
import { describeWithKafka } from './testing/kafka-broker';
import { appendPlanningEvents } from './testing/planning-events';

const directories: string[] = [];
const temporaryDirectory = () => {
  const directory = mkdtempSync(join(tmpdir(), 'fahrplan-publisher-'));
  directories.push(directory);
  return directory;
};
const disposals: (() => void)[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  for (const dispose of disposals) dispose();
});

type Outcome = { readonly kind: 'killed'; readonly batches: number } | { readonly kind: 'done' };

/**
 * Runs the publisher child; when `killAfterBatches` is given, kills it with SIGKILL after that many
 * acknowledged batches plus a random few milliseconds (so that some kills land between a batch's
 * acknowledgement and its checkpoint, or in the middle of a publish).
 */
function runPublisher(script: string, args: readonly string[], killAfterBatches?: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let batches = 0;
    let done = false;
    let killing = false;
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'done') done = true;
      else if (line.startsWith('published ')) batches += 1;
      if (killAfterBatches !== undefined && batches >= killAfterBatches && !killing) {
        killing = true;
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 25));
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(done ? { kind: 'done' } : { kind: 'killed', batches });
      else if (code === 0 && done) resolve({ kind: 'done' });
      else reject(new Error(`the publisher failed (${String(code ?? signal)}): ${errors}`));
    });
  });
}

describeWithKafka('EventPublisher on Kafka', (broker) => {
  it('delivers every event at least once, in order per key, although the publisher is killed mid-stream again and again', async () => {
    const directory = temporaryDirectory();
    const database = join(directory, 'events.db');
    const checkpointFile = join(directory, 'checkpoints.json');
    const store = new SqliteEventStore(database);
    await appendPlanningEvents(store, { count: 3000, applications: 40 });
    const expected = await store.readAll({ categories: [...publishedCategories] });
    await store.close();
    const target = expected.at(-1)!.position;

    const topic = `planning-events-fault-${randomUUID()}`;
    const bus = new KafkaBus({ brokers: broker().brokers, logLevel: 'nothing' });
    await bus.ensureTopics([{ topic, partitions: 3 }]);
    const { script, dispose } = compileForNode(join(__dirname, 'testing/publish-until-done.ts'));
    disposals.push(dispose);
    const args = [database, checkpointFile, broker().brokers.join(','), topic, String(target), '50'];

    const kills: number[] = [];
    let outcome: Outcome = { kind: 'killed', batches: 0 };
    while (kills.length < 8) {
      outcome = await runPublisher(script, args, 1 + Math.floor(Math.random() * 3));
      if (outcome.kind === 'done') break;
      kills.push(outcome.batches);
    }
    if (outcome.kind !== 'done') outcome = await runPublisher(script, args);

    expect(outcome.kind).toBe('done');
    expect(kills.length).toBeGreaterThanOrEqual(5);
    expect(JSON.parse(readFileSync(checkpointFile, 'utf8'))).toEqual({ 'planning-events-publisher': target });

    const messages: ReceivedMessage[] = [];
    const consumer = await bus.subscribe(topic, `fault-test-${randomUUID()}`, async (message) => {
      messages.push(message);
    });
    // Read the whole topic: as many messages as its partitions hold, duplicates included.
    const onTopic = await bus.messageCount(topic);
    await eventually(() => expect(messages.length).toBeGreaterThanOrEqual(onTopic), {
      timeoutMs: 60_000,
      intervalMs: 200,
    });
    await consumer.close();
    const received: PlanningEventEnvelope[] = messages.map((message) => {
      const envelope = planningEventEnvelopeSchema.parse(JSON.parse(message.value));
      expect([message.key, message.headers.eventId]).toEqual([envelope.aggregateId, envelope.id]);
      return envelope;
    });

    const receivedIds = new Set(received.map((e) => e.id));
    const missing = expected.filter((e) => !receivedIds.has(e.id));
    expect(missing).toEqual([]);
    expect(receivedIds.size).toBe(expected.length);

    // After de-duplication (first delivery wins) each key's events come in the store's order.
    const firstDeliveries = new Map<string, string[]>();
    const seen = new Set<string>();
    for (const envelope of received) {
      if (seen.has(envelope.id)) continue;
      seen.add(envelope.id);
      firstDeliveries.set(envelope.aggregateId, [
        ...(firstDeliveries.get(envelope.aggregateId) ?? []),
        envelope.id,
      ]);
    }
    const storeOrder = new Map<string, string[]>();
    for (const event of expected) {
      const key = String((event.data as { id: number }).id);
      storeOrder.set(key, [...(storeOrder.get(key) ?? []), event.id]);
    }
    expect(firstDeliveries).toEqual(storeOrder);

    process.stdout.write(
      `publisher fault test: ${expected.length} events, ${kills.length} kills (after ${kills.join(', ')} batches), ` +
        `${received.length} messages on the topic, ${received.length - expected.length} duplicates\n`,
    );
    await bus.deleteTopics([topic]);
    await bus.close();
  }, 240_000);
});
