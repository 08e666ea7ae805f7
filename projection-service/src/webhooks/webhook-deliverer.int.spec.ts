import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamName } from '@fahrplan/contracts';
import { SqliteEventStore } from '@fahrplan/platform';
import { eventually, loopbackWebhook } from '@fahrplan/platform/testing';
import type { LoopbackWebhookParts } from '@fahrplan/platform/testing';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { WebhookDeliverer } from './webhook-deliverer';

/**
 * Issue 23: a webhook's failed attempts in a row are kept in the read store with its deliveries, so a
 * deliverer started again (a restart, or another instance taking the lease) pauses a webhook after as
 * many failures in a row as one that never stopped.
 */
describe('the webhook deliverer across a restart', () => {
  const tenant = 'acme';
  let dir: string;
  let store: SqliteEventStore;
  let receiver: Server;
  let hits = 0;
  const readStore = new MemoryReadStore();
  let webhook: LoopbackWebhookParts;
  const metadata = () => ({
    tenant,
    user: 'admin',
    correlationId: randomUUID(),
    causationId: randomUUID(),
    timestamp: new Date().toISOString(),
    schemaVersion: 1,
  });
  const deliverer = () =>
    new WebhookDeliverer({
      store,
      readStore,
      ...webhook,
      // retries far apart enough to stop between two of them
      options: { retryBaseMs: 400, retryMaxMs: 400, maxConsecutiveFailures: 4, pollMs: 10 },
    });
  const attempts = async () =>
    ((await readStore.find('webhookDeliveries', { tenant, webhook: 1 }))[0]?.attempts as number) ?? 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fahrplan-webhook-restart-'));
    store = new SqliteEventStore(join(dir, 'events.db'));
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        hits += 1;
        response.writeHead(503).end();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  });
  afterAll(async () => {
    await new Promise((done) => receiver.close(done));
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('pauses after the failures in a row before and after it, not after as many again', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    webhook = await loopbackWebhook(store, url, metadata());
    const first = deliverer();
    await first.start();
    const event = {
      id: randomUUID(),
      type: 'ResourceCreated',
      data: { id: 7, name: 'R' },
      metadata: metadata(),
    };
    await store.append(streamName('resource', 7), [event], 'no_stream');
    await eventually(async () => expect(await attempts()).toBe(2), { timeoutMs: 10_000, intervalMs: 10 });
    await first.stop();

    const second = deliverer();
    await second.start();
    const paused = async () =>
      (await store.readStream(streamName('webhook', 1))).find((e) => e.type === 'WebhookPaused');
    await eventually(async () => expect(await paused()).toBeDefined(), { timeoutMs: 10_000, intervalMs: 10 });
    await second.stop();
    expect((await paused())!.data).toMatchObject({ failures: 4 });
    expect(hits).toBe(4);
  }, 30_000);
});
