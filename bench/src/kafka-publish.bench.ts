/**
 * Kafka publish benchmark: planning events from a SqliteEventStore file to the local broker
 * through EventPublisher (batches, checkpoint after each acknowledged batch) beside the naive peer,
 * one acknowledged send per event, measured in the same run with the same producer settings
 * (idempotent, acks from all in-sync replicas). Needs KAFKA_BROKERS; scale with BENCH_KAFKA_*.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { planningEventEnvelope, planningEventMessageHeaders, streamName } from '@fahrplan/contracts';
import { EventPublisher, KafkaBus, SqliteEventStore } from '@fahrplan/platform';
import type { Checkpoints, NewEvent } from '@fahrplan/platform';
import { format, printTable, seconds, setting } from './figures';

const config = {
  events: setting('BENCH_KAFKA_EVENTS', 100_000),
  naiveEvents: setting('BENCH_KAFKA_NAIVE_EVENTS', 5_000),
  batchSize: setting('BENCH_KAFKA_BATCH', 500),
  partitions: setting('BENCH_KAFKA_PARTITIONS', 3),
  applications: setting('BENCH_KAFKA_APPLICATIONS', 2_000),
};

const metadata = () => {
  const correlationId = randomUUID();
  return {
    tenant: 'acme',
    user: 'planner@acme.example',
    correlationId,
    causationId: correlationId,
    timestamp: new Date().toISOString(),
    schemaVersion: 1,
  };
};

/** An application's creation: every field set, as the console saves it (about 700 bytes as a message). */
const created = (id: number): NewEvent => ({
  id: randomUUID(),
  type: 'ApplicationCreated',
  data: {
    id,
    name: `Billing ${id}`,
    release: '2.1',
    shortname: `BIL${id % 1000}`,
    description: 'Invoices, dunning and the payment run for all subsidiaries',
    contact: 'Jane Roe',
    start: '2026-01-01',
    end: '2026-12-31',
    assetNr: `A-${id}`,
    provider: 'In-house',
    vendor: 'Acme Corp',
    cockpitid: `COCKPIT-${id}`,
    docUrl: `https://docs.example.com/applications/${id}`,
    parent: null,
    parentOrder: null,
    rank: '0|hzzzzz:',
    status: 'PRODUKTIV',
    attributes: [{ key: 'tier', value: 'gold' }],
    account: null,
  },
  metadata: metadata(),
});

const updated = (id: number, revision: number): NewEvent => ({
  id: randomUUID(),
  type: 'ApplicationUpdated',
  data: {
    id,
    changes: { description: `Revision ${revision}: scope agreed with finance`, end: '2027-03-31' },
  },
  metadata: metadata(),
});

/** Appends `count` events over `applications` applications, one round of distinct streams per group commit. */
async function fill(store: SqliteEventStore, count: number, applications: number): Promise<void> {
  const revisions = new Array<number>(applications).fill(-1);
  let written = 0;
  while (written < count) {
    const round: Promise<unknown>[] = [];
    for (let a = 0; a < applications && written < count; a += 1, written += 1) {
      const id = 1_000_000 + a;
      const revision = revisions[a]!;
      revisions[a] = revision + 1;
      round.push(
        store.append(
          streamName('application', id),
          [revision < 0 ? created(id) : updated(id, revision + 1)],
          revision < 0 ? 'no_stream' : revision,
        ),
      );
    }
    await Promise.all(round);
  }
}

const memoryCheckpoints = (): Checkpoints => {
  const positions = new Map<string, number>();
  return {
    checkpoint: async (name) => positions.get(name) ?? 0,
    saveCheckpoint: async (name, position) => void positions.set(name, position),
  };
};

async function batched(store: SqliteEventStore, bus: KafkaBus, topic: string, head: number) {
  let batches = 0;
  const publisher = new EventPublisher({
    store,
    bus,
    checkpoints: memoryCheckpoints(),
    topic,
    batchSize: config.batchSize,
    onPublished: () => (batches += 1),
  });
  const start = performance.now();
  await publisher.start();
  await publisher.waitFor(head);
  const elapsed = seconds(start);
  await publisher.stop();
  return { events: publisher.published, seconds: elapsed, batches };
}

/** The naive peer: read the log, send each event on its own and wait for its acknowledgement. */
async function naive(store: SqliteEventStore, bus: KafkaBus, topic: string, count: number) {
  const start = performance.now();
  let sent = 0;
  for (let after = 0; sent < count;) {
    const page = await store.readAll({ after, maxCount: Math.min(1000, count - sent) });
    if (page.length === 0) break;
    for (const event of page) {
      const envelope = planningEventEnvelope(event)!;
      await bus.publish(topic, [
        {
          key: envelope.aggregateId,
          value: JSON.stringify(envelope),
          headers: planningEventMessageHeaders(envelope),
        },
      ]);
      sent += 1;
    }
    after = page[page.length - 1]!.position;
  }
  return { events: sent, seconds: seconds(start) };
}

async function main() {
  const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
  if (brokers.length === 0) {
    console.log(
      'Kafka publish benchmark skipped: KAFKA_BROKERS is not set (e.g. eval "$(bash .ci/servers.sh start)").',
    );
    return;
  }
  const log = (line: string) => console.log(line);
  log(`Fahrplan Kafka publish benchmark — ${new Date().toISOString()}`);
  log(
    `node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, brokers ${brokers.join(',')}`,
  );
  log(`settings: ${JSON.stringify(config)}`);
  log('');

  const directory = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'fahrplan-kafka-bench-'));
  const store = new SqliteEventStore(join(directory, 'events.db'));
  const bus = new KafkaBus({ brokers, clientId: 'kafka-publish-bench' });
  const run = randomUUID().slice(0, 8);
  const topics = { batched: `bench-batched-${run}`, naive: `bench-naive-${run}` };
  try {
    const fillStart = performance.now();
    await fill(store, config.events, config.applications);
    const head = await store.headPosition();
    log(`filled the event store with ${format(config.events)} events in ${format(seconds(fillStart), 1)} s`);
    await bus.ensureTopics([
      { topic: topics.batched, partitions: config.partitions },
      { topic: topics.naive, partitions: config.partitions },
    ]);
    // One acknowledged send to connect the producer and fetch metadata before timing.
    await bus.publish(topics.naive, [{ key: 'warm-up', value: '{}', headers: {} }]);

    const b = await batched(store, bus, topics.batched, head);
    const n = await naive(store, bus, topics.naive, Math.min(config.naiveEvents, config.events));
    const [onBatched, onNaive] = [
      await bus.messageCount(topics.batched),
      await bus.messageCount(topics.naive),
    ];
    if (onBatched !== config.events || onNaive !== n.events + 1)
      throw new Error(`messages on the topics disagree: ${JSON.stringify({ onBatched, onNaive, b, n })}`);

    const rows = [
      [
        `EventPublisher, batches of ≤ ${config.batchSize}`,
        format(b.events),
        `${format(b.seconds, 2)} s`,
        `${format(b.events / b.seconds)} events/s`,
      ],
      [
        'one send per event (naive peer)',
        format(n.events),
        `${format(n.seconds, 2)} s`,
        `${format(n.events / n.seconds)} events/s`,
      ],
    ];
    const header = ['publisher', 'events', 'time', 'throughput'];
    printTable(log, [header, ...rows], 'all');
    log('');
    log('Notes');
    log(
      `- Batched is ${format(b.events / b.seconds / (n.events / n.seconds), 1)}× the naive rate; ` +
        `${format(b.batches)} batches, each acknowledged, then checkpointed (in memory here).`,
    );
    log(
      `- Both: KafkaBus's producer (kafkajs 2.2.4, idempotent, acks=-1, one request in flight), topics of ` +
        `${config.partitions} partitions, key = aggregate id, ${format(config.applications)} applications.`,
    );
    log(
      '- Times include reading the SQLite log and building the envelopes; every message on both topics was counted ' +
        'from the partition offsets afterwards.',
    );
  } finally {
    await bus.deleteTopics(Object.values(topics)).catch(() => undefined);
    await bus.close();
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
