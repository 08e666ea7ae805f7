/**
 * Webhook benchmark (issue 23): the deliverer on the embedded stores sends BENCH_WEBHOOK_EVENTS events
 * of BENCH_WEBHOOK_AGGREGATES aggregates to a receiver on this machine, and the appends of the same
 * events are timed with the deliverer running beside them (delivery never sits in a command's path).
 * Measured with 4 aggregates in flight per webhook (the default) beside 1 (strictly one at a time), and
 * the appends alone without a deliverer.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamName } from '@fahrplan/contracts';
import { SqliteEventStore } from '@fahrplan/platform';
import { loopbackWebhook } from '@fahrplan/platform/testing';
import { SqliteReadStore, WebhookDeliverer, readModelCollections } from '@fahrplan/projection-service';
import { format, load, ms, printTable, seconds, setting } from './figures';

const config = {
  events: setting('BENCH_WEBHOOK_EVENTS', 1000),
  aggregates: setting('BENCH_WEBHOOK_AGGREGATES', 100),
  receiverMs: setting('BENCH_WEBHOOK_RECEIVER_MS', 2),
  /** How long finished attempts wait to be recorded together (the deliverer's `recordMs`; unset: its default). */
  recordMs: process.env.BENCH_WEBHOOK_RECORD_MS,
};

const metadata = () => ({
  tenant: 'bench',
  user: 'bench',
  correlationId: randomUUID(),
  causationId: randomUUID(),
  timestamp: new Date().toISOString(),
  schemaVersion: 1,
});

const run = async (concurrency: number) => {
  const dir = mkdtempSync(join(tmpdir(), 'fahrplan-webhook-bench-'));
  let received = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      setTimeout(() => response.writeHead(204).end(), config.receiverMs);
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const store = new SqliteEventStore(join(dir, 'events.db'));
  const readStore = new SqliteReadStore(join(dir, 'read.db'), readModelCollections);
  const webhook = await loopbackWebhook(store, url, metadata());
  const deliverer = new WebhookDeliverer({
    store,
    readStore,
    ...webhook,
    options: {
      concurrency,
      pollMs: 20,
      ...(config.recordMs === undefined ? {} : { recordMs: Number(config.recordMs) }),
    },
  });
  // 0: no deliverer, the appends alone (the baseline)
  if (concurrency > 0) await deliverer.start();
  else received = config.events;
  const started = performance.now();
  const revisions = new Map<number, number>();
  const appendTimes: number[] = [];
  for (let i = 0; i < config.events; i++) {
    const aggregate = (i % config.aggregates) + 1;
    const revision = revisions.get(aggregate) ?? -1;
    const before = performance.now();
    await store.append(
      streamName('resource', aggregate),
      [
        {
          id: randomUUID(),
          type: revision < 0 ? 'ResourceCreated' : 'ResourceRenamed',
          data: { id: aggregate, name: `Resource ${aggregate} ${i}` },
          metadata: metadata(),
        },
      ],
      revision < 0 ? 'no_stream' : revision,
    );
    appendTimes.push(performance.now() - before);
    revisions.set(aggregate, revision + 1);
  }
  const appended = seconds(started);
  while (received < config.events) await new Promise((resolve) => setTimeout(resolve, 10));
  const delivered = seconds(started);
  await deliverer.stop();
  readStore.close();
  await store.close();
  await new Promise<void>((done) => receiver.close(() => done()));
  rmSync(dir, { recursive: true, force: true });
  appendTimes.sort((a, b) => a - b);
  return {
    appendsPerSecond: config.events / appended,
    appendP99: appendTimes[Math.floor(appendTimes.length * 0.99)]!,
    delivered,
    perSecond: config.events / delivered,
  };
};

const main = async () => {
  console.log(
    `webhooks: ${format(config.events)} events of ${format(config.aggregates)} aggregates to a local receiver answering after ${config.receiverMs} ms; attempts recorded after ${config.recordMs ?? 'the default'} ms; load ${load()}`,
  );
  const rows = [
    [
      'in flight per webhook',
      'appends/s beside delivery',
      'append p99',
      'all delivered after',
      'deliveries/s',
    ],
  ];
  for (const concurrency of [0, 4, 1]) {
    const figures = await run(concurrency);
    rows.push([
      concurrency === 0 ? 'no deliverer' : String(concurrency),
      format(figures.appendsPerSecond),
      `${ms(figures.appendP99)} ms`,
      `${figures.delivered.toFixed(1)} s`,
      format(figures.perSecond),
    ]);
  }
  printTable(console.log, rows, new Set([0]));
  console.log(`load after: ${load()}`);
};

void main();
