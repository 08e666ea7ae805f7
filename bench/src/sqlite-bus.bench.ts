/**
 * Bus benchmark: the durable SqliteBus beside the in-memory InProcessBus, measured in the same run:
 * publish throughput (batches and single publishes), a new group catching up, the latency from
 * publish to handler, and for SqliteBus the latency seen by a second bus on the same file (polling)
 * and a compaction. Messages are tracker-issue snapshots of about 600 bytes. Scale with BENCH_BUS_*.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { InProcessBus, SqliteBus } from '@fahrplan/platform';
import type { Bus, BusMessage } from '@fahrplan/platform';
import { format, load, ms, percentile, printTable, seconds, setting } from './figures';

const config = {
  batches: setting('BENCH_BUS_BATCHES', 200),
  batchSize: setting('BENCH_BUS_BATCH_SIZE', 100),
  singles: setting('BENCH_BUS_SINGLES', 2000),
  latencySamples: setting('BENCH_BUS_LATENCY', 1000),
  pollMs: setting('BENCH_BUS_POLL_MS', 100),
  pollSamples: setting('BENCH_BUS_POLL_SAMPLES', 50),
  keys: setting('BENCH_BUS_KEYS', 1000),
};

/** A tracker issue snapshot as tracker-sync publishes it (about 600 bytes). */
const snapshot = (seq: number): BusMessage => {
  const key = `conn-1/10001/PLAN-${seq % config.keys}`;
  return {
    key,
    value: JSON.stringify({
      connectionId: 'conn-1',
      projectId: '10001',
      key: `PLAN-${seq % config.keys}`,
      seq,
      summary: `Roll out the billing run to subsidiary ${seq % 97}`,
      status: { name: 'In Progress', category: 'indeterminate' },
      issueType: 'Story',
      assignee: 'jane.roe@acme.example',
      fixVersions: [{ id: '10200', name: '2.1' }],
      created: '2026-03-01T09:30:00.000Z',
      updated: '2026-11-23T09:30:00.000Z',
      url: `https://acme.atlassian.net/browse/PLAN-${seq % config.keys}`,
      description: 'Invoices, dunning and the payment run for all subsidiaries; agreed with finance.',
    }),
    headers: { tenant: 'acme', connectionId: 'conn-1', kind: 'issue' },
  };
};

const messages = (count: number, from = 0) => Array.from({ length: count }, (_, i) => snapshot(from + i));

interface Figures {
  batched: number;
  single: number;
  catchUp: number;
  latency: number[];
}

async function measure(bus: Bus): Promise<Figures> {
  const total = config.batches * config.batchSize;
  const batches = Array.from({ length: config.batches }, (_, b) =>
    messages(config.batchSize, b * config.batchSize),
  );
  let start = performance.now();
  for (const batch of batches) await bus.publish('batched', batch);
  const batched = total / seconds(start);

  const singles = messages(config.singles);
  start = performance.now();
  for (const message of singles) await bus.publish('single', [message]);
  const single = config.singles / seconds(start);

  let caughtUp = 0;
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  start = performance.now();
  const reader = await bus.subscribe('batched', 'catch-up', async () => {
    caughtUp += 1;
    if (caughtUp === total) done();
  });
  await finished;
  const catchUp = total / seconds(start);
  await reader.close();

  const latency = await latencies(bus, bus, 'latency', config.latencySamples);
  return { batched, single, catchUp, latency };
}

/** Milliseconds from publishing each of `samples` snapshots on `topic` to its handler's call, ascending. */
async function latencies(
  publisher: Bus,
  consumer: Bus,
  topic: string,
  samples: number,
  between: () => Promise<unknown> = async () => undefined,
): Promise<number[]> {
  const latency: number[] = [];
  let delivered: (() => void) | undefined;
  const follower = await consumer.subscribe(topic, 'follower', async () => delivered?.());
  for (let i = 0; i < samples; i += 1) {
    const arrived = new Promise<void>((resolve) => (delivered = resolve));
    const sent = performance.now();
    await publisher.publish(topic, [snapshot(i)]);
    await arrived;
    latency.push(performance.now() - sent);
    await between();
  }
  await follower.close();
  return latency.sort((a, b) => a - b);
}

/** Publish in one SqliteBus, handle in another on the same file: the consumer finds messages by polling. */
async function acrossBuses(file: string): Promise<number[]> {
  const publisher = new SqliteBus(file);
  const consumer = new SqliteBus(file, { pollMs: config.pollMs });
  // published at a random moment of the poll cycle
  const latency = await latencies(
    publisher,
    consumer,
    'across',
    config.pollSamples,
    () => new Promise((resolve) => setTimeout(resolve, Math.random() * config.pollMs)),
  );
  await Promise.all([publisher.close(), consumer.close()]);
  return latency;
}

interface Compaction {
  /** Opening the file with the batched topic compacted (in one go, at open). */
  openSeconds: number;
  left: number;
  /** A compaction run on a second round of snapshots, in chunks. */
  runSeconds: number;
  removed: number;
  /** The longest the event loop was blocked during the run. */
  maxStallMs: number;
}

async function compaction(file: string): Promise<Compaction> {
  let start = performance.now();
  const bus = new SqliteBus(file, { compactedTopics: ['batched', 'refresh'] });
  const openSeconds = seconds(start);
  for (let b = 0; b < config.batches; b += 1)
    await bus.publish('refresh', messages(config.batchSize, b * config.batchSize));
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  start = performance.now();
  const removed = await bus.compact('refresh');
  const runSeconds = seconds(start);
  delay.disable();
  await bus.close();
  const db = new DatabaseSync(file, { readOnly: true });
  const { left } = db.prepare("SELECT count(*) AS left FROM bus_messages WHERE topic = 'batched'").get() as {
    left: number;
  };
  db.close();
  return { openSeconds, left, runSeconds, removed, maxStallMs: delay.max / 1e6 };
}

async function main() {
  const log = (line: string) => console.log(line);
  log(`Fahrplan bus benchmark — ${new Date().toISOString()}`);
  log(`node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${load()}`);
  log(`settings: ${JSON.stringify(config)}`);
  log('');

  const directory = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'fahrplan-bus-bench-'));
  const file = join(directory, 'bus.db');
  try {
    const memory = new InProcessBus();
    const inProcess = await measure(memory);
    await memory.close();
    execSync('sync');
    const durable = new SqliteBus(file);
    const sqlite = await measure(durable);
    await durable.close();
    const across = await acrossBuses(join(directory, 'across.db'));
    const compacted = await compaction(file);

    const rate = (value: number) => `${format(value)} msg/s`;
    const latency = (sorted: readonly number[]) =>
      `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 99))} ms`;
    printTable(
      log,
      [
        ['measure', 'InProcessBus', 'SqliteBus'],
        [`publish, batches of ${config.batchSize}`, rate(inProcess.batched), rate(sqlite.batched)],
        ['publish, one message per call', rate(inProcess.single), rate(sqlite.single)],
        [
          `new group catching up on ${format(config.batches * config.batchSize)}`,
          rate(inProcess.catchUp),
          rate(sqlite.catchUp),
        ],
        ['publish → handler, p50 / p99', latency(inProcess.latency), latency(sqlite.latency)],
        [`other bus on the file (poll ${config.pollMs} ms), p50 / p99`, '–', latency(across)],
      ],
      new Set([0]),
    );
    log('');
    log('Notes');
    log(
      '- SqliteBus: WAL, synchronous=FULL, one transaction (one fsync) per publish call; group offsets are ' +
        'committed per handled message without an fsync.',
    );
    log(
      '- Latency is publish start to handler start, one message at a time, each awaited ' +
        '(in-process consumers are woken by the publish).',
    );
    const total = config.batches * config.batchSize;
    log(
      `- Compaction at open (${format(total)} messages over ${format(config.keys)} keys, one transaction): ` +
        `${ms(compacted.openSeconds * 1000)} ms including opening the file, ${format(compacted.left)} messages left.`,
    );
    log(
      `- compact() on another ${format(total)} such messages: removed ${format(compacted.removed)} in ` +
        `${ms(compacted.runSeconds * 1000)} ms, in chunks; the event loop was blocked at most ${ms(compacted.maxStallMs)} ms.`,
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
